import { ChunkSlots, COUNT_SPILL } from './chunk-slots.js';
import type { ChunkTable } from './chunk-table.js';
import { growArray, mappedArray } from './mapped-array.js';

/**
 * Distinct chunks as UTF-8 bytes laid end to end, each with its count and the position of its first
 * occurrence. Ordered by `firsts` it is a {@link ChunkTable} in first-appearance order, which is what
 * the trainer needs to break ties as minbpe does; the positions are what let counts made in any order
 * (pieces on several threads, shards on several machines) be put back in that order.
 *
 * @example
 * ```ts
 * const store = new ChunkStore();
 * store.add('the cat the', 0, 3, 0);
 * store.add('the cat the', 3, 7, 3);
 * store.add('the cat the', 7, 11, 7);
 * const chunks: PositionedChunks = store.positioned();
 * chunks.lengths; // Int32Array [3, 4, 4]
 * chunks.firsts; // Float64Array [0, 3, 7]
 * ```
 */
export interface PositionedChunks extends ChunkTable {
  /** Where each chunk first occurs (any increasing measure of position in the text). */
  firsts: Float64Array;
}

/**
 * The FNV-1a offset basis {@link chunkHash} starts from.
 *
 * @example
 * ```ts
 * chunkHash('', 0, 0) === CHUNK_HASH_SEED; // true
 * ```
 */
export const CHUNK_HASH_SEED = 0x811c9dc5;
/**
 * The FNV-1a prime {@link chunkHash} multiplies by after each UTF-16 unit.
 *
 * @example
 * ```ts
 * chunkHash('a', 0, 1) === Math.imul(CHUNK_HASH_SEED ^ 0x61, CHUNK_HASH_PRIME); // true
 * ```
 */
export const CHUNK_HASH_PRIME = 0x01000193;

/**
 * The hash a {@link ChunkStore} files the chunk `text[start, end)` under: 32-bit FNV-1a over its UTF-16
 * units (`hash = Math.imul(hash ^ unit, CHUNK_HASH_PRIME)` from `CHUNK_HASH_SEED`), so that a scanner can
 * compute it while it reads the chunk.
 *
 * @example
 * ```ts
 * chunkHash('the cat', 3, 7) === chunkHash(' cat', 0, 4); // true
 * ```
 */
export function chunkHash(text: string, start: number, end: number): number {
  let hash = CHUNK_HASH_SEED;
  for (let p = start; p < end; p++) hash = Math.imul(hash ^ text.charCodeAt(p), CHUNK_HASH_PRIME);
  return hash;
}

const INITIAL = 1 << 12;
/** Chunks of at most this many UTF-16 units are kept inside their slot. */
const SHORT = 8;

/**
 * An open-addressing hash table of distinct chunks held in typed arrays: a chunk is hashed straight
 * from the text it occurs in, and only a chunk seen for the first time is copied (its UTF-16 units, into
 * one growing array), so counting allocates nothing per chunk and its memory grows with the number of
 * distinct chunks, never with the text.
 *
 * A store filled on a worker thread should be made with `{ mapped: true }`: then every array it holds
 * (and those of its `positioned()` table) is reserved at 32 MiB or more, which C allocators map from
 * the system and give back when freed, instead of leaving it in the worker's allocator arena for the
 * rest of the process; pages never written take no memory.
 *
 * @example
 * ```ts
 * const store = new ChunkStore();
 * const text = 'the cat the';
 * store.add(text, 0, 3, 0);
 * store.add(text, 3, 7, 3);
 * store.add(text, 7, 11, 7);
 * store.distinct; // 3
 * ```
 */
export class ChunkStore extends ChunkSlots {
  // A slot's key (see ChunkSlots): the chunk's UTF-16 units two per int when it has at most SHORT of
  // them, else where its units start in `units`. A chunk is found, compared and counted in that one
  // line; only long chunks read `units`.
  private starts: Int32Array;
  private units: Uint16Array;
  private used = 0;

  /** `mapped`: reserve every array at 32 MiB or more (see the class comment). Default `false`. */
  constructor(options: { mapped?: boolean } = {}) {
    super(options);
    this.starts = this.array(Int32Array, INITIAL);
    this.units = this.array(Uint16Array, INITIAL * 8);
  }

  /**
   * Count the chunk `text[start, end)`, which occurs at `position`. Positions must not decrease from one
   * call to the next (a chunk's first position is the one it was first added with).
   */
  add(text: string, start: number, end: number, position: number): void {
    this.addHashed(text, start, end, chunkHash(text, start, end), position);
  }

  /**
   * {@link ChunkStore.add} for a caller that has already computed `hash`, which must be
   * `chunkHash(text, start, end)` (a scanner that hashes the units as it reads them).
   */
  addHashed(text: string, start: number, end: number, hash: number, position: number): void {
    const length = end - start;
    const { slots, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = slot << 3;
      const entry = slots[at + 1]!;
      if (entry === 0) {
        this.insert(at, text, start, length, hash, position);
        return;
      }
      if (slots[at] !== hash || slots[at + 3] !== length) continue;
      if (
        length <= SHORT
          ? this.sameShort(at + 4, text, start, end)
          : this.sameLong(at + 4, text, start, length)
      ) {
        if (++slots[at + 2]! === COUNT_SPILL) {
          this.counts[entry - 1]! += COUNT_SPILL;
          slots[at + 2] = 0;
        }
        return;
      }
    }
  }

  private sameShort(at: number, text: string, start: number, end: number): boolean {
    const slots = this.slots;
    let p = start;
    for (; p + 1 < end; p += 2, at++)
      if (slots[at] !== (text.charCodeAt(p) | (text.charCodeAt(p + 1) << 16))) return false;
    return p === end || slots[at] === text.charCodeAt(p);
  }

  private sameLong(at: number, text: string, start: number, length: number): boolean {
    const { units } = this;
    const from = this.slots[at]!;
    for (let k = 0; k < length; k++) if (units[from + k] !== text.charCodeAt(start + k)) return false;
    return true;
  }

  private insert(at: number, text: string, start: number, length: number, hash: number, position: number) {
    const c = this.size;
    if (c === this.starts.length) this.starts = growArray(this.starts, c + 1, this.mapped);
    if (this.used + length > this.units.length)
      this.units = growArray(this.units, this.used + length, this.mapped);
    const units = this.units;
    const from = this.used;
    for (let k = 0; k < length; k++) units[from + k] = text.charCodeAt(start + k);
    this.used += length;
    this.starts[c] = from;
    const slots = this.slots;
    if (length <= SHORT) {
      const end = start + length;
      let p = start;
      let w = at + 4;
      for (; p + 1 < end; p += 2) slots[w++] = text.charCodeAt(p) | (text.charCodeAt(p + 1) << 16);
      if (p < end) slots[w] = text.charCodeAt(p);
    } else slots[at + 4] = from;
    this.record(at, hash, length, position);
  }

  /**
   * The chunks as UTF-8 split into `parts` tables (at most 256) by the chunks' hash: a chunk goes to part
   * `(hash >>> 0) % parts`, so equal chunks of several stores land in the same part, and the parts of
   * several stores can be added up part by part (on separate threads). Each part keeps the order the
   * chunks were added in. The text must hold no lone surrogate (UTF-8 cannot encode one).
   */
  partitioned(parts: number): PositionedChunks[] {
    const { units, size, starts } = this;
    // Each UTF-16 unit takes at most 3 bytes of UTF-8 (a surrogate pair, two units, takes 4).
    const { totals, partOf, tables } = this.partition(parts, 3);
    const next = new Array<number>(parts).fill(0);
    const written = new Array<number>(parts).fill(0);
    for (let c = 0; c < size; c++) {
      const part = partOf[c]!;
      const table = tables[part]!;
      const bytes = table.bytes;
      const k = next[part]!++;
      let w = written[part]!;
      const from = w;
      const end = starts[c]! + this.lengths[c]!;
      for (let p = starts[c]!; p < end; p++) {
        const unit = units[p]!;
        if (unit < 0x80) bytes[w++] = unit;
        else if (unit < 0x800) {
          bytes[w++] = 0xc0 | (unit >> 6);
          bytes[w++] = 0x80 | (unit & 0x3f);
        } else if (unit >= 0xd800 && unit <= 0xdbff && p + 1 < end) {
          const point = 0x10000 + ((unit - 0xd800) << 10) + (units[++p]! - 0xdc00);
          bytes[w++] = 0xf0 | (point >> 18);
          bytes[w++] = 0x80 | ((point >> 12) & 0x3f);
          bytes[w++] = 0x80 | ((point >> 6) & 0x3f);
          bytes[w++] = 0x80 | (point & 0x3f);
        } else {
          bytes[w++] = 0xe0 | (unit >> 12);
          bytes[w++] = 0x80 | ((unit >> 6) & 0x3f);
          bytes[w++] = 0x80 | (unit & 0x3f);
        }
      }
      written[part] = w;
      table.lengths[k] = w - from;
      table.counts[k] = totals[c]!;
      table.firsts[k] = this.firsts[c]!;
    }
    return tables.map((table, part) => ({
      ...table,
      bytes: table.bytes.slice(0, written[part]),
    }));
  }
}

/**
 * Add up positioned chunk tables (counts of pieces of one text, or of shards of a corpus, in any order):
 * a chunk's counts are summed and its first position is the smallest; the result is ordered by first
 * position, so it is a {@link ChunkTable} in first-appearance order, ready for `trainMerges`. Parts
 * that are each already in increasing position order (a store's table, when its positions increased)
 * are merged by walking them together, with no sort.
 *
 * @example
 * ```ts
 * const a = new ChunkStore();
 * a.add('b a', 1, 3, 1);
 * const b = new ChunkStore();
 * b.add('b a', 0, 1, 0);
 * b.add('b a', 1, 3, 1);
 * const all = mergePositionedChunks([a.positioned(), b.positioned()]);
 * all.counts; // Float64Array [1, 2]: 'b' first, then ' a'
 * ```
 */
export function mergePositionedChunks(
  parts: readonly PositionedChunks[],
  options: { mapped?: boolean } = {},
): PositionedChunks {
  const alloc: Alloc = options.mapped ? mappedArray : (type, length) => new type(length);
  if (parts.every(isStrictlyOrdered)) {
    const merged = parts.length === 1 ? parts[0]! : unionInOrder(parts, alloc);
    if (merged !== undefined) return merged;
  }
  const merged = parts.length === 1 ? parts[0]! : unionByBytes(parts, alloc);
  return orderByFirst(merged, alloc);
}

function isStrictlyOrdered(part: PositionedChunks): boolean {
  const { firsts } = part;
  for (let i = 1; i < firsts.length; i++) if (!(firsts[i]! > firsts[i - 1]!)) return false;
  return true;
}

/**
 * The union of parts that are each in strictly increasing first position (as a store's table is when
 * its positions increased, which the count workers' do), walked together in position order: a chunk
 * met for the first time is met at its smallest position, so the union comes out ordered, with no sort
 * and no reordering copy. `undefined` if two parts hold the same position (overlapping parts, whose
 * ties only the general path orders as it always has).
 */
function unionInOrder(parts: readonly PositionedChunks[], alloc: Alloc): PositionedChunks | undefined {
  const union = new ChunkUnion(parts, alloc);
  const next = new Array<number>(parts.length).fill(0);
  const offsets = new Array<number>(parts.length).fill(0);
  for (;;) {
    let from = -1;
    let position = Number.POSITIVE_INFINITY;
    for (let p = 0; p < parts.length; p++) {
      const i = next[p]!;
      if (i === parts[p]!.lengths.length) continue;
      const first = parts[p]!.firsts[i]!;
      if (first === position) return undefined;
      if (first < position) {
        position = first;
        from = p;
      }
    }
    if (from < 0) break;
    const part = parts[from]!;
    const i = next[from]!++;
    const offset = offsets[from]!;
    const length = part.lengths[i]!;
    offsets[from] = offset + length;
    union.add(part.bytes, offset, length, part.counts[i]!, position);
  }
  return union.result();
}

type Alloc = <T extends Int32Array | Uint32Array | Float64Array | Uint16Array | Uint8Array>(
  type: { new (length: number): T; readonly BYTES_PER_ELEMENT: number },
  length: number,
) => T;

/** One table holding every distinct chunk of `parts` (in no particular order). */
function unionByBytes(parts: readonly PositionedChunks[], alloc: Alloc): PositionedChunks {
  const union = new ChunkUnion(parts, alloc);
  for (const part of parts) {
    let offset = 0;
    for (let i = 0; i < part.lengths.length; i++) {
      const length = part.lengths[i]!;
      union.add(part.bytes, offset, length, part.counts[i]!, part.firsts[i]!);
      offset += length;
    }
  }
  return union.result();
}

/**
 * The distinct chunks of several tables, added one entry at a time: the counts of equal chunks are
 * summed and the smallest first position kept; chunks stay in the order they were first added.
 */
class ChunkUnion {
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly hashes: Int32Array;
  private readonly starts: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly lengths: Int32Array;
  private readonly counts: Float64Array;
  private readonly firsts: Float64Array;
  private size = 0;
  private used = 0;

  /** Sized for all of `parts`' chunks, so it never grows. */
  constructor(parts: readonly PositionedChunks[], alloc: Alloc) {
    let capacity = 0;
    let bytesCapacity = 0;
    for (const part of parts) {
      capacity += part.lengths.length;
      bytesCapacity += part.bytes.length;
    }
    let slotCount = 16;
    while (slotCount < capacity * 2) slotCount *= 2;
    this.slots = alloc(Int32Array, slotCount);
    this.mask = slotCount - 1;
    this.hashes = alloc(Int32Array, capacity);
    this.starts = alloc(Int32Array, capacity);
    this.bytes = alloc(Uint8Array, bytesCapacity);
    this.lengths = alloc(Int32Array, capacity);
    this.counts = alloc(Float64Array, capacity);
    this.firsts = alloc(Float64Array, capacity);
  }

  /** Add the chunk `source[offset, offset + length)`, seen `count` times, first at `first`. */
  add(source: Uint8Array, offset: number, length: number, count: number, first: number): void {
    const { slots, mask, hashes, lengths, bytes } = this;
    let hash = 0x811c9dc5;
    for (let p = offset; p < offset + length; p++) hash = Math.imul(hash ^ source[p]!, 0x01000193);
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === 0) {
        const c = this.size++;
        bytes.set(source.subarray(offset, offset + length), this.used);
        hashes[c] = hash;
        this.starts[c] = this.used;
        lengths[c] = length;
        this.counts[c] = count;
        this.firsts[c] = first;
        this.used += length;
        slots[slot] = c + 1;
        return;
      }
      const c = entry - 1;
      if (
        hashes[c] === hash &&
        lengths[c] === length &&
        sameBytes(bytes, this.starts[c]!, source, offset, length)
      ) {
        this.counts[c] += count;
        if (first < this.firsts[c]!) this.firsts[c] = first;
        return;
      }
    }
  }

  /** The union, as views of its arrays. */
  result(): PositionedChunks {
    return {
      bytes: this.bytes.subarray(0, this.used),
      lengths: this.lengths.subarray(0, this.size),
      counts: this.counts.subarray(0, this.size),
      firsts: this.firsts.subarray(0, this.size),
    };
  }
}

function sameBytes(a: Uint8Array, at: number, b: Uint8Array, bt: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (a[at + k] !== b[bt + k]) return false;
  return true;
}

/** The same chunks, ordered by first position. */
function orderByFirst(table: PositionedChunks, alloc: Alloc): PositionedChunks {
  const n = table.lengths.length;
  const order = alloc(Uint32Array, n).subarray(0, n);
  for (let i = 0; i < n; i++) order[i] = i;
  const { firsts } = table;
  order.sort((a, b) => firsts[a]! - firsts[b]!);
  const offsets = alloc(Float64Array, n);
  for (let i = 0, offset = 0; i < n; i++) {
    offsets[i] = offset;
    offset += table.lengths[i]!;
  }
  const bytes = alloc(Uint8Array, table.bytes.length).subarray(0, table.bytes.length);
  const lengths = alloc(Int32Array, n).subarray(0, n);
  const counts = alloc(Float64Array, n).subarray(0, n);
  const sorted = alloc(Float64Array, n).subarray(0, n);
  let w = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const length = table.lengths[i]!;
    bytes.set(table.bytes.subarray(offsets[i]!, offsets[i]! + length), w);
    w += length;
    lengths[k] = length;
    counts[k] = table.counts[i]!;
    sorted[k] = firsts[i]!;
  }
  return { bytes, lengths, counts, firsts: sorted };
}
