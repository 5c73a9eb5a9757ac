import { PassThrough, Readable } from 'node:stream';
import { runWithPipedStdin } from '@tokenlab/test-support';
import type { Tiktoken } from 'tiktoken';
import { runCli } from './cli.js';

/** What a CLI run printed and returned. */
export interface CapturedRun {
  /** Exit code. */
  code: number;
  /** Everything written to stdout. */
  stdout: string;
  /** Everything written to stderr. */
  stderr: string;
}

/** How {@link runCapture} presents its streams. */
export interface CaptureOptions {
  /** Pretend stdout is a terminal (a person reads it). */
  stdoutTTY?: boolean;
  /** Pretend stderr is a terminal (progress, hints). */
  stderrTTY?: boolean;
  /** Pretend stdin is a terminal (text typed at the prompt). */
  stdinTTY?: boolean;
  /** Pretend stdout is a terminal this many columns wide. */
  stdoutColumns?: number;
}

/**
 * Run `tokenlab argv...` in-process with `stdin` (text, bytes, or bytes in chunks as a pipe gives
 * them) as input, capturing its output (for tests).
 */
export async function runCapture(
  argv: string[],
  stdin: string | Uint8Array | readonly Uint8Array[] = '',
  options: CaptureOptions = {},
): Promise<CapturedRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  if (options.stdoutTTY) Object.assign(stdout, { isTTY: true });
  if (options.stdoutColumns !== undefined)
    Object.assign(stdout, { isTTY: true, columns: options.stdoutColumns });
  if (options.stderrTTY) Object.assign(stderr, { isTTY: true });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk));
  stderr.on('data', (chunk: Buffer) => err.push(chunk));
  const input = Readable.from(
    Array.isArray(stdin)
      ? stdin.map((chunk) => Buffer.from(chunk))
      : [Buffer.from(stdin as string | Uint8Array)],
  );
  if (options.stdinTTY) Object.assign(input, { isTTY: true });
  const code = await runCli(argv, {
    stdin: input,
    stdout,
    stderr,
    isTTY: options.stderrTTY === true,
  });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

/**
 * Run the built `tokenlab argv...` as a shell runs `cat FILE | tokenlab argv...`, with `text` on a
 * pipe as its stdin, so that `/dev/stdin` among the operands is a pipe (see `runWithPipedStdin`).
 */
export function runThroughPipe(argv: string[], text: string): CapturedRun {
  const main = new URL('../dist/main.js', import.meta.url).href;
  // As `node main.js argv...` would see them: argv[1] is the program, the arguments follow.
  const script = `process.argv.splice(1, Infinity, ${JSON.stringify(main)}, ...${JSON.stringify(argv)}); await import(${JSON.stringify(main)});`;
  const run = runWithPipedStdin(script, process.cwd(), text);
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

/**
 * The `.tiktoken` rank file (`base64(bytes) rank` lines, by rank) of a tiktoken package encoding, for
 * tests that load tiktoken's own ranks through `--tiktoken`.
 *
 * @example
 * ```ts
 * writeFileSync('gpt2.tiktoken', tiktokenRankFile(get_encoding('gpt2')));
 * ```
 */
export function tiktokenRankFile(
  reference: Pick<Tiktoken, 'token_byte_values' | 'encode_single_token'>,
): string {
  const lines = reference
    .token_byte_values()
    .map(
      (bytes) =>
        [
          reference.encode_single_token(new Uint8Array(bytes)),
          Buffer.from(bytes).toString('base64'),
        ] as const,
    )
    .sort((a, b) => a[0] - b[0])
    .map(([rank, base64]) => `${base64} ${rank}`);
  return `${lines.join('\n')}\n`;
}
