import { availableParallelism } from 'node:os';
import { MAX_STRING_LENGTH } from '@tokenlab/core';
import type { Encoding } from '../encoding.js';
import { EncodePool, encodeOptionsOf, encodePiecesHere, type PoolEncodeOptions } from './encode-pool.js';
import { IdBuffer } from './id-buffer.js';
import { idStream } from './id-stream.js';
import { checkParallelOptions } from './parallel-options.js';
import type { TextPart } from './protocol.js';
import { cutsBySize, isCuttablePattern, isSafeCut, nextSafeCut, wordEdgesOf } from './safe-cuts.js';

/**
 * Options of {@link encodeParallel}, {@link encodeStreamParallel} and {@link encodeBatch}: how many
 * threads, how big a piece, and the encode options (`ordinary: true` for `encodeOrdinary`).
 *
 * @example
 * ```ts
 * const options: ParallelEncodeOptions = { threads: 2, ordinary: true };
 * ```
 */
export interface ParallelEncodeOptions extends PoolEncodeOptions {
  /**
   * Threads that encode (default: the number of cores, at most 8); 1 encodes in the calling thread.
   * {@link encodeParallel} and {@link encodeStreamParallel} count the calling thread, which encodes
   * pieces too (so they start `threads - 1` workers); {@link encodeBatch} starts `threads` workers.
   * A whole number from 1 to 256, else a `RangeError`.
   */
  threads?: number;
  /** UTF-16 units per piece handed to a thread (default 1 Mi; a whole number of at least 1, else a `RangeError`). */
  pieceSize?: number;
  /**
   * Use this pool (of the same encoding) instead of starting one: {@link encodeParallel} and
   * {@link encodeStreamParallel} encode on its workers and the calling thread, {@link encodeBatch} on
   * its workers; `threads` is then ignored.
   */
  pool?: EncodePool;
}

/** Pieces of about 1 Mi units: a few milliseconds of work each, few enough messages. */
const DEFAULT_PIECE_SIZE = 1 << 20;

/** Units of the first stretch of a long text {@link encodeHere} encodes before it sizes its id buffer. */
const FIRST_STRETCH = 1 << 16;

function encodeHere(encoding: Encoding, text: string, options: ParallelEncodeOptions): Uint32Array {
  // A long text: its first stretch, up to a safe cut, tells how many ids the whole will have.
  const cut =
    options.ordinary && text.length >= 16 * FIRST_STRETCH && isCuttablePattern(encoding.patternSource)
      ? nextSafeCut(text, 0, FIRST_STRETCH, wordEdgesOf(encoding))
      : -1;
  const buffer = new IdBuffer(cut > 0 ? cut : text.length >> 1);
  if (cut > 0) {
    encoding.encodeOrdinaryInto(text, 0, cut, buffer);
    buffer.reserveAtRate(buffer.length, cut, text.length);
    encoding.encodeOrdinaryInto(text, cut, text.length, buffer);
  } else if (options.ordinary) encoding.encodeOrdinaryInto(text, 0, text.length, buffer);
  else encoding.encodeInto(text, encodeOptionsOf(options), buffer);
  return buffer.ids();
}

/**
 * Run `work` on `options.pool`, or on a pool started for the call: of `options.threads` workers (less
 * one when the calling thread encodes too, `withCaller`), by default one per core (at most 8, less one).
 */
export async function withPool<T>(
  encoding: Encoding,
  options: ParallelEncodeOptions,
  withCaller: boolean,
  work: (pool: EncodePool) => Promise<T>,
): Promise<T> {
  if (options.pool !== undefined) {
    const { encoding: poolEncoding } = options.pool;
    if (poolEncoding !== encoding && poolEncoding.name !== encoding.name)
      throw new Error(`the pool encodes with ${poolEncoding.name}, not ${encoding.name}`);
    return work(options.pool);
  }
  const threads = Math.max(
    1,
    (options.threads ?? Math.min(8, availableParallelism())) - (withCaller ? 1 : 0),
  );
  const pool = new EncodePool(encoding, { threads });
  try {
    return await work(pool);
  } finally {
    await pool.close();
  }
}

/**
 * Encode one large text on worker threads and the calling thread: it is cut where no piece of the
 * split pattern can be cut (see `isSafeCut`), the pieces are encoded in parallel, and their ids joined
 * in order, so the result equals `encoding.encodeOrdinary(text)` (with `ordinary: true`) or
 * `encoding.encode(text, options)`. `threads: 2` is one worker and the calling thread. A text
 * shorter than two pieces, `threads: 1`, or an encoding whose pattern has no proven cut (a custom
 * pattern) is encoded in the calling thread alone.
 *
 * @example
 * ```ts
 * const ids = await encodeParallel(enc, bigText, { threads: 2, ordinary: true });
 * // Uint32Array equal to enc.encodeOrdinary(bigText)
 * ```
 */
export async function encodeParallel(
  encoding: Encoding,
  text: string,
  options: ParallelEncodeOptions = {},
): Promise<Uint32Array> {
  checkParallelOptions('encodeParallel', options);
  const pieceSize = options.pieceSize ?? DEFAULT_PIECE_SIZE;
  const threads = options.pool === undefined ? options.threads : options.pool.threads + 1;
  if (threads === 1 || text.length < 2 * pieceSize || !isCuttablePattern(encoding.patternSource))
    return encodeHere(encoding, text, options);
  const cuts = pieceCuts(text, pieceSize, wordEdgesOf(encoding));
  if (cuts.length === 0) return encodeHere(encoding, text, options);
  // Parts, not slices: the calling thread encodes its parts in place, a worker is sent a copy.
  const pieces = function* (): Generator<TextPart> {
    let start = 0;
    for (const cut of cuts) {
      yield { text, start, end: cut };
      start = cut;
    }
    yield { text, start, end: text.length };
  };
  // The ids go into one array as each piece's come in (while the threads encode the next), so no
  // join of all of them is left for the end; the first piece's ids size it for the whole text.
  const ids = new IdBuffer(cuts[0]!);
  const onIds = ids.appenderSizedByFirst(cuts[0]!, text.length);
  await withPool(encoding, options, true, (pool) => pool.encodePieces(pieces(), options, onIds, true));
  return ids.ids();
}

/**
 * Where {@link encodeParallel} cuts `text` (increasing, without 0 and `text.length`): pieces of about
 * `pieceSize` units, each ending at a safe cut, and the last four pieces' worth in quarters, so that
 * the threads finish close together (a worker holds two pieces at a time, which the calling thread
 * would otherwise wait for at the end).
 *
 * @example
 * ```ts
 * pieceCuts('aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll', 8); // [7, 15, 19, 23, 27, 31, 35, 39, 43]
 * ```
 */
export function pieceCuts(text: string, pieceSize: number, edges?: Uint8Array): number[] {
  const size = Math.max(2, Math.floor(pieceSize));
  const tail = text.length - 4 * size;
  return cutsBySize(text, (start) => (start < tail ? size : size >> 2), edges);
}

/**
 * Encode a stream of text chunks (text arriving from a socket or another program, say) on worker
 * threads and the calling thread (as {@link encodeParallel} does), yielding the ids piece by piece in
 * order; together they equal encoding the whole text at once. Chunks are gathered into pieces of
 * about `pieceSize` units, each ending at a safe cut (see `isSafeCut`), and a consumer slower than
 * the threads holds them back, so memory stays a few pieces per thread (`threads: 1` encodes the
 * pieces in turn in this thread). An encoding without proven cuts is encoded whole, in this thread.
 * For a file, `encodeFileStreamParallel` is faster (each thread reads and decodes its own parts) and
 * reports bytes that are not UTF-8 instead of reading them as U+FFFD.
 *
 * @example
 * ```ts
 * for await (const ids of encodeStreamParallel(enc, socketTextChunks, { ordinary: true }))
 *   total += ids.length;
 * ```
 */
export async function* encodeStreamParallel(
  encoding: Encoding,
  chunks: AsyncIterable<string> | Iterable<string>,
  options: ParallelEncodeOptions = {},
): AsyncGenerator<Uint32Array> {
  checkParallelOptions('encodeStreamParallel', options);
  if (!isCuttablePattern(encoding.patternSource)) {
    let text = '';
    for await (const chunk of chunks) text += chunk;
    yield encodeHere(encoding, text, options);
    return;
  }
  const pieceSize = options.pieceSize ?? DEFAULT_PIECE_SIZE;
  const edges = wordEdgesOf(encoding);
  const pieces = async function* () {
    // The text not yielded yet, as chunks, joined only when a piece is cut from it: a long stretch
    // without a safe place (minified JSON has no white space) is copied once, not once per chunk.
    let carry: string[] = [];
    let length = 0;
    // Where the search for the next cut resumes: text without a safe place is searched once.
    let searchFrom = pieceSize;
    for await (const chunk of chunks) {
      carry.push(chunk);
      length += chunk.length;
      while (length >= 2 * pieceSize) {
        // The text from two units before the search (what isSafeCut looks back at) to the end.
        const from = Math.max(pieceSize, searchFrom);
        const windowStart = Math.max(0, from - 2);
        const window = textFrom(carry, length, windowStart);
        let cut = -1;
        for (let at = from - windowStart; at < window.length - 1; at++)
          if (isSafeCut(window, at, edges)) {
            cut = windowStart + at;
            break;
          }
        if (cut < 0) {
          if (length > MAX_STRING_LENGTH) throw new RangeError(noCutMessage(length));
          searchFrom = length - 1;
          break;
        }
        const text = carry.join('');
        yield text.slice(0, cut);
        carry = [text.slice(cut)];
        length -= cut;
        searchFrom = pieceSize;
      }
    }
    if (length > 0) yield carry.join('');
  };
  // One thread: the same pieces, encoded here in turn (the text is never held whole).
  if (options.pool === undefined && options.threads === 1) {
    yield* encodePiecesHere(encoding, pieces(), options);
    return;
  }
  // A consumer slower than the threads holds them back: the ids of a few pieces wait, not all of them.
  yield* idStream((onIds) =>
    withPool(encoding, options, true, (pool) => pool.encodePieces(pieces(), options, onIds, true)),
  );
}

/** Why a stream of `units` UTF-16 units without a safe cut cannot be encoded. */
function noCutMessage(units: number): string {
  return `encodeStreamParallel: ${units.toLocaleString('en')} UTF-16 units of text without a place where it can be cut (white space, or an ASCII letter or digit before punctuation) are more than a JavaScript string holds (${MAX_STRING_LENGTH.toLocaleString('en')}): the split pattern may make all of it one piece, so it cannot be encoded in parts`;
}

/** The text of `chunks` (`length` units in all) from unit `start` on, read from the last chunks only. */
function textFrom(chunks: readonly string[], length: number, start: number): string {
  let first = chunks.length;
  let at = length;
  while (first > 0 && at > start) at -= chunks[--first]!.length;
  return chunks
    .slice(first)
    .join('')
    .slice(start - at);
}

/**
 * Encode many texts on worker threads, as tiktoken's `encode_batch` / `encode_ordinary_batch` do: the
 * `i`th result is `encoding.encode(texts[i], options)` (or `encodeOrdinary` with `ordinary: true`).
 * With `threads: 1` it encodes in the calling thread.
 *
 * @example
 * ```ts
 * await encodeBatch(enc, ['hello world', 'hi'], { threads: 2, ordinary: true }); // [[15339, 1917], [6151]]
 * ```
 */
export async function encodeBatch(
  encoding: Encoding,
  texts: readonly string[],
  options: ParallelEncodeOptions = {},
): Promise<number[][]> {
  checkParallelOptions('encodeBatch', options);
  if (options.pool === undefined && options.threads === 1)
    return texts.map((text) =>
      options.ordinary ? encoding.encodeOrdinary(text) : encoding.encode(text, encodeOptionsOf(options)),
    );
  return withPool(encoding, options, false, (pool) => pool.encodeTexts(texts, options));
}
