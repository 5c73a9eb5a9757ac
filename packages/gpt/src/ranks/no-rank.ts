/**
 * Rank reserved for "no such token": larger than any real rank.
 *
 * @example
 * ```ts
 * if (ranks.rankOf(bytes, 0, bytes.length) === NO_RANK) console.log('not a token');
 * ```
 */
export const NO_RANK = 0x7fffffff;
