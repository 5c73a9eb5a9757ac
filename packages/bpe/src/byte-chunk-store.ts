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
/** How many chunks ahead {@link ByteChunkStore.sumShares} reads a slot, to overlap the lookups' misses. */
const LOOK_AHEAD = 8;
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
  /** The part {@link ByteChunkStore.splitShares} kept, until {@link ByteChunkStore.sumShares}. */
  private kept: KeptPart | undefined;
  /** Keeps the look-ahead reads of `sumShares` from being optimised away. */
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: only written, so that the reads it sums stay in the compiled loop
  private sink = 0;

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

  /**
   * The chunk `bytes[start, start + length)` (hashed `hash`): its index in the store, or if the store
   * does not hold it, −1 when `position` is negative, else its index once added at `position`.
   */
  private entryOf(bytes: Uint8Array, start: number, length: number, hash: number, position: number): number {
    const { slots, mask } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = slot << 3;
      const entry = slots[at + 1]!;
      if (entry === 0) {
        if (position < 0) return -1;
        this.insert(at, bytes, start, length, hash, position);
        return this.size - 1;
      }
      if (slots[at] === hash && slots[at + 3] === length && this.same(at, bytes, start, length))
        return entry - 1;
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
   * The first half of adding up several stores (counts of disjoint parts of one text) part by part, with
   * this store adding up part `keep` of `parts`: {@link ByteChunkStore.partitioned}'s tables, except that
   * part `keep`'s is empty, since its chunks stay here. The other stores' tables of part `keep` are then
   * added into this one by {@link ByteChunkStore.sumShares}. Nothing may be added after this.
   *
   * @example
   * ```ts
   * const [a, b] = [new ByteChunkStore(), new ByteChunkStore()];
   * const text = new TextEncoder().encode('the cat the');
   * a.add(text, 0, 3, 0);
   * b.add(text, 3, 7, 3);
   * b.add(text, 7, 11, 7);
   * const [fromA, fromB] = [a.splitShares(2, 0), b.splitShares(2, 1)];
   * const sums = [a.sumShares([fromB[0]!]), b.sumShares([fromA[1]!])];
   * interleaveByFirst(sums).counts; // Float64Array [2, 1]: 'the', ' cat'
   * ```
   */
  splitShares(parts: number, keep: number): PositionedChunks[] {
    if (!(Number.isInteger(keep) && keep >= 0 && keep < parts))
      throw new RangeError(`keep must be a part below ${parts}, not ${keep}`);
    const { size, lengths } = this;
    const { totals, partOf, tables } = this.partition(parts, 1, keep);
    // These die with the store's thread: plain arrays (see mappedArray for the ones that are handed over).
    const chunks = new Int32Array(size);
    const starts = new Int32Array(size);
    let count = 0;
    let keptBytes = 0;
    this.copyParts(partOf, totals, tables, keep, (c, read) => {
      chunks[count] = c;
      starts[count++] = read;
      keptBytes += lengths[c]!;
    });
    this.kept = { chunks, starts, count, bytes: keptBytes, totals, size };
    return tables;
  }

  /**
   * The second half of {@link ByteChunkStore.splitShares}: the part this store kept, with `shares` (the
   * other stores' tables of that part, each in increasing first position, in any order) added in: each
   * chunk once, with its counts summed and its smallest first position, ordered by first position. A
   * share's chunk is looked up in this store's table, which already holds this store's chunks and
   * hashes, so only the shares are hashed again; the table comes out by walking this store's kept
   * chunks and the shares together in position order, where a chunk is met first at its smallest
   * position (the stores count disjoint parts of a text, so no two chunks share a position; were two
   * met at the same position, this store's would come first, then the shares' in the order given).
   */
  sumShares(shares: readonly PositionedChunks[]): PositionedChunks {
    const kept = this.kept;
    if (kept === undefined) throw new Error('sumShares needs splitShares first');
    this.kept = undefined;
    let extra = 0;
    let extraBytes = 0;
    for (const share of shares) {
      extra += share.lengths.length;
      extraBytes += share.bytes.length;
    }
    // Every chunk's total by its index in the store; chunks of a share that are new here are added to
    // the store only while more shares are to come (the last share's are not looked up again).
    const sums = new Float64Array(kept.size + extra);
    sums.set(kept.totals.subarray(0, kept.size));
    const ids = shares.map((share, s) => {
      const n = share.lengths.length;
      const found = new Int32Array(n);
      const insert = s < shares.length - 1;
      // Hashes first, in one pass over the share's bytes; then each lookup reads the slot of the chunk
      // LOOK_AHEAD places on first, so that the cache misses of several lookups overlap.
      const hashes = new Int32Array(n);
      for (let i = 0, offset = 0; i < n; i++) {
        const length = share.lengths[i]!;
        hashes[i] = utf8ChunkHash(share.bytes, offset, offset + length);
        offset += length;
      }
      let sink = 0;
      for (let i = 0, offset = 0; i < n; i++) {
        if (i + LOOK_AHEAD < n) sink |= this.slots[((hashes[i + LOOK_AHEAD]! & this.mask) << 3) + 1]!;
        const length = share.lengths[i]!;
        const id = this.entryOf(share.bytes, offset, length, hashes[i]!, insert ? share.firsts[i]! : -1);
        found[i] = id;
        if (id >= 0) sums[id]! += share.counts[i]!;
        offset += length;
      }
      this.sink = sink;
      return found;
    });
    return this.walkInOrder(kept, shares, ids, sums, kept.count + extra, kept.bytes + extraBytes);
  }

  /** {@link ByteChunkStore.sumShares}'s table: the kept chunks and the shares, walked in position order. */
  private walkInOrder(
    kept: KeptPart,
    shares: readonly PositionedChunks[],
    ids: readonly Int32Array[],
    sums: Float64Array,
    capacity: number,
    capacityBytes: number,
  ): PositionedChunks {
    // Handed over to the thread that asked: not mapped (see ChunkSlots.partition).
    const out = new Uint8Array(capacityBytes);
    const lengths = new Int32Array(capacity);
    const counts = new Float64Array(capacity);
    const firsts = new Float64Array(capacity);
    const seen = new Uint8Array(sums.length);
    const held = this.bytes;
    const ownFirsts = this.firsts;
    const ownLengths = this.lengths;
    const streams = shares.length;
    const next = new Array<number>(streams).fill(0);
    const read = new Array<number>(streams).fill(0);
    let own = 0;
    let k = 0;
    let w = 0;
    for (;;) {
      // -1: the kept chunks; s ≥ 0: share s.
      let from = -2;
      let position = Number.POSITIVE_INFINITY;
      if (own < kept.count) {
        position = ownFirsts[kept.chunks[own]!]!;
        from = -1;
      }
      for (let s = 0; s < streams; s++) {
        const i = next[s]!;
        if (i === shares[s]!.lengths.length) continue;
        const first = shares[s]!.firsts[i]!;
        if (first < position) {
          position = first;
          from = s;
        }
      }
      if (from === -2) break;
      let source: Uint8Array;
      let start: number;
      let length: number;
      let count: number;
      if (from === -1) {
        const c = kept.chunks[own]!;
        start = kept.starts[own++]!;
        if (seen[c] === 1) continue;
        seen[c] = 1;
        source = held;
        length = ownLengths[c]!;
        count = sums[c]!;
      } else {
        const share = shares[from]!;
        const i = next[from]!++;
        length = share.lengths[i]!;
        start = read[from]!;
        read[from] = start + length;
        const id = ids[from]![i]!;
        if (id >= 0) {
          if (seen[id] === 1) continue;
          seen[id] = 1;
          count = sums[id]!;
        } else count = share.counts[i]!;
        source = share.bytes;
      }
      for (let end = start + length; start < end; ) out[w++] = source[start++]!;
      lengths[k] = length;
      counts[k] = count;
      firsts[k++] = position;
    }
    return {
      bytes: out.subarray(0, w),
      lengths: lengths.subarray(0, k),
      counts: counts.subarray(0, k),
      firsts: firsts.subarray(0, k),
    };
  }

  /**
   * The chunks as UTF-8 split into `parts` tables (at most 256) by the chunks' hash: a chunk goes to part
   * `(hash >>> 0) % parts`, so equal chunks of several stores land in the same part, and the parts of
   * several stores can be added up part by part (on separate threads). Each part keeps the order the
   * chunks were added in.
   */
  partitioned(parts: number): PositionedChunks[] {
    const { totals, partOf, tables } = this.partition(parts, 1);
    this.copyParts(partOf, totals, tables);
    return tables;
  }

  /**
   * Copies each chunk into the table of its part (`partOf`), in the order the chunks were added; a
   * chunk of part `keep` (the part a store adds up itself) is given to `onKept` instead, with where its
   * bytes start in the store.
   */
  private copyParts(
    partOf: Uint8Array,
    totals: Float64Array,
    tables: PositionedChunks[],
    keep = -1,
    onKept?: (chunk: number, start: number) => void,
  ): void {
    const { bytes, size, lengths, firsts } = this;
    const next = new Array<number>(tables.length).fill(0);
    const written = new Array<number>(tables.length).fill(0);
    for (let c = 0, read = 0; c < size; c++) {
      const part = partOf[c]!;
      const length = lengths[c]!;
      if (part === keep) {
        onKept!(c, read);
        read += length;
        continue;
      }
      const table = tables[part]!;
      const out = table.bytes;
      const k = next[part]!++;
      let w = written[part]!;
      for (let end = read + length; read < end; ) out[w++] = bytes[read++]!;
      written[part] = w;
      table.lengths[k] = length;
      table.counts[k] = totals[c]!;
      table.firsts[k] = firsts[c]!;
    }
  }
}

/** What {@link ByteChunkStore.splitShares} keeps of the part the store adds up. */
interface KeptPart {
  /** The part's chunks (indices in the store), in the order they were added. */
  chunks: Int32Array;
  /** Where each of them starts in the store's bytes. */
  starts: Int32Array;
  /** How many chunks the part has. */
  count: number;
  /** How many bytes they have together. */
  bytes: number;
  /** Every chunk's count in the store (slot and spill), by index. */
  totals: Float64Array;
  /** How many chunks the store held. */
  size: number;
}
