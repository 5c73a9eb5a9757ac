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
