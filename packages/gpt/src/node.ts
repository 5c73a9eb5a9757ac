/**
 * Node-only helpers of `@tokenlab/gpt` (file access): kept out of the main entry so that the
 * package bundles for browsers.
 *
 * @example
 * ```ts
 * import { loadTiktokenBpeFile } from '@tokenlab/gpt/node';
 * const ranks = await loadTiktokenBpeFile('cl100k_base.tiktoken');
 * ```
 *
 * @packageDocumentation
 */
import { readFile } from 'node:fs/promises';
import { loadTiktokenBpe } from './ranks/load-tiktoken-bpe.js';
import type { RankTable } from './ranks/rank-table.js';

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
