import { NO_RANK, type RankTable } from '../ranks/rank-table.js';

/** Where encoded ids go: an id array, a counter, ... */
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
  for (let i = 0; i < length - 1; i++) pairRanks[i] = table.rankOf(bytes, start + i, start + i + 2);
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
 * pairs sit in a min-heap keyed by (rank, position), so each merge costs log n instead of n. Entries
 * that went stale (a part merged away, or its pair rank changed) are skipped when popped.
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
  const next = new Int32Array(length);
  const prev = new Int32Array(length);
  const pairRank = new Int32Array(length);
  const alive = new Uint8Array(length).fill(1);
  for (let p = 0; p < length; p++) {
    next[p] = p + 1;
    prev[p] = p - 1;
  }
  const heap = new MinHeap(length * 3);
  const rankOfPair = (p: number): number => {
    const q = next[p]!;
    if (q >= length) return NO_RANK;
    return table.rankOf(bytes, start + p, start + next[q]!);
  };
  for (let p = 0; p < length; p++) {
    pairRank[p] = rankOfPair(p);
    if (pairRank[p]! !== NO_RANK) heap.push(pairRank[p]!, p);
  }
  while (heap.size > 0) {
    const rank = heap.topRank();
    const p = heap.pop();
    if (!alive[p] || pairRank[p] !== rank) continue;
    const q = next[p]!;
    alive[q] = 0;
    next[p] = next[q]!;
    if (next[p]! < length) prev[next[p]!] = p;
    pairRank[p] = rankOfPair(p);
    if (pairRank[p]! !== NO_RANK) heap.push(pairRank[p]!, p);
    const before = prev[p]!;
    if (before >= 0) {
      pairRank[before] = rankOfPair(before);
      if (pairRank[before]! !== NO_RANK) heap.push(pairRank[before]!, before);
    }
  }
  for (let p = 0; p < length; p = next[p]!) sink.push(table.rankOf(bytes, start + p, start + next[p]!));
}

/** A binary min-heap of (rank, position) pairs, ordered by rank then position. */
class MinHeap {
  private ranks: Int32Array;
  private positions: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.ranks = new Int32Array(Math.max(capacity, 16));
    this.positions = new Int32Array(Math.max(capacity, 16));
  }

  private less(a: number, b: number): boolean {
    const ra = this.ranks[a]!;
    const rb = this.ranks[b]!;
    return ra < rb || (ra === rb && this.positions[a]! < this.positions[b]!);
  }

  private swap(a: number, b: number): void {
    const r = this.ranks[a]!;
    this.ranks[a] = this.ranks[b]!;
    this.ranks[b] = r;
    const p = this.positions[a]!;
    this.positions[a] = this.positions[b]!;
    this.positions[b] = p;
  }

  push(rank: number, position: number): void {
    if (this.size === this.ranks.length) {
      const ranks = new Int32Array(this.size * 2);
      ranks.set(this.ranks);
      this.ranks = ranks;
      const positions = new Int32Array(this.size * 2);
      positions.set(this.positions);
      this.positions = positions;
    }
    let i = this.size++;
    this.ranks[i] = rank;
    this.positions[i] = position;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  topRank(): number {
    return this.ranks[0]!;
  }

  pop(): number {
    const top = this.positions[0]!;
    const last = --this.size;
    if (last > 0) {
      this.ranks[0] = this.ranks[last]!;
      this.positions[0] = this.positions[last]!;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= last) break;
        const right = left + 1;
        const child = right < last && this.less(right, left) ? right : left;
        if (!this.less(child, i)) break;
        this.swap(child, i);
        i = child;
      }
    }
    return top;
  }
}
