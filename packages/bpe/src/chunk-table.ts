/**
 * The training input of the fast trainer: unique chunks as UTF-8 bytes laid end to end, in the order
 * of their first appearance in the text, each with how often it occurs.
 *
 * @example
 * ```ts
 * const table: ChunkTable = chunkTable(new Map([['ab', 2], [' c', 1]]));
 * table.counts; // Float64Array [2, 1]
 * trainMerges(table, 1).merges; // [[97, 98]]
 * ```
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
 * `countChunks`, or any iterable of `[chunk, count]`, the chunk as text or bytes); a table already
 * built (by `countFileTable`, say) is checked and returned as it is. Chunks of one
 * byte hold no pair and are left out; they can never change a merge.
 *
 * @example
 * ```ts
 * const table = chunkTable(new Map([['ab', 2], [' c', 1]]));
 * table.lengths; // Int32Array [2, 2]
 * ```
 */
export function chunkTable(
  chunks: Iterable<readonly [string | Uint8Array, number]> | ChunkTable,
): ChunkTable {
  if (!(Symbol.iterator in chunks)) {
    // Already a table (say from `countFileTable`): checked, not copied.
    let total = 0;
    for (let i = 0; i < chunks.counts.length; i++) {
      const count = chunks.counts[i]!;
      if (!Number.isInteger(count) || count < 0)
        throw new RangeError(`chunk count must be a non-negative integer, got ${count} for chunk ${i}`);
      total += chunks.lengths[i]!;
    }
    if (chunks.lengths.length !== chunks.counts.length || total !== chunks.bytes.length)
      throw new RangeError('chunk table: the lengths must add up to the bytes, one count per chunk');
    return chunks;
  }
  const entries: Array<readonly [string | Uint8Array, number]> = [];
  let capacity = 0;
  for (const entry of chunks) {
    const [chunk, count] = entry;
    if (!Number.isInteger(count) || count < 0)
      throw new RangeError(
        `chunk count must be a non-negative integer, got ${count} for ${JSON.stringify(chunk)}`,
      );
    if (count === 0) continue;
    entries.push(entry);
    capacity += typeof chunk === 'string' ? chunk.length * 3 : chunk.length;
  }
  // One buffer for everything: each chunk is encoded straight into place, with no array per chunk.
  let bytes = new Uint8Array(capacity);
  const lengths = new Int32Array(entries.length);
  const counts = new Float64Array(entries.length);
  let offset = 0;
  let kept = 0;
  for (const [chunk, count] of entries) {
    let length: number;
    if (typeof chunk === 'string') length = encoder.encodeInto(chunk, bytes.subarray(offset)).written;
    else {
      bytes.set(chunk, offset);
      length = chunk.length;
    }
    if (length < 2) continue;
    offset += length;
    lengths[kept] = length;
    counts[kept++] = count;
  }
  bytes = bytes.slice(0, offset);
  return { bytes, lengths: lengths.slice(0, kept), counts: counts.slice(0, kept) };
}
