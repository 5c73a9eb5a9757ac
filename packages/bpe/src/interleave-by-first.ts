import type { PositionedChunks } from './chunk-store.js';

/**
 * One table of the chunks of `tables`, which hold different chunks and are each ordered by first
 * position, ordered by first position (ties, which disjoint parts of one text never have, go to the
 * earlier table): partitions added up separately, put back together in first-appearance order.
 *
 * @example
 * ```ts
 * const store = new ChunkStore();
 * store.add('the cat the', 0, 3, 0);
 * store.add('the cat the', 3, 7, 3);
 * interleaveByFirst(store.partitioned(2)).firsts; // Float64Array [0, 3]
 * ```
 */
export function interleaveByFirst(tables: readonly PositionedChunks[]): PositionedChunks {
  let n = 0;
  let byteCount = 0;
  for (const table of tables) {
    n += table.lengths.length;
    byteCount += table.bytes.length;
  }
  const bytes = new Uint8Array(byteCount);
  const lengths = new Int32Array(n);
  const counts = new Float64Array(n);
  const firsts = new Float64Array(n);
  const next = new Array<number>(tables.length).fill(0);
  const offsets = new Array<number>(tables.length).fill(0);
  let used = 0;
  for (let k = 0; k < n; k++) {
    let from = -1;
    let position = Number.POSITIVE_INFINITY;
    for (let t = 0; t < tables.length; t++) {
      const i = next[t]!;
      const table = tables[t]!;
      if (i < table.lengths.length && table.firsts[i]! < position) {
        position = table.firsts[i]!;
        from = t;
      }
    }
    const table = tables[from]!;
    const i = next[from]!++;
    const length = table.lengths[i]!;
    const offset = offsets[from]!;
    const source = table.bytes;
    for (let p = offset; p < offset + length; p++) bytes[used++] = source[p]!;
    offsets[from] = offset + length;
    lengths[k] = length;
    counts[k] = table.counts[i]!;
    firsts[k] = position;
  }
  return { bytes, lengths, counts, firsts };
}
