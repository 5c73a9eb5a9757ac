/**
 * Node-only helpers of `@tokenlab/gpt` (file access, encoding on worker threads): kept out of the main entry so that the
 * package bundles for browsers.
 *
 * @example
 * ```ts
 * import { encodeBatch, encodeFileParallel, encodeParallel, loadTiktokenBpeFile } from '@tokenlab/gpt/node';
 * const ranks = await loadTiktokenBpeFile('cl100k_base.tiktoken');
 * const ids = await encodeParallel(enc, bigText, { threads: 2, ordinary: true });
 * const fileIds = await encodeFileParallel(enc, 'big.txt', { threads: 2, ordinary: true });
 * ```
 *
 * @packageDocumentation
 */
import { readFile } from 'node:fs/promises';
import { loadTiktokenBpe } from './ranks/load-tiktoken-bpe.js';
import type { RankTable } from './ranks/rank-table.js';

export type { PieceLookup } from './bpe/piece-cache.js';
export { SharedPieceCache, type SharedPieceCacheMemory } from './bpe/shared-piece-cache.js';
export { isSafeByteCut, safeByteCut } from './parallel/byte-cuts.js';
export {
  countFileTokensParallel,
  encodeFileParallel,
  encodeFileStreamParallel,
  type FileEncodeOptions,
} from './parallel/encode-file.js';
export { EncodePool, type EncodePoolOptions, type PoolEncodeOptions } from './parallel/encode-pool.js';
export { FileTextError } from './parallel/file-text.js';
export { IdBuffer, MAX_IDS } from './parallel/id-buffer.js';
export {
  encodeBatch,
  encodeParallel,
  encodeStreamParallel,
  type ParallelEncodeOptions,
} from './parallel/parallel-encode.js';
export type { FileRange, TextPart } from './parallel/protocol.js';
export { isCuttablePattern, isSafeCut, safeCuts } from './parallel/safe-cuts.js';

/**
 * Read a `.tiktoken` rank file from disk (see `loadTiktokenBpe`); errors name the file and line.
 *
 * @example
 * ```ts
 * const ranks = await loadTiktokenBpeFile('o200k_base.tiktoken');
 * ranks.size; // 199998
 * ```
 */
export async function loadTiktokenBpeFile(path: string): Promise<RankTable> {
  const bytes = await readFile(path);
  try {
    return loadTiktokenBpe(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}
