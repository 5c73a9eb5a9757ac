import { type SpawnSyncReturns, spawnSync } from 'node:child_process';

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
