import { pairKey } from './pair.js';

/**
 * Count every adjacent pair of ids, overlaps included (`[97, 97, 97]` has the pair (97, 97) twice),
 * adding to `counts` when given. Keys are {@link pairKey}s; a `Map` keeps insertion order, so the
 * first key of a given count is the pair that occurs first, which is how minbpe breaks ties.
 * minbpe's `get_stats`.
 *
 * @example
 * ```ts
 * const stats = getStats([1, 2, 3, 1, 2]);
 * stats.get(pairKey(1, 2)); // 2
 * ```
 */
export function getStats(
  ids: ArrayLike<number>,
  counts: Map<number, number> = new Map(),
): Map<number, number> {
  for (let i = 0; i + 1 < ids.length; i++) {
    const key = pairKey(ids[i]!, ids[i + 1]!);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Replace every occurrence of the pair `(left, right)` in `ids` with `newId`, scanning left to right
 * without overlaps (`[97, 97, 97]` merging (97, 97) gives `[newId, 97]`). minbpe's `merge`.
 *
 * @example
 * ```ts
 * merge([1, 2, 3, 1, 2], [1, 2], 4); // [4, 3, 4]
 * ```
 */
export function merge(ids: ArrayLike<number>, pair: readonly [number, number], newId: number): number[] {
  const [left, right] = pair;
  const out: number[] = [];
  let i = 0;
  while (i < ids.length) {
    if (ids[i] === left && i + 1 < ids.length && ids[i + 1] === right) {
      out.push(newId);
      i += 2;
    } else {
      out.push(ids[i]!);
      i += 1;
    }
  }
  return out;
}
