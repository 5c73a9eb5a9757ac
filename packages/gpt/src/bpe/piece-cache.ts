/**
 * The ids of pieces that had to be merged, remembered by their UTF-8 bytes in flat typed arrays: a
 * lookup hashes nothing new (the caller hashed the bytes while encoding them) and allocates nothing,
 * so the encoder's hot path creates no garbage. Bounded: when the entries or their bytes or ids fill
 * the fixed budget, everything is forgotten at once and filling starts over (memory stays fixed
 * whatever the text).
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
export class PieceCache {
  /** Four ints per slot: hash, start of the bytes, start of the ids, `byteLength << 8 | idCount`; 0 in the last = empty. */
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly maxEntries: number;
  /** The remembered pieces' bytes, back to back. */
  private readonly bytes: Uint8Array;
  /** Their ids, back to back (read them with {@link PieceCache.ids} from {@link PieceCache.idStart}). */
  readonly ids: Uint32Array;
  private entries = 0;
  private bytesUsed = 0;
  private idsUsed = 0;

  /** A cache for up to `maxEntries` pieces (a power of two) of at most 255 bytes each. */
  constructor(maxEntries = 1 << 17) {
    this.maxEntries = maxEntries;
    this.slots = new Int32Array(maxEntries * 2 * 4);
    this.mask = maxEntries * 2 - 1;
    // Room for pieces of 16 bytes and 4 ids on average; whichever fills first starts the cache over.
    this.bytes = new Uint8Array(maxEntries * 16);
    this.ids = new Uint32Array(maxEntries * 4);
  }

  /** The slot of `buffer[start, end)` (hashed to `hash` by `hashBytes`), or -1 when it is not remembered. */
  find(buffer: Uint8Array, start: number, end: number, hash: number): number {
    const length = end - start;
    const { slots, bytes } = this;
    const wrap = (this.mask << 2) | 3;
    let slot = (hash & this.mask) << 2;
    for (;;) {
      const sizes = slots[slot + 3]!;
      if (sizes === 0) return -1;
      if (slots[slot] === hash && sizes >>> 8 === length) {
        const at = slots[slot + 1]!;
        let i = 0;
        while (i < length && bytes[at + i] === buffer[start + i]) i++;
        if (i === length) return slot;
      }
      slot = (slot + 4) & wrap;
    }
  }

  /** Where the ids of the entry at `slot` (from {@link PieceCache.find}) start in {@link PieceCache.ids}. */
  idStart(slot: number): number {
    return this.slots[slot + 2]!;
  }

  /** How many ids the entry at `slot` has. */
  idCount(slot: number): number {
    return this.slots[slot + 3]! & 0xff;
  }

  /** Remember `ids[0, count)` for `buffer[start, end)` (not already present; at most 255 bytes and 255 ids). */
  store(buffer: Uint8Array, start: number, end: number, hash: number, ids: Uint32Array, count: number): void {
    const length = end - start;
    if (
      this.entries >= this.maxEntries ||
      this.bytesUsed + length > this.bytes.length ||
      this.idsUsed + count > this.ids.length
    )
      this.clear();
    const { slots } = this;
    const wrap = (this.mask << 2) | 3;
    let slot = (hash & this.mask) << 2;
    while (slots[slot + 3] !== 0) slot = (slot + 4) & wrap;
    slots[slot] = hash;
    slots[slot + 1] = this.bytesUsed;
    slots[slot + 2] = this.idsUsed;
    slots[slot + 3] = (length << 8) | count;
    this.bytes.set(buffer.subarray(start, end), this.bytesUsed);
    this.bytesUsed += length;
    for (let i = 0; i < count; i++) this.ids[this.idsUsed + i] = ids[i]!;
    this.idsUsed += count;
    this.entries++;
  }

  /** Forget every entry. */
  clear(): void {
    if (this.entries === 0) return;
    this.slots.fill(0);
    this.entries = 0;
    this.bytesUsed = 0;
    this.idsUsed = 0;
  }
}
