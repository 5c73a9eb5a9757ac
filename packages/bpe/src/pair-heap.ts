import { grow } from './pair-index.js';

/**
 * A binary max-heap of (count, first, pair) entries, best first: the highest count, and among equal
 * counts the lowest `first` (the position of the pair's first occurrence). The trainer keeps entries
 * lazily (an entry's count and position may be stale bounds) and checks the top against the truth.
 *
 * @example
 * ```ts
 * const heap = new PairHeap();
 * heap.push(5, 10, 0);
 * heap.push(5, 3, 1);
 * heap.push(2, 0, 2);
 * heap.topPair(); // 1 (count 5 first at 3 beats count 5 first at 10)
 * ```
 */
export class PairHeap {
  /** How many entries there are. */
  size = 0;
  private counts: Float64Array;
  private firsts: Float64Array;
  private pairs: Int32Array;

  /** A heap with room for `capacity` entries before it grows. */
  constructor(capacity = 1024) {
    this.counts = new Float64Array(capacity);
    this.firsts = new Float64Array(capacity);
    this.pairs = new Int32Array(capacity);
  }

  /** Count of the best entry. */
  topCount(): number {
    return this.counts[0]!;
  }

  /** First position of the best entry. */
  topFirst(): number {
    return this.firsts[0]!;
  }

  /** Pair of the best entry. */
  topPair(): number {
    return this.pairs[0]!;
  }

  /** The highest count below the top (its two children), 0 if none: a bound on every other entry. */
  runnerUpCount(): number {
    const size = this.size;
    return Math.max(size > 1 ? this.counts[1]! : 0, size > 2 ? this.counts[2]! : 0);
  }

  /** Add an entry without restoring order; call {@link PairHeap.heapify} after the last one. */
  append(count: number, first: number, pair: number): void {
    const i = this.size++;
    if (i >= this.pairs.length) {
      this.counts = grow(this.counts, i + 1);
      this.firsts = grow(this.firsts, i + 1);
      this.pairs = grow(this.pairs, i + 1);
    }
    this.counts[i] = count;
    this.firsts[i] = first;
    this.pairs[i] = pair;
  }

  /** Restore order after {@link PairHeap.append}s. */
  heapify(): void {
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  /** Add an entry. */
  push(count: number, first: number, pair: number): void {
    this.append(count, first, pair);
    const { counts, firsts, pairs } = this;
    let i = this.size - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const c = counts[parent]!;
      if (c > count || (c === count && firsts[parent]! <= first)) break;
      counts[i] = c;
      firsts[i] = firsts[parent]!;
      pairs[i] = pairs[parent]!;
      i = parent;
    }
    counts[i] = count;
    firsts[i] = first;
    pairs[i] = pair;
  }

  /** Remove the best entry. */
  pop(): void {
    const last = --this.size;
    if (last === 0) return;
    this.place(0, this.counts[last]!, this.firsts[last]!, this.pairs[last]!);
  }

  /** Replace the best entry by (count, first, pair) and restore order. */
  replaceTop(count: number, first: number, pair: number): void {
    this.place(0, count, first, pair);
  }

  private siftDown(i: number): void {
    this.place(i, this.counts[i]!, this.firsts[i]!, this.pairs[i]!);
  }

  /** Put (count, first, pair) at `i` or below it, moving better children up. */
  private place(i: number, count: number, first: number, pair: number): void {
    const { counts, firsts, pairs } = this;
    const size = this.size;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= size) break;
      let best = l;
      let bestCount = counts[l]!;
      if (l + 1 < size) {
        const rc = counts[l + 1]!;
        if (rc > bestCount || (rc === bestCount && firsts[l + 1]! < firsts[l]!)) {
          best = l + 1;
          bestCount = rc;
        }
      }
      if (bestCount < count || (bestCount === count && firsts[best]! >= first)) break;
      counts[i] = bestCount;
      firsts[i] = firsts[best]!;
      pairs[i] = pairs[best]!;
      i = best;
    }
    counts[i] = count;
    firsts[i] = first;
    pairs[i] = pair;
  }
}
