import type { PositionedChunks } from './chunk-store.js';

// A BOM at a chunk's start is part of the chunk: keep it.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * A table as `[chunk, count, first]` rows, in its order, for the tests to compare whole.
 *
 * @example
 * ```ts
 * positionedRows(store.positioned()); // [['the', 2, 0], [' cat', 1, 3]]
 * ```
 */
export function positionedRows(table: PositionedChunks): Array<[string, number, number]> {
  const rows: Array<[string, number, number]> = [];
  for (let i = 0, offset = 0; i < table.lengths.length; offset += table.lengths[i]!, i++)
    rows.push([
      decoder.decode(table.bytes.subarray(offset, offset + table.lengths[i]!)),
      table.counts[i]!,
      table.firsts[i]!,
    ]);
  return rows;
}
