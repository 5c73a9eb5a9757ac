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
  if (tables.length === 0) return interleaveTwo(EMPTY, EMPTY);
  let result = tables[0]!;
  // Two at a time: one pass for the two count workers of a 2-core machine, with nothing but two cursors.
  for (let t = 1; t < tables.length; t++) result = interleaveTwo(result, tables[t]!);
  return tables.length === 1 ? interleaveTwo(result, EMPTY) : result;
}

const EMPTY: PositionedChunks = {
  bytes: new Uint8Array(0),
  lengths: new Int32Array(0),
  counts: new Float64Array(0),
  firsts: new Float64Array(0),
};

function interleaveTwo(a: PositionedChunks, b: PositionedChunks): PositionedChunks {
  const na = a.lengths.length;
  const nb = b.lengths.length;
  const n = na + nb;
  const bytes = new Uint8Array(a.bytes.length + b.bytes.length);
  const lengths = new Int32Array(n);
  const counts = new Float64Array(n);
  const firsts = new Float64Array(n);
  let i = 0;
  let j = 0;
  let fromA = 0;
  let fromB = 0;
  let used = 0;
  for (let k = 0; k < n; k++) {
    if (j === nb || (i < na && a.firsts[i]! <= b.firsts[j]!)) {
      const length = a.lengths[i]!;
      const source = a.bytes;
      for (const end = fromA + length; fromA < end; ) bytes[used++] = source[fromA++]!;
      lengths[k] = length;
      counts[k] = a.counts[i]!;
      firsts[k] = a.firsts[i++]!;
    } else {
      const length = b.lengths[j]!;
      const source = b.bytes;
      for (const end = fromB + length; fromB < end; ) bytes[used++] = source[fromB++]!;
      lengths[k] = length;
      counts[k] = b.counts[j]!;
      firsts[k] = b.firsts[j++]!;
    }
  }
  return { bytes, lengths, counts, firsts };
}
