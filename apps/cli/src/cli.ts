import type { CommandEntry } from './command.js';
import { COMMANDS } from './commands/index.js';
import { helpWidth, layOutHelp } from './help-layout.js';
import { type CommandIO, UsageError, writeLine } from './io.js';
import { VERSION } from './version.js';

/** The top-level help: what tokenlab is and its commands. */
export function mainHelp(commands: readonly CommandEntry[] = COMMANDS): string {
  const list = commands.map((command) => `  ${command.name.padEnd(12)} ${command.summary}`).join('\n');
  return `tokenlab: classic NLP tokenizers and byte-level BPE side by side, for English and Arabic.

Usage: tokenlab <command> [options]

Commands:
${list}

Run 'tokenlab <command> --help' for a command's options; 'tokenlab --version' prints the version.`;
}

/**
 * Advice of the libraries that only a program can follow (an option of their API), and what a user of
 * the command line reads instead: the pattern compiler's way around its nested-quantifier check is an
 * API option no command takes, so the message keeps only the fixes a pattern itself can make.
 */
const API_ONLY_ADVICE: ReadonlyArray<readonly [string, string]> = [
  [', or pass { allowNestedQuantifiers: true }', ''],
];

/**
 * `message` as a command-line user reads it: advice that names an API-only option is left out (see
 * {@link API_ONLY_ADVICE}).
 *
 * @example
 * ```ts
 * commandLineWords('... (?>...), or pass { allowNestedQuantifiers: true }; the outer ...'); // '... (?>...); the outer ...'
 * ```
 */
export function commandLineWords(message: string): string {
  let words = message;
  for (const [api, commandLine] of API_ONLY_ADVICE) words = words.replaceAll(api, commandLine);
  return words;
}

/**
 * Run the CLI with `argv` (the words after `tokenlab`) and resolve to the exit code:
 * 0 success, 1 failure, 2 usage error. Errors are printed to `io.stderr`, never thrown.
 */
export async function runCli(argv: readonly string[], io: CommandIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? COMMANDS.find((command) => command.name === rest[0]) : undefined;
    await writeLine(
      io.stdout,
      layOutHelp(topic ? (await topic.load()).help : mainHelp(), helpWidth(io.stdout)),
    );
    return 0;
  }
  if (name === '--version' || name === '-v') {
    await writeLine(io.stdout, VERSION);
    return 0;
  }
  const entry = COMMANDS.find((candidate) => candidate.name === name);
  if (!entry) {
    await writeLine(
      io.stderr,
      `tokenlab: unknown command '${name}'. Commands: ${COMMANDS.map((c) => c.name).join(', ')}`,
    );
    return 2;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    await writeLine(io.stdout, layOutHelp(command.help, helpWidth(io.stdout)));
    return 0;
  }
  try {
    return await command.run([...rest], io);
  } catch (error) {
    if (error instanceof UsageError) {
      await writeLine(io.stderr, `tokenlab ${command.name}: ${commandLineWords(error.message)}`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    await writeLine(io.stderr, `tokenlab ${command.name}: ${commandLineWords(message)}`);
    if (process.env.TOKENLAB_DEBUG && error instanceof Error) await writeLine(io.stderr, error.stack ?? '');
    return 1;
  }
}
