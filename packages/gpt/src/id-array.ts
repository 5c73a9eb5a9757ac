/**
 * The longest array `new Array(length)` makes with fast elements in V8 (2^25): a longer one starts as
 * a dictionary, which took 1.6–3.0 s to fill with 36 M ids here against 0.3 s for the same ids
 * pushed past a presized head. An array grown by `push` keeps fast elements at any length.
 */
export const LONGEST_PRESIZED_ARRAY = 1 << 25;

/**
 * Ids copied per call of the copy loops: many short calls, so that V8 compiles each loop once, with
 * type feedback for every line, instead of while one long call runs (see `CHUNK` in encoding.ts).
 */
const RUN = 1 << 11;

/**
 * `ids[0, count)` as a plain array, built as fast as V8 allows at any length: presized up to
 * `longestPresized` elements, and past that presized to the length from which one growth by `push`
 * (V8 adds half the capacity and 16) holds them all, then pushed. `longestPresized` is for tests.
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
  const head = presizedLength(count, longestPresized);
  const out = new Array<number>(head);
  for (let from = 0; from < head; from += RUN) copyIds(ids, out, from, Math.min(head, from + RUN));
  for (let from = head; from < count; from += RUN) pushIds(ids, out, from, Math.min(count, from + RUN));
  return out;
}

function copyIds(ids: Uint32Array, out: number[], from: number, to: number): void {
  for (let i = from; i < to; i++) out[i] = ids[i]!;
}

function pushIds(ids: Uint32Array, out: number[], from: number, to: number): void {
  for (let i = from; i < to; i++) out.push(ids[i]!);
}

/**
 * How long {@link idsToArray} presizes an array of `count` elements: `count` itself up to
 * `longestPresized`, else the shortest length from which one growth by `push` reaches `count`, at most
 * `longestPresized`.
 *
 * @example
 * ```ts
 * presizedLength(1000); // 1000
 * presizedLength(36_000_000); // 23,999,990: one growth by push makes room for the rest
 * ```
 */
export function presizedLength(count: number, longestPresized = LONGEST_PRESIZED_ARRAY): number {
  return count <= longestPresized ? count : Math.min(longestPresized, Math.ceil((count - 16) / 1.5));
}
