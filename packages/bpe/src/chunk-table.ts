/**
 * The training input of the fast trainer: unique chunks as UTF-8 bytes laid end to end, in the order
 * of their first appearance in the text, each with how often it occurs.
 */
export interface ChunkTable {
  /** All chunks' bytes, concatenated. */
  bytes: Uint8Array;
  /** Byte length of each chunk. */
  lengths: Int32Array;
  /** How many times each chunk occurs (its weight in every pair count). */
  counts: Float64Array;
}

const encoder = new TextEncoder();

/**
 * Build a {@link ChunkTable} from chunk counts in first-appearance order (a `Map` from
 * `countChunks`, or any iterable of `[chunk, count]`, the chunk as text or bytes). Chunks of one
 * byte hold no pair and are left out; they can never change a merge.
 *
 * @example
 * ```ts
 * const table = chunkTable(new Map([['ab', 2], [' c', 1]]));
 * table.lengths; // Int32Array [2, 2]
 * ```
 */
export function chunkTable(chunks: Iterable<readonly [string | Uint8Array, number]>): ChunkTable {
  const parts: Uint8Array[] = [];
  const weights: number[] = [];
  let total = 0;
  for (const [chunk, count] of chunks) {
    if (!Number.isFinite(count) || count < 0 || !Number.isInteger(count))
      throw new RangeError(
        `chunk count must be a non-negative integer, got ${count} for ${JSON.stringify(chunk)}`,
      );
    if (count === 0) continue;
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    if (bytes.length < 2) continue;
    parts.push(bytes);
    weights.push(count);
    total += bytes.length;
  }
  const bytes = new Uint8Array(total);
  const lengths = new Int32Array(parts.length);
  let offset = 0;
  for (let i = 0; i < parts.length; i++) {
    bytes.set(parts[i]!, offset);
    offset += parts[i]!.length;
    lengths[i] = parts[i]!.length;
  }
  return { bytes, lengths, counts: Float64Array.from(weights) };
}
