import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type CommandIO, UsageError } from './io.js';
import { suggestOption } from './option-suggestion.js';

/** The option definitions of one command, in `node:util` `parseArgs` form. */
export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/**
 * One `tokenlab` sub-command, as its module exports it.
 *
 * @example
 * ```ts
 * const hello: Command = {
 *   name: 'hello',
 *   help: 'Usage: tokenlab hello',
 *   run: async () => 0,
 * };
 * ```
 */
export interface Command {
  /** The word that selects it: `tokenlab <name>`. */
  name: string;
  /** The full `--help` text. */
  help: string;
  /** Run with the arguments after the command name; resolves to the exit code. */
  run(argv: string[], io: CommandIO): Promise<number>;
}

/**
 * A sub-command in the list `tokenlab --help` prints: its name and one line about it, and how to load
 * the module that runs it (imported on demand, so one command never pays for the others' packages).
 *
 * @example
 * ```ts
 * const entry: CommandEntry = { name: 'hello', summary: 'say hello', load: async () => hello };
 * ```
 */
export interface CommandEntry {
  /** The word that selects it: `tokenlab <name>`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Import the command's module and give its {@link Command}. */
  load(): Promise<Command>;
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
 * The option specs each command parsed with, by command name: lets a test check that every
 * option a command accepts is in its `--help`.
 */
export const PARSED_OPTION_SPECS: Map<string, OptionSpec> = new Map();

/**
 * Parse `argv` against `options` (plus `--help`). Unknown options are a {@link UsageError}
 * that points at `--help`, and so is an option given twice that takes one value
 * (`-t whitespace -t treebank`): silently keeping the last would hide a mistake. `operands` says
 * whether the command takes FILEs after its options: with `'none'` an operand is a usage error that
 * ends with `operandHint` (an ignored operand lost what the user meant), and an unknown option's
 * message says nothing of files.
 *
 * @example
 * ```ts
 * parseCommandArgs('tokenize', ['-t', 'utf8', 'a.txt'], { tokenizer: { type: 'string', short: 't' } });
 * // → { values: { tokenizer: 'utf8' }, positionals: ['a.txt'] }
 * ```
 */
export function parseCommandArgs(
  command: string,
  argv: string[],
  options: OptionSpec,
  { operands = 'files', operandHint }: { operands?: 'files' | 'none'; operandHint?: string } = {},
): ParsedArgs {
  PARSED_OPTION_SPECS.set(command, options);
  const all: OptionSpec = { ...COMMON_OPTIONS, ...options };
  let parsed: ReturnType<typeof parseArgs> & { tokens?: { kind: string; name?: string; rawName?: string }[] };
  try {
    parsed = parseArgs({ args: argv, options: all, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    throw new UsageError(
      `${parseProblem(error as Error, all, operands)}\nRun 'tokenlab ${command} --help' for the options.`,
    );
  }
  const seen = new Map<string, string>();
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== 'option' || token.name === undefined) continue;
    const spec = all[token.name];
    if (spec?.multiple || token.name === 'help') continue;
    const earlier = seen.get(token.name);
    if (earlier !== undefined)
      throw new UsageError(
        `option --${token.name} given twice (${earlier} and ${token.rawName}); it takes one value` +
          (token.name === 'tokenizer' ? ` (for several tokenizers: -t a,b,c)` : ''),
      );
    seen.set(token.name, token.rawName ?? `--${token.name}`);
  }
  if (operands === 'none' && parsed.positionals.length > 0)
    throw new UsageError(
      `unexpected argument '${parsed.positionals[0]}': ${operandHint ?? `tokenlab ${command} takes no FILE operands`}` +
        `\nRun 'tokenlab ${command} --help' for the options.`,
    );
  return { values: parsed.values as ParsedArgs['values'], positionals: parsed.positionals };
}

/**
 * What `parseArgs` found wrong, said for this command: an unknown option names the option it most
 * likely meant, or says how to pass a file whose name starts with a dash.
 */
function parseProblem(error: Error, options: OptionSpec, operands: 'files' | 'none'): string {
  const unknown =
    (error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
      ? /Unknown option '([^']+)'/.exec(error.message)?.[1]
      : undefined;
  if (unknown === undefined) return error.message;
  const meant = suggestOption(unknown, options);
  if (meant !== undefined) return `unknown option '${unknown}': did you mean ${meant}?`;
  return operands === 'files'
    ? `unknown option '${unknown}' (a file whose name starts with '-' goes after '--', as in '-- ${unknown}')`
    : `unknown option '${unknown}'`;
}
