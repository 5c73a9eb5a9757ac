/**
 * Byte-level BPE, exactly as minbpe: `BasicTokenizer` and `RegexTokenizer` with the same merges in the
 * same order, the same ids from `encode`, and the same `.model`/`.vocab` files, trained by a fast
 * incremental trainer (with the plain reference trainer beside it), plus exports to tiktoken and
 * Hugging Face formats. Node-only helpers (files, worker threads) are in `@tokenlab/bpe/node`.
 *
 * @example
 * ```ts
 * import { RegexTokenizer, modelFileText } from '@tokenlab/bpe';
 * const tokenizer = new RegexTokenizer('gpt4');
 * tokenizer.train(text, 512);
 * tokenizer.encode('hello world');
 * modelFileText(tokenizer); // 'minbpe v1\n...'
 * ```
 *
 * @packageDocumentation
 */
export { BasicTokenizer } from './basic.js';
export {
  BpeTokenizer,
  type EncodeOptions,
  type MergeRule,
  type SpecialTokens,
  type TokenizerTrainOptions,
  type TrainSummary,
} from './bpe-tokenizer.js';
export { type ChunkCounts, countChunks, mergeChunkCounts } from './chunk-counts.js';
export { ChunkStore, mergePositionedChunks, type PositionedChunks } from './chunk-store.js';
export { type ChunkTable, chunkTable } from './chunk-table.js';
export { encodeChunk } from './encode-chunk.js';
export {
  byteToUnicode,
  huggingFaceExport,
  huggingFaceFromRanks,
  patternName,
  type TiktokenExport,
  tiktokenExport,
} from './export.js';
export { trainMerges, warmUpTrainer } from './fast-trainer.js';
export type { HelperNotes, MergeHelper } from './merge-helper.js';
export { MergeTable } from './merge-table.js';
export {
  loadModel,
  MODEL_VERSION,
  ModelFileError,
  modelFileText,
  type ParsedModel,
  parseModel,
  vocabFileText,
} from './model-file.js';
export { MAX_TOKEN_ID, pairKey, unpackPair } from './pair.js';
export {
  GPT2_PYTHON_PATTERN,
  GPT2_SPLIT_PATTERN,
  GPT4_PYTHON_PATTERN,
  GPT4_SPLIT_PATTERN,
} from './patterns.js';
export {
  type PieceScanner,
  scanCl100kPiece,
  scanO200kPiece,
  scanR50kPiece,
} from './piece-scanners.js';
export type { MergeArrays, MergeNotes } from './record-merger.js';
export { trainMergesReference } from './reference-trainer.js';
export { type FromMergesOptions, type MergesInput, RegexTokenizer } from './regex-tokenizer.js';
export { type ScannedCounts, type ScanSpec, scanCountChunks } from './scan-count.js';
export { type AllowedSpecial, DisallowedSpecialTokenError } from './special-tokens.js';
export { type DroppedText, type PatternSpec, SplitPattern } from './split-pattern.js';
export { getStats, merge } from './stats.js';
export { trainFromCounts } from './train-from-counts.js';
export type { MergeEvent, TrainOptions, TrainProgress, TrainResult } from './train-progress.js';
