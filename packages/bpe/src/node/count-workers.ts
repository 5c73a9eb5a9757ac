import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ChunkCounts } from '../chunk-counts.js';
import type { ScanSpec } from '../scan-count.js';
import { checkCountOptions } from './count-options.js';
import { workerProgram, workerProgramOptions } from './worker-program.js';

/**
 * One worker's counts for one piece: chunks in first-appearance order and how often each occurs.
 *
 * @example
 * ```ts
 * const reply: ChunkCountReply = await pool.countPiece('the cat the', { scanner: 'gpt4' });
 * reply.chunks; // ['the', ' cat', ' the']
 * reply.counts; // Float64Array [1, 1, 1]
 * ```
 */
export interface ChunkCountReply {
  /** Which request this answers. */
  id: number;
  /** The distinct chunks of the piece, in order of first appearance. */
  chunks: string[];
  /** `counts[i]` is how often `chunks[i]` occurs. */
  counts: Float64Array;
}

/**
 * Options of {@link ChunkCountPool}.
 *
 * @example
 * ```ts
 * const options: ChunkCountPoolOptions = { workers: 2 };
 * new ChunkCountPool(options).size; // 2
 * ```
 */
export interface ChunkCountPoolOptions {
  /** Worker threads, 0 to 256 (0 starts one; default: the number of cores, at most 8). */
  workers?: number;
}

/**
 * A pool of worker threads that split and count pieces of a text (with the GPT-2 or GPT-4 scanner, else
 * with the regex `source`/`flags`, whose whole match is the chunk), and merge the results in piece order: the counts, and their
 * first-appearance order, are exactly those of counting the whole text in one thread.
 *
 * @example
 * ```ts
 * const pool = new ChunkCountPool({ workers: 2 });
 * const gpt4 = { scanner: 'gpt4' } as const;
 * await pool.countPieces(['the cat', ' the'], gpt4); // Map { 'the' => 1, ' cat' => 1, ' the' => 1 }
 * await pool.close();
 * ```
 */
export class ChunkCountPool {
  private readonly workers: Worker[];
  private readonly pending = new Map<
    number,
    { resolve: (reply: ChunkCountReply) => void; reject: (error: Error) => void }
  >();
  private readonly failures: Error[] = [];
  private nextId = 0;

  /** Start the workers. Call {@link ChunkCountPool.close} when done. */
  constructor(options: ChunkCountPoolOptions = {}) {
    checkCountOptions('ChunkCountPool', options);
    const size = Math.max(1, options.workers ?? Math.min(8, availableParallelism()));
    const file = workerProgram(
      import.meta.url,
      './count-worker.js',
      '../../dist/node/count-worker.js',
      '@tokenlab/bpe',
    );
    this.workers = Array.from({ length: size }, () => {
      const worker = new Worker(file, workerProgramOptions());
      worker.on('message', (reply: ChunkCountReply) => {
        const waiting = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        waiting?.resolve(reply);
      });
      worker.on('error', (error) => {
        this.failures.push(error);
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
      });
      return worker;
    });
  }

  /** How many worker threads the pool runs. */
  get size(): number {
    return this.workers.length;
  }

  /** Count the chunks of one piece on the next worker. */
  countPiece(text: string, scan: ScanSpec): Promise<ChunkCountReply> {
    if (this.failures.length > 0) return Promise.reject(this.failures[0]);
    const id = this.nextId++;
    const worker = this.workers[id % this.workers.length]!;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, text, scan });
    });
  }

  /**
   * Count the chunks of all `pieces` (consecutive parts of one text, in order), with at most two pieces
   * per worker in flight, merging in order into `counts`.
   */
  async countPieces(
    pieces: AsyncIterable<string> | Iterable<string>,
    scan: ScanSpec,
    counts: ChunkCounts = new Map(),
    onPiece?: (characters: number) => void,
  ): Promise<ChunkCounts> {
    const inFlight: Array<Promise<ChunkCountReply>> = [];
    const mergeOldest = async () => {
      const reply = await inFlight.shift()!;
      const { chunks, counts: values } = reply;
      for (let i = 0; i < chunks.length; i++)
        counts.set(chunks[i]!, (counts.get(chunks[i]!) ?? 0) + values[i]!);
    };
    for await (const piece of pieces) {
      inFlight.push(this.countPiece(piece, scan));
      onPiece?.(piece.length);
      if (inFlight.length >= 2 * this.workers.length) await mergeOldest();
    }
    while (inFlight.length > 0) await mergeOldest();
    return counts;
  }

  /** Stop the workers. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
