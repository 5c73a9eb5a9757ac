import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { tempFileWriter } from './temp-files.js';

/**
 * Run the ES module code `script` as a user would paste it: with `node --input-type=module -e` and
 * from stdin, in `cwd` (whose package it may import by name). Such a process has `--input-type` among
 * its options, which Node refuses for a worker thread's program file: the test of code that starts
 * worker threads from a one-off program.
 *
 * @example
 * ```ts
 * for (const run of runAsInputPrograms("console.log(1 + 1)", process.cwd())) run.stdout; // '2\n'
 * ```
 */
export function runAsInputPrograms(script: string, cwd: string): SpawnSyncReturns<string>[] {
  const options = { cwd, encoding: 'utf8' as const, timeout: 30_000 };
  return [
    spawnSync(process.execPath, ['--input-type=module', '-e', script], options),
    spawnSync(process.execPath, ['--input-type', 'module'], { ...options, input: script }),
  ];
}

/** Writes each input to a file of a temporary folder, made on first use. */
let inputFile: ((content: string) => string) | undefined;

/**
 * Run the ES module code `script` in `cwd` as a shell runs `cat FILE | node ...`, with `input` on a
 * pipe as its stdin: `/dev/stdin` is then a pipe, which can be read only once and reports no size
 * (the stdin Node gives a child is a socket instead, which `/dev/stdin` cannot open). The test of
 * code given a pipe for a file (`/dev/stdin`, a shell's `<(zcat corpus.gz)`).
 *
 * @example
 * ```ts
 * const script = "import { readFileSync } from 'node:fs'; console.log(readFileSync('/dev/stdin', 'utf8'));";
 * runWithPipedStdin(script, process.cwd(), 'hi').stdout; // 'hi\n'
 * ```
 */
export function runWithPipedStdin(script: string, cwd: string, input: string): SpawnSyncReturns<string> {
  inputFile ??= tempFileWriter('tokenlab-piped-');
  return spawnSync(
    'sh',
    ['-c', 'cat "$1" | "$2" --input-type=module -e "$3"', 'sh', inputFile(input), process.execPath, script],
    { cwd, encoding: 'utf8', timeout: 30_000 },
  );
}
