/**
 * Fields of a trainer record's header (the tokens follow it). The records are 16-bit when every id fits
 * (so that the merges, which stream through most records early on, read half the memory), else 32-bit;
 * the two 32-bit fields are kept as 16-bit halves either way, so one code path reads both.
 */
export const LENGTH = 0; // current number of tokens held (at most a segment's bytes)
export const WEIGHT = 1; // and 2: the chunk's count (or, when some count does not fit 32 bits, the chunk's index)
export const SEGMENT = 3; // and 4: 0, or 1 + the segment number of a record of a long chunk
export const HEADER = 5;

/** Records of tokens: 16-bit when every id and segment length fits, else 32-bit. */
export type Records = Uint16Array | Int32Array;

/** Write a record's header at `o`: `segment` is -1 for a chunk of one record. */
export function writeHeader(data: Records, o: number, length: number, weight: number, segment: number): void {
  data[o + LENGTH] = length;
  writeHalves(data, o + WEIGHT, weight);
  writeHalves(data, o + SEGMENT, segment + 1);
}

/** Write the non-negative 31-bit `value` at `at` as its low and high 16 bits. */
function writeHalves(data: Records, at: number, value: number): void {
  data[at] = value & 0xffff;
  data[at + 1] = value >>> 16;
}

/** The value {@link writeHalves} wrote at `at`. */
export function readHalves(data: Records, at: number): number {
  return data[at]! | (data[at + 1]! << 16);
}

/** The segment number of record `o`, or -1 if it holds a whole chunk. */
export function segmentOf(data: Records, o: number): number {
  return readHalves(data, o + SEGMENT) - 1;
}

type TypedArrayOf<T> = {
  new (length: number): T;
  new (buffer: SharedArrayBuffer): T;
  BYTES_PER_ELEMENT: number;
};

/**
 * A zeroed typed array of `length` elements, in shared memory when `shared` (so that a helper thread
 * can merge records in it too).
 */
export function trainerArray<T>(type: TypedArrayOf<T>, length: number, shared: boolean): T {
  return shared ? new type(new SharedArrayBuffer(length * type.BYTES_PER_ELEMENT)) : new type(length);
}
