import type { SharedRankTable } from '../ranks/rank-table.js';
import { DisallowedSpecialTokenError, type EncodeOptions } from '../special-tokens.js';

/**
 * What a worker needs to rebuild an encoding: its definition, with the rank table already built, in
 * shared memory (every worker reads the one table the main thread shared; none copies or rebuilds it).
 */
export interface EncodingTransfer {
  name: string;
  patternSource: string;
  ranks: SharedRankTable;
  specialTokens: Record<string, number>;
}

/** Encode `texts` one after another; `ordinary` for `encodeOrdinary`, else `encode` with `options`. */
export interface EncodeJob {
  id: number;
  texts: string[];
  ordinary: boolean;
  options: EncodeOptions;
}

/** The ids of a job's texts back to back, `lengths[i]` of them for `texts[i]`. */
export interface EncodeReply {
  id: number;
  ids?: Uint32Array;
  lengths?: Uint32Array;
  error?: EncodeFailure;
}

/** Why a job failed: a disallowed special token (its text index and offset in it) or another error. */
export interface EncodeFailure {
  message: string;
  token?: string;
  text?: number;
  index?: number;
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
  return error instanceof DisallowedSpecialTokenError
    ? { message: error.message, token: error.token, index: error.index, text }
    : { message: (error as Error).message, text };
}
