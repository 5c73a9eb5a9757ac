import type { PositionedChunks } from './chunk-store.js';
import { growArray, mappedArray } from './mapped-array.js';

const INITIAL = 1 << 12;
/** Slots a mapped store starts with: 8 MiB, no doubling below ~200,000 chunks. */
const MAPPED_SLOTS = 1 << 18;
/**
 * Slots fill to this fraction before the table doubles. Linear probing stays short at 0.8 for the chunks
 * that matter (the frequent ones come first and sit in their own slot), and a table that doubles later
 * stays in the processor's cache longer: a count worker's 190,000 English chunks fit in its first 8 MiB.
 */
const LOAD = 0.8;
/**
 * A slot's count is moved to `counts` when it reaches this, so it never overflows an int.
 *
 * @example
 * ```ts
 * if (++slots[at + 2]! === COUNT_SPILL) { counts[entry - 1]! += COUNT_SPILL; slots[at + 2] = 0; }
 * ```
 */
export const COUNT_SPILL = 1 << 30;

type Typed = Int32Array | Float64Array | Uint16Array | Uint8Array;

/**
 * What `ChunkStore` (chunks of a string) and `ByteChunkStore` (chunks of UTF-8 bytes) share: an
 * open-addressing hash table of distinct chunks in typed arrays, each chunk with its count and first
 * position, and the table's doubling and its reading out into {@link PositionedChunks} parts. The
 * stores add how a chunk's key is kept, compared and copied out.
 *
 * Slot s is the 8 ints at 8s (half a cache line): hash, chunk + 1 (0: empty), count, length, then four
 * ints of the store's key. Slots in use: the first 8 · (mask + 1) ints (a mapped array is longer).
 *
 * @example
 * ```ts
 * const store: ChunkSlots = new ByteChunkStore();
 * store.distinct; // 0
 * ```
 */
export abstract class ChunkSlots {
  /** @internal The slots (see the class comment). */
  protected slots: Int32Array;
  /** @internal Slots − 1: a hash's first slot is `hash & mask`. */
  protected mask: number;
  /** @internal Chunks at which the table doubles. */
  protected limit: number;
  /** @internal Each chunk's length in the store's units, in the order the chunks were added. */
  protected lengths: Int32Array;
  /** @internal Each chunk's count beyond what its slot holds (see {@link COUNT_SPILL}). */
  protected counts: Float64Array;
  /** @internal Each chunk's first position. */
  protected firsts: Float64Array;
  /** @internal Distinct chunks so far. */
  protected size = 0;
  /** @internal Whether every array is reserved at 32 MiB or more. */
  protected readonly mapped: boolean;

  /** `mapped`: reserve every array at 32 MiB or more (see `ChunkStore`). Default `false`. */
  constructor(options: { mapped?: boolean } = {}) {
    this.mapped = options.mapped ?? false;
    const slotCount = this.mapped ? MAPPED_SLOTS : INITIAL * 2;
    this.mask = slotCount - 1;
    this.limit = Math.floor(slotCount * LOAD);
    this.slots = this.array(Int32Array, slotCount * 8);
    this.lengths = this.array(Int32Array, INITIAL);
    this.counts = this.array(Float64Array, INITIAL);
    this.firsts = this.array(Float64Array, INITIAL);
  }

  /** @internal A zeroed array of `length` or more elements, mapped if the store is. */
  protected array<T extends Typed>(
    type: { new (length: number): T; readonly BYTES_PER_ELEMENT: number },
    length: number,
  ): T {
    return this.mapped ? mappedArray(type, length) : new type(length);
  }

  /** How many distinct chunks have been added. */
  get distinct(): number {
    return this.size;
  }

  /**
   * @internal Record a new chunk in the empty slot at int `at`, once the store has written its key there: its
   * hash, length `length` (in the store's units), a count of 1 and first position `position`.
   */
  protected record(at: number, hash: number, length: number, position: number): void {
    const c = this.size;
    if (c === this.lengths.length) {
      this.lengths = growArray(this.lengths, c + 1, this.mapped);
      this.counts = growArray(this.counts, c + 1, this.mapped);
      this.firsts = growArray(this.firsts, c + 1, this.mapped);
    }
    this.lengths[c] = length;
    this.counts[c] = 0;
    this.firsts[c] = position;
    const slots = this.slots;
    slots[at] = hash;
    slots[at + 1] = ++this.size;
    slots[at + 2] = 1;
    slots[at + 3] = length;
    if (this.size > this.limit) this.rehash();
  }

  private rehash(): void {
    const old = this.slots;
    const oldInts = (this.mask + 1) << 3;
    const mask = (this.mask << 1) | 1;
    const slots = this.array(Int32Array, oldInts * 2);
    for (let at = 0; at < oldInts; at += 8) {
      if (old[at + 1] === 0) continue;
      let slot = old[at]! & mask;
      while (slots[(slot << 3) + 1] !== 0) slot = (slot + 1) & mask;
      // Int by int: a subarray per slot would allocate a view for each of hundreds of thousands of chunks.
      const to = slot << 3;
      for (let k = 0; k < 8; k++) slots[to + k] = old[at + k]!;
    }
    this.slots = slots;
    this.mask = mask;
    this.limit = Math.floor((mask + 1) * LOAD);
  }

  /**
   * Replace the first positions of the chunks added since the store held `from` of them, in the order
   * they were added, by `map(position)` (which must keep them increasing): for positions measured
   * cheaply while counting and wanted in another measure (bytes on disk).
   */
  remapFirsts(from: number, map: (position: number) => number): void {
    for (let c = from; c < this.size; c++) this.firsts[c] = map(this.firsts[c]!);
  }

  /** The chunks as UTF-8, in the order they were first added (not sorted by position), in new arrays. */
  positioned(): PositionedChunks {
    return this.partitioned(1)[0]!;
  }

  /**
   * {@link ChunkSlots.positioned} split into `parts` tables (at most 256) by the chunks' hash: a chunk
   * goes to part `(hash >>> 0) % parts`, so equal chunks of several stores land in the same part, and
   * the parts of several stores can be added up part by part (on separate threads), with nothing to
   * add up between parts. Each part keeps the order the chunks were added in.
   */
  abstract partitioned(parts: number): PositionedChunks[];

  /**
   * @internal The start of {@link ChunkSlots.partitioned}: each chunk's total count (its slot's plus what
   * spilled into `counts`), the part it goes to, and each part's table, with room for `bytesPerUnit`
   * bytes per unit of its chunks' lengths; the store copies the keys, lengths, counts and firsts in.
   * Part `skip`, if given, gets an empty table (its chunks stay in the store, to be added up there).
   */
  protected partition(
    parts: number,
    bytesPerUnit: number,
    skip = -1,
  ): { totals: Float64Array; partOf: Uint8Array; tables: PositionedChunks[] } {
    if (!(parts >= 1 && parts <= 256)) throw new RangeError(`parts must be 1 to 256, not ${parts}`);
    const { size, slots } = this;
    const totals = new Float64Array(size);
    totals.set(this.counts.subarray(0, size));
    const partOf = new Uint8Array(size);
    for (let at = 0; at < (this.mask + 1) << 3; at += 8) {
      const entry = slots[at + 1]!;
      if (entry === 0) continue;
      totals[entry - 1]! += slots[at + 2]!;
      if (parts > 1) partOf[entry - 1] = (slots[at]! >>> 0) % parts;
    }
    const sizes = new Array<number>(parts).fill(0);
    const units = new Array<number>(parts).fill(0);
    for (let c = 0; c < size; c++) {
      sizes[partOf[c]!]!++;
      units[partOf[c]!]! += this.lengths[c]!;
    }
    // Exactly sized, never mapped: a worker hands them over, and 32 MiB reservations would each count as
    // 32 MiB of external memory to the garbage collectors of both threads, which collect early under that
    // pressure (a few MB of a worker's allocator arena cost less).
    const tables = sizes.map((n, part) =>
      part === skip
        ? emptyTable()
        : {
            bytes: new Uint8Array(units[part]! * bytesPerUnit),
            lengths: new Int32Array(n),
            counts: new Float64Array(n),
            firsts: new Float64Array(n),
          },
    );
    return { totals, partOf, tables };
  }
}

function emptyTable(): PositionedChunks {
  return {
    bytes: new Uint8Array(0),
    lengths: new Int32Array(0),
    counts: new Float64Array(0),
    firsts: new Float64Array(0),
  };
}
