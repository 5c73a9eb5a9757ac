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

/**
 * Pieces at least this many bytes long merge with a heap (n log n) instead of a linear scan per
 * merge (n²); shorter ones go through {@link bytePairMergeShort}.
 *
 * @example
 * ```ts
 * if (bytes.length < HEAP_THRESHOLD) bytePairMergeShort(ranks, bytes, 0, bytes.length);
 * ```
 */
export const HEAP_THRESHOLD = 128;

let pairRanks = new Int32Array(256);
let partRanks = new Int32Array(256);
let shortIds = new Uint32Array(256);

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
  if (end - start >= HEAP_THRESHOLD) {
    bytePairEncodeLong(table, bytes, start, end, sink);
    return;
  }
  const count = bytePairMergeShort(table, bytes, start, end);
  const ids = shortIds;
  for (let i = 0; i < count; i++) sink.push(ids[i]!);
}

/**
 * The ids {@link bytePairMergeShort} wrote last (valid until its next call).
 *
 * @example
 * ```ts
 * const count = bytePairMergeShort(table, bytes, 0, bytes.length);
 * const ids = mergedIds().subarray(0, count);
 * ```
 */
export function mergedIds(): Uint32Array {
  return shortIds;
}

/**
 * {@link bytePairEncode} for pieces shorter than the heap threshold, into a reused scratch array
 * (see {@link mergedIds}); returns how many ids it wrote. Allocates nothing once the scratch arrays
 * have grown to the longest piece seen.
 *
 * @example
 * ```ts
 * const bytes = new TextEncoder().encode('tokenlab');
 * const ids = mergedIds().subarray(0, bytePairMergeShort(ranks, bytes, 0, bytes.length));
 * ```
 */
export function bytePairMergeShort(table: RankTable, bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  if (partRanks.length <= length) {
    pairRanks = new Int32Array(length * 2);
    partRanks = new Int32Array(length * 2);
    shortIds = new Uint32Array(length * 2);
  }
  // Part k has rank part[k]; pair[k] = the rank of parts k and k+1 joined. A part's bytes are never
  // needed again: the joined rank of two parts is asked by their ranks.
  const part = partRanks;
  const pair = pairRanks;
  // Two-byte characters start whole where that changes no merge (see TwoByteChars): in Arabic, most
  // merges of a new piece would only join a letter's two bytes.
  const chars = table.twoByteChars;
  let parts = 0;
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!;
    const char = byte >= 0xc2 && byte <= 0xdf ? chars.startRank(bytes, start, end, i) : NO_RANK;
    if (char === NO_RANK) {
      part[parts++] = table.byteRank(byte);
    } else {
      part[parts++] = char;
      i++;
    }
  }
  // Pairs [lo, hi] need their joined rank: all of them at first (unless every part is one byte,
  // whose pairs are read by their bytes), then the two beside each merge. One call site of
  // rankOfJoined, not three: a first pass runs while V8 compiles this, and each inlined copy of
  // the callee is compile work.
  let lo = 0;
  let hi = parts - 2;
  if (parts === length) {
    for (let i = 0; i < length - 1; i++) pair[i] = table.rankOfPair(bytes, start + i);
    hi = -1;
  }
  for (;;) {
    for (let k = lo; k <= hi; k++) pair[k] = table.rankOfJoined(part[k]!, part[k + 1]!);
    let best = NO_RANK;
    let at = -1;
    for (let k = 0; k < parts - 1; k++) {
      const rank = pair[k]!;
      if (rank < best) {
        best = rank;
        at = k;
      }
    }
    if (at < 0) break;
    // Merge part at+1 into part at: the joined part's rank is the pair's.
    part[at] = best;
    for (let k = at + 1; k < parts - 1; k++) {
      part[k] = part[k + 1]!;
      pair[k] = pair[k + 1]!;
    }
    parts--;
    lo = at > 0 ? at - 1 : 0;
    hi = at + 1 < parts ? at : at - 1;
  }
  const out = shortIds;
  for (let k = 0; k < parts; k++) out[k] = part[k]!;
  return parts;
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
