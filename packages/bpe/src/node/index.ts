/**
 * The Node-only side of `@tokenlab/bpe`: minbpe's `save`/`load` on disk, corpora streamed from files
 * (a 100 MB corpus is never one string), and chunk counting on worker threads with exactly the
 * single-thread result.
 *
 * @example
 * ```ts
 * import { RegexTokenizer } from '@tokenlab/bpe';
 * import { countFileChunks, loadModelFile, save } from '@tokenlab/bpe/node';
 * const tokenizer = new RegexTokenizer('gpt4');
 * tokenizer.trainFromCounts(await countFileChunks(['corpus.txt'], 'gpt4'), 32768);
 * await save(tokenizer, 'out/tok'); // out/tok.model, out/tok.vocab
 * const again = await loadModelFile('out/tok.model');
 * ```
 *
 * @packageDocumentation
 */

export { type CountFileOptions, countChunksParallel, countFileChunks, readCorpusBytes } from './corpus.js';
export { CorpusBytes } from './corpus-bytes.js';
export { type ByteRangeCounts, type ByteRangeOptions, countByteRange, rangeCut } from './count-byte-range.js';
export { countFileTable } from './count-file-table.js';
export { type CountTableOptions, countFileRanges, readableInRanges } from './count-files.js';
export { ChunkCountPool, type ChunkCountPoolOptions, type ChunkCountReply } from './count-workers.js';
export { type PairedFile, type WriteFilePairOptions, writeFilePair } from './file-pair.js';
export { type MergeHelperOptions, type NodeMergeHelper, startMergeHelper } from './merge-helper.js';
export { loadModelFile, save, verifyModelPair } from './model-io.js';
export { readTextBlocks, type TextBlockOptions } from './text-blocks.js';
export { workerProgram, workerProgramOptions } from './worker-program.js';
