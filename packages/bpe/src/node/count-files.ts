// The counting of `countFileTable` for minbpe's GPT-2 and GPT-4 patterns, in a module of its own (its
// subpath `@tokenlab/bpe/count-files`) that loads none of the tokenizers, patterns or trainers: a
// program that knows it will count can start the workers first and load the rest while they boot.
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { ByteChunkStore } from '../byte-chunk-store.js';
import { mergePositionedChunks, type PositionedChunks } from '../chunk-store.js';
import { warmUpUtf8Count } from '../count-warm-up.js';
import { interleaveByFirst } from '../interleave-by-first.js';
import { CorpusBytes } from './corpus-bytes.js';
import { checkCountOptions } from './count-options.js';
import { countRangeUtf8 } from './range-count.js';
import { workerProgram, workerProgramOptions } from './worker-program.js';

/**
 * Options of `countFileTable` and {@link countFileRanges}.
 *
 * @example
 * ```ts
 * const options: CountTableOptions = { workers: 2, onProgress: (bytes) => console.log(bytes) };
 * ```
 */
export interface CountTableOptions {
  /** Worker threads, 0 to 256; 0 or 1 counts in this thread (same result). Default: the number of cores, at most 8. */
  workers?: number;
  /** Bytes per range handed to a worker (default 1 MiB, at least 1; a range ends at the next safe cut). */
  rangeSize?: number;
  /** Translate `\r\n` and lone `\r` to `\n` in each file, as Python's text mode does. Default `true`. */
  universalNewlines?: boolean;
  /** Called as ranges are counted, with the bytes counted so far. */
  onProgress?: (bytes: number) => void;
}

/**
 * Count the chunks of `files` (joined by `\n`) for minbpe's GPT-2 or GPT-4 pattern (`scanner`) into a
 * table of distinct chunks in first-appearance order, with each chunk's first byte position: what
 * `countFileTable(files, scanner)` returns, from a module that loads only the counting. The workers
 * start at once; a file that is missing or not UTF-8 rejects the promise with its name (and byte), and
 * so does one that cannot be read in byte ranges (see {@link readableInRanges}).
 *
 * @example
 * ```ts
 * import { countFileRanges } from '@tokenlab/bpe/count-files';
 * const counting = countFileRanges(['corpus.txt'], 'gpt4'); // the workers start now
 * const { RegexTokenizer } = await import('@tokenlab/bpe'); // loaded while they boot
 * new RegexTokenizer('gpt4').trainFromCounts(await counting, 32768);
 * ```
 */
export async function countFileRanges(
  files: readonly string[],
  scanner: 'gpt2' | 'gpt4',
  options: CountTableOptions = {},
): Promise<PositionedChunks> {
  checkCountOptions('countFileRanges', options);
  const universalNewlines = options.universalNewlines ?? true;
  const corpus = new CorpusBytes(files, { universalNewlines });
  const planner = new RangePlanner(corpus, options.rangeSize ?? 1 << 20);
  const wanted = Math.max(1, options.workers ?? Math.min(8, availableParallelism()));
  let ranges: Array<[number, number]>;
  try {
    // Only as many ranges as there may be workers are planned before the workers start: the rest are
    // planned while they boot.
    ranges = planner.plan(wanted);
  } catch (error) {
    corpus.close();
    throw error;
  }
  const workers = Math.min(ranges.length, wanted);
  if (workers <= 1) {
    try {
      ranges.push(...planner.plan(Number.POSITIVE_INFINITY));
      const store = new ByteChunkStore({ mapped: true });
      warmUpUtf8Count(scanner, corpus.length);
      let done = 0;
      for (const [start, end] of ranges) {
        countRangeUtf8(corpus, start, end, scanner, store);
        done += end - start;
        options.onProgress?.(done);
      }
      return mergePositionedChunks([store.positioned()]);
    } finally {
      corpus.close();
    }
  }
  return countOnWorkers(files, universalNewlines, scanner, ranges, planner, workers, options);
}

/**
 * Whether {@link countFileRanges} can read each of `files` in byte ranges: a regular file can, but a
 * pipe (`/dev/stdin` fed by one, a shell's `<(zcat corpus.gz)`), a device or a socket can only be read
 * once, from the start (count those with `countFileTable`, which reads them as a stream). A file that
 * cannot be looked at is left to the counting, which names it.
 *
 * @example
 * ```ts
 * await readableInRanges(['corpus.txt']); // true
 * await readableInRanges(['/dev/stdin']); // false when stdin is a pipe
 * ```
 */
export async function readableInRanges(files: readonly string[]): Promise<boolean> {
  for (const file of files) {
    const info = await stat(file).catch(() => undefined);
    if (info !== undefined && !info.isFile() && !info.isDirectory()) return false;
  }
  return true;
}

/** Cuts the corpus into ranges of about `size` bytes, each ending at a safe cut (or the end), a few at a time. */
class RangePlanner {
  private start = 0;

  constructor(
    private readonly corpus: CorpusBytes,
    private readonly size: number,
  ) {}

  /** The next `count` ranges (fewer at the end of the corpus). */
  plan(count: number): Array<[number, number]> {
    const { corpus, size } = this;
    const ranges: Array<[number, number]> = [];
    while (ranges.length < count && this.start < corpus.length) {
      const start = this.start;
      const end = corpus.length - start <= size * 1.5 ? corpus.length : corpus.safeCut(start + size);
      ranges.push([start, end]);
      this.start = end;
    }
    return ranges;
  }

  /** Close the corpus (planning is done). */
  close(): void {
    this.corpus.close();
  }
}

/**
 * Count the corpus on `size` workers, from `ranges` and then those `planner` has not planned yet
 * (planned here while the workers start, and closed after). When a worker has no range left it splits
 * its table into one partition per worker, by chunk hash, and sends the others their shares over a
 * channel of their own; each worker adds up one partition, and the sums, which hold different chunks,
 * are interleaved by first position.
 *
 * The shares go from worker to worker, not through this thread, because a buffer transferred away from
 * a thread is detached, and V8 throws away all of that thread's compiled code that reads typed arrays
 * at the first detached buffer (and checks for one from then on): the trainer's warmed-up loops would
 * be compiled again in the middle of the merges.
 */
function countOnWorkers(
  files: readonly string[],
  universalNewlines: boolean,
  scanner: 'gpt2' | 'gpt4',
  planned: ReadonlyArray<[number, number]>,
  planner: RangePlanner,
  size: number,
  options: CountTableOptions,
): Promise<PositionedChunks> {
  const program = workerProgram(
    import.meta.url,
    './range-count-worker.js',
    '../../dist/node/range-count-worker.js',
    '@tokenlab/bpe',
  );
  return new Promise((resolve, reject) => {
    const ranges = [...planned];
    const sums = new Array<PositionedChunks | undefined>(size);
    const workers: Worker[] = [];
    let next = 0;
    let counted = 0;
    let summed = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      for (const worker of workers) void worker.terminate();
      reject(error);
    };
    const finished = new Set<Worker>();
    const dispatch = (worker: Worker) => {
      if (next < ranges.length) {
        const [start, end] = ranges[next++]!;
        worker.postMessage({ start, end });
      } else if (!finished.has(worker)) {
        finished.add(worker);
        worker.postMessage('finish');
      }
    };
    // peers[w][v]: worker w's end of its channel to worker v.
    const peers = Array.from({ length: size }, () => new Array<MessagePort | null>(size).fill(null));
    for (let w = 0; w < size; w++)
      for (let v = w + 1; v < size; v++) {
        const { port1, port2 } = new MessageChannel();
        peers[w]![v] = port1;
        peers[v]![w] = port2;
      }
    for (let w = 0; w < size; w++) {
      const ends = peers[w]!;
      const worker = new Worker(
        program,
        workerProgramOptions({
          workerData: { files: [...files], universalNewlines, scanner, index: w, size, peers: ends },
          transferList: ends.filter((end) => end !== null),
        }),
      );
      workers.push(worker);
      worker.on('error', fail);
      worker.on('message', (reply: { counted?: number; table?: PositionedChunks; error?: string }) => {
        if (reply.error !== undefined) return fail(new Error(reply.error));
        if (reply.table !== undefined) {
          sums[w] = reply.table;
          if (++summed === size) {
            // The threads wind down while this one interleaves their sums; resolved once every
            // thread is gone, and with it all it allocated.
            const gone = Promise.all(workers.map((each) => each.terminate()));
            const table = interleaveByFirst(sums as PositionedChunks[]);
            gone.then(() => resolve(table), fail);
          }
          return;
        }
        counted += reply.counted!;
        options.onProgress?.(counted);
        dispatch(worker);
      });
    }
    try {
      // The first range of each worker goes out at once; the rest are planned while the workers start.
      for (const worker of workers) dispatch(worker);
      ranges.push(...planner.plan(Number.POSITIVE_INFINITY));
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
      return;
    } finally {
      planner.close();
    }
    // Two ranges in flight per worker, so a worker never waits for its next range.
    for (const worker of workers) if (next < ranges.length) dispatch(worker);
  });
}
