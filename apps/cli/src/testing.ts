import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
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
}

/** Run `tokenlab argv...` in-process with `stdin` (text or bytes) as input, capturing its output (for tests). */
export async function runCapture(
  argv: string[],
  stdin: string | Uint8Array = '',
  options: CaptureOptions = {},
): Promise<CapturedRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  if (options.stdoutTTY) Object.assign(stdout, { isTTY: true });
  if (options.stderrTTY) Object.assign(stderr, { isTTY: true });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk));
  stderr.on('data', (chunk: Buffer) => err.push(chunk));
  const code = await runCli(argv, {
    stdin: Readable.from([Buffer.from(stdin)]),
    stdout,
    stderr,
    isTTY: options.stderrTTY === true,
  });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

/**
 * Run the built `tokenlab argv...` as a shell runs `cat FILE | tokenlab argv...`, with `text` on a
 * pipe as its stdin, so that `/dev/stdin` among the operands is a pipe, which can be read only once
 * and reports no size (the stdin Node gives a child is a socket instead, which `/dev/stdin` cannot
 * open). For the tests of files that are pipes: `<(zcat corpus.gz)`, `/dev/stdin`.
 */
export function runThroughPipe(argv: string[], text: string): CapturedRun {
  const file = join(mkdtempSync(join(tmpdir(), 'tokenlab-pipe-')), 'input.txt');
  writeFileSync(file, text);
  const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
  const run = spawnSync(
    'sh',
    ['-c', 'file=$1; shift; cat "$file" | "$@"', 'sh', file, process.execPath, main, ...argv],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
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
