/**
 * The `tokenlab` command line as a library, so that tests and other tools can run it in-process.
 *
 * @example
 * ```ts
 * import { runCli, processIO } from 'tokenlab';
 * process.exitCode = await runCli(['tokenize', '--tokenizer', 'utf8'], processIO());
 * ```
 *
 * @packageDocumentation
 */
export { mainHelp, runCli } from './cli.js';
export type { Command, CommandEntry, OptionSpec } from './command.js';
export { type CommandIO, processIO, UsageError } from './io.js';
export { type StaticServer, type StaticServerOptions, startStaticServer } from './static-server.js';
