#!/usr/bin/env node
import { runCli } from './cli.js';
import { processIO } from './io.js';

// A closed pipe (`tokenlab ... | head`) is a normal end, not an error; any other failure to write
// the output (a full disk, /dev/full) is said in one line, without a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  const reason = error.code === 'ENOSPC' ? 'no space left on device' : error.message;
  process.stderr.write(
    `tokenlab: cannot write the output: ${reason}${error.code ? ` (${error.code})` : ''}\n`,
  );
  process.exit(1);
});

process.exitCode = await runCli(process.argv.slice(2), processIO());
