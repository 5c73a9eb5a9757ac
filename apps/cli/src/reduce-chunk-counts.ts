import { patternName } from '@tokenlab/bpe';
import { ChunkCountsFileError, readChunkCountsParquet } from './chunk-counts-parquet.js';

/**
 * Chunk counts read from Parquet files and reduced as `GROUP BY chunk` with `sum(count)` and
 * `min(first)`, ordered by `first`: the order in which the chunks first appear in the whole text, which
 * is the order the trainer needs to break ties as minbpe does.
 *
 * @example
 * ```ts
 * const reduced: ReducedCounts = await reduceChunkCountFiles(['a.parquet', 'b.parquet']);
 * new RegexTokenizer('gpt4').trainFromCounts(reduced.entries(), 512);
 * ```
 */
export interface ReducedCounts {
  /** Distinct chunks. */
  readonly size: number;
  /** Occurrences of all chunks. */
  readonly total: number;
  /** The key-value metadata of each file, in the order given. */
  readonly metadata: ReadonlyArray<Map<string, string>>;
  /** `[chunk, count]` in order of first position. */
  entries(): IterableIterator<[string, number]>;
}

// A chunk may begin with U+FEFF (a byte-order mark inside the text): it is part of the chunk.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Read chunk-counts Parquet files (shards straight from `tokenlab count`, or counts already reduced by
 * DuckDB, Spark, ...) and reduce them: each chunk's counts summed, its smallest first position kept,
 * chunks ordered by it. Memory grows with the distinct chunks (files are read one row group at a
 * time). Two rows for one chunk at the same first position, or two chunks at one position, mean the
 * same text was counted twice (a shard given twice, or the files of a corpus counted without
 * `--offset`): that throws, naming the files. A chunk that is not valid UTF-8 throws too.
 *
 * @example
 * ```ts
 * const reduced = await reduceChunkCountFiles(['shard-0.parquet', 'shard-1.parquet']);
 * reduced.size; // distinct chunks of the whole file
 * ```
 */
export async function reduceChunkCountFiles(files: readonly string[]): Promise<ReducedCounts> {
  const index = new Map<string, number>();
  const chunks: string[] = [];
  const counts: number[] = [];
  const firsts: number[] = [];
  const sources: number[] = [];
  const metadata: Map<string, string>[] = [];
  let total = 0;
  for (let f = 0; f < files.length; f++) {
    const file = files[f]!;
    metadata.push(
      await readChunkCountsParquet(file, (rows) => {
        for (let i = 0; i < rows.chunks.length; i++) {
          const chunk = rows.chunks[i]!;
          const count = rows.counts[i]!;
          const first = rows.firsts[i]!;
          let text: string;
          if (typeof chunk === 'string') text = chunk;
          else {
            try {
              text = decoder.decode(chunk);
            } catch {
              throw new ChunkCountsFileError(file, `row ${rows.start + i}: the chunk is not valid UTF-8`);
            }
          }
          total += count;
          const found = index.get(text);
          if (found === undefined) {
            index.set(text, chunks.length);
            chunks.push(text);
            counts.push(count);
            firsts.push(first);
            sources.push(f);
            continue;
          }
          if (firsts[found] === first)
            throw new ChunkCountsFileError(
              file,
              `row ${rows.start + i}: ${JSON.stringify(text)} at byte ${first} is counted in ${files[sources[found]!]} too; ${overlapHint}`,
            );
          counts[found]! += count;
          if (first < firsts[found]!) {
            firsts[found] = first;
            sources[found] = f;
          }
        }
      }),
    );
  }
  const order = Uint32Array.from(chunks.keys()).sort((a, b) => firsts[a]! - firsts[b]!);
  for (let k = 1; k < order.length; k++) {
    const a = order[k - 1]!;
    const b = order[k]!;
    if (firsts[a] === firsts[b])
      throw new ChunkCountsFileError(
        files[sources[b]!]!,
        `${JSON.stringify(chunks[b])} and ${JSON.stringify(chunks[a])} (in ${files[sources[a]!]}) both start at byte ${firsts[a]}; ${overlapHint}`,
      );
  }
  return {
    size: chunks.length,
    total,
    metadata,
    *entries() {
      for (const i of order) yield [chunks[i]!, counts[i]!];
    },
  };
}

const overlapHint =
  'the files overlap (give each shard once; count the files of a corpus with --offset so their positions differ)';

/**
 * {@link reduceChunkCountFiles}, checking first that no file was counted with another split pattern
 * than `pattern` (files `tokenlab count` wrote say theirs in their metadata; files reduced elsewhere
 * usually do not, and are taken as they are).
 *
 * @example
 * ```ts
 * const reduced = await reduceCountsForPattern(['counts.parquet'], new RegexTokenizer('gpt4').pattern);
 * ```
 */
export async function reduceCountsForPattern(
  files: readonly string[],
  pattern: string,
): Promise<ReducedCounts> {
  const reduced = await reduceChunkCountFiles(files);
  reduced.metadata.forEach((metadata, f) => {
    const counted = metadata.get('tokenlab.pattern');
    if (counted !== undefined && counted !== pattern)
      throw new ChunkCountsFileError(
        files[f]!,
        `counted with the ${nameOf(counted)} split pattern, but training uses ${nameOf(pattern)} (give the same --pattern)`,
      );
  });
  return reduced;
}

/** `gpt2`, `gpt4`, or a custom pattern quoted. */
function nameOf(pattern: string): string {
  const name = patternName(pattern);
  return name === 'custom' ? JSON.stringify(pattern) : name;
}
