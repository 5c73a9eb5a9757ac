/** Bytes from which C allocators hand out memory mapped straight from the system (glibc's largest threshold). */
const MAPPED_BYTES = 32 << 20;

type TypedArray = Int32Array | Uint32Array | Float64Array | Uint16Array | Uint8Array;

/**
 * A zeroed typed array of at least `length` elements, reserved at no less than 32 MiB. An allocation
 * that large is mapped from the system and unmapped when freed, and its pages only take memory once
 * written; a smaller one comes from the allocator's arena of the thread that made it, and when a worker
 * thread frees it there, the memory mostly stays with that arena for the rest of the process. Counting
 * on worker threads therefore keeps its big, growing tables out of the arenas this way.
 *
 * @example
 * ```ts
 * const counts = mappedArray(Float64Array, 1000); // 4 Mi elements reserved, a few pages used
 * counts.length >= 1000; // true
 * ```
 */
export function mappedArray<T extends TypedArray>(
  type: { new (length: number): T; readonly BYTES_PER_ELEMENT: number },
  length: number,
): T {
  return new type(Math.max(length, Math.ceil(MAPPED_BYTES / type.BYTES_PER_ELEMENT)));
}

/**
 * `array`'s elements in a typed array of the same type and at least `length` elements (doubling, so
 * that growing one element at a time stays linear), a {@link mappedArray} if `mapped`.
 *
 * @example
 * ```ts
 * let ids = mappedArray(Int32Array, 0);
 * ids = growArray(ids, ids.length + 1, true); // twice as long, the old elements kept
 * ```
 */
export function growArray<T extends TypedArray>(array: T, length: number, mapped: boolean): T {
  let size = Math.max(1, array.length * 2);
  while (size < length) size *= 2;
  const type = array.constructor as { new (length: number): T; readonly BYTES_PER_ELEMENT: number };
  const grown = mapped ? mappedArray(type, size) : new type(size);
  grown.set(array as never);
  return grown;
}
