/**
 * The OpenAI BPE encodings (`gpt2`, `r50k_base`, `p50k_base`, `p50k_edit`, `cl100k_base`,
 * `o200k_base`) in TypeScript, with ids equal to tiktoken's. Each encoding's rank data ships
 * with the package and loads on first use, through its own module.
 *
 * @example
 * ```ts
 * import { getEncoding } from '@tokenlab/gpt';
 * const enc = await getEncoding('cl100k_base');
 * enc.encode('hello world');   // [15339, 1917]
 * enc.countTokens('hello');    // 1
 * enc.decode([15339, 1917]);   // 'hello world'
 * ```
 *
 * @packageDocumentation
 */
export type { IdSink } from './bpe/byte-pair-merge.js';
export { Encoding, type EncodingDefinition } from './encoding.js';
export {
  encodingForModel,
  encodingNameForModel,
  MODEL_PREFIX_TO_ENCODING,
  MODEL_TO_ENCODING,
} from './models.js';
export { wordEdges } from './parallel/safe-cuts.js';
export {
  CL100K_PATTERN,
  CL100K_PATTERN_SOURCE,
  O200K_PATTERN,
  O200K_PATTERN_SOURCE,
  R50K_PATTERN,
  R50K_PATTERN_SOURCE,
  WHITE_SPACE,
} from './patterns.js';
export { loadTiktokenBpe } from './ranks/load-tiktoken-bpe.js';
export { type KernelSizes, MergeKernel } from './ranks/merge-kernel.js';
export {
  hashBytes,
  NO_RANK,
  RankTable,
  RepeatedTokenError,
  type SharedRankTable,
} from './ranks/rank-table.js';
export { TwoByteChars, type TwoByteCharsTables } from './ranks/two-byte-chars.js';
export { ENCODING_NAMES, type EncodingName, getEncoding, isEncodingName } from './registry.js';
export {
  type AllowedSpecial,
  type DisallowedSpecial,
  DisallowedSpecialTokenError,
  type EncodeOptions,
} from './special-tokens.js';
export { encodeStream, lastSafeCut, StreamEncoder } from './stream.js';
