import { PassThrough, Readable } from 'node:stream';
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

/** Run `tokenlab argv...` in-process with `stdin` as input, capturing its output (for tests). */
export async function runCapture(argv: string[], stdin = ''): Promise<CapturedRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk));
  stderr.on('data', (chunk: Buffer) => err.push(chunk));
  const code = await runCli(argv, {
    stdin: Readable.from([Buffer.from(stdin)]),
    stdout,
    stderr,
    isTTY: false,
  });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}
