/** The size word of a slot being written: taken, not yet readable (sizes are otherwise >= 0). */
const CLAIMED = -1;
/** The header's words: entries reserved, arena words reserved (after word 0, never used), 1 once either ran out. */
const ENTRIES = 0;
const USED = 1;
const FULL = 2;
/** Pieces (and id lists) longer than this are not stored: their length has 8 bits in the size word. */
const MAX_LENGTH = 255;
/** Set in every word of a stored piece's bytes (three bytes per word), so that no such word is 0. */
const MARK = 1 << 24;

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
  /** Four Int32 words per slot: hash, arena word of the piece's bytes, arena word of its ids, size word. */
  slots: SharedArrayBuffer;
  /** The entries' bytes (three to a word) and ids, back to back, from word 1. */
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
 * `Atomics.compareExchange` and publishes the slot's size word last (`Atomics.store`). A lookup uses
 * no atomic operation (each costs a call into the engine, about as much as the rest of a hit): every
 * word it reads was written once, so it reads either that value or the memory's first zero, and every
 * value written is made non-zero (word 0 of the arena is never used, a word of the piece's bytes has
 * a mark bit, an id is kept as id + 1). A lookup accepts an entry only when it has read every word of
 * it written, the piece's bytes equal to the ones asked for; an entry another thread is still writing
 * is passed over (the piece is merged again, with the same ids). The ids of the entry found are
 * copied to {@link SharedPieceCache.ids}. Two threads storing the same piece at once store it twice
 * (the second copy is never found; harmless). Bounded: a fixed number of entries and a fixed arena,
 * chosen when it is made; once either is used up nothing more is stored (no eviction, which other
 * threads' readers could not survive), and pieces that are not remembered are merged as without a
 * cache. A hit writes nothing, so threads reading the same entries do not pass cache lines back and
 * forth.
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
  /** The arena: each entry's bytes, three to a word with {@link MARK}, then its ids plus one. */
  private readonly words: Int32Array;
  /**
   * The ids of the entry the last {@link SharedPieceCache.find} found, from index 0 (this thread's
   * own copy, valid until the next `find`).
   */
  readonly ids = new Uint32Array(MAX_LENGTH);
  private foundCount = 0;

  /**
   * A cache for `maxEntries` pieces (a power of two; twice as many slots, so a probe always ends)
   * with room for 15 bytes and 3 ids per piece on average: 32 bytes of slots and 32 of arena per
   * entry (`1 << 19` entries: 32 MiB).
   */
  constructor(maxEntries = 1 << 19, memory?: SharedPieceCacheMemory) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1 || (maxEntries & (maxEntries - 1)) !== 0)
      throw new RangeError(`a shared piece cache holds a power of two of entries, not ${maxEntries}`);
    const shared = memory ?? {
      header: new SharedArrayBuffer(3 * 4),
      slots: new SharedArrayBuffer(maxEntries * 2 * 4 * 4),
      arena: new SharedArrayBuffer((maxEntries * 8 + 1) * 4),
    };
    this.header = new Int32Array(shared.header);
    this.slots = new Int32Array(shared.slots);
    this.words = new Int32Array(shared.arena);
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
      arena: this.words.buffer as SharedArrayBuffer,
    };
  }

  /**
   * The slot of `buffer[start, end)` (hashed to `hash` by `hashBytes`), whose ids are then at the
   * start of {@link SharedPieceCache.ids}; or -1 when no thread has stored it (or its store is not
   * yet seen whole here).
   *
   * @example
   * ```ts
   * cache.find(bytes, 0, bytes.length, hash); // -1 until some thread stored it
   * ```
   */
  find(buffer: Uint8Array, start: number, end: number, hash: number): number {
    const length = end - start;
    const slots = this.slots;
    const wrap = (this.mask << 2) | 3;
    let slot = ((hash & this.mask) << 2) - 4;
    for (;;) {
      slot = (slot + 4) & wrap;
      // 0 (empty, or not yet seen), CLAIMED, or the sizes written.
      const sizes = slots[slot + 3]!;
      if (sizes === 0) return -1;
      if (sizes > 0 && slots[slot] === hash && sizes >>> 8 === length) {
        const at = slots[slot + 1]!;
        const idsAt = slots[slot + 2]!;
        if (at > 0 && idsAt > 0 && this.holds(at, buffer, start, length) && this.copyIds(idsAt, sizes & 0xff))
          return slot;
      }
    }
  }

  /** Whether the arena from word `at` holds `buffer[start, start + length)`, every word of it seen. */
  private holds(at: number, buffer: Uint8Array, start: number, length: number): boolean {
    const words = this.words;
    let i = start;
    const whole = start + length - 2;
    for (; i < whole; i += 3, at++)
      if (words[at] !== (MARK | buffer[i]! | (buffer[i + 1]! << 8) | (buffer[i + 2]! << 16))) return false;
    const left = start + length - i;
    if (left === 0) return true;
    const last = MARK | buffer[i]! | (left === 2 ? buffer[i + 1]! << 8 : 0);
    return words[at] === last;
  }

  /** Copy the `count` ids from word `idsAt` to {@link SharedPieceCache.ids}, unless one is not yet seen. */
  private copyIds(idsAt: number, count: number): boolean {
    const { words, ids } = this;
    for (let k = 0; k < count; k++) {
      const stored = words[idsAt + k]!;
      if (stored === 0) return false;
      ids[k] = stored - 1;
    }
    this.foundCount = count;
    return true;
  }

  /**
   * Where the ids of the entry {@link SharedPieceCache.find} found start in {@link SharedPieceCache.ids}: 0.
   *
   * @example
   * ```ts
   * cache.ids[cache.idStart(slot)]; // the entry's first id
   * ```
   */
  idStart(_slot: number): number {
    return 0;
  }

  /**
   * How many ids the entry {@link SharedPieceCache.find} found has.
   *
   * @example
   * ```ts
   * cache.idCount(slot); // 2
   * ```
   */
  idCount(_slot: number): number {
    return this.foundCount;
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
    const { header, words } = this;
    if (length > MAX_LENGTH || count > MAX_LENGTH || length === 0 || Atomics.load(header, FULL) !== 0) return;
    if (Atomics.add(header, ENTRIES, 1) >= this.maxEntries) {
      Atomics.store(header, FULL, 1);
      return;
    }
    const byteWords = Math.ceil(length / 3);
    const at = Atomics.add(header, USED, byteWords + count) + 1;
    if (at + byteWords + count > words.length) {
      Atomics.store(header, FULL, 1);
      return;
    }
    for (let i = 0, w = at; i < length; i += 3, w++) {
      let word = MARK | buffer[start + i]!;
      if (i + 1 < length) word |= buffer[start + i + 1]! << 8;
      if (i + 2 < length) word |= buffer[start + i + 2]! << 16;
      words[w] = word;
    }
    const idsAt = at + byteWords;
    for (let i = 0; i < count; i++) words[idsAt + i] = ids[i]! + 1;
    // At most maxEntries slots of twice as many are ever claimed: an empty one is always ahead.
    const slots = this.slots;
    const wrap = (this.mask << 2) | 3;
    let slot = ((hash & this.mask) << 2) - 4;
    do slot = (slot + 4) & wrap;
    while (Atomics.compareExchange(slots, slot + 3, 0, CLAIMED) !== 0);
    slots[slot] = hash;
    slots[slot + 1] = at;
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
