import type { EncodeOptions } from '../special-tokens.js';

/**
 * What a worker needs to rebuild an encoding: its definition, with the rank table as the two arrays
 * it is made of (copied to each worker once, when the worker starts).
 */
export interface EncodingTransfer {
  name: string;
  patternSource: string;
  rankBytes: Uint8Array;
  rankOffsets: Uint32Array;
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
