/**
 * The longest array `new Array(length)` makes with fast elements in V8 (2^25): a longer one starts as
 * a dictionary, several times slower to fill than an array presized to 2^25 or less and written on
 * past its end, which V8 grows and keeps fast.
 *
 * @example
 * ```ts
 * LONGEST_PRESIZED_ARRAY; // 33554432
 * ```
 */
export const LONGEST_PRESIZED_ARRAY = 1 << 25;

/**
 * An empty array to fill by index, in order, with `length` elements: presized to `length` when V8
 * keeps such an array fast, else to the length from which one growth (V8 adds half and 16) holds
 * them all, at most {@link LONGEST_PRESIZED_ARRAY}; the writes past its end grow it, and it stays a
 * plain array. (`longestPresized` is for tests.)
 *
 * @example
 * ```ts
 * const source = Uint32Array.of(3, 1, 2);
 * const ids = presizedArray<number>(source.length);
 * for (let i = 0; i < source.length; i++) ids[i] = source[i]!;
 * ids; // [3, 1, 2]
 * ```
 */
export function presizedArray<T>(length: number, longestPresized = LONGEST_PRESIZED_ARRAY): T[] {
  return new Array<T>(presizedLength(length, longestPresized));
}

/**
 * How long {@link presizedArray} presizes an array of `length` elements.
 *
 * @example
 * ```ts
 * presizedLength(1000); // 1000
 * presizedLength(36_000_000); // 23999990: one growth makes room for the rest
 * ```
 */
export function presizedLength(length: number, longestPresized = LONGEST_PRESIZED_ARRAY): number {
  return length <= longestPresized ? length : Math.min(longestPresized, Math.ceil((length - 16) / 1.5));
}
