import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type ChunkCounts, scanSource } from '../chunk-counts.js';
import { ChunkStore, mergePositionedChunks, type PositionedChunks } from '../chunk-store.js';
import { type PatternSpec, SplitPattern } from '../split-pattern.js';
import { countFileChunks } from './corpus.js';
import { CorpusBytes } from './corpus-bytes.js';
import { countRange } from './range-count.js';
import { workerProgram, workerProgramOptions } from './worker-program.js';

/**
 * Options of {@link countFileTable}.
 *
 * @example
 * ```ts
 * const options: CountTableOptions = { workers: 2, onProgress: (bytes) => console.log(bytes) };
 * ```
 */
export interface CountTableOptions {
  /** Worker threads; 0 or 1 counts in this thread (same result). Default: the number of cores, at most 8. */
  workers?: number;
  /** Bytes per range handed to a worker (default 1 MiB; a range ends at the next safe cut). */
  rangeSize?: number;
  /** Translate `\r\n` and lone `\r` to `\n` in each file, as Python's text mode does. Default `true`. */
  universalNewlines?: boolean;
  /** Called as ranges are counted, with the bytes counted so far. */
  onProgress?: (bytes: number) => void;
}

/**
 * Count the chunks of `files` (joined by `\n`) into a table of distinct chunks in first-appearance
 * order, ready for `trainMerges` or `RegexTokenizer.trainFromCounts`: the same chunks, counts and order
 * as `countChunks(wholeText, pattern)`, without the text or a string per chunk ever existing in this
 * thread. For minbpe's GPT-2 and GPT-4 patterns each worker reads byte ranges of the files itself
 * (cut where the patterns cannot join two chunks), counts them with the hand-written scanners into a
 * table held in typed arrays, with each chunk's first position; the tables are added up and ordered by
 * those positions at the end. Memory grows with the distinct chunks, not with the corpus. Other
 * patterns are counted by {@link countFileChunks}.
 *
 * @example
 * ```ts
 * const table = await countFileTable(['corpus.txt'], 'gpt4');
 * new RegexTokenizer('gpt4').trainFromCounts(table, 32768);
 * ```
 */
export async function countFileTable(
  files: readonly string[],
  pattern: PatternSpec = 'gpt4',
  options: CountTableOptions = {},
): Promise<PositionedChunks> {
  const split = SplitPattern.from(pattern);
  const scanner = scanSource(split)?.scanner;
  if (scanner === undefined) {
    const counts = await countFileChunks(files, split, {
      ...(options.workers === undefined ? {} : { workers: options.workers }),
      ...(options.universalNewlines === undefined ? {} : { universalNewlines: options.universalNewlines }),
    });
    return positionedFromCounts(counts);
  }
  const universalNewlines = options.universalNewlines ?? true;
  const corpus = new CorpusBytes(files, { universalNewlines });
  const rangeSize = Math.max(1, options.rangeSize ?? 1 << 20);
  let ranges: Array<[number, number]>;
  try {
    ranges = planRanges(corpus, rangeSize);
  } catch (error) {
    corpus.close();
    throw error;
  }
  const workers = Math.min(
    ranges.length,
    Math.max(1, options.workers ?? Math.min(8, availableParallelism())),
  );
  if (workers <= 1) {
    try {
      const store = new ChunkStore({ mapped: true });
      let done = 0;
      for (const [start, end] of ranges) {
        countRange(corpus, start, end, scanner, store);
        done += end - start;
        options.onProgress?.(done);
      }
      return mergePositionedChunks([store.positioned()]);
    } finally {
      corpus.close();
    }
  }
  corpus.close();
  return countOnWorkers(files, universalNewlines, scanner, ranges, workers, options);
}

/** Cut the corpus into ranges of about `size` bytes, each ending at a safe cut (or the end). */
function planRanges(corpus: CorpusBytes, size: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let start = 0;
  while (start < corpus.length) {
    const end = corpus.length - start <= size * 1.5 ? corpus.length : corpus.safeCut(start + size);
    ranges.push([start, end]);
    start = end;
  }
  return ranges;
}

/**
 * Count `ranges` on `size` workers; when they are done, the first worker adds the others' tables to its
 * own and sends back the whole table, ordered.
 */
function countOnWorkers(
  files: readonly string[],
  universalNewlines: boolean,
  scanner: 'gpt2' | 'gpt4',
  ranges: ReadonlyArray<[number, number]>,
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
    const tables: PositionedChunks[] = [];
    const workers: Worker[] = [];
    let next = 0;
    let counted = 0;
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
        // The first worker waits for the others' tables (sent once all are in: see below), making its own
        // meanwhile.
        worker.postMessage(worker === workers[0] ? 'prepare' : 'finish');
      }
    };
    for (let w = 0; w < size; w++) {
      const worker = new Worker(
        program,
        workerProgramOptions({ workerData: { files: [...files], universalNewlines, scanner } }),
      );
      workers.push(worker);
      worker.on('error', fail);
      worker.on('message', (reply: { counted?: number; table?: PositionedChunks; error?: string }) => {
        if (reply.error !== undefined) return fail(new Error(reply.error));
        if (reply.table !== undefined) {
          // The whole table: resolved once the thread is gone, and with it all it allocated.
          if (worker === workers[0]) {
            const table = reply.table;
            worker.terminate().then(() => resolve(table), fail);
            return;
          }
          void worker.terminate();
          tables.push(reply.table);
          // Messages are taken in order, so the first worker counts any range still queued first.
          if (tables.length === size - 1) workers[0]!.postMessage({ gather: tables }, transferList(tables));
          return;
        }
        counted += reply.counted!;
        options.onProgress?.(counted);
        dispatch(worker);
      });
    }
    // Two ranges in flight per worker, so a worker never waits for its next range.
    for (let round = 0; round < 2; round++)
      for (const worker of workers) if (next < ranges.length) dispatch(worker);
  });
}

function transferList(tables: readonly PositionedChunks[]): ArrayBuffer[] {
  return tables.flatMap((table) =>
    [table.bytes, table.lengths, table.counts, table.firsts].map((array) => array.buffer as ArrayBuffer),
  );
}

/** Counts in first-appearance order as a positioned table (each chunk's position is its rank). */
function positionedFromCounts(counts: ChunkCounts): PositionedChunks {
  const encoder = new TextEncoder();
  let capacity = 0;
  for (const chunk of counts.keys()) capacity += chunk.length * 3;
  const bytes = new Uint8Array(capacity);
  const lengths = new Int32Array(counts.size);
  const values = new Float64Array(counts.size);
  const firsts = new Float64Array(counts.size);
  let offset = 0;
  let i = 0;
  for (const [chunk, count] of counts) {
    lengths[i] = encoder.encodeInto(chunk, bytes.subarray(offset)).written;
    offset += lengths[i]!;
    values[i] = count;
    firsts[i] = i;
    i++;
  }
  return { bytes: bytes.slice(0, offset), lengths, counts: values, firsts };
}
