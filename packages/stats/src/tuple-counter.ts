import type { PairCounts } from './pair-counts.js';

/**
 * Counts of fixed-length tuples of small integer ids (word ids of n-grams) in an open-addressing
 * hash table on typed arrays: no per-entry objects, no string keys. Entries keep their first-seen
 * order, which NLTK's FreqDist iteration order follows.
 */
export class TupleCounter {
  /** The tuple length. */
  readonly arity: number;
  /** `ids[i * arity + k]` is element `k` of entry `i`. */
  ids: Int32Array;
  /** `counts[i]` is the count of entry `i`. */
  counts: Float64Array;
  /** The number of entries. */
  size = 0;
  /** Slots holding entry + 1 (0 = empty); built on first use for counters made from arrays. */
  private table: Int32Array | undefined;
  private mask = 0;

  /** An empty counter for tuples of `arity` ids. */
  constructor(arity: number, capacity = 1024) {
    this.arity = arity;
    let tableSize = 1024;
    while (tableSize < capacity * 2) tableSize *= 2;
    this.table = new Int32Array(tableSize);
    this.mask = tableSize - 1;
    this.ids = new Int32Array(capacity * arity);
    this.counts = new Float64Array(capacity);
  }

  /** A pair counter over the entries `countPairs` counted, keeping its arrays. */
  static fromPairs(pairs: PairCounts): TupleCounter {
    const counter = new TupleCounter(2, 1);
    counter.ids = pairs.ids;
    counter.counts = pairs.counts;
    counter.size = pairs.size;
    counter.table = undefined; // scoring needs no lookups: build it only if something does
    return counter;
  }

  /** The hash table, built over the entries if it is not there yet. */
  private slots(): Int32Array {
    if (!this.table) {
      let tableSize = 1024;
      while (tableSize < this.size * 2) tableSize *= 2;
      this.rebuild(tableSize);
    }
    return this.table!;
  }

  private hash(ids: ArrayLike<number>, offset: number): number {
    let h = 0x811c9dc5;
    for (let k = 0; k < this.arity; k++) h = Math.imul(h ^ ids[offset + k]!, 0x01000193) ^ (h >>> 15);
    return Math.imul(h ^ (h >>> 13), 0x5bd1e995) ^ (h >>> 16);
  }

  /** Slot of the tuple `key[offset..offset+arity)`: its entry index + 1, or 0 and the free slot. */
  private find(key: ArrayLike<number>, offset: number): number {
    const table = this.slots();
    const { arity, ids, mask } = this;
    let slot = this.hash(key, offset) & mask;
    for (;;) {
      const entry = table[slot]!;
      if (entry === 0) return -slot - 1;
      const base = (entry - 1) * arity;
      let same = true;
      for (let k = 0; k < arity; k++)
        if (ids[base + k] !== key[offset + k]) {
          same = false;
          break;
        }
      if (same) return entry - 1;
      slot = (slot + 1) & mask;
    }
  }

  /** Add `by` to the count of the tuple `key[offset..offset+arity)`. */
  add(key: ArrayLike<number>, offset = 0, by = 1): void {
    const found = this.find(key, offset);
    if (found >= 0) {
      this.counts[found]! += by;
      return;
    }
    const entry = this.size++;
    if ((entry + 1) * this.arity > this.ids.length) this.growEntries();
    const base = entry * this.arity;
    for (let k = 0; k < this.arity; k++) this.ids[base + k] = key[offset + k]!;
    this.counts[entry] = by;
    const table = this.slots();
    table[-found - 1] = entry + 1;
    if (this.size * 2 > table.length) this.rebuild(table.length * 2);
  }

  private readonly scratch = new Int32Array(4);

  /** Add one to the pair `(a, b)` (arity 2) or the triple `(a, b, c)` (arity 3). */
  increment(a: number, b: number, c = 0): void {
    if (this.arity === 2) {
      this.incrementPair(a, b);
      return;
    }
    const scratch = this.scratch;
    scratch[0] = a;
    scratch[1] = b;
    scratch[2] = c;
    this.add(scratch, 0, 1);
  }

  /** The hot path for pairs: the same hash and probing as {@link TupleCounter.add}, unrolled. */
  private incrementPair(a: number, b: number): void {
    const table = this.slots();
    const { ids, mask } = this;
    let slot = pairHash(a, b) & mask;
    for (;;) {
      const entry = table[slot]!;
      if (entry === 0) break;
      const base = (entry - 1) * 2;
      if (ids[base] === a && ids[base + 1] === b) {
        this.counts[entry - 1]!++;
        return;
      }
      slot = (slot + 1) & mask;
    }
    const scratch = this.scratch;
    scratch[0] = a;
    scratch[1] = b;
    this.add(scratch, 0, 1);
  }

  /** The count of the pair `(a, b)` or triple `(a, b, c)` (0 if absent). */
  countOf(a: number, b: number, c = 0): number {
    const scratch = this.scratch;
    scratch[0] = a;
    scratch[1] = b;
    scratch[2] = c;
    return this.get(scratch, 0);
  }

  /** The count of a tuple (0 if absent). */
  get(key: ArrayLike<number>, offset = 0): number {
    const found = this.find(key, offset);
    return found >= 0 ? this.counts[found]! : 0;
  }

  /** A new counter with the entries for which `keep(index)` is true, in the same order. */
  filter(keep: (entry: number) => boolean): TupleCounter {
    const result = new TupleCounter(this.arity, Math.max(16, this.size));
    for (let entry = 0; entry < this.size; entry++)
      if (keep(entry)) result.add(this.ids, entry * this.arity, this.counts[entry]!);
    return result;
  }

  private growEntries(): void {
    const ids = new Int32Array(this.ids.length * 2);
    ids.set(this.ids);
    this.ids = ids;
    const counts = new Float64Array(this.counts.length * 2);
    counts.set(this.counts);
    this.counts = counts;
  }

  private rebuild(tableSize: number): void {
    const table = new Int32Array(tableSize);
    const mask = tableSize - 1;
    for (let entry = 0; entry < this.size; entry++) {
      let slot = this.hash(this.ids, entry * this.arity) & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = entry + 1;
    }
    this.table = table;
    this.mask = mask;
  }
}

/** {@link TupleCounter}'s hash of the tuple `(a, b)`, unrolled. */
function pairHash(a: number, b: number): number {
  let h = Math.imul(0x811c9dc5 ^ a, 0x01000193) ^ (0x811c9dc5 >>> 15);
  h = Math.imul(h ^ b, 0x01000193) ^ (h >>> 15);
  return Math.imul(h ^ (h >>> 13), 0x5bd1e995) ^ (h >>> 16);
}
