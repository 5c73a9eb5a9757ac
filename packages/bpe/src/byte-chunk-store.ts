import { ChunkSlots, COUNT_SPILL } from './chunk-slots.js';
import type { PositionedChunks } from './chunk-store.js';
import { growArray } from './mapped-array.js';

/**
 * The FNV-1a offset basis {@link utf8ChunkHash} starts from.
 *
 * @example
 * ```ts
 * utf8ChunkHash(new Uint8Array(0), 0, 0) === UTF8_HASH_SEED; // true
 * ```
 */
export const UTF8_HASH_SEED = 0x811c9dc5;
/**
 * The FNV-1a prime {@link utf8ChunkHash} multiplies by after each byte.
 *
 * @example
 * ```ts
 * utf8ChunkHash(Uint8Array.of(0x61), 0, 1) === Math.imul(UTF8_HASH_SEED ^ 0x61, UTF8_HASH_PRIME); // true
 * ```
 */
export const UTF8_HASH_PRIME = 0x01000193;

/**
 * The hash a {@link ByteChunkStore} files the chunk `bytes[start, end)` under: 32-bit FNV-1a over its
 * UTF-8 bytes, so that a scanner can compute it while it reads the chunk.
 *
 * @example
 * ```ts
 * const bytes = new TextEncoder().encode('the cat');
 * utf8ChunkHash(bytes, 3, 7) === utf8ChunkHash(new TextEncoder().encode(' cat'), 0, 4); // true
 * ```
 */
export function utf8ChunkHash(bytes: Uint8Array, start: number, end: number): number {
  let hash = UTF8_HASH_SEED;
  for (let p = start; p < end; p++) hash = Math.imul(hash ^ bytes[p]!, UTF8_HASH_PRIME);
  return hash;
}

const INITIAL_BYTES = 1 << 16;
/** Chunks of at most this many bytes are kept inside their slot. */
const SHORT = 16;

/** The (at most) four bytes from `bytes[at]` of the `left` still to compare, as one int (first byte lowest). */
function packed(bytes: Uint8Array, at: number, left: number): number {
  let word = bytes[at]!;
  if (left > 1) word |= bytes[at + 1]! << 8;
  if (left > 2) word |= bytes[at + 2]! << 16;
  if (left > 3) word |= bytes[at + 3]! << 24;
  return word;
}

/**
 * An open-addressing hash table of distinct chunks given as UTF-8 bytes (`ChunkStore`'s twin for
 * counting straight from a file's bytes): a chunk is hashed and compared where it lies in the bytes
 * read, and only a chunk seen for the first time is copied, into one growing array in the order the
 * chunks first came, which is already the layout of a {@link PositionedChunks} table. Counting
 * allocates nothing per chunk and memory grows with the distinct chunks, never with the text.
 *
 * `{ mapped: true }` reserves every array at 32 MiB or more, for a store filled on a worker thread
 * (see `ChunkStore`).
 *
 * @example
 * ```ts
 * const store = new ByteChunkStore();
 * const bytes = new TextEncoder().encode('the cat the');
 * store.add(bytes, 0, 3, 0);
 * store.add(bytes, 3, 7, 3);
 * store.add(bytes, 7, 11, 7);
 * store.distinct; // 3
 * ```
 */
export class ByteChunkStore extends ChunkSlots {
  // A slot's key (see ChunkSlots): the chunk's bytes when it has at most SHORT of them (four per int,
  // see `packed`), else where its bytes start in `bytes`. A chunk is found, compared and counted in that
  // one line.
  private bytes: Uint8Array;
  private used = 0;

  /** `mapped`: reserve every array at 32 MiB or more. Default `false`. */
  constructor(options: { mapped?: boolean } = {}) {
    super(options);
    this.bytes = this.array(Uint8Array, INITIAL_BYTES);
  }

  /**
   * Count the chunk `bytes[start, end)` (UTF-8), which occurs at `position`. Positions must not
   * decrease from one call to the next (a chunk's first position is the one it was first added with).
   */
  add(bytes: Uint8Array, start: number, end: number, position: number): void {
    this.addHashed(bytes, start, end, utf8ChunkHash(bytes, start, end), position);
  }

  /** {@link ByteChunkStore.add} for a caller that has computed `hash = utf8ChunkHash(bytes, start, end)`. */
  addHashed(bytes: Uint8Array, start: number, end: number, hash: number, position: number): void {
    const length = end - start;
    const { slots, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = slot << 3;
      const entry = slots[at + 1]!;
      if (entry === 0) {
        this.insert(at, bytes, start, length, hash, position);
        return;
      }
      if (slots[at] !== hash || slots[at + 3] !== length) continue;
      if (this.same(at, bytes, start, length)) {
        if (++slots[at + 2]! === COUNT_SPILL) {
          this.counts[entry - 1]! += COUNT_SPILL;
          slots[at + 2] = 0;
        }
        return;
      }
    }
  }

  private same(at: number, bytes: Uint8Array, start: number, length: number): boolean {
    if (length > SHORT) return this.sameLong(this.slots[at + 4]!, bytes, start, length);
    const slots = this.slots;
    for (let k = 0, w = at + 4; k < length; k += 4, w++)
      if (slots[w] !== packed(bytes, start + k, length - k)) return false;
    return true;
  }

  private sameLong(from: number, bytes: Uint8Array, start: number, length: number): boolean {
    const held = this.bytes;
    for (let k = 0; k < length; k++) if (held[from + k] !== bytes[start + k]) return false;
    return true;
  }

  private insert(
    at: number,
    bytes: Uint8Array,
    start: number,
    length: number,
    hash: number,
    position: number,
  ) {
    if (this.used + length > this.bytes.length)
      this.bytes = growArray(this.bytes, this.used + length, this.mapped);
    const from = this.used;
    const own = this.bytes;
    for (let k = 0; k < length; k++) own[from + k] = bytes[start + k]!;
    this.used += length;
    const slots = this.slots;
    if (length <= SHORT) {
      for (let k = 0, w = at + 4; k < length; k += 4, w++) slots[w] = packed(bytes, start + k, length - k);
    } else slots[at + 4] = from;
    this.record(at, hash, length, position);
  }

  /**
   * The chunks as UTF-8 split into `parts` tables (at most 256) by the chunks' hash: a chunk goes to part
   * `(hash >>> 0) % parts`, so equal chunks of several stores land in the same part, and the parts of
   * several stores can be added up part by part (on separate threads). Each part keeps the order the
   * chunks were added in.
   */
  partitioned(parts: number): PositionedChunks[] {
    const { bytes, size, lengths } = this;
    const { totals, partOf, tables } = this.partition(parts, 1);
    const next = new Array<number>(parts).fill(0);
    const written = new Array<number>(parts).fill(0);
    for (let c = 0, read = 0; c < size; c++) {
      const part = partOf[c]!;
      const table = tables[part]!;
      const out = table.bytes;
      const k = next[part]!++;
      const length = lengths[c]!;
      let w = written[part]!;
      for (let end = read + length; read < end; ) out[w++] = bytes[read++]!;
      written[part] = w;
      table.lengths[k] = length;
      table.counts[k] = totals[c]!;
      table.firsts[k] = this.firsts[c]!;
    }
    return tables;
  }
}
