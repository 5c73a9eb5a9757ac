import type { SharedPieceCacheMemory } from '../bpe/shared-piece-cache.js';
import type { SharedRankTable } from '../ranks/rank-table.js';
import { DisallowedSpecialTokenError, type EncodeOptions } from '../special-tokens.js';
import { FileTextError } from './file-text.js';

/**
 * What a worker needs to rebuild an encoding: its definition, with the rank table already built, in
 * shared memory (every worker reads the one table the main thread shared; none copies or rebuilds it).
 */
export interface EncodingTransfer {
  name: string;
  patternSource: string;
  ranks: SharedRankTable;
  specialTokens: Record<string, number>;
  /** The piece cache all the pool's threads share, when they share one. */
  pieceCache?: SharedPieceCacheMemory;
}

/**
 * A part of a UTF-8 file for one thread to read, decode and encode itself: the text is the file's
 * bytes `[textStart, textEnd)`, and this part runs from the first safe cut at or after `start` (see
 * `safeByteCut`; `textStart` itself when `start` is `textStart`) to the first at or after `end`
 * (`textEnd` itself when `end` is `textEnd`). Neighbouring parts compute the same cut, so the parts
 * cover the text once, each character in one part.
 *
 * @example
 * ```ts
 * // The second MiB of a 3 MiB file, as `encodeFileParallel` hands it to a thread:
 * const part: FileRange = { path: 'big.txt', textStart: 0, textEnd: 3 << 20, start: 1 << 20, end: 2 << 20 };
 * ```
 */
export interface FileRange {
  /** The UTF-8 file. */
  path: string;
  /** The first byte of the whole text. */
  textStart: number;
  /** The byte after the whole text. */
  textEnd: number;
  /** Where this part's search for its first cut begins. */
  start: number;
  /** Where the search for its last cut (the next part's first) begins. */
  end: number;
}

/**
 * Part `[start, end)` of a text the calling thread holds (never posted whole): a worker is sent a copy
 * of the part, the calling thread encodes it in place.
 *
 * @example
 * ```ts
 * const part: TextPart = { text: bigText, start: 0, end: 1 << 20 };
 * ```
 */
export interface TextPart {
  /** The whole text. */
  text: string;
  /** The part's first UTF-16 unit. */
  start: number;
  /** The unit after the part. */
  end: number;
}

/**
 * Encode `texts` one after another, or, with `range` (and no texts), that part of a file; `ordinary`
 * for `encodeOrdinary`, else `encode` with `options`.
 */
export interface EncodeJob {
  id: number;
  texts: string[];
  range?: FileRange;
  ordinary: boolean;
  options: EncodeOptions;
}

/**
 * The ids of a job's texts back to back, `lengths[i]` of them for `texts[i]` (one text for a file
 * range); `units`: the UTF-16 length of all the job's text (a file range's once decoded).
 */
export interface EncodeReply {
  id: number;
  ids?: Uint32Array;
  lengths?: Uint32Array;
  units?: number;
  error?: EncodeFailure;
}

/**
 * Why a job failed: a disallowed special token (its text index and offset in it), a file that could
 * not be read or is not UTF-8 (`inFile`: the message names the file and byte), or another error.
 */
export interface EncodeFailure {
  message: string;
  token?: string;
  text?: number;
  index?: number;
  inFile?: boolean;
}

/**
 * What a worker (or the calling thread, for its share) reports for an error thrown while encoding text
 * `text` of a job.
 *
 * @example
 * ```ts
 * failureOf(new Error('boom'), 2); // { message: 'boom', text: 2 }
 * ```
 */
export function failureOf(error: unknown, text: number): EncodeFailure {
  if (error instanceof DisallowedSpecialTokenError)
    return { message: error.message, token: error.token, index: error.index, text };
  if (error instanceof FileTextError) return { message: error.message, text, inFile: true };
  return { message: (error as Error).message, text };
}
