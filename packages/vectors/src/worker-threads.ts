import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TrainingThread } from './training-threads.js';

/**
 * Starts a Node worker thread training Word2Vec: what the `threads` option of `Word2Vec.trainAsync` takes in Node.
 *
 * @example
 * ```ts
 * import { Word2Vec } from '@tokenlab/vectors';
 * import { lineSentences, startWorkerThread } from '@tokenlab/vectors/node';
 * const model = await Word2Vec.trainAsync(lineSentences('corpus.txt'), { workers: 2, threads: startWorkerThread });
 * ```
 */
export function startWorkerThread(): TrainingThread {
  const worker = new Worker(workerProgram(), workerOptions());
  return {
    post: (request, transfer) => worker.postMessage(request, transfer),
    onReply: (listener) => worker.on('message', listener),
    onFailure: (listener) => {
      worker.on('error', listener);
      worker.on('exit', (code) => {
        if (code !== 0) listener(new Error(`a Word2Vec worker thread stopped with exit code ${code}`));
      });
    },
    close: async () => {
      await worker.terminate();
    },
  };
}

/**
 * The compiled worker program beside this module; from the TypeScript sources (as tests run them), the
 * package's build of it.
 */
function workerProgram(): string {
  const here = import.meta.url;
  const path = fileURLToPath(
    new URL(here.endsWith('.ts') ? '../dist/word2vec-worker.js' : './word2vec-worker.js', here),
  );
  if (!existsSync(path))
    throw new Error(`@tokenlab/vectors: the worker program ${path} is missing; build the package first`);
  return path;
}

/**
 * This process's Node options less the `source` export condition (the program is compiled JavaScript,
 * so what it imports must resolve to builds too) and the code and `--input-type` of `node -e`, `node -p`
 * or stdin; none when there is nothing to drop, so that the worker inherits them. The rule of
 * `@tokenlab/bpe`'s `workerProgramOptions`, kept here since this package has no dependencies: change
 * both together.
 */
function workerOptions(): { execArgv?: string[] } {
  const argv = process.execArgv;
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if ((arg === '--conditions' || arg === '-C') && argv[i + 1] === 'source') i++;
    // The code and --input-type of `node -e`, `node -p` or stdin: Node refuses --input-type for a file.
    else if (FOR_INPUT_CODE.has(arg)) i++;
    else if (arg !== '--conditions=source' && !arg.startsWith('--input-type=') && !arg.startsWith('--eval='))
      kept.push(arg);
  }
  return kept.length === argv.length ? {} : { execArgv: kept };
}

/** Options that take the next argument and are about code given on the command line or stdin. */
const FOR_INPUT_CODE = new Set(['--input-type', '-e', '--eval', '-p', '--print', '-pe']);
