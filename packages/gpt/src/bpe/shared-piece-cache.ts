/** The size word of a slot being written: taken, not yet readable (sizes are otherwise >= 0). */
const CLAIMED = -1;
/** The header's words: entries reserved, arena words reserved, 1 once either ran out. */
const ENTRIES = 0;
const USED = 1;
const FULL = 2;
/** Pieces (and id lists) longer than this are not stored: their length has 8 bits in the size word. */
const MAX_LENGTH = 255;

/**
 * The memory of a {@link SharedPieceCache}, as {@link SharedPieceCache.share} gives it: post it to
 * worker threads and open it there with {@link SharedPieceCache.fromShared}.
 *
 * @example
 * ```ts
 * const memory: SharedPieceCacheMemory = new SharedPieceCache(1 << 16).share();
 * new Worker(program, { workerData: memory }); // in the worker: SharedPieceCache.fromShared(workerData)
 * ```
 */
export interface SharedPieceCacheMemory {
  /** Entries and arena words reserved, and the full flag (3 Int32 words). */
  header: SharedArrayBuffer;
  /** Four Int32 words per slot: hash, byte offset of the piece, index of its ids, size word. */
  slots: SharedArrayBuffer;
  /** The entries' bytes (padded to whole words) and ids, back to back. */
  arena: SharedArrayBuffer;
}

/**
 * The ids of merged pieces, remembered by their UTF-8 bytes in shared memory that several threads
 * read and fill at once, so a piece is merged once whichever thread meets it first (each thread with
 * a cache of its own merges again every piece the others have already merged). The same lookup as
 * `PieceCache` (`find`, `ids`, `idStart`, `idCount`, `store`), so an `Encoding` uses either (see
 * `Encoding.usePieceCache`).
 *
 * Insert-only and lock-free: a store reserves its entry and its words of the arena with
 * `Atomics.add`, writes the bytes and ids there, claims an empty slot with
 * `Atomics.compareExchange` and publishes the slot's size word last (`Atomics.store`); a lookup reads
 * the size word with `Atomics.load` before anything else of the slot, so it sees a whole entry or
 * none, and compares the piece's bytes, never only its hash. Two threads storing the same piece at
 * once store it twice (the second copy is never found; harmless). Bounded: a fixed number of entries
 * and a fixed arena, chosen when it is made; once either is used up nothing more is stored (no
 * eviction, which other threads' readers could not survive), and pieces that are not remembered are
 * merged as without a cache. A hit writes nothing, so threads reading the same entries do not pass
 * cache lines back and forth.
 *
 * @example
 * ```ts
 * const cache = new SharedPieceCache(1 << 16);
 * const bytes = new TextEncoder().encode('tokenlab');
 * const hash = hashBytes(bytes, 0, bytes.length);
 * cache.store(bytes, 0, bytes.length, hash, Uint32Array.of(5963, 3337), 2);
 * const at = cache.find(bytes, 0, bytes.length, hash); // >= 0, in this thread or any other
 * cache.idCount(at); // 2
 * ```
 */
export class SharedPieceCache {
  private readonly header: Int32Array;
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly maxEntries: number;
  private readonly bytes: Uint8Array;
  /** The arena as 32-bit words: read an entry's ids from {@link SharedPieceCache.idStart}. */
  readonly ids: Uint32Array;

  /**
   * A cache for `maxEntries` pieces (a power of two; twice as many slots, so a probe always ends)
   * with room for 16 bytes and 4 ids per piece on average: 32 bytes of slots and 32 of arena per
   * entry (`1 << 19` entries: 32 MiB).
   */
  constructor(maxEntries = 1 << 19, memory?: SharedPieceCacheMemory) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1 || (maxEntries & (maxEntries - 1)) !== 0)
      throw new RangeError(`a shared piece cache holds a power of two of entries, not ${maxEntries}`);
    const shared = memory ?? {
      header: new SharedArrayBuffer(3 * 4),
      slots: new SharedArrayBuffer(maxEntries * 2 * 4 * 4),
      arena: new SharedArrayBuffer(maxEntries * 8 * 4),
    };
    this.header = new Int32Array(shared.header);
    this.slots = new Int32Array(shared.slots);
    this.ids = new Uint32Array(shared.arena);
    this.bytes = new Uint8Array(shared.arena);
    this.maxEntries = this.slots.length >> 3;
    this.mask = (this.slots.length >> 2) - 1;
  }

  /**
   * The cache over memory another thread's cache shared ({@link SharedPieceCache.share}): both see
   * each other's entries.
   *
   * @example
   * ```ts
   * const cache = SharedPieceCache.fromShared(workerData.pieceCache);
   * ```
   */
  static fromShared(memory: SharedPieceCacheMemory): SharedPieceCache {
    const slots = memory.slots.byteLength >> 4;
    return new SharedPieceCache(slots >> 1, memory);
  }

  /**
   * The shared memory, to post to other threads.
   *
   * @example
   * ```ts
   * worker.postMessage(cache.share());
   * ```
   */
  share(): SharedPieceCacheMemory {
    return {
      header: this.header.buffer as SharedArrayBuffer,
      slots: this.slots.buffer as SharedArrayBuffer,
      arena: this.ids.buffer as SharedArrayBuffer,
    };
  }

  /**
   * The slot of `buffer[start, end)` (hashed to `hash` by `hashBytes`), or -1 when no thread has
   * stored it (or its store is not yet published).
   *
   * @example
   * ```ts
   * cache.find(bytes, 0, bytes.length, hash); // -1 until some thread stored it
   * ```
   */
  find(buffer: Uint8Array, start: number, end: number, hash: number): number {
    const length = end - start;
    const { slots, bytes } = this;
    const wrap = (this.mask << 2) | 3;
    let slot = ((hash & this.mask) << 2) - 4;
    for (;;) {
      slot = (slot + 4) & wrap;
      // Read first and atomically: the slot's other words and its entry were written before it.
      const sizes = Atomics.load(slots, slot + 3);
      if (sizes === 0) return -1;
      if (sizes > 0 && slots[slot] === hash && sizes >>> 8 === length) {
        const at = slots[slot + 1]!;
        let i = 0;
        while (i < length && bytes[at + i] === buffer[start + i]) i++;
        if (i === length) return slot;
      }
    }
  }

  /**
   * Where the ids of the entry at `slot` (from {@link SharedPieceCache.find}) start in {@link SharedPieceCache.ids}.
   *
   * @example
   * ```ts
   * cache.ids[cache.idStart(slot)]; // the entry's first id
   * ```
   */
  idStart(slot: number): number {
    return this.slots[slot + 2]!;
  }

  /**
   * How many ids the entry at `slot` has.
   *
   * @example
   * ```ts
   * cache.idCount(slot); // 2
   * ```
   */
  idCount(slot: number): number {
    return this.slots[slot + 3]! & 0xff;
  }

  /**
   * How many pieces are stored (all threads' stores, published or about to be).
   *
   * @example
   * ```ts
   * cache.size; // 0 when new
   * ```
   */
  get size(): number {
    return Math.min(Atomics.load(this.header, ENTRIES), this.maxEntries);
  }

  /**
   * Whether the entries or the arena ran out (nothing more is stored).
   *
   * @example
   * ```ts
   * cache.full; // false when new
   * ```
   */
  get full(): boolean {
    return Atomics.load(this.header, FULL) !== 0;
  }

  /**
   * Remember `ids[0, count)` for `buffer[start, end)`, for every thread, unless the cache is full or
   * the piece or its ids are longer than 255 (then nothing happens; the piece is merged each time).
   *
   * @example
   * ```ts
   * cache.store(bytes, 0, bytes.length, hash, Uint32Array.of(5963, 3337), 2);
   * ```
   */
  store(buffer: Uint8Array, start: number, end: number, hash: number, ids: Uint32Array, count: number): void {
    const length = end - start;
    const { header } = this;
    if (length > MAX_LENGTH || count > MAX_LENGTH || length === 0 || Atomics.load(header, FULL) !== 0) return;
    if (Atomics.add(header, ENTRIES, 1) >= this.maxEntries) {
      Atomics.store(header, FULL, 1);
      return;
    }
    const byteWords = (length + 3) >> 2;
    const at = Atomics.add(header, USED, byteWords + count);
    if (at + byteWords + count > this.ids.length) {
      Atomics.store(header, FULL, 1);
      return;
    }
    const { bytes, slots } = this;
    const byteAt = at << 2;
    for (let i = 0; i < length; i++) bytes[byteAt + i] = buffer[start + i]!;
    const idsAt = at + byteWords;
    for (let i = 0; i < count; i++) this.ids[idsAt + i] = ids[i]!;
    // At most maxEntries slots of twice as many are ever claimed: an empty one is always ahead.
    const wrap = (this.mask << 2) | 3;
    let slot = ((hash & this.mask) << 2) - 4;
    do slot = (slot + 4) & wrap;
    while (Atomics.compareExchange(slots, slot + 3, 0, CLAIMED) !== 0);
    slots[slot] = hash;
    slots[slot + 1] = byteAt;
    slots[slot + 2] = idsAt;
    Atomics.store(slots, slot + 3, (length << 8) | count);
  }

  /**
   * Does nothing: other threads may be reading the entries, so a shared cache forgets nothing
   * (make a new one instead). It is here so an `Encoding` can clear whichever cache it has.
   *
   * @example
   * ```ts
   * cache.clear(); // the entries stay
   * ```
   */
  clear(): void {}
}
