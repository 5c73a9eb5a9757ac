/**
 * What an `Encoding` needs of a piece cache: `PieceCache` (one thread's) and
 * `SharedPieceCache` (several threads') both are one.
 *
 * @example
 * ```ts
 * const lookup: PieceLookup = new PieceCache();
 * const slot = lookup.find(bytes, 0, bytes.length, hash);
 * if (slot >= 0) lookup.ids.subarray(lookup.idStart(slot), lookup.idStart(slot) + lookup.idCount(slot));
 * ```
 */
export interface PieceLookup {
  /** The words the entries' ids are read from. */
  readonly ids: Uint32Array;
  /** The slot of `buffer[start, end)` (hashed to `hash`), or -1. */
  find(buffer: Uint8Array, start: number, end: number, hash: number): number;
  /** Where the ids of the entry at `slot` start in `ids`. */
  idStart(slot: number): number;
  /** How many ids the entry at `slot` has. */
  idCount(slot: number): number;
  /** Remember `ids[0, count)` for `buffer[start, end)` (not already present). */
  store(buffer: Uint8Array, start: number, end: number, hash: number, ids: Uint32Array, count: number): void;
  /** Forget what may be forgotten. */
  clear(): void;
}

/** The mark of an entry found again (above the 16 bits of byte length and id count). */
const FOUND = 1 << 16;
/** The fewest slots a table has (64 KiB). */
const MIN_SLOTS = 1 << 12;

/**
 * The ids of pieces that had to be merged, remembered by their UTF-8 bytes in flat typed arrays: a
 * lookup hashes nothing new (the caller hashed the bytes while encoding them) and allocates nothing,
 * so the encoder's hot path creates no garbage. Each entry's bytes and ids lie side by side in one
 * array (the bytes padded to whole 32-bit words, then the ids), so a hit reads its slot and then one
 * place in memory, not two: with a text's working set larger than the processor's caches (and two
 * threads sharing them), that is one memory access fewer per piece. Bounded: when the entries or their bytes or ids fill
 * the fixed budget, the entries found again since they were stored (or since the last eviction)
 * are kept and the others forgotten ("second chance"), so the frequent pieces of a large text are
 * not merged again after every fill; memory stays fixed whatever the text.
 *
 * @example
 * ```ts
 * const cache = new PieceCache();
 * const bytes = new TextEncoder().encode('tokenlab');
 * const hash = hashBytes(bytes, 0, bytes.length);
 * cache.store(bytes, 0, bytes.length, hash, Uint32Array.of(5963, 3337), 2);
 * const at = cache.find(bytes, 0, bytes.length, hash); // >= 0
 * cache.idCount(at); // 2
 * ```
 */
export class PieceCache implements PieceLookup {
  /**
   * Four ints per slot: hash, where the bytes start (a byte offset in {@link PieceCache.ids}' buffer),
   * where the ids start (an index in {@link PieceCache.ids}), `found << 16 | byteLength << 8 |
   * idCount` (`found`: 1 once the entry was found again); 0 in the last = empty.
   */
  private slots: Int32Array;
  /** The slot of each entry, in the order they were stored (which is their order in the arena). */
  private order: Int32Array;
  private mask: number;
  private maxEntries: number;
  private readonly largest: number;
  /** The entries back to back, each its bytes (padded to a whole word) then its ids: the same memory as {@link PieceCache.ids}. */
  private bytes: Uint8Array;
  /** The arena as 32-bit words: read an entry's ids from {@link PieceCache.idStart}. */
  ids: Uint32Array;
  private entries = 0;
  /** Words of the arena in use. */
  private used = 0;

  /**
   * A cache for `maxEntries` pieces (a power of two) of at most 255 bytes each, which doubles (up to
   * `largest` pieces) when more than half of it is kept at an eviction: a text whose frequent
   * pieces do not fit gets more room, a short text never pays for it. Its table of slots starts
   * with room for `expectedEntries` (at least 2,048) and doubles as more come: each page of a table
   * probed at random costs a page fault of a few µs the first time, and in a fresh process the
   * 2,000 pages of a table for 256 Ki pieces cost a short text more time than its merges (while
   * doubling up to it costs a long text more than the faults).
   */
  constructor(maxEntries = 1 << 17, largest = maxEntries, expectedEntries = maxEntries) {
    this.maxEntries = maxEntries;
    this.largest = Math.max(largest, maxEntries);
    let slots = MIN_SLOTS;
    while (slots < 2 * expectedEntries && slots < 2 * maxEntries) slots *= 2;
    this.slots = new Int32Array(Math.min(slots, 2 * maxEntries) * 4);
    this.mask = (this.slots.length >> 2) - 1;
    this.order = new Int32Array(maxEntries);
    // Room for pieces of 16 bytes and 4 ids on average; whichever runs out first makes an eviction.
    this.ids = new Uint32Array(maxEntries * 8);
    this.bytes = new Uint8Array(this.ids.buffer);
  }

  /**
   * Twice the room, keeping the first `keptWords` words of the arena (the slots start empty; the
   * table keeps its size, which holds the entries kept, and doubles as more come).
   */
  private grow(keptWords: number): void {
    const maxEntries = this.maxEntries * 2;
    const ids = new Uint32Array(maxEntries * 8);
    ids.set(this.ids.subarray(0, keptWords));
    this.maxEntries = maxEntries;
    this.slots.fill(0);
    this.order = new Int32Array(maxEntries);
    this.ids = ids;
    this.bytes = new Uint8Array(ids.buffer);
  }

  /**
   * The slot of `buffer[start, end)` (hashed to `hash` by `hashBytes`), or -1 when it is not
   * remembered. Marks a found entry as worth keeping at the next eviction.
   */
  find(buffer: Uint8Array, start: number, end: number, hash: number): number {
    const length = end - start;
    const { slots, bytes } = this;
    const wrap = (this.mask << 2) | 3;
    // The probe steps at the top, so every lookup runs it: a collision first met after the JIT has
    // compiled this (the cache filling up) then costs no deoptimisation.
    let slot = ((hash & this.mask) << 2) - 4;
    for (;;) {
      slot = (slot + 4) & wrap;
      const sizes = slots[slot + 3]!;
      if (sizes === 0) return -1;
      if (slots[slot] === hash && ((sizes >>> 8) & 0xff) === length) {
        const at = slots[slot + 1]!;
        let i = 0;
        while (i < length && bytes[at + i] === buffer[start + i]) i++;
        if (i === length) {
          // Written once per entry and eviction round, not on every hit.
          if (sizes < FOUND) slots[slot + 3] = sizes | FOUND;
          return slot;
        }
      }
    }
  }

  /** Where the ids of the entry at `slot` (from {@link PieceCache.find}) start in {@link PieceCache.ids}. */
  idStart(slot: number): number {
    return this.slots[slot + 2]!;
  }

  /** How many pieces are remembered. */
  get size(): number {
    return this.entries;
  }

  /** How many ids the entry at `slot` has. */
  idCount(slot: number): number {
    return this.slots[slot + 3]! & 0xff;
  }

  /** Remember `ids[0, count)` for `buffer[start, end)` (not already present; at most 255 bytes and 255 ids). */
  store(buffer: Uint8Array, start: number, end: number, hash: number, ids: Uint32Array, count: number): void {
    const length = end - start;
    const words = ((length + 3) >> 2) + count;
    if (!this.hasRoom(words)) {
      this.evict();
      // A tiny cache may keep too much for one more long piece: then it starts over.
      if (!this.hasRoom(words)) this.clear();
    }
    // At most half the slots hold an entry, so a probe always ends.
    if (2 * (this.entries + 1) > this.mask + 1) this.growSlots();
    const slot = this.freeSlot(hash);
    const { slots, bytes } = this;
    const at = this.used;
    const idsAt = at + ((length + 3) >> 2);
    slots[slot] = hash;
    slots[slot + 1] = at << 2;
    slots[slot + 2] = idsAt;
    slots[slot + 3] = (length << 8) | count;
    this.order[this.entries++] = slot;
    for (let i = 0; i < length; i++) bytes[(at << 2) + i] = buffer[start + i]!;
    for (let i = 0; i < count; i++) this.ids[idsAt + i] = ids[i]!;
    this.used = idsAt + count;
  }

  private hasRoom(words: number): boolean {
    return this.entries < this.maxEntries && this.used + words <= this.ids.length;
  }

  /** Twice the slots, the entries placed in them anew (their bytes and ids stay where they are). */
  private growSlots(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    this.slots = slots;
    this.mask = (slots.length >> 2) - 1;
    const order = this.order;
    for (let e = 0; e < this.entries; e++) {
      const from = order[e]!;
      const to = this.freeSlot(old[from]!);
      slots[to] = old[from]!;
      slots[to + 1] = old[from + 1]!;
      slots[to + 2] = old[from + 2]!;
      slots[to + 3] = old[from + 3]!;
      order[e] = to;
    }
  }

  /** The first empty slot on `hash`'s probe sequence. */
  private freeSlot(hash: number): number {
    const { slots } = this;
    const wrap = (this.mask << 2) | 3;
    let slot = ((hash & this.mask) << 2) - 4;
    do slot = (slot + 4) & wrap;
    while (slots[slot + 3] !== 0);
    return slot;
  }

  /**
   * Make room: keep the entries found again since they were stored or since the last eviction
   * (their mark is reset), packed to the front of the arena in their stored order, and forget the
   * rest. When more than half is kept the cache grows if it may; when the kept ones would still
   * fill more than three quarters of the entries or the arena, everything is forgotten.
   */
  evict(): void {
    const { slots, ids, order } = this;
    const kept: number[] = [];
    let keptWords = 0;
    for (let e = 0; e < this.entries; e++) {
      const slot = order[e]!;
      const sizes = slots[slot + 3]!;
      if (sizes < FOUND) continue;
      const from = slots[slot + 1]! >> 2;
      const words = ((((sizes >>> 8) & 0xff) + 3) >> 2) + (sizes & 0xff);
      // Moving towards the front in stored order never overwrites an entry not yet moved.
      if (from !== keptWords) ids.copyWithin(keptWords, from, from + words);
      kept.push(slots[slot]!, sizes & (FOUND - 1));
      keptWords += words;
    }
    const entries = kept.length >> 1;
    const crowded = entries * 2 > this.maxEntries || keptWords * 2 > ids.length;
    if (crowded && this.maxEntries < this.largest) this.grow(keptWords);
    else if (entries === 0 || entries * 4 > this.maxEntries * 3 || keptWords * 4 > ids.length * 3) {
      this.clear();
      return;
    } else slots.fill(0);
    let at = 0;
    for (let e = 0; e < entries; e++) {
      const hash = kept[2 * e]!;
      const sizes = kept[2 * e + 1]!;
      const slot = this.freeSlot(hash);
      const byteWords = (((sizes >>> 8) & 0xff) + 3) >> 2;
      this.slots[slot] = hash;
      this.slots[slot + 1] = at << 2;
      this.slots[slot + 2] = at + byteWords;
      this.slots[slot + 3] = sizes;
      this.order[e] = slot;
      at += byteWords + (sizes & 0xff);
    }
    this.entries = entries;
    this.used = at;
  }

  /** Forget every entry. */
  clear(): void {
    if (this.entries === 0) return;
    this.slots.fill(0);
    this.entries = 0;
    this.used = 0;
  }
}
