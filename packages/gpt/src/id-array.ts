import { LONGEST_PRESIZED_ARRAY, presizedArray } from '@tokenlab/core';

/**
 * Ids copied per call of the copy loop: many short calls, so that V8 compiles the loop once, with
 * type feedback for every line, instead of while one long call runs (see `CHUNK` in encoding.ts).
 */
const RUN = 1 << 11;

/**
 * `ids[0, count)` as a plain array, which V8 keeps fast at any length (see `presizedArray`: past 2^25
 * ids, a text of 89 MB of Arabic with cl100k, `new Array(count)` would be a dictionary, slow to fill).
 * `longestPresized` is for tests.
 *
 * @example
 * ```ts
 * idsToArray(Uint32Array.of(15339, 1917, 0), 2); // [15339, 1917]
 * ```
 */
export function idsToArray(
  ids: Uint32Array,
  count: number,
  longestPresized = LONGEST_PRESIZED_ARRAY,
): number[] {
  const out = presizedArray<number>(count, longestPresized);
  for (let from = 0; from < count; from += RUN) copyIds(ids, out, from, Math.min(count, from + RUN));
  return out;
}

function copyIds(ids: Uint32Array, out: number[], from: number, to: number): void {
  for (let i = from; i < to; i++) out[i] = ids[i]!;
}
