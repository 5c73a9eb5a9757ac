import { NO_RANK, type RankTable } from '../ranks/rank-table.js';

/**
 * Where encoded ids go: an id array, a counter, ...
 *
 * @example
 * ```ts
 * const counter: IdSink & { n: number } = { n: 0, push() { this.n++; } };
 * ```
 */
export interface IdSink {
  /** Receive the next id. */
  push(id: number): void;
}

/** Pieces at least this long merge with a heap (n log n) instead of a linear scan per merge (n²). */
const HEAP_THRESHOLD = 128;

let starts = new Int32Array(256);
let pairRanks = new Int32Array(256);

/**
 * Byte-pair encode `bytes[start, end)` (a piece that is not itself a token): repeatedly merge the
 * adjacent pair whose joined bytes have the lowest rank, the leftmost one on ties, as tiktoken does.
 * Pushes the resulting ranks to `sink`.
 */
export function bytePairEncode(
  table: RankTable,
  bytes: Uint8Array,
  start: number,
  end: number,
  sink: IdSink,
): void {
  const length = end - start;
  if (length === 1) {
    sink.push(table.rankOf(bytes, start, end));
    return;
  }
  if (length >= HEAP_THRESHOLD) {
    bytePairEncodeLong(table, bytes, start, end, sink);
    return;
  }
  if (starts.length <= length) {
    starts = new Int32Array(length * 2);
    pairRanks = new Int32Array(length * 2);
  }
  // parts k = bytes[starts[k], starts[k+1]); pairRanks[k] = rank of parts k and k+1 joined.
  let parts = length;
  for (let i = 0; i < length; i++) starts[i] = start + i;
  starts[length] = end;
  for (let i = 0; i < length - 1; i++) pairRanks[i] = table.rankOfPair(bytes, start + i);
  pairRanks[length - 1] = NO_RANK;
  for (;;) {
    let best = NO_RANK;
    let at = -1;
    for (let k = 0; k < parts - 1; k++) {
      if (pairRanks[k]! < best) {
        best = pairRanks[k]!;
        at = k;
      }
    }
    if (at < 0) break;
    // Merge part at+1 into part at.
    for (let k = at + 1; k < parts; k++) {
      starts[k] = starts[k + 1]!;
      pairRanks[k] = pairRanks[k + 1]!;
    }
    parts--;
    pairRanks[at] = at + 2 <= parts ? table.rankOf(bytes, starts[at]!, starts[at + 2]!) : NO_RANK;
    if (at > 0) pairRanks[at - 1] = table.rankOf(bytes, starts[at - 1]!, starts[at + 1]!);
  }
  for (let k = 0; k < parts; k++) sink.push(table.rankOf(bytes, starts[k]!, starts[k + 1]!));
}

/**
 * The same merge order for long pieces: parts form a linked list over byte positions and candidate
 * pairs sit in a min-heap keyed by rank, then position (one float, `rank * 2^32 + position`, exact
 * below 2^53), so each merge costs log n instead of n. Entries that went stale (a part merged away,
 * or its pair rank changed) are skipped when popped.
 */
function bytePairEncodeLong(
  table: RankTable,
  bytes: Uint8Array,
  start: number,
  end: number,
  sink: IdSink,
): void {
  const length = end - start;
  // Part at local position p covers [p, next[p]); next[p] === length marks the last part.
  const next = new Int32Array(length + 1);
  const prev = new Int32Array(length);
  const pairRank = new Int32Array(length);
  for (let p = 0; p < length; p++) {
    next[p] = p + 1;
    prev[p] = p - 1;
  }
  next[length] = length;
  const heap = new KeyHeap(length + 16);
  for (let p = 0; p + 1 < length; p++) {
    const rank = table.rankOfPair(bytes, start + p);
    pairRank[p] = rank;
    if (rank !== NO_RANK) heap.push(rank * TWO_32 + p);
  }
  pairRank[length - 1] = NO_RANK;
  while (heap.size > 0) {
    const key = heap.pop();
    const rank = Math.floor(key / TWO_32);
    const p = key - rank * TWO_32;
    // Stale: p was merged into its left neighbour (its rank is reset to NO_RANK), or its pair changed.
    if (pairRank[p] !== rank) continue;
    const q = next[p]!;
    const after = next[q]!;
    next[p] = after;
    pairRank[q] = NO_RANK;
    if (after < length) prev[after] = p;
    const newRank = after < length ? table.rankOf(bytes, start + p, start + next[after]!) : NO_RANK;
    pairRank[p] = newRank;
    if (newRank !== NO_RANK) heap.push(newRank * TWO_32 + p);
    const before = prev[p]!;
    if (before >= 0) {
      const beforeRank = table.rankOf(bytes, start + before, start + after);
      pairRank[before] = beforeRank;
      if (beforeRank !== NO_RANK) heap.push(beforeRank * TWO_32 + before);
    }
  }
  for (let p = 0; p < length; p = next[p]!) sink.push(table.rankOf(bytes, start + p, start + next[p]!));
}

const TWO_32 = 2 ** 32;

/** A binary min-heap of numbers. */
class KeyHeap {
  private keys: Float64Array;
  size = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
  }

  push(key: number): void {
    if (this.size === this.keys.length) {
      const grown = new Float64Array(this.size * 2);
      grown.set(this.keys);
      this.keys = grown;
    }
    const keys = this.keys;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = keys[parent]!;
      if (above <= key) break;
      keys[i] = above;
      i = parent;
    }
    keys[i] = key;
  }

  pop(): number {
    const keys = this.keys;
    const top = keys[0]!;
    const last = --this.size;
    if (last > 0) {
      const key = keys[last]!;
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= last) break;
        if (child + 1 < last && keys[child + 1]! < keys[child]!) child++;
        if (keys[child]! >= key) break;
        keys[i] = keys[child]!;
        i = child;
      }
      keys[i] = key;
    }
    return top;
  }
}
