import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { HelperNotes, MergeHelper } from '../merge-helper.js';
import { type MergeArrays, type MergeNotes, mergeNotes } from '../record-merger.js';
import * as protocol from './merge-helper-protocol.js';
import { workerProgram, workerProgramOptions } from './worker-program.js';

/**
 * Options of {@link startMergeHelper}.
 *
 * @example
 * ```ts
 * const options: MergeHelperOptions = { minRecords: 8192 };
 * ```
 */
export interface MergeHelperOptions {
  /**
   * Occurrence lists of at least this many records are split with the helper (default 8,192): below
   * that, waking the helper and adding up its notes costs more than half the list.
   */
  minRecords?: number;
}

/**
 * A {@link MergeHelper} on a worker thread, with `close` to stop it.
 *
 * @example
 * ```ts
 * const helper: NodeMergeHelper = startMergeHelper();
 * await helper.close();
 * ```
 */
export interface NodeMergeHelper extends MergeHelper {
  /** Why the thread stopped, if it failed (it is then never `ready`, and the trainer merges alone). */
  readonly failure: Error | undefined;
  /** Stop the thread (after the trainings that use it). */
  close(): Promise<void>;
}

/** How long the training thread waits for one job before it gives the helper up for lost. */
const JOB_TIMEOUT_MS = 120_000;

/**
 * Start a merge helper thread for `trainMerges`, `trainFromCounts` and `RegexTokenizer.trainFromCounts`
 * (option `helper`): it merges the second half of each long occurrence list while the training thread
 * merges the first, in shared memory, so that the early merges of a large table (which visit most of
 * its chunks) take both cores. The merges are exactly those of one thread. It returns at once; the
 * thread starts and compiles its merge loops on made-up records by itself (`warmUpMerger`), and until
 * it is ready the trainer merges alone. One helper serves one training at a time, and any number in turn;
 * `close` it when done (an idle helper does not keep the process alive).
 *
 * @example
 * ```ts
 * const table = await countFileTable(['corpus.txt'], 'gpt4');
 * const helper = startMergeHelper();
 * const summary = new RegexTokenizer('gpt4').trainFromCounts(table, 32768, { helper });
 * await helper.close();
 * ```
 */
export function startMergeHelper(options: MergeHelperOptions = {}): NodeMergeHelper {
  return new WorkerMergeHelper(options.minRecords ?? 8192);
}

class WorkerMergeHelper implements NodeMergeHelper {
  private readonly control = new Int32Array(new SharedArrayBuffer(protocol.CONTROL_WORDS * 4));
  private readonly port: MessagePort;
  private readonly worker: Worker;
  private notes: MergeNotes | undefined;
  private pool: Int32Array | undefined;
  private closed = false;

  constructor(readonly minRecords: number) {
    if (!(Number.isInteger(minRecords) && minRecords >= 2))
      throw new RangeError(`minRecords must be an integer of at least 2, not ${minRecords}`);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(
      workerProgram(
        import.meta.url,
        './merge-helper-worker.js',
        '../../dist/node/merge-helper-worker.js',
        '@tokenlab/bpe',
      ),
      workerProgramOptions({ workerData: { control: this.control, port: port2 }, transferList: [port2] }),
    );
    // Idle, the thread must not keep the process alive; a thread that fails is never ready.
    this.worker.unref();
    this.port.unref();
    this.worker.on('error', (error) => {
      this.failure = error;
    });
  }

  failure: Error | undefined;

  get ready(): boolean {
    return !this.closed && this.failure === undefined && Atomics.load(this.control, protocol.READY) === 1;
  }

  attach(arrays: MergeArrays, vocab: number): void {
    for (const array of [arrays.data, arrays.segmentPrev, arrays.tokenBytes, arrays.pool])
      if (!(array.buffer instanceof SharedArrayBuffer))
        throw new TypeError('a merge helper needs the trainer arrays in shared memory');
    this.notes = mergeNotes(vocab, true);
    this.pool = arrays.pool;
    this.post({ attach: { arrays, vocab, notes: this.notes } });
  }

  begin(left: number, right: number, id: number, from: number, to: number, pool: Int32Array): void {
    if (pool !== this.pool) {
      this.pool = pool;
      this.post({ pool });
    }
    const control = this.control;
    control[protocol.LEFT] = left;
    control[protocol.RIGHT] = right;
    control[protocol.ID] = id;
    control[protocol.FROM] = from;
    control[protocol.TO] = to;
    Atomics.store(control, protocol.STATE, protocol.JOB);
    Atomics.notify(control, protocol.STATE);
  }

  end(): HelperNotes {
    const control = this.control;
    let state = Atomics.load(control, protocol.STATE);
    while (state === protocol.JOB) {
      if (Atomics.wait(control, protocol.STATE, protocol.JOB, JOB_TIMEOUT_MS) === 'timed-out')
        throw new Error(`the merge helper thread did not answer within ${JOB_TIMEOUT_MS / 1000} s`);
      state = Atomics.load(control, protocol.STATE);
    }
    for (
      let received = receiveMessageOnPort(this.port);
      received;
      received = receiveMessageOnPort(this.port)
    ) {
      const message = received.message as protocol.FromHelper;
      if ('error' in message) throw new Error(`the merge helper thread failed: ${message.error}`);
      this.notes!.stepSlots = message.stepSlots;
      this.notes!.stepRecords = message.stepRecords;
    }
    if (state !== protocol.DONE) throw new Error(`the merge helper thread failed (state ${state})`);
    Atomics.store(control, protocol.STATE, protocol.IDLE);
    return { notes: this.notes!, metSize: control[protocol.MET]!, stepSize: control[protocol.FOUND]! };
  }

  detach(): void {
    this.notes = undefined;
    this.pool = undefined;
    this.post({ detach: true });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    Atomics.store(this.control, protocol.STATE, protocol.EXIT);
    Atomics.notify(this.control, protocol.STATE);
    await this.worker.terminate();
    this.port.close();
  }

  private post(message: protocol.ToHelper): void {
    this.port.postMessage(message);
  }
}
