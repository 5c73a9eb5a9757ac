import { ByteChunkStore } from '../byte-chunk-store.js';
import { scanSource } from '../chunk-counts.js';
import type { PositionedChunks } from '../chunk-store.js';
import { warmUpUtf8Count } from '../count-warm-up.js';
import { type PatternSpec, SplitPattern } from '../split-pattern.js';
import { CorpusBytes } from './corpus-bytes.js';
import { checkCountOptions } from './count-options.js';
import { countRangeUtf8 } from './range-count.js';

/**
 * Options of {@link countByteRange}.
 *
 * @example
 * ```ts
 * const options: ByteRangeOptions = { start: 0, end: 1 << 20, offset: 0 };
 * ```
 */
export interface ByteRangeOptions {
  /** The byte the range is asked to start at (moved to the next safe cut). Default 0. */
  start?: number;
  /** The byte the range is asked to end at (moved likewise); default the end of the file. */
  end?: number;
  /** Added to every first position (where the file starts in a larger corpus). Default 0. */
  offset?: number;
  /** Bytes counted at a time (default 1 MiB, at least 1; each piece ends at a safe cut). */
  pieceSize?: number;
}

/**
 * What {@link countByteRange} counted: the bytes `[start, end)` of a file of `size` bytes, as a table of
 * distinct chunks in first-appearance order whose `firsts` are bytes of the file (plus the offset).
 *
 * @example
 * ```ts
 * const counted: ByteRangeCounts = countByteRange('corpus.txt', 'gpt4');
 * counted.end === counted.size; // true: the whole file
 * ```
 */
export interface ByteRangeCounts {
  /** The safe cut the range starts at. */
  start: number;
  /** The safe cut the range ends at. */
  end: number;
  /** The file's size in bytes. */
  size: number;
  /** The distinct chunks, their counts and the file byte (plus offset) where each first occurs. */
  table: PositionedChunks;
}

/**
 * Where a range boundary asked for at byte `at` of `corpus` falls: `at` itself at the start or end,
 * else the first safe cut at or after it (`CorpusBytes.safeCut`), so that the shards `[0, a)`, `[a, b)`,
 * `[b, size)` of a file, each cut on its own, count every chunk exactly once.
 *
 * @example
 * ```ts
 * const corpus = new CorpusBytes(['corpus.txt']);
 * rangeCut(corpus, 1 << 20); // the first safe cut from 1 MiB on
 * ```
 */
export function rangeCut(corpus: CorpusBytes, at: number): number {
  if (at <= 0) return 0;
  if (at >= corpus.length) return corpus.length;
  return corpus.safeCut(at);
}

/**
 * Count the chunks of the bytes of `file` between the safe cuts at or after `options.start` and
 * `options.end` with minbpe's GPT-2 or GPT-4 pattern (the ones with a proved safe cut; others throw),
 * each distinct chunk with the byte of the file where it first occurs. The text is read as training
 * reads it (UTF-8, checked; `\r\n` and a lone `\r` read as `\n`), so the counts of the shards of a
 * file, added up, are the counts of the whole file, and the smallest first position of each chunk
 * orders the chunks as the whole file does: minbpe's tie rule survives sharding. Memory grows with
 * the distinct chunks, not with the range.
 *
 * @example
 * ```ts
 * const shard = countByteRange('corpus.txt', 'gpt4', { start: 0, end: 1 << 20 });
 * shard.table.lengths.length; // distinct chunks of the first MiB or so
 * ```
 */
export function countByteRange(
  file: string,
  pattern: PatternSpec,
  options: ByteRangeOptions = {},
): ByteRangeCounts {
  checkCountOptions('countByteRange', options);
  const scanner = scanSource(SplitPattern.from(pattern))?.scanner;
  if (scanner === undefined)
    throw new Error('only the gpt2 and gpt4 patterns can count a byte range (no other can be cut safely)');
  const offset = options.offset ?? 0;
  const pieceSize = options.pieceSize ?? 1 << 20;
  const corpus = new CorpusBytes([file]);
  try {
    const size = corpus.length;
    const start = rangeCut(corpus, options.start ?? 0);
    const end = Math.max(start, rangeCut(corpus, options.end ?? size));
    const store = new ByteChunkStore();
    // A large range runs on scanner code compiled once (see warmUpUtf8Count).
    warmUpUtf8Count(scanner, end - start);
    for (let from = start; from < end; ) {
      const to = end - from <= pieceSize * 1.5 ? end : Math.min(end, corpus.safeCut(from + pieceSize));
      const before = store.distinct;
      const length = countRangeUtf8(corpus, from, to, scanner, store);
      if (length === to - from) {
        // No `\r\n` in the piece: its translated bytes are the file's (a lone `\r` became one `\n`).
        if (offset !== 0) store.remapFirsts(before, (position) => position + offset);
      } else {
        // The positions are `from` plus offsets in the translated bytes; the chunks new in this piece get
        // the file's bytes instead (each `\r\n` is two), found by walking the piece's bytes once.
        const bytes = corpus.bytes(from, to);
        let translated = from;
        let at = 0;
        store.remapFirsts(before, (position) => {
          for (; translated < position; translated++)
            at += bytes[at] === 0x0d && bytes[at + 1] === 0x0a ? 2 : 1;
          return from + at + offset;
        });
      }
      from = to;
    }
    return { start, end, size, table: store.positioned() };
  } finally {
    corpus.close();
  }
}
