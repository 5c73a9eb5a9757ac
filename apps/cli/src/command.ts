import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type CommandIO, UsageError } from './io.js';

/** The option definitions of one command, in `node:util` `parseArgs` form. */
export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** One `tokenlab` sub-command. */
export interface Command {
  /** The word that selects it: `tokenlab <name>`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The full `--help` text. */
  help: string;
  /** Run with the arguments after the command name; resolves to the exit code. */
  run(argv: string[], io: CommandIO): Promise<number>;
}

/** What {@link parseCommandArgs} returns: option values by name, and the other words. */
export interface ParsedArgs {
  /** `--name value` / `--flag` values; repeated options (`multiple: true`) give arrays. */
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  /** Words that are not options (usually file names). */
  positionals: string[];
}

/** Options every command accepts. */
export const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpec;

/**
 * Parse `argv` against `options` (plus `--help`). Unknown options are a {@link UsageError}
 * that points at `--help`.
 */
export function parseCommandArgs(command: string, argv: string[], options: OptionSpec): ParsedArgs {
  try {
    return parseArgs({
      args: argv,
      options: { ...COMMON_OPTIONS, ...options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nRun 'tokenlab ${command} --help' for the options.`);
  }
}
