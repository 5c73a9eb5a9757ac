import { readFile, stat } from 'node:fs/promises';
import { findInvalidUtf8 } from '@tokenlab/core/utf8';
import { assertWellFormed } from '../bpe-tokenizer.js';
import { type ChunkCounts, countChunks, scanSource } from '../chunk-counts.js';
import { type PatternSpec, SplitPattern } from '../split-pattern.js';
import { checkCountOptions } from './count-options.js';
import { ChunkCountPool } from './count-workers.js';
import { readTextBlocks, safePieces, type TextBlockOptions } from './text-blocks.js';

/**
 * Options of {@link countFileChunks} and {@link countChunksParallel}.
 *
 * @example
 * ```ts
 * const options: CountFileOptions = { workers: 4, onProgress: (characters) => console.log(characters) };
 * const counts = await countFileChunks(['corpus.txt'], 'gpt4', options);
 * ```
 */
export interface CountFileOptions extends TextBlockOptions {
  /** Worker threads, 0 to 256; 0 or 1 counts in this thread (same result). Default: the number of cores, at most 8. */
  workers?: number;
  /** UTF-16 units per piece handed to a worker (default 4 Mi; a whole number of at least 1). */
  pieceSize?: number;
  /** Called after each piece is dispatched, with the characters read so far. */
  onProgress?: (characters: number) => void;
}

/**
 * Stream `files` (joined by `\n`, newlines as Python's text mode reads them) and count their chunks with
 * `pattern`, on worker threads: the counts and their first-appearance order equal
 * `countChunks(wholeText, pattern)`. The text is cut only at safe boundaries (see
 * `SplitPattern.safeBoundary`), which exist for the GPT-2 and GPT-4 patterns; other patterns are read
 * whole and counted in this thread, since no cut can be proved safe for an arbitrary regex.
 *
 * @example
 * ```ts
 * const counts = await countFileChunks(['corpus.txt'], 'gpt4');
 * new RegexTokenizer('gpt4').trainFromCounts(counts, 32768);
 * ```
 */
export async function countFileChunks(
  files: readonly string[],
  pattern: PatternSpec = 'gpt4',
  options: CountFileOptions = {},
): Promise<ChunkCounts> {
  checkCountOptions('countFileChunks', options);
  const split = SplitPattern.from(pattern);
  const blocks = readTextBlocks(files, options);
  if (!split.cuttable || split.group !== 0) {
    let text = '';
    for await (const block of blocks) text += block;
    options.onProgress?.(text.length);
    return countChunks(text, split);
  }
  const pieceSize = options.pieceSize ?? 4 << 20;
  const pieces = safePieces(blocks, (text, from) => split.safeBoundary(text, from), pieceSize);
  // Starting workers costs more than counting a text that is only a piece or two long.
  let bytes = 0;
  for (const file of files) bytes += (await stat(file)).size;
  const small = options.workers === undefined && bytes < 2 * pieceSize;
  return countPieces(pieces, split, small ? { ...options, workers: 1 } : options);
}

/**
 * Count the chunks of a text already in memory on worker threads (pieces cut at safe boundaries):
 * the same `Map`, in the same order, as `countChunks(text, pattern)`.
 *
 * @example
 * ```ts
 * const counts = await countChunksParallel(text, 'gpt4', { workers: 2 });
 * ```
 */
export async function countChunksParallel(
  text: string,
  pattern: PatternSpec = 'gpt4',
  options: CountFileOptions = {},
): Promise<ChunkCounts> {
  checkCountOptions('countChunksParallel', options);
  const split = SplitPattern.from(pattern);
  if (!split.cuttable || split.group !== 0) return countChunks(text, split);
  assertWellFormed(text);
  const pieceSize = options.pieceSize ?? 4 << 20;
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > pieceSize) {
    const cut = split.safeBoundary(text.slice(start, start + pieceSize * 2), pieceSize >> 1);
    if (cut <= 0) break;
    pieces.push(text.slice(start, start + cut));
    start += cut;
  }
  pieces.push(text.slice(start));
  return countPieces(pieces, split, options);
}

async function countPieces(
  pieces: AsyncIterable<string> | Iterable<string>,
  split: SplitPattern,
  options: CountFileOptions,
): Promise<ChunkCounts> {
  let read = 0;
  const progress = (characters: number) => {
    read += characters;
    options.onProgress?.(read);
  };
  if (options.workers !== undefined && options.workers <= 1) {
    const counts: ChunkCounts = new Map();
    for await (const piece of pieces) {
      countChunks(piece, split, counts);
      progress(piece.length);
    }
    return counts;
  }
  const pool = new ChunkCountPool(options.workers === undefined ? {} : { workers: options.workers });
  try {
    return await pool.countPieces(pieces, scanSource(split)!, new Map(), progress);
  } finally {
    await pool.close();
  }
}

/**
 * The bytes of `files` joined by `\n` (for a BasicTokenizer, which trains on one byte sequence), with
 * `\r\n` and `\r` read as `\n` like Python's text mode unless `universalNewlines` is false. Throws,
 * naming the file and offset, if a file is not valid UTF-8.
 *
 * @example
 * ```ts
 * new BasicTokenizer().trainBytes(await readCorpusBytes(['a.txt']), 512);
 * ```
 */
export async function readCorpusBytes(
  files: readonly string[],
  options: TextBlockOptions = {},
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await readFile(file));
    const bad = findInvalidUtf8(bytes);
    if (bad >= 0) throw new Error(`${file}: not valid UTF-8 at byte ${bad}`);
    parts.push(options.universalNewlines === false ? bytes : translateNewlines(bytes));
  }
  let length = Math.max(0, parts.length - 1);
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  parts.forEach((part, i) => {
    if (i > 0) out[offset++] = 0x0a;
    out.set(part, offset);
    offset += part.length;
  });
  return out;
}

function translateNewlines(bytes: Uint8Array): Uint8Array {
  if (!bytes.includes(0x0d)) return bytes;
  const out = new Uint8Array(bytes.length);
  let w = 0;
  for (let r = 0; r < bytes.length; r++) {
    const b = bytes[r]!;
    if (b === 0x0d) {
      out[w++] = 0x0a;
      if (bytes[r + 1] === 0x0a) r++;
    } else out[w++] = b;
  }
  return out.subarray(0, w);
}
