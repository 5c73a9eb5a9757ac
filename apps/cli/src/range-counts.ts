import type { SplitPattern } from '@tokenlab/bpe';
import { countByteRange as countFileRange } from '@tokenlab/bpe/node';

/**
 * The distinct chunks of a text (or of a byte range of a file), in the order they first appear, each
 * with how often it occurs and the byte at which it first occurs.
 *
 * @example
 * ```ts
 * const counted: PositionedCounts = { chunks: ['the', ' cat'], counts: [2, 1], firsts: [0, 3] };
 * ```
 */
export interface PositionedCounts {
  /** The distinct chunks, in first-appearance order. */
  chunks: string[];
  /** `counts[i]`: how often `chunks[i]` occurs. */
  counts: number[];
  /** `firsts[i]`: the file byte (plus the offset given) where `chunks[i]` first occurs; increasing. */
  firsts: number[];
}

/**
 * Options of {@link countByteRange}.
 *
 * @example
 * ```ts
 * const options: ByteRangeOptions = { start: 0, end: 1 << 20, offset: 0 };
 * ```
 */
export interface ByteRangeOptions {
  /** The byte the range is asked to start at (moved to the next safe cut, `rangeCut`). Default 0. */
  start?: number;
  /** The byte the range is asked to end at (moved likewise); default the end of the file. */
  end?: number;
  /** Added to every first position (where the file starts in a larger corpus). Default 0. */
  offset?: number;
  /** Bytes decoded and counted at a time (default 1 MiB; each piece ends at a safe cut). */
  blockSize?: number;
}

/**
 * What {@link countByteRange} counted: the bytes `[start, end)` of a file of `size` bytes.
 *
 * @example
 * ```ts
 * const counted: RangeCounts = await countByteRange('corpus.txt', SplitPattern.from('gpt4'));
 * counted.end === counted.size; // true: the whole file
 * ```
 */
export interface RangeCounts extends PositionedCounts {
  /** The safe cut the range starts at. */
  start: number;
  /** The safe cut the range ends at. */
  end: number;
  /** The file's size in bytes. */
  size: number;
}

/**
 * Count the chunks of the bytes of `file` between the safe cuts at or after `options.start` and
 * `options.end`, with the first byte of each distinct chunk: `@tokenlab/bpe`'s `countByteRange` (the
 * counting and the cut rule that training uses), its table as strings in first-appearance order. The
 * text is read as `tokenlab train` reads it (UTF-8, checked; `\r\n` and a lone `\r` become `\n`, as
 * Python's text mode does), so the counts of the shards of a file, added up, are the counts of the whole
 * file, and the smallest first position of each chunk orders the chunks as the whole file does. Only
 * minbpe's GPT-2 and GPT-4 patterns can be cut safely; other patterns throw. Memory grows with the
 * distinct chunks, not with the range.
 *
 * @example
 * ```ts
 * const shard = await countByteRange('corpus.txt', SplitPattern.from('gpt4'), { start: 0, end: 1 << 20 });
 * shard.chunks.length; // distinct chunks of the first MiB or so
 * ```
 */
export async function countByteRange(
  file: string,
  split: SplitPattern,
  options: ByteRangeOptions = {},
): Promise<RangeCounts> {
  const { start, end, size, table } = countFileRange(file, split, {
    ...options,
    ...(options.blockSize === undefined ? {} : { pieceSize: options.blockSize }),
  });
  // A chunk may start with U+FEFF: it is text here, not a byte-order mark to drop.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const chunks: string[] = [];
  for (let i = 0, at = 0; i < table.lengths.length; at += table.lengths[i++]!)
    chunks.push(decoder.decode(table.bytes.subarray(at, at + table.lengths[i]!)));
  return { start, end, size, chunks, counts: Array.from(table.counts), firsts: Array.from(table.firsts) };
}
