#!/usr/bin/env node
import { runCli } from './cli.js';
import { processIO } from './io.js';

// A closed pipe (`tokenlab ... | head`) is a normal end, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2), processIO());
