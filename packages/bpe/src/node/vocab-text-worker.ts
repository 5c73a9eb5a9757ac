import { Worker } from 'node:worker_threads';
import { workerProgram, workerProgramOptions } from './worker-program.js';

/** Merges sent to the thread at a time. */
const BATCH = 2048;

/**
 * A worker thread that renders minbpe's `.vocab` text (see `VocabLines`) while training runs: give it
 * each merge as it is learned (`onProgress`), and the text is ready, or nearly, when training ends,
 * instead of being rendered after it on the training thread. Only for a tokenizer with merges numbered
 * 256, 257, ... and no special tokens in its vocabulary (a trained one; specials registered after
 * training are not part of the `.vocab`). The thread does not keep the process alive until
 * {@link VocabTextWorker.text} waits for it.
 *
 * @example
 * ```ts
 * const vocab = VocabTextWorker.start();
 * const summary = tokenizer.trainFromCounts(table, 32768, {
 *   onProgress: ({ last }) => last && vocab.add(last.pair[0], last.pair[1]),
 * });
 * await save(tokenizer, 'models/tok', { vocabText: await vocab.text() });
 * ```
 */
export class VocabTextWorker {
  private batch = new Int32Array(2 * BATCH);
  private filled = 0;
  private readonly reply: Promise<string>;

  private constructor(private readonly worker: Worker) {
    this.reply = new Promise<string>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the .vocab thread stopped (exit code ${code})`)));
    });
    // A failure is seen by whoever asks for the text; none is left unhandled if no one does.
    this.reply.catch(() => {});
    worker.unref();
  }

  /**
   * Start the thread.
   *
   * @example
   * ```ts
   * const vocab = VocabTextWorker.start();
   * ```
   */
  static start(): VocabTextWorker {
    const program = workerProgram(
      import.meta.url,
      './vocab-worker.js',
      '../../dist/node/vocab-worker.js',
      '@tokenlab/bpe',
    );
    return new VocabTextWorker(new Worker(program, workerProgramOptions()));
  }

  /**
   * The next merge (it makes id 256 + the merges added before it).
   *
   * @example
   * ```ts
   * vocab.add(97, 97); // 256
   * ```
   */
  add(left: number, right: number): void {
    this.batch[this.filled++] = left;
    this.batch[this.filled++] = right;
    if (this.filled === this.batch.length) this.flush();
  }

  /**
   * The `.vocab` text of the merges added; the thread ends once it is sent. Rejects if the thread
   * failed (say, a merge naming a later id).
   *
   * @example
   * ```ts
   * await save(tokenizer, 'models/tok', { vocabText: await vocab.text() });
   * ```
   */
  async text(): Promise<string> {
    this.flush();
    this.worker.ref();
    this.worker.postMessage('end');
    try {
      return await this.reply;
    } finally {
      void this.worker.terminate();
    }
  }

  /**
   * Stop the thread without waiting for the text (say, when training failed).
   *
   * @example
   * ```ts
   * vocab.close();
   * ```
   */
  close(): void {
    void this.worker.terminate();
  }

  private flush(): void {
    if (this.filled === 0) return;
    const batch = this.filled === this.batch.length ? this.batch : this.batch.slice(0, this.filled);
    this.worker.postMessage(batch, [batch.buffer]);
    this.batch = new Int32Array(2 * BATCH);
    this.filled = 0;
  }
}
