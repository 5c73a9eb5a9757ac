import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerProgram, workerProgramOptions } from '@tokenlab/bpe/node';
import { SharedPieceCache } from '../bpe/shared-piece-cache.js';
import { Encoding } from '../encoding.js';
import { DisallowedSpecialTokenError, type EncodeOptions } from '../special-tokens.js';
import { FileTextError } from './file-text.js';
import { JobEncoder } from './job-encoder.js';
import { checkParallelOptions } from './parallel-options.js';
import type { EncodeJob, EncodeReply, EncodingTransfer, FileRange, TextPart } from './protocol.js';

/**
 * Options of {@link EncodePool}.
 *
 * @example
 * ```ts
 * const options: EncodePoolOptions = { threads: 2 };
 * ```
 */
export interface EncodePoolOptions {
  /** Worker threads (default: the number of cores, at most 8; a whole number from 1 to 256, else a `RangeError`). */
  threads?: number;
  /**
   * Whether the threads remember merged pieces in one `SharedPieceCache` (default `true`): each piece
   * is merged once, whichever thread meets it. With `false`, each worker has a cache of its own and
   * the calling thread uses the encoding's.
   */
  sharePieceCache?: boolean;
  /** Entries of the shared piece cache (a power of two; default `1 << 19`, 32 MiB of shared memory). */
  pieceCacheEntries?: number;
}

/**
 * What the pool's encode methods accept: `encode`'s special-token options, or `ordinary: true` for
 * `encodeOrdinary` (special-token text is ordinary text).
 *
 * @example
 * ```ts
 * const options: PoolEncodeOptions = { ordinary: true };
 * ```
 */
export interface PoolEncodeOptions extends EncodeOptions {
  /** Encode as `encodeOrdinary` does. */
  ordinary?: boolean;
}

interface Waiting {
  resolve: (reply: EncodeReply) => void;
  reject: (error: Error) => void;
}

/**
 * Worker threads that share one encoding's rank table (in shared memory) and encode jobs (lists of texts) sent to them.
 * The workers and the calling thread's share (see {@link EncodePool.encodePieces}) remember merged
 * pieces in one `SharedPieceCache` of fixed size, made with the pool, so each piece is merged once
 * whichever thread meets it (`sharePieceCache: false`: a cache per thread).
 * {@link encodeBatch} and {@link encodeParallel} use one for a call; keep one yourself to pay the
 * start (a thread each, and the workers warming up) once for many calls.
 *
 * @example
 * ```ts
 * const pool = new EncodePool(await getEncoding('cl100k_base'), { threads: 2 });
 * const [a, b] = await pool.encodeTexts(['hello', 'world'], { ordinary: true });
 * await pool.close();
 * ```
 */
export class EncodePool {
  /** The encoding the workers rebuild, which the calling thread uses for its own share. */
  readonly encoding: Encoding;
  /** What the calling thread encodes its share with: the pool's encoding, over the shared piece cache if there is one. */
  private readonly callerEncoding: Encoding;
  private readonly workers: Worker[];
  private readonly load: number[];
  private readonly pending = new Map<number, Waiting & { worker: number }>();
  private failure: Error | undefined;
  private nextId = 0;

  /** Start `threads` workers for `encoding`. Call {@link EncodePool.close} when done. */
  constructor(encoding: Encoding, options: EncodePoolOptions = {}) {
    checkParallelOptions('EncodePool', options);
    const threads = options.threads ?? Math.min(8, availableParallelism());
    this.encoding = encoding;
    const transfer: EncodingTransfer = {
      name: encoding.name,
      patternSource: encoding.patternSource,
      ranks: encoding.ranks.share(),
      specialTokens: Object.fromEntries(encoding.specialTokens),
    };
    this.callerEncoding = encoding;
    if (options.sharePieceCache !== false) {
      const cache = new SharedPieceCache(options.pieceCacheEntries);
      transfer.pieceCache = cache.share();
      // A second Encoding over the same rank table, so the caller's own keeps its own cache.
      this.callerEncoding = new Encoding({
        name: encoding.name,
        patternSource: encoding.patternSource,
        ranks: encoding.ranks,
        specialTokens: transfer.specialTokens,
      });
      this.callerEncoding.usePieceCache(cache);
    }
    const file = workerProgram(
      import.meta.url,
      './encode-worker.js',
      '../../dist/parallel/encode-worker.js',
      '@tokenlab/gpt',
    );
    this.load = new Array<number>(threads).fill(0);
    this.workers = Array.from({ length: threads }, (_, index) => {
      const worker = new Worker(file, workerProgramOptions({ workerData: transfer }));
      worker.on('message', (reply: EncodeReply) => {
        const waiting = this.pending.get(reply.id);
        if (waiting === undefined) return;
        this.pending.delete(reply.id);
        this.load[index]!--;
        waiting.resolve(reply);
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`an encoding worker stopped with exit code ${code}`));
      });
      return worker;
    });
  }

  /** How many worker threads the pool runs. */
  get threads(): number {
    return this.workers.length;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  /** Send one job to the least busy worker; resolves with its reply. */
  private run(texts: string[] | string | FileRange, options: PoolEncodeOptions): Promise<EncodeReply> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    let worker = 0;
    for (let w = 1; w < this.workers.length; w++) if (this.load[w]! < this.load[worker]!) worker = w;
    const id = this.nextId++;
    const job = jobOf(id, texts, options);
    this.load[worker]!++;
    const reply = new Promise<EncodeReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker });
      this.workers[worker]!.postMessage(job);
    });
    reply.then(
      () => settled.add(reply),
      () => settled.add(reply),
    );
    return reply;
  }

  /**
   * Encode consecutive pieces of one text (cut where no piece of the split pattern is cut, see
   * `safeCuts`; as strings, or as {@link TextPart}s of a text held here, which a worker is sent a copy
   * of and the calling thread encodes in place), or consecutive parts of one file (see
   * {@link FileRange}: each thread reads, cuts and decodes its own), calling `onIds` with each piece's
   * ids in order. Each worker has two pieces in flight; with `withCaller`, the calling thread encodes
   * a piece itself (over the pool's piece cache) whenever the workers have their two, so one thread
   * fewer is started for the same cores. Errors come out in text order, with positions in the whole
   * text. When `onIds` returns a promise, no piece is handed on until it resolves (a consumer that
   * falls behind holds the threads back; see `idStream`).
   */
  async encodePieces(
    pieces: Iterable<string | FileRange | TextPart> | AsyncIterable<string | FileRange | TextPart>,
    options: PoolEncodeOptions,
    onIds: (ids: Uint32Array) => void | Promise<void>,
    withCaller = false,
  ): Promise<void> {
    const inFlight: Array<Promise<EncodeReply> | EncodeReply> = [];
    // UTF-16 units of the pieces handed on: where the next one starts in the whole text.
    let offset = 0;
    const takeOldest = async () => {
      const reply = await inFlight.shift()!;
      const ids = idsOf(reply, offset);
      offset += reply.units!;
      await onIds(ids);
    };
    const here = withCaller ? new JobEncoder(this.callerEncoding) : null;
    const workers = this.workers.length;
    // Without the calling thread, two pieces per worker; with it, a bound on what may wait behind a
    // slow oldest piece (a worker still starting, while the calling thread encodes on): a stream's
    // memory stays a few pieces per thread.
    const most = here === null ? 2 * workers : 4 * (workers + 1);
    try {
      for await (const piece of pieces) {
        while (inFlight.length >= most) await takeOldest();
        if (here !== null && this.inFlightJobs() >= 2 * workers) {
          // The workers are busy: encode this piece here, hand on what is ready, let their replies in.
          const reply = hereReply(here, piece, options);
          inFlight.push(reply);
          if (reply.error !== undefined) break;
          while (inFlight.length > 0 && isSettled(inFlight[0]!)) await takeOldest();
          await nextTurn();
          continue;
        }
        inFlight.push(
          this.run(isTextPart(piece) ? piece.text.slice(piece.start, piece.end) : piece, options),
        );
      }
      // In text order: the first failed piece (a worker's or the calling thread's) throws.
      while (inFlight.length > 0) await takeOldest();
    } finally {
      // A failed piece leaves later replies unread: let them settle without unhandled rejections.
      for (const reply of inFlight) if (reply instanceof Promise) reply.catch(() => {});
    }
  }

  /** Jobs sent to the workers and not yet answered. */
  private inFlightJobs(): number {
    let jobs = 0;
    for (const load of this.load) jobs += load;
    return jobs;
  }

  /**
   * Encode each text of `texts` (small texts travel to a worker together), like `encodeOrdinary` (with
   * `ordinary: true`) or `encode`; the result's `i`th array is the ids of `texts[i]`.
   *
   * @example
   * ```ts
   * await pool.encodeTexts(['hello world', 'hi'], { ordinary: true }); // [[15339, 1917], [6151]]
   * ```
   */
  async encodeTexts(texts: readonly string[], options: PoolEncodeOptions = {}): Promise<number[][]> {
    const jobs: Array<{ first: number; reply: Promise<EncodeReply> }> = [];
    // Group texts into jobs of about 64 Ki units, so that short texts do not cost a message each.
    let group: string[] = [];
    let groupSize = 0;
    let first = 0;
    const flush = () => {
      if (group.length === 0) return;
      jobs.push({ first, reply: this.run(group, options) });
      first += group.length;
      group = [];
      groupSize = 0;
    };
    for (const text of texts) {
      group.push(text);
      groupSize += text.length;
      if (groupSize >= 1 << 16) flush();
    }
    flush();
    const out: number[][] = [];
    try {
      for (const job of jobs) {
        const reply = await job.reply;
        if (reply.error !== undefined) throw errorOf(reply, 0, job.first);
        const ids = reply.ids!;
        let at = 0;
        for (const length of reply.lengths!) {
          out.push(Array.from(ids.subarray(at, at + length)));
          at += length;
        }
      }
    } finally {
      for (const job of jobs) job.reply.catch(() => {});
    }
    return out;
  }

  /** Stop the workers. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/**
 * Encode consecutive pieces of one text, or parts of one file, in the calling thread alone, as
 * {@link EncodePool.encodePieces} does on several: the same ids, errors and positions, each piece's
 * ids as it is encoded.
 *
 * @example
 * ```ts
 * for await (const ids of encodePiecesHere(enc, ['hello', ' world'], { ordinary: true })) parts.push(ids);
 * ```
 */
export async function* encodePiecesHere(
  encoding: Encoding,
  pieces: Iterable<string | FileRange> | AsyncIterable<string | FileRange>,
  options: PoolEncodeOptions,
): AsyncGenerator<Uint32Array> {
  const here = new JobEncoder(encoding);
  let offset = 0;
  for await (const piece of pieces) {
    const reply = here.encode(jobOf(-1, piece, options));
    const ids = idsOf(reply, offset);
    offset += reply.units!;
    yield ids;
  }
}

/**
 * A job of `texts` (a list, one text, or a file range) with only the encode options (a caller's
 * options object may hold more, such as a pool).
 */
function jobOf(id: number, texts: string[] | string | FileRange, options: PoolEncodeOptions): EncodeJob {
  const encodeOptions = encodeOptionsOf(options);
  const ordinary = options.ordinary === true;
  if (typeof texts === 'string') return { id, texts: [texts], ordinary, options: encodeOptions };
  if (!Array.isArray(texts)) return { id, texts: [], range: texts, ordinary, options: encodeOptions };
  return { id, texts, ordinary, options: encodeOptions };
}

/**
 * Only the options `Encoding.encode` takes, from a parallel encoder's options (which also hold
 * `threads`, `pool`, `pieceSize`, `ordinary`: passed on whole, `encode` refused them as unknown).
 *
 * @example
 * ```ts
 * encodeOptionsOf({ threads: 1, allowedSpecial: 'all' }); // { allowedSpecial: 'all' }
 * ```
 */
export function encodeOptionsOf(options: PoolEncodeOptions): EncodeOptions {
  const encodeOptions: EncodeOptions = {};
  if (options.allowedSpecial !== undefined) encodeOptions.allowedSpecial = options.allowedSpecial;
  if (options.disallowedSpecial !== undefined) encodeOptions.disallowedSpecial = options.disallowedSpecial;
  return encodeOptions;
}

function isTextPart(piece: string | FileRange | TextPart): piece is TextPart {
  return typeof piece === 'object' && 'text' in piece;
}

/**
 * The calling thread's reply for `piece`: an ordinary encode of a part of a text in place; any other
 * piece of text from a flat copy.
 */
function hereReply(
  here: JobEncoder,
  piece: string | FileRange | TextPart,
  options: PoolEncodeOptions,
): EncodeReply {
  if (!isTextPart(piece))
    return here.encode(jobOf(-1, typeof piece === 'string' ? flatCopy(piece) : piece, options));
  if (options.ordinary === true) return here.encodeOrdinaryPart(-1, piece);
  return here.encode(jobOf(-1, flatCopy(piece.text.slice(piece.start, piece.end)), options));
}

/**
 * A flat copy of `piece`. A piece cut from a larger string is a view into it (a slice of what may be
 * an external string, as a file read as text is), and every character read through such a view costs
 * more: the scanner and the merge read each character, and measured that costs more than the copy
 * (about 1 ms for a piece of 1 Mi units). A worker's pieces arrive flat, copied by the message.
 */
function flatCopy(piece: string): string {
  return structuredClone(piece);
}

function isSettled(reply: Promise<EncodeReply> | EncodeReply): boolean {
  return !(reply instanceof Promise) || settled.has(reply);
}

/** Replies from the workers that have arrived (so the calling thread hands on their ids without waiting). */
const settled = new WeakSet<Promise<EncodeReply>>();

/** Let the event loop deliver the workers' messages (a macrotask turn, after I/O). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function idsOf(reply: EncodeReply, offset: number): Uint32Array {
  if (reply.error !== undefined) throw errorOf(reply, offset, 0);
  return reply.ids!;
}

/** The error a failed reply stands for, with positions made relative to the whole input. */
function errorOf(reply: EncodeReply, offset: number, firstText: number): Error {
  const failure = reply.error!;
  if (failure.inFile) return new FileTextError(failure.message);
  const which = firstText + (failure.text ?? 0);
  if (failure.token !== undefined && failure.index !== undefined) {
    const error = new DisallowedSpecialTokenError(failure.token, failure.index + offset);
    // In a batch, say which text: the index is an offset in that text.
    if (offset === 0 && firstText + (failure.text ?? 0) > 0)
      error.message = `text ${which}: ${error.message}`;
    return error;
  }
  return new Error(`text ${which}: ${failure.message}`);
}
