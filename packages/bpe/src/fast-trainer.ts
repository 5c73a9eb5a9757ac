import type { ChunkTable } from './chunk-table.js';
import type { MergeHelper } from './merge-helper.js';
import { PairHeap } from './pair-heap.js';
import { grow, PairIndex } from './pair-index.js';
import { arraysOf, RecordMerger } from './record-merger.js';
import { madeUpNumbers } from './record-merger-warm-up.js';
import type { TrainOptions, TrainResult } from './train-progress.js';
import { HEADER, LENGTH, type Records, segmentOf, trainerArray, writeHeader } from './trainer-records.js';

/**
 * Learn `numMerges` merges from unique chunks with counts, choosing exactly the pairs minbpe's
 * full-recount loop chooses, in far less time.
 *
 * How it stays exact. minbpe picks the pair with the highest count, and among equal counts the one
 * whose first occurrence in the current token stream (all chunks, duplicates kept, in text order) is
 * earliest. Chunks here are unique and ordered by first appearance, so the first occurrence of a pair
 * is in the earliest unique chunk that still contains it, at the earliest byte; a token's first byte
 * never moves, so that position only moves later as occurrences are merged away.
 *
 * How it is fast. Each chunk is a record in one typed array (16-bit when every id fits): its current
 * token count, its count (weight) and its tokens, side by side, so visiting a chunk reads one or two
 * cache lines; a merge rewrites the record's tokens in place, left to right as minbpe does. Each pair
 * keeps its count (weighted by chunk counts) and the ascending list of records where it was seen (one
 * block of a shared Int32Array pool; the blocks of the pairs a merge creates are appended after each
 * merge, and when the pool is full the blocks of pairs that no longer occur are dropped and the rest
 * moved down). A merge visits only the records in its pair's list, touching the next few ahead first so
 * that their cache misses overlap, and adjusts the counts of the neighbouring pairs, looking each
 * neighbour's pairs up once per merge. A chunk longer than a segment (64 bytes) is a chain of segment
 * records, so a visit never scans more than a segment; a pair across two segments belongs to the
 * segment holding its left token.
 *
 * With a helper thread (option `helper`; in Node, `startMergeHelper`) the records and lists live in
 * shared memory, and a list of many records is cut in two at a chunk's start: the helper merges the
 * second part while this thread merges the first, each noting what the neighbouring tokens lose and
 * gain by token rather than by pair, and this thread adds the helper's notes after its own. The notes
 * add up to one thread's, and each new pair's records stay ascending, so the merges are the same.
 *
 * A max-heap ordered by (count desc, first position asc) picks the next pair lazily: an existing pair
 * can only lose occurrences (new pairs always contain the new id), so a heap entry's count and first
 * position are bounds that can only be too good. When the top entry's count is stale it is re-pushed
 * with the true count; when the count is right and another entry might tie, its true first position is
 * found in the first record of its list that still holds it, and only if that matches is the pair the
 * winner. Every other entry then bounds its pair from above, so the winner is exactly minbpe's.
 *
 * @example
 * ```ts
 * const result = trainMerges(chunkTable(new Map([['aaab', 2], ['ab', 1]])), 2);
 * result.merges; // [[97, 97], [97, 98]]
 * ```
 */
export function trainMerges(table: ChunkTable, numMerges: number, options: TrainOptions = {}): TrainResult {
  if (table.bytes.length >= WARM_UP_BYTES) warmUpTrainer();
  return new FastTrainer(table, SEGMENT_BYTES, numMerges, options.helper).run(numMerges, options);
}

/** Tables of at least this many bytes are trained after {@link warmUp}. */
const WARM_UP_BYTES = 1 << 20;
let warmedUp = false;

/**
 * Run the trainer's warm-up now, if this process has not run it yet: some tens of ms training a small
 * made-up sample, so that the large table then runs on code compiled once, with every path already
 * taken. {@link trainMerges} runs it before the first large table by itself; a caller with
 * idle time before that, such as the main thread while worker threads count the chunks, can call this
 * then and take it off the time training waits for. The merges are the same either way.
 *
 * @example
 * ```ts
 * const counting = countFileTable(['corpus.txt'], 'gpt4');
 * warmUpTrainer(); // while the workers count
 * trainMerges(chunkTable(await counting), 32768 - 256);
 * ```
 */
export function warmUpTrainer(): void {
  if (!warmedUp) warmUp();
}

/**
 * Train once on a small made-up sample (1,500 short chunks, some of two-byte characters, one
 * long chunk cut into segments; 250 merges, some tens of ms), once per process, before the first large
 * table. V8 compiles the trainer's loops with the type feedback gathered so far; on a large table the
 * first merges alone run long enough for that to happen before the rarer paths (segments, ties, pool
 * compaction, growth) have run once, and each first run of one of them throws the compiled code away
 * to be compiled again. After the sample every path has run, and the large table runs on code
 * compiled once: on 100 MB of English the merges take about 100 ms less, warm-up included.
 */
function warmUp(): void {
  warmedUp = true;
  const next = madeUpNumbers(0x2545f491);
  // Single bytes (letters, space) and the two bytes of common Arabic letters.
  const symbols = [[0x61], [0x62], [0x63], [0x64], [0x65], [0x20], [0xd8, 0xa7], [0xd9, 0x84]];
  const bytes: number[] = [];
  const lengths: number[] = [];
  const counts: number[] = [];
  for (let w = 0; w < 1500; w++) {
    const start = bytes.length;
    for (let k = 1 + next(8); k > 0; k--) bytes.push(...symbols[next(symbols.length)]!);
    lengths.push(bytes.length - start);
    counts.push(1 + next(5));
  }
  for (let k = 0; k < 400; k++) bytes.push(0x61 + next(3));
  lengths.push(400);
  counts.push(2);
  const sample = {
    bytes: Uint8Array.from(bytes),
    lengths: Int32Array.from(lengths),
    counts: Float64Array.from(counts),
  };
  // The sample's merges make ids below the index's direct table only: give its hash some pairs too
  // (first, before anything is compiled without them).
  const index = new PairIndex(8);
  for (let i = 0; i < 64; i++) index.add(2000 + i, i);
  for (let i = 0; i < 64; i++) index.add(2000 + i, i);
  new FastTrainer(sample, 7, 250, undefined).run(250, {});
}

/**
 * {@link trainMerges} with chunks cut into segments of `segmentBytes` bytes instead of 64: the same
 * merges, for checking the segment code paths on small texts.
 *
 * @example
 * ```ts
 * trainMergesInSegments(chunkTable([['aaabdaaabac', 1]]), 3, 2).merges;
 * // [[97, 97], [256, 97], [257, 98]]
 * ```
 */
export function trainMergesInSegments(
  table: ChunkTable,
  numMerges: number,
  segmentBytes: number,
  options: TrainOptions = {},
): TrainResult {
  if (!Number.isInteger(segmentBytes) || segmentBytes < 1)
    throw new RangeError(`segmentBytes must be a positive integer, got ${segmentBytes}`);
  return new FastTrainer(table, segmentBytes, numMerges, options.helper).run(numMerges, options);
}

/** Chunks up to this many bytes are one record; longer ones are chains of records this long. */
const SEGMENT_BYTES = 64;

class FastTrainer {
  // The records, chunk after chunk in table order (so record offsets order first occurrences).
  private readonly data: Records;
  /** Chunk counts, by chunk index, when some count does not fit 32 bits (else in the records). */
  private readonly bigWeight: Float64Array | null;
  // Segments of long chunks, by segment number: the neighbouring records that still hold tokens (-1 at
  // the chunk's ends), and how many bytes of the segment the previous segment's last token has taken.
  private readonly segmentPrev: Int32Array;
  private readonly segmentNext: Int32Array;
  private readonly segmentSkip: Int32Array;
  /** Byte length of each token. */
  private tokenBytes = new Int32Array(256).fill(1);

  private readonly index: PairIndex;
  // Per pair (by index): weighted count, occurrence block pool[start .. end) and the merge step that
  // last made it.
  private pairCount: Float64Array;
  private occurrenceStart: Int32Array;
  private occurrenceEnd: Int32Array;
  private touchedStamp: Int32Array;
  private pool: Int32Array;
  private poolSize = 0;
  private readonly heap: PairHeap;

  /** Visits the records of each merge (see RecordMerger); made by `run`, which knows the ids' bound. */
  private merger!: RecordMerger;
  /** A second thread merging half of each long list, if given; the arrays above are then shared. */
  private readonly helper: MergeHelper | undefined;
  /** Per neighbour slot of the current merge: the new pair it makes. */
  private newPair = new Int32Array(0);
  private readonly touched: number[] = [];
  private step = 1;
  private vocab = 256;

  constructor(table: ChunkTable, segmentBytes: number, numMerges: number, helper: MergeHelper | undefined) {
    const { bytes, lengths, counts } = table;
    this.helper = helper;
    const shared = helper !== undefined;
    let big = false;
    for (let c = 0; c < counts.length && !big; c++) big = counts[c]! > 0x7fffffff;
    if (big && shared) {
      this.bigWeight = trainerArray(Float64Array, counts.length, true);
      this.bigWeight.set(counts);
    } else this.bigWeight = big ? counts : null;
    let records = 0;
    let segments = 0;
    for (let c = 0; c < lengths.length; c++) {
      const length = lengths[c]!;
      if (length <= segmentBytes) records++;
      else {
        const pieces = Math.ceil(length / segmentBytes);
        records += pieces;
        segments += pieces;
      }
    }
    // Room for one and a half times as many pairs as records to start with (32,768 merges of the large
    // tables create 1.0 to 1.2 pairs per record: growing copies every per-pair array); the index's hash
    // is sized by the records, as only pairs of larger ids are hashed.
    const capacity = Math.max(1 << 16, records + (records >> 1));
    this.index = new PairIndex(capacity, Math.max(1 << 16, records));
    this.heap = new PairHeap(capacity);
    this.pairCount = new Float64Array(capacity);
    this.occurrenceStart = new Int32Array(capacity);
    this.occurrenceEnd = new Int32Array(capacity);
    this.touchedStamp = new Int32Array(capacity);
    const size = bytes.length + HEADER * records;
    if (size > 0x7fffffff)
      throw new RangeError(
        `chunk table too large to train on: ${bytes.length} bytes in ${lengths.length} chunks`,
      );
    const narrow = 256 + numMerges <= 0x10000 && segmentBytes <= 0xffff;
    const data = narrow ? trainerArray(Uint16Array, size, shared) : trainerArray(Int32Array, size, shared);
    this.data = data;
    this.segmentPrev = trainerArray(Int32Array, segments, shared);
    this.segmentNext = trainerArray(Int32Array, segments, shared);
    this.segmentSkip = trainerArray(Int32Array, segments, shared);
    // Lay the records out and count every pair of bytes (weighted, and how many records hold it) in one
    // pass over the bytes, by the pair's two bytes; then give each pair its index in order of first
    // appearance, and in a second pass over the bytes lay each pair's records out as one ascending block
    // of the pool. A pair across two segments belongs to the segment holding its left byte.
    const byteCount = new Float64Array(1 << 16);
    const byteRecords = new Int32Array(1 << 16); // records holding the pair, then its next pool slot
    const byteLast = new Int32Array(1 << 16); // the last record (offset + 1) holding it, 0 = not seen
    // (Each pass is a method of its own: V8 compiles a long loop while it runs, and a loop in a method
    // of its own is compiled alone, once, not again with each loop after it.)
    const order = this.layOut(table, segmentBytes, byteCount, byteRecords, byteLast);
    const { pairCount, occurrenceStart, occurrenceEnd } = this;
    let offset = 0;
    for (const key of order) {
      const pair = this.index.add(key >>> 8, key & 255);
      pairCount[pair] = byteCount[key]!;
      occurrenceStart[pair] = offset;
      const records = byteRecords[key]!;
      byteRecords[key] = offset;
      offset += records;
      occurrenceEnd[pair] = offset;
    }
    // Room for the pairs the merges create: half the first blocks again, reclaimed by compacting in
    // place when full; the pool grows only when live blocks fill most of it.
    const pool = trainerArray(Int32Array, Math.max(1024, offset + (offset >> 1)), shared);
    this.pool = pool;
    this.poolSize = offset;
    byteLast.fill(0);
    this.fillPool(table, segmentBytes, byteRecords, byteLast);
    for (let pair = 0; pair < this.index.size; pair++)
      this.heap.append(this.pairCount[pair]!, this.pool[this.occurrenceStart[pair]!]!, pair);
    this.heap.heapify();
  }

  /**
   * Write the records and count the pairs of bytes (see the constructor); returns the pairs of bytes
   * (left << 8 | right) in order of first appearance.
   */
  private layOut(
    table: ChunkTable,
    segmentBytes: number,
    byteCount: Float64Array,
    byteRecords: Int32Array,
    byteLast: Int32Array,
  ): number[] {
    const { bytes, lengths, counts } = table;
    const { data, segmentPrev, segmentNext } = this;
    const big = this.bigWeight !== null;
    const order: number[] = [];
    let o = 0;
    let b = 0;
    let segment = 0;
    for (let c = 0; c < lengths.length; c++) {
      const length = lengths[c]!;
      const weight = big ? c : counts[c]!;
      const w = counts[c]!;
      if (length <= segmentBytes) {
        writeHeader(data, o, length, weight, -1);
        const s = o + HEADER;
        const mark = o + 1;
        let left = length > 0 ? bytes[b]! : 0;
        if (length > 0) data[s] = left;
        for (let k = 1; k < length; k++) {
          const right = bytes[b + k]!;
          data[s + k] = right;
          const key = (left << 8) | right;
          byteCount[key] += w;
          if (byteLast[key] !== mark) {
            if (byteLast[key] === 0) order.push(key);
            byteLast[key] = mark;
            byteRecords[key]!++;
          }
          left = right;
        }
        o += HEADER + length;
      } else {
        const first = o;
        let prev = -1;
        for (let at = 0; at < length; at += segmentBytes, segment++) {
          const piece = Math.min(segmentBytes, length - at);
          writeHeader(data, o, piece, weight, segment);
          for (let k = 0; k < piece; k++) data[o + HEADER + k] = bytes[b + at + k]!;
          segmentPrev[segment] = prev;
          segmentNext[segment] = -1;
          if (prev >= 0) segmentNext[segment - 1] = o;
          prev = o;
          o += HEADER + piece;
        }
        for (let k = 0; k + 1 < length; k++) {
          const key = (bytes[b + k]! << 8) | bytes[b + k + 1]!;
          const mark = first + Math.floor(k / segmentBytes) * (HEADER + segmentBytes) + 1;
          byteCount[key] += w;
          if (byteLast[key] !== mark) {
            if (byteLast[key] === 0) order.push(key);
            byteLast[key] = mark;
            byteRecords[key]!++;
          }
        }
      }
      b += length;
    }
    return order;
  }

  /** Lay each pair of bytes' records out as one ascending block of the pool (see the constructor). */
  private fillPool(
    table: ChunkTable,
    segmentBytes: number,
    byteRecords: Int32Array,
    byteLast: Int32Array,
  ): void {
    const { bytes, lengths } = table;
    const pool = this.pool;
    let o = 0;
    let b = 0;
    for (let c = 0; c < lengths.length; c++) {
      const length = lengths[c]!;
      if (length <= segmentBytes) {
        const mark = o + 1;
        let left = length > 0 ? bytes[b]! : 0;
        for (let k = 1; k < length; k++) {
          const right = bytes[b + k]!;
          const key = (left << 8) | right;
          if (byteLast[key] !== mark) {
            byteLast[key] = mark;
            pool[byteRecords[key]!++] = o;
          }
          left = right;
        }
        o += HEADER + length;
      } else {
        for (let k = 0; k + 1 < length; k++) {
          const key = (bytes[b + k]! << 8) | bytes[b + k + 1]!;
          const record = o + Math.floor(k / segmentBytes) * (HEADER + segmentBytes);
          if (byteLast[key] !== record + 1) {
            byteLast[key] = record + 1;
            pool[byteRecords[key]!++] = record;
          }
        }
        o += HEADER * Math.ceil(length / segmentBytes) + length;
      }
      b += length;
    }
  }

  run(numMerges: number, options: TrainOptions): TrainResult {
    // Each merge removes at least one token, so there can be no more merges than bytes.
    this.vocab = 256 + Math.min(numMerges, this.data.length);
    this.newPair = new Int32Array(2 * this.vocab);
    const tokenBytes = trainerArray(Int32Array, this.vocab, this.helper !== undefined);
    tokenBytes.set(this.tokenBytes);
    this.tokenBytes = tokenBytes;
    const arrays = arraysOf({
      data: this.data,
      bigWeight: this.bigWeight,
      segmentPrev: this.segmentPrev,
      segmentNext: this.segmentNext,
      segmentSkip: this.segmentSkip,
      tokenBytes,
      pool: this.pool,
    });
    this.merger = new RecordMerger(arrays, this.vocab);
    if (this.helper === undefined) return this.merge(numMerges, options);
    this.helper.attach(arrays, this.vocab);
    try {
      return this.merge(numMerges, options);
    } finally {
      this.helper.detach();
    }
  }

  private merge(numMerges: number, options: TrainOptions): TrainResult {
    const tokenBytes = this.tokenBytes;
    const merges: Array<[number, number]> = [];
    const counts: number[] = [];
    for (let m = 0; m < numMerges; m++) {
      const winner = this.popWinner();
      if (winner < 0) {
        options.onProgress?.({ merges: m, total: numMerges });
        return { merges, counts, exhausted: true };
      }
      const left = this.index.left(winner);
      const right = this.index.right(winner);
      const count = this.pairCount[winner]!;
      const id = 256 + m;
      tokenBytes[id] = tokenBytes[left]! + tokenBytes[right]!;
      this.applyMerge(winner, id);
      merges.push([left, right]);
      counts.push(count);
      if (options.verbose)
        console.log(`merge ${m + 1}/${numMerges}: (${left}, ${right}) -> ${id} had ${count} occurrences`);
      options.onProgress?.({ merges: m + 1, total: numMerges, last: { pair: [left, right], id, count } });
    }
    return { merges, counts, exhausted: false };
  }

  /** The dense index of pair (left, right), created (count 0, no occurrences) if new. */
  private pairFor(left: number, right: number): number {
    const pair = this.index.add(left, right);
    if (pair >= this.pairCount.length) {
      this.pairCount = grow(this.pairCount, pair + 1);
      this.occurrenceStart = grow(this.occurrenceStart, pair + 1);
      this.occurrenceEnd = grow(this.occurrenceEnd, pair + 1);
      this.touchedStamp = grow(this.touchedStamp, pair + 1);
    }
    return pair;
  }

  /**
   * The position of the first occurrence of (left, right) in record `o` (the record's offset plus the
   * byte where the occurrence starts within its segment), or -1 if the record no longer holds it.
   */
  private firstIn(o: number, left: number, right: number): number {
    const data = this.data;
    const segment = segmentOf(data, o);
    let position = segment < 0 ? o : o + this.segmentSkip[segment]!;
    const s = o + HEADER;
    const last = s + data[o + LENGTH]! - 1;
    for (let i = s; i <= last; i++) {
      const token = data[i]!;
      if (token === left && (i < last ? data[i + 1]! : this.merger.firstOfNext(o)) === right) return position;
      position += this.tokenBytes[token]!;
    }
    return -1;
  }

  /** Pop heap entries until one is exact (see {@link trainMerges}); -1 when no pair is left. */
  private popWinner(): number {
    const heap = this.heap;
    while (heap.size > 0) {
      const pair = heap.topPair();
      const count = this.pairCount[pair]!;
      if (count <= 0) {
        heap.pop();
        continue;
      }
      if (heap.topCount() !== count) {
        heap.replaceTop(count, heap.topFirst(), pair);
        continue;
      }
      // Without a tie at the top the first occurrence cannot matter (other counts are upper bounds).
      if (heap.runnerUpCount() < count) {
        heap.pop();
        return pair;
      }
      const left = this.index.left(pair);
      const right = this.index.right(pair);
      const end = this.occurrenceEnd[pair]!;
      let head = this.occurrenceStart[pair]!;
      let first = -1;
      for (; head < end && first < 0; head++) first = this.firstIn(this.pool[head]!, left, right);
      // A counted pair always occurs in its list; failing loudly beats walking past it.
      if (first < 0)
        throw new Error(
          `trainer invariant broken: pair (${left}, ${right}) counted ${count} times, found nowhere`,
        );
      this.occurrenceStart[pair] = head - 1;
      if (first !== heap.topFirst()) {
        heap.replaceTop(count, first, pair);
        continue;
      }
      heap.pop();
      return pair;
    }
    return -1;
  }

  /** Merge every occurrence of `pair` into `id`, updating neighbour counts and pushing new pairs. */
  private applyMerge(pair: number, id: number): void {
    const left = this.index.left(pair);
    const right = this.index.right(pair);
    const from = this.occurrenceStart[pair]!;
    const to = this.occurrenceEnd[pair]!;
    const { merger, helper } = this;
    const mid =
      helper !== undefined && to - from >= helper.minRecords && helper.ready ? this.splitPoint(from, to) : to;
    if (mid < to) {
      helper!.begin(left, right, id, mid, to, this.pool);
      merger.scan(from, mid, left, right, id);
      const theirs = helper!.end();
      merger.absorb(theirs.notes, theirs.metSize, theirs.stepSize);
    } else merger.scan(from, to, left, right, id);
    this.step++;
    this.touched.length = 0;
    // What each neighbour met lost and gained: (t, left) or (right, t) gives its weight to (t, id) or
    // (id, t). Looked up in the order first met, as the pairs were always numbered.
    const { met, weight } = merger.notes;
    const vocab = this.vocab;
    for (let i = 0; i < merger.metSize; i++) {
      const slot = met[i]!;
      const t = slot < vocab ? slot : slot - vocab;
      const old = slot < vocab ? this.pairFor(t, left) : this.pairFor(right, t);
      const q = slot < vocab ? this.pairFor(t, id) : this.pairFor(id, t);
      const w = weight[slot]!;
      this.pairCount[old] -= w;
      this.pairCount[q] += w;
      this.newPair[slot] = q;
      this.touchedStamp[q] = this.step;
      this.touched.push(q);
    }
    this.pairCount[pair] = 0;
    this.occurrenceStart[pair] = this.occurrenceEnd[pair]!;
    this.flushStep();
    for (const q of this.touched) {
      const count = this.pairCount[q]!;
      // The first record is a lower bound of the true first position: exact or refined later.
      if (count > 0) this.heap.push(count, this.pool[this.occurrenceStart[q]!]!, q);
    }
  }

  /**
   * Where the list pool[from, to) is cut between this thread and the helper: the first record from
   * its middle on that begins what is left of its chunk (so that each chunk's segments are merged by
   * one thread), or `to` if none does.
   */
  private splitPoint(from: number, to: number): number {
    const { data, pool, segmentPrev } = this;
    for (let k = (from + to) >>> 1; k < to; k++) {
      const segment = segmentOf(data, pool[k]!);
      if (segment < 0 || segmentPrev[segment]! < 0) return k;
    }
    return to;
  }

  /**
   * Give each pair created by this merge its block at the end of the pool. Records were found in
   * ascending order for each pair, and the placement is stable, so every block is ascending.
   */
  private flushStep(): void {
    const merger = this.merger;
    const total = merger.stepSize;
    if (this.poolSize + total > this.pool.length) this.compactPool(total);
    const { met, records, stepSlots, stepRecords } = merger.notes;
    let offset = this.poolSize;
    for (let i = 0; i < merger.metSize; i++) {
      const slot = met[i]!;
      const q = this.newPair[slot]!;
      const size = records[slot]!;
      this.occurrenceStart[q] = offset;
      records[slot] = offset;
      offset += size;
      this.occurrenceEnd[q] = offset;
    }
    const pool = this.pool;
    for (let k = 0; k < total; k++) pool[records[stepSlots[k]!]!++] = stepRecords[k]!;
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
    for (let pair = 0; pair < this.index.size; pair++) {
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
        ? trainerArray(Int32Array, Math.ceil((liveSize + needed) * 1.5), this.helper !== undefined)
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
    this.merger.arrays.pool = target;
    this.poolSize = offset;
  }
}
