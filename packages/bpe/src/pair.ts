/**
 * The largest token id a pair key can hold, exclusive (2^21 = 2,097,152). Ids are packed two to a
 * number so that pair counts can live in a `Map<number, number>` without allocating a key per pair.
 *
 * @example
 * ```ts
 * MAX_TOKEN_ID; // 2097152
 * pairKey(256, 97) === 256 * MAX_TOKEN_ID + 97; // true
 * ```
 */
export const MAX_TOKEN_ID = 2 ** 21;

/**
 * Pack a pair of token ids into one number (`left * 2^21 + right`), the key minbpe writes as the
 * tuple `(left, right)`. Exact for every id below {@link MAX_TOKEN_ID}.
 *
 * @example
 * ```ts
 * unpackPair(pairKey(104, 105)); // [104, 105]
 * ```
 */
export function pairKey(left: number, right: number): number {
  return left * MAX_TOKEN_ID + right;
}

/**
 * The `[left, right]` ids of a key made by {@link pairKey}.
 *
 * @example
 * ```ts
 * unpackPair(pairKey(256, 32)); // [256, 32]
 * ```
 */
export function unpackPair(key: number): [number, number] {
  const right = key % MAX_TOKEN_ID;
  return [(key - right) / MAX_TOKEN_ID, right];
}

/**
 * The first repeated pair of `merges` as `[earlier index, later index]`, found by sorting the pair
 * keys (a Map keyed by pairs slows down past a few hundred thousand merges).
 *
 * @example
 * ```ts
 * findRepeatedPair([[97, 97], [98, 98], [97, 97]]); // [0, 2]
 * ```
 */
export function findRepeatedPair(
  merges: ReadonlyArray<readonly [number, number]>,
): [number, number] | undefined {
  const keys = new Float64Array(merges.length);
  for (let i = 0; i < merges.length; i++) keys[i] = pairKey(merges[i]![0], merges[i]![1]);
  const sorted = keys.slice().sort();
  let repeated = -1;
  for (let i = 1; i < sorted.length && repeated < 0; i++)
    if (sorted[i] === sorted[i - 1]) repeated = sorted[i]!;
  if (repeated < 0) return undefined;
  const first = keys.indexOf(repeated);
  return [first, keys.indexOf(repeated, first + 1)];
}
