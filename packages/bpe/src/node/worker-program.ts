import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WorkerOptions } from 'node:worker_threads';

/**
 * The compiled worker program `name` (say `count-worker.js`) beside the module at `moduleUrl`. From
 * the TypeScript sources (as tests run them) there is no JavaScript beside the module, so the
 * package's build of it, `built` relative to the module, is used; a missing program is an error that
 * says to build `packageName`.
 *
 * @example
 * ```ts
 * import { Worker } from 'node:worker_threads';
 * import { workerProgram, workerProgramOptions } from '@tokenlab/bpe/node';
 * const file = workerProgram(import.meta.url, './my-worker.js', '../dist/my-worker.js', 'my-package');
 * const worker = new Worker(file, workerProgramOptions());
 * ```
 */
export function workerProgram(moduleUrl: string, name: string, built: string, packageName: string): string {
  const path = fileURLToPath(new URL(moduleUrl.endsWith('.ts') ? built : name, moduleUrl));
  if (!existsSync(path))
    throw new Error(`${packageName}: the worker program ${path} is missing; build the package first`);
  return path;
}

/**
 * Options for a worker running a compiled program: this process's Node options less those that do
 * not apply to a program file: the `source` export condition (the program is compiled JavaScript, so
 * the packages it imports must resolve to their builds too), and the code and `--input-type` of
 * `node -e`, `node -p` or a program read from stdin (Node refuses `--input-type` for a file). With
 * none of them, no list is given, so that the worker inherits the options (Node refuses process-wide
 * flags such as `--max-old-space-size` in an explicit list). `@tokenlab/vectors`, which has no
 * dependencies, keeps a copy of this rule for its Word2Vec threads.
 *
 * @example
 * ```ts
 * import { workerProgramOptions } from '@tokenlab/bpe/node';
 * workerProgramOptions({ workerData: 42 }); // { workerData: 42 } when the process has no --conditions=source
 * ```
 */
export function workerProgramOptions(options: WorkerOptions = {}): WorkerOptions {
  const argv = process.execArgv;
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if ((arg === '--conditions' || arg === '-C') && argv[i + 1] === 'source') i++;
    else if (FOR_INPUT_CODE.has(arg)) i++;
    else if (arg !== '--conditions=source' && !arg.startsWith('--input-type=') && !arg.startsWith('--eval='))
      kept.push(arg);
  }
  return kept.length === argv.length ? options : { ...options, execArgv: kept };
}

/** Options that take the next argument and are about code given on the command line or stdin. */
const FOR_INPUT_CODE = new Set(['--input-type', '-e', '--eval', '-p', '--print', '-pe']);
