import { attachTrainingMemory, type TrainingMemoryHandle } from './kernels/word2vec-kernels.js';
import { NegativeSampler } from './negative-sampler.js';
import { SeededRandom } from './random.js';
import { type TrainerSettings, type TrainingLayout, Word2VecTrainer } from './word2vec-trainer.js';

/**
 * What a training thread is first sent: the shared memory of the weights and everything else training
 * reads (copied), and the seed of its own random stream.
 *
 * @example
 * ```ts
 * thread.post({ type: 'start', memory: memory.handle, layout, settings, keepThreshold, ... });
 * ```
 */
export interface TrainingThreadStart {
  /** Tells the request apart. */
  type: 'start';
  /** The shared memory holding the weights (a shared `WebAssembly.Memory`, or a `SharedArrayBuffer`). */
  memory: TrainingMemoryHandle;
  /** Where the weights and this thread's scratch vectors lie. */
  layout: TrainingLayout;
  /** The training parameters. */
  settings: TrainerSettings;
  /** Down-sampling thresholds per word. */
  keepThreshold: Float64Array;
  /** The negative sampler's cumulative table, bucket starts and bucket shift (with `negative > 0`). */
  negative:
    | {
        /** The cumulative unigram^0.75 table. */
        table: Int32Array;
        /** The first row of each bucket. */
        starts: Int32Array;
        /** log2 of a bucket's width. */
        shift: number;
      }
    | undefined;
  /** The Huffman tree's paths (with `hs`). */
  tree:
    | {
        /** Start of each word's path. */
        offsets: Uint32Array;
        /** The branches taken. */
        codes: Uint8Array;
        /** The inner nodes passed. */
        points: Uint32Array;
      }
    | undefined;
  /** Seed of the thread's random stream. */
  seed: number;
  /** The thread's number: which scratch vectors it owns. */
  thread: number;
}

/**
 * A job: sentences as vocabulary rows (unknown words removed), to train at one learning rate.
 *
 * @example
 * ```ts
 * thread.post({ type: 'job', id: 7, words, ends, alpha: 0.02, epoch: 1 }, [words.buffer, ends.buffer]);
 * ```
 */
export interface TrainingThreadJob {
  /** Tells the request apart. */
  type: 'job';
  /** Echoed in the reply. */
  id: number;
  /** The rows of all sentences, one after the other. */
  words: Int32Array;
  /** Where each sentence ends in `words`. */
  ends: Int32Array;
  /** The learning rate. */
  alpha: number;
  /** The epoch (1-based), for error messages. */
  epoch: number;
}

/**
 * A training thread's answer to a job: how many words it trained on (those down-sampling kept), or why
 * it failed.
 *
 * @example
 * ```ts
 * const reply: TrainingThreadReply = { id: 7, trained: 9_412 };
 * ```
 */
export interface TrainingThreadReply {
  /** The job's `id`. */
  id: number;
  /** Words trained on. */
  trained: number;
  /** The failure, when the job failed (training diverged, say). */
  error?: string;
}

/**
 * A running training thread, as {@link Word2VecOptions.threads} starts it: a worker thread of Node
 * (`startWorkerThread` of `@tokenlab/vectors/node`), or a web worker running {@link serveTrainingThread}.
 *
 * @example
 * ```ts
 * const thread = startWorkerThread();
 * thread.onReply((reply) => console.log(reply.trained));
 * ```
 */
export interface TrainingThread {
  /** Sends a request (transferring the listed buffers). */
  post(request: TrainingThreadStart | TrainingThreadJob, transfer?: ArrayBuffer[]): void;
  /** Calls `listener` with each reply. */
  onReply(listener: (reply: TrainingThreadReply) => void): void;
  /** Calls `listener` if the thread dies. */
  onFailure(listener: (error: Error) => void): void;
  /** Ends the thread. */
  close(): Promise<void>;
}

/**
 * Starts one training thread.
 *
 * @example
 * ```ts
 * const start: StartTrainingThread = startWorkerThread;
 * ```
 */
export type StartTrainingThread = () => TrainingThread;

/**
 * The thread side: trains the jobs it receives on the shared weights (Hogwild, as gensim's threads: no
 * locks; updates of different threads may overlap) and replies to each.
 *
 * @example
 * ```ts
 * import { parentPort } from 'node:worker_threads';
 * serveTrainingThread({ post: (reply) => parentPort.postMessage(reply), onRequest: (listener) => parentPort.on('message', listener) });
 * ```
 */
export function serveTrainingThread(port: {
  post(reply: TrainingThreadReply): void;
  onRequest(listener: (request: TrainingThreadStart | TrainingThreadJob) => void): void;
}): void {
  let trainer: Word2VecTrainer | undefined;
  port.onRequest((request) => {
    if (request.type === 'start') {
      const { negative, tree } = request;
      trainer = new Word2VecTrainer(
        attachTrainingMemory(request.memory),
        request.layout,
        request.settings,
        {
          keepThreshold: request.keepThreshold,
          sampler: negative && NegativeSampler.fromParts(negative.table, negative.starts, negative.shift),
          tree,
        },
        new SeededRandom(request.seed),
        request.thread,
      );
      return;
    }
    if (!trainer) {
      port.post({ id: request.id, trained: 0, error: 'a job came before the start request' });
      return;
    }
    try {
      const { words, ends } = request;
      const rows = trainer.rowBuffer;
      trainer.epoch = request.epoch;
      let trained = 0;
      let start = 0;
      for (const end of ends) {
        const kept = trainer.downsample(words, start, end, rows);
        trainer.trainRows(rows, kept, request.alpha);
        trained += kept;
        start = end;
      }
      port.post({ id: request.id, trained });
    } catch (error) {
      port.post({ id: request.id, trained: 0, error: (error as Error).message });
    }
  });
}
