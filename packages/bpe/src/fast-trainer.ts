import type { ChunkTable } from './chunk-table.js';
import type { TrainOptions, TrainResult } from './train-progress.js';

/**
 * Learn `numMerges` merges from unique chunks with counts, choosing exactly the pairs minbpe's
 * full-recount loop chooses, in far less time.
 *
 * How it stays exact. minbpe picks the pair with the highest count, and among equal counts the one
 * whose first occurrence in the current token stream (all chunks, duplicates kept, in text order) is
 * earliest. Chunks here are unique and ordered by first appearance, so the first occurrence of a pair
 * is in the earliest unique chunk that still contains it; every token is a node in one array laid out
 * chunk after chunk, so "earliest" is simply the smallest node index. Node indices never move: a merge
 * keeps the left node and unlinks the right one.
 *
 * How it is fast. Every token is a node of a singly linked list (typed arrays); a token's left neighbour
 * is the live node whose span covers the node just before it, found through the links that merged-away
 * nodes keep to the node that absorbed them (compressed as they are followed). Each pair keeps its
 * count (weighted by chunk counts) and the ascending list of nodes where it was seen (one block of a
 * shared Int32Array pool; the blocks of the pairs a merge creates are appended after each merge, and when the
 * pool is full the blocks of pairs that no longer occur are dropped and the rest moved down). A merge walks
 * only that list and adjusts the counts of the neighbouring pairs, looking each neighbour's pair up once per merge. A max-heap ordered by
 * (count desc, first node asc) picks the next pair lazily: an existing pair can only lose occurrences
 * (new pairs always contain the new id), so a heap entry's count and first node are bounds that can only
 * be too good. When the top entry's count is stale it is re-pushed with the true count; when the count is
 * right its true first node is found by skipping dead entries at the front of its list, and only if that
 * matches is the pair the winner. Every other entry then bounds its pair from above, so the winner is
 * exactly minbpe's.
 *
 * @example
 * ```ts
 * const result = trainMerges(chunkTable(new Map([['aaab', 2], ['ab', 1]])), 2);
 * result.merges; // [[97, 97], [97, 98]]
 * ```
 */
export function trainMerges(table: ChunkTable, numMerges: number, options: TrainOptions = {}): TrainResult {
  const trainer = new FastTrainer(table);
  return trainer.run(numMerges, options);
}

/** Fields of a node in `nodes` (node i at STRIDE·i). */
const TOKEN = 0;
const NEXT = 1;
const WEIGHT = 2;
const STRIDE = 3;

/** Kinds of neighbour pair a merge of (left, right) into id touches: (t, left), (t, id), (right, t), (id, t). */
const LEFT_OLD = 0;
const LEFT_NEW = 1;
const RIGHT_OLD = 2;
const RIGHT_NEW = 3;

/** Pairs whose two ids are both below this are indexed directly (a 1,024 × 1,024 table, 4 MB). */
const DIRECT = 1024;

/** Grow a typed array to at least `size` elements, doubling. */
function grow<T extends Int32Array | Float64Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  let length = array.length * 2;
  while (length < size) length *= 2;
  const bigger = new (array.constructor as new (n: number) => T)(length);
  bigger.set(array);
  return bigger;
}

class FastTrainer {
  // Nodes: one per byte of the unique chunks, node i at 3i: token (-1 once merged away), next node (-1
  // at the chunk's end; once merged away, a node that covers it: see leftOf), and its chunk's count when
  // it fits 32 bits. Side by side, a node and its neighbours are read in one or two cache lines. There
  // is no link to the previous node: 12 bytes per byte of the chunks instead of 16.
  private readonly nodes: Int32Array;
  /** Chunk count of each node's chunk when some count does not fit 32 bits (else in `nodes`). */
  private readonly bigWeight: Float64Array | null;

  // Pairs, by dense index.
  // Pairs of two small ids (most pairs early on) are found by direct index, pair index + 1 (0 = none)...
  private readonly direct = new Int32Array(DIRECT * DIRECT);
  // ...the others through an open-addressing hash from (left, right) to pair index + 1 (0 = empty slot).
  private slots = new Int32Array(1 << 16);
  private slotMask = (1 << 16) - 1;
  private hashed = 0;
  private pairLeft = new Int32Array(1024);
  private pairRight = new Int32Array(1024);
  private pairCount = new Float64Array(1024);
  // Occurrence lists: pair p's nodes are pool[start[p] .. end[p]), ascending; start moves past dead entries.
  private occurrenceStart = new Int32Array(1024);
  private occurrenceEnd = new Int32Array(1024);
  private pool: Int32Array;
  private poolSize = 0;
  // Occurrences of new pairs found during the current merge, as (pair, node) in discovery order.
  private stepPairs = new Int32Array(1024);
  private stepNodes = new Int32Array(1024);
  private stepSize = 0;
  private pairs = 0;

  // Max-heap of (count, first node, pair), by count desc then first node asc.
  private heapCount = new Float64Array(1024);
  private heapFirst = new Float64Array(1024);
  private heapPair = new Int32Array(1024);
  private heapSize = 0;

  // Pairs touched by the current merge, to push once it is done.
  private touched: number[] = [];
  private touchedStamp = new Int32Array(1024);
  private step = 1;

  // Per merge, the pair each neighbour token forms (see neighbourPair), valid where the stamp is `step`.
  private vocab = 0;
  private cacheStamp = new Int32Array(0);
  private cacheValue = new Int32Array(0);

  constructor(table: ChunkTable) {
    const n = table.bytes.length;
    const nodes = new Int32Array(STRIDE * n);
    this.nodes = nodes;
    const small = table.counts.every((count) => count <= 0x7fffffff);
    const bigWeight = small ? null : new Float64Array(n);
    this.bigWeight = bigWeight;
    let node = 0;
    for (let c = 0; c < table.lengths.length; c++) {
      const length = table.lengths[c]!;
      const count = table.counts[c]!;
      for (let k = 0; k < length; k++, node++) {
        const at = node * STRIDE;
        nodes[at + TOKEN] = table.bytes[node]!;
        nodes[at + NEXT] = k === length - 1 ? -1 : node + 1;
        if (bigWeight) bigWeight[node] = count;
        else nodes[at + WEIGHT] = count;
      }
    }
    // Count occurrences per pair, then lay each pair's nodes out as one ascending block of the pool.
    for (let i = 0; i < n; i++) {
      const j = nodes[i * STRIDE + NEXT]!;
      if (j < 0) continue;
      const pair = this.pairFor(nodes[i * STRIDE + TOKEN]!, nodes[j * STRIDE + TOKEN]!);
      this.pairCount[pair] += bigWeight ? bigWeight[i]! : nodes[i * STRIDE + WEIGHT]!;
      this.occurrenceEnd[pair]!++;
    }
    let offset = 0;
    for (let pair = 0; pair < this.pairs; pair++) {
      const size = this.occurrenceEnd[pair]!;
      this.occurrenceStart[pair] = offset;
      this.occurrenceEnd[pair] = offset;
      offset += size;
    }
    // Room for the pairs the merges create: half the first blocks again, reclaimed by compacting in
    // place when full; the pool grows only when live blocks fill most of it (a grown pool is a copy, and
    // for that moment both pools are resident).
    this.pool = new Int32Array(Math.max(1024, offset + (offset >> 1)));
    this.poolSize = offset;
    // Bytes pair up through the direct table, so looking each pair up again is cheaper than keeping it.
    for (let i = 0; i < n; i++) {
      const j = nodes[i * STRIDE + NEXT]!;
      if (j < 0) continue;
      const pair = this.pairOf(nodes[i * STRIDE + TOKEN]!, nodes[j * STRIDE + TOKEN]!);
      this.pool[this.occurrenceEnd[pair]!++] = i;
    }
    for (let pair = 0; pair < this.pairs; pair++)
      this.heapAppend(this.pairCount[pair]!, this.pool[this.occurrenceStart[pair]!]!, pair);
    for (let i = (this.heapSize >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  run(numMerges: number, options: TrainOptions): TrainResult {
    this.vocab = 256 + numMerges;
    this.cacheStamp = new Int32Array(4 * this.vocab);
    this.cacheValue = new Int32Array(4 * this.vocab);
    const merges: Array<[number, number]> = [];
    const counts: number[] = [];
    for (let m = 0; m < numMerges; m++) {
      const winner = this.popWinner();
      if (winner < 0) {
        options.onProgress?.({ merges: m, total: numMerges });
        return { merges, counts, exhausted: true };
      }
      const left = this.pairLeft[winner]!;
      const right = this.pairRight[winner]!;
      const count = this.pairCount[winner]!;
      const id = 256 + m;
      this.applyMerge(winner, id);
      merges.push([left, right]);
      counts.push(count);
      if (options.verbose)
        console.log(`merge ${m + 1}/${numMerges}: (${left}, ${right}) -> ${id} had ${count} occurrences`);
      options.onProgress?.({ merges: m + 1, total: numMerges, last: { pair: [left, right], id, count } });
    }
    return { merges, counts, exhausted: false };
  }

  private slotOf(left: number, right: number): number {
    let h = Math.imul(left ^ Math.imul(right, 0x85ebca77), 0x9e3779b1);
    h ^= h >>> 15;
    const mask = this.slotMask;
    const slots = this.slots;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === 0 || (this.pairLeft[entry - 1] === left && this.pairRight[entry - 1] === right))
        return slot;
    }
  }

  /** The dense index of an existing pair (left, right). */
  private pairOf(left: number, right: number): number {
    if (left < DIRECT && right < DIRECT) return this.direct[left * DIRECT + right]! - 1;
    return this.slots[this.slotOf(left, right)]! - 1;
  }

  /** The dense index of pair (left, right), created with an empty occurrence list if new. */
  private pairFor(left: number, right: number): number {
    const small = left < DIRECT && right < DIRECT;
    const slot = small ? left * DIRECT + right : this.slotOf(left, right);
    const entry = small ? this.direct[slot]! : this.slots[slot]!;
    if (entry !== 0) return entry - 1;
    const pair = this.pairs++;
    if (pair >= this.pairLeft.length) {
      this.pairLeft = grow(this.pairLeft, pair + 1);
      this.pairRight = grow(this.pairRight, pair + 1);
      this.pairCount = grow(this.pairCount, pair + 1);
      this.occurrenceStart = grow(this.occurrenceStart, pair + 1);
      this.occurrenceEnd = grow(this.occurrenceEnd, pair + 1);
      this.touchedStamp = grow(this.touchedStamp, pair + 1);
    }
    this.pairLeft[pair] = left;
    this.pairRight[pair] = right;
    this.occurrenceStart[pair] = 0;
    this.occurrenceEnd[pair] = 0;
    if (small) {
      this.direct[slot] = pair + 1;
      return pair;
    }
    this.slots[slot] = pair + 1;
    if (++this.hashed * 2 > this.slots.length) this.rehash();
    return pair;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.slotMask = this.slots.length - 1;
    for (let pair = 0; pair < this.pairs; pair++) {
      const left = this.pairLeft[pair]!;
      const right = this.pairRight[pair]!;
      if (left >= DIRECT || right >= DIRECT) this.slots[this.slotOf(left, right)] = pair + 1;
    }
  }

  /** Whether node `i` still starts an occurrence of `pair`. */
  private occursAt(pair: number, i: number): boolean {
    const nodes = this.nodes;
    if (nodes[i * STRIDE + TOKEN] !== this.pairLeft[pair]) return false;
    const j = nodes[i * STRIDE + NEXT]!;
    return j >= 0 && nodes[j * STRIDE + TOKEN] === this.pairRight[pair];
  }

  /**
   * The live node just left of live node `i` in its chunk, or -1 at the chunk's start. Spans are
   * contiguous, so it is the node covering node i - 1: node i - 1 itself if live, else the end of the
   * chain of absorbing nodes from it (each merged-away node's NEXT names the node that absorbed it; the
   * chain is pointed straight at the live node once walked, so walks stay short). If that node does not
   * link to `i`, node i - 1 belongs to the previous chunk.
   */
  private leftOf(i: number): number {
    if (i === 0) return -1;
    const nodes = this.nodes;
    let x = i - 1;
    if (nodes[x * STRIDE + TOKEN]! < 0) {
      let live = nodes[x * STRIDE + NEXT]!;
      while (nodes[live * STRIDE + TOKEN]! < 0) live = nodes[live * STRIDE + NEXT]!;
      while (x !== live) {
        const up = nodes[x * STRIDE + NEXT]!;
        nodes[x * STRIDE + NEXT] = live;
        x = up;
      }
    }
    return nodes[x * STRIDE + NEXT] === i ? x : -1;
  }

  /** Pop heap entries until one is exact (see the class comment); -1 when no pair is left. */
  private popWinner(): number {
    while (this.heapSize > 0) {
      const pair = this.heapPair[0]!;
      const storedCount = this.heapCount[0]!;
      const storedFirst = this.heapFirst[0]!;
      const count = this.pairCount[pair]!;
      if (count <= 0) {
        this.heapPop();
        continue;
      }
      if (storedCount !== count) {
        this.heapReplaceTop(count, storedFirst, pair);
        continue;
      }
      // Without a tie at the top the first occurrence cannot matter (other counts are upper bounds).
      const size = this.heapSize;
      const rival = Math.max(size > 1 ? this.heapCount[1]! : 0, size > 2 ? this.heapCount[2]! : 0);
      if (rival < count) {
        this.heapPop();
        return pair;
      }
      let head = this.occurrenceStart[pair]!;
      while (!this.occursAt(pair, this.pool[head]!)) head++;
      this.occurrenceStart[pair] = head;
      const first = this.pool[head]!;
      if (first !== storedFirst) {
        this.heapReplaceTop(count, first, pair);
        continue;
      }
      this.heapPop();
      return pair;
    }
    return -1;
  }

  /** Merge every occurrence of `pair` into `id`, updating neighbour counts and pushing new pairs. */
  private applyMerge(pair: number, id: number): void {
    const { nodes, bigWeight } = this;
    const left = this.pairLeft[pair]!;
    const right = this.pairRight[pair]!;
    const pool = this.pool;
    this.step++;
    this.touched.length = 0;
    this.stepSize = 0;
    const end = this.occurrenceEnd[pair]!;
    for (let k = this.occurrenceStart[pair]!; k < end; k++) {
      const i = pool[k]!;
      const at = i * STRIDE;
      if (nodes[at + TOKEN] !== left) continue;
      const j = nodes[at + NEXT]!;
      if (j < 0 || nodes[j * STRIDE + TOKEN] !== right) continue;
      const w = bigWeight ? bigWeight[i]! : nodes[at + WEIGHT]!;
      const x = this.leftOf(i);
      const y = nodes[j * STRIDE + NEXT]!;
      if (x >= 0) {
        const t = nodes[x * STRIDE + TOKEN]!;
        this.pairCount[this.neighbourPair(LEFT_OLD, t, t, left)] -= w;
        this.addNew(this.neighbourPair(LEFT_NEW, t, t, id), w, x);
      }
      if (y >= 0) {
        const t = nodes[y * STRIDE + TOKEN]!;
        this.pairCount[this.neighbourPair(RIGHT_OLD, t, right, t)] -= w;
        this.addNew(this.neighbourPair(RIGHT_NEW, t, id, t), w, i);
      }
      nodes[at + TOKEN] = id;
      nodes[j * STRIDE + TOKEN] = -1;
      nodes[j * STRIDE + NEXT] = i;
      nodes[at + NEXT] = y;
    }
    this.pairCount[pair] = 0;
    this.occurrenceStart[pair] = this.occurrenceEnd[pair]!;
    this.flushStep();
    for (const q of this.touched) {
      const count = this.pairCount[q]!;
      // The first node recorded is a lower bound of the true first occurrence: exact or refined later.
      if (count > 0) this.heapPush(count, this.pool[this.occurrenceStart[q]!]!, q);
    }
  }

  /**
   * The pair (a, b) that a neighbour with token `t` forms, of one of the four kinds a merge touches
   * (t with the old left or right token, t with the new id), created if new. A merge meets the same few
   * neighbours over and over, so each (kind, t) is looked up once per merge and then read from a small
   * array instead of the pair hash.
   */
  private neighbourPair(kind: number, t: number, a: number, b: number): number {
    const k = kind * this.vocab + t;
    if (this.cacheStamp[k] === this.step) return this.cacheValue[k]!;
    const pair = this.pairFor(a, b);
    this.cacheStamp[k] = this.step;
    this.cacheValue[k] = pair;
    return pair;
  }

  /** Count an occurrence (at `node`) of pair `q`, which contains the new id. */
  private addNew(q: number, w: number, node: number): void {
    this.pairCount[q] += w;
    if (this.stepSize === this.stepPairs.length) {
      this.stepPairs = grow(this.stepPairs, this.stepSize + 1);
      this.stepNodes = grow(this.stepNodes, this.stepSize + 1);
    }
    this.stepPairs[this.stepSize] = q;
    this.stepNodes[this.stepSize++] = node;
    if (this.touchedStamp[q] !== this.step) {
      this.touchedStamp[q] = this.step;
      this.touched.push(q);
      this.occurrenceEnd[q] = 0; // used as a counter until flushStep
    }
    this.occurrenceEnd[q]!++;
  }

  /**
   * Give each pair created by this merge its block at the end of the pool. Entries were found in
   * ascending node order for each pair, and the placement is stable, so every block is ascending.
   */
  private flushStep(): void {
    let total = 0;
    for (const q of this.touched) total += this.occurrenceEnd[q]!;
    if (this.poolSize + total > this.pool.length) this.compactPool(total);
    let offset = this.poolSize;
    for (const q of this.touched) {
      const size = this.occurrenceEnd[q]!;
      this.occurrenceStart[q] = offset;
      this.occurrenceEnd[q] = offset;
      offset += size;
    }
    for (let k = 0; k < this.stepSize; k++) {
      const q = this.stepPairs[k]!;
      this.pool[this.occurrenceEnd[q]!++] = this.stepNodes[k]!;
    }
    this.poolSize = offset;
  }

  /**
   * Make room for `needed` more entries: drop the blocks of pairs that no longer occur and the dead
   * entries at the front of the others, moving the live blocks down in pool order (so each stays
   * ascending); grow only if the live blocks would fill more than 85% of it (so compacting does not
   * repeat every few merges). Pairs touched by the current merge are skipped: their blocks are about to
   * be laid out anew.
   */
  private compactPool(needed: number): void {
    const live: number[] = [];
    let liveSize = 0;
    for (let pair = 0; pair < this.pairs; pair++) {
      if (this.touchedStamp[pair] === this.step) continue;
      const size = this.occurrenceEnd[pair]! - this.occurrenceStart[pair]!;
      if (this.pairCount[pair]! > 0 && size > 0) {
        live.push(pair);
        liveSize += size;
      } else {
        // A pair that no longer occurs never occurs again (new occurrences always hold the new id).
        this.occurrenceStart[pair] = 0;
        this.occurrenceEnd[pair] = 0;
      }
    }
    const target =
      liveSize + needed > this.pool.length * 0.85
        ? new Int32Array(Math.ceil((liveSize + needed) * 1.5))
        : this.pool;
    const start = this.occurrenceStart;
    live.sort((a, b) => start[a]! - start[b]!);
    let offset = 0;
    for (const pair of live) {
      const from = start[pair]!;
      const to = this.occurrenceEnd[pair]!;
      // Blocks move down in pool order, so copying within the pool never overwrites a block not yet moved.
      if (target === this.pool) target.copyWithin(offset, from, to);
      else target.set(this.pool.subarray(from, to), offset);
      start[pair] = offset;
      offset += to - from;
      this.occurrenceEnd[pair] = offset;
    }
    this.pool = target;
    this.poolSize = offset;
  }

  private better(a: number, b: number): boolean {
    const ca = this.heapCount[a]!;
    const cb = this.heapCount[b]!;
    return ca > cb || (ca === cb && this.heapFirst[a]! < this.heapFirst[b]!);
  }

  private swap(a: number, b: number): void {
    const { heapCount, heapFirst, heapPair } = this;
    const c = heapCount[a]!;
    heapCount[a] = heapCount[b]!;
    heapCount[b] = c;
    const f = heapFirst[a]!;
    heapFirst[a] = heapFirst[b]!;
    heapFirst[b] = f;
    const p = heapPair[a]!;
    heapPair[a] = heapPair[b]!;
    heapPair[b] = p;
  }

  private heapAppend(count: number, first: number, pair: number): void {
    const i = this.heapSize++;
    if (i >= this.heapPair.length) {
      this.heapCount = grow(this.heapCount, i + 1);
      this.heapFirst = grow(this.heapFirst, i + 1);
      this.heapPair = grow(this.heapPair, i + 1);
    }
    this.heapCount[i] = count;
    this.heapFirst[i] = first;
    this.heapPair[i] = pair;
  }

  private heapPush(count: number, first: number, pair: number): void {
    this.heapAppend(count, first, pair);
    let i = this.heapSize - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.better(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private heapPop(): void {
    this.heapSize--;
    if (this.heapSize === 0) return;
    this.heapCount[0] = this.heapCount[this.heapSize]!;
    this.heapFirst[0] = this.heapFirst[this.heapSize]!;
    this.heapPair[0] = this.heapPair[this.heapSize]!;
    this.siftDown(0);
  }

  private heapReplaceTop(count: number, first: number, pair: number): void {
    this.heapCount[0] = count;
    this.heapFirst[0] = first;
    this.heapPair[0] = pair;
    this.siftDown(0);
  }

  private siftDown(i: number): void {
    const size = this.heapSize;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= size) return;
      let best = l;
      if (l + 1 < size && this.better(l + 1, l)) best = l + 1;
      if (!this.better(best, i)) return;
      this.swap(best, i);
      i = best;
    }
  }
}
