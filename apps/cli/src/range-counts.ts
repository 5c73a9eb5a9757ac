import { open } from 'node:fs/promises';
import type { SplitPattern } from '@tokenlab/bpe';
import { CorpusBytes, countByteRange as countFileRange, rangeCut } from '@tokenlab/bpe/node';
import { findInvalidUtf8 } from '@tokenlab/core';
import { MAX_INPUT_BYTES } from './io.js';

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
 * distinct chunks, not with the range. A byte order mark at the start of the file is dropped, as
 * `tokenlab train` drops it (see {@link countDroppingBom}).
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
  if ((options.start ?? 0) <= 0 && (options.end ?? 1) > 0 && (await startsWithBom(file)))
    return countDroppingBom(file, split, options);
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

/** The bytes of a UTF-8 byte order mark. */
const BOM = [0xef, 0xbb, 0xbf];

/** Whether `file` starts with a UTF-8 byte order mark. */
async function startsWithBom(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = new Uint8Array(BOM.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === BOM.length && BOM.every((byte, i) => head[i] === byte);
  } finally {
    await handle.close();
  }
}

/**
 * {@link countByteRange} of a range that starts at the start of a file that starts with a byte order
 * mark, the mark dropped as `tokenlab train` drops it. The chunks from the file's first safe cut on are
 * the same with the mark or without it (a safe cut never changes a chunk), so they are counted by
 * `@tokenlab/bpe` as usual; the text before the cut, from the byte after the mark, is counted here
 * (held whole, so at most the 512 MB a command reads at once), each chunk's first position the byte of
 * the file it starts at.
 */
async function countDroppingBom(
  file: string,
  split: SplitPattern,
  options: ByteRangeOptions,
): Promise<RangeCounts> {
  const corpus = new CorpusBytes([file]);
  let cut: number;
  try {
    cut = rangeCut(corpus, BOM.length);
  } finally {
    corpus.close();
  }
  if (cut - BOM.length > MAX_INPUT_BYTES)
    throw new Error(
      `${file}: starts with a byte order mark, dropped as every command drops it, and has no place to cut the text after it within the first ${MAX_INPUT_BYTES / 1024 / 1024} MB; remove the mark first (tail -c +4)`,
    );
  const rest = await countByteRange(file, split, { ...options, start: cut });
  const offset = options.offset ?? 0;
  const counted = new Map<string, { count: number; first: number }>();
  for (const { chunk, at } of await chunksWithBytes(file, BOM.length, cut, split)) {
    const seen = counted.get(chunk);
    if (seen) seen.count++;
    else counted.set(chunk, { count: 1, first: at + offset });
  }
  // The rest's chunks come after the cut: a chunk seen before it keeps its first position there.
  rest.chunks.forEach((chunk, i) => {
    const seen = counted.get(chunk);
    if (seen) seen.count += rest.counts[i]!;
    else counted.set(chunk, { count: rest.counts[i]!, first: rest.firsts[i]! });
  });
  return {
    start: 0,
    end: rest.end,
    size: rest.size,
    chunks: [...counted.keys()],
    counts: [...counted.values()].map(({ count }) => count),
    firsts: [...counted.values()].map(({ first }) => first),
  };
}

/**
 * The chunks of the bytes `[from, to)` of `file` (UTF-8, checked; `\r\n` and a lone `\r` read as
 * `\n`), each with the byte of the file it starts at.
 */
async function chunksWithBytes(
  file: string,
  from: number,
  to: number,
  split: SplitPattern,
): Promise<{ chunk: string; at: number }[]> {
  const bytes = new Uint8Array(Math.max(0, to - from));
  const handle = await open(file, 'r');
  try {
    await handle.read(bytes, 0, bytes.length, from);
  } finally {
    await handle.close();
  }
  const bad = findInvalidUtf8(bytes);
  if (bad >= 0) throw new Error(`${file}: not valid UTF-8 at byte ${from + bad}`);
  const raw = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const chunks: { chunk: string; at: number }[] = [];
  // Walk the file's text alongside the chunks of the translated text: a `\r\n` is two bytes of one `\n`.
  let r = 0;
  let at = from;
  split.forEachChunk(raw.replace(/\r\n?/g, '\n'), (chunk) => {
    chunks.push({ chunk, at });
    for (let k = 0; k < chunk.length; k++) {
      const unit = raw.charCodeAt(r);
      if (unit === 0x0d) {
        const pair = raw.charCodeAt(r + 1) === 0x0a;
        r += pair ? 2 : 1;
        at += pair ? 2 : 1;
        continue;
      }
      r++;
      at +=
        unit < 0x80 ? 1 : unit < 0x800 ? 2 : unit >= 0xd800 && unit <= 0xdbff ? 4 : unit <= 0xdfff ? 0 : 3;
    }
  });
  return chunks;
}
