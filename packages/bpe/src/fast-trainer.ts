import type { ChunkTable } from './chunk-table.js';
import { PairHeap } from './pair-heap.js';
import { grow, PairIndex } from './pair-index.js';
import type { TrainOptions, TrainResult } from './train-progress.js';

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
  return new FastTrainer(table, SEGMENT_BYTES, numMerges).run(numMerges, options);
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
  let seed = 0x2545f491;
  const next = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) % n;
  };
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
  new FastTrainer(sample, 7, 250).run(250, {});
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
  return new FastTrainer(table, segmentBytes, numMerges).run(numMerges, options);
}

/** Chunks up to this many bytes are one record; longer ones are chains of records this long. */
const SEGMENT_BYTES = 64;

/**
 * Fields of a record's header (the tokens follow it). The records are 16-bit when every id fits (so
 * that the merges, which stream through most records early on, read half the memory), else 32-bit;
 * the two 32-bit fields are kept as 16-bit halves either way, so one code path reads both.
 */
const LENGTH = 0; // current number of tokens held (at most a segment's bytes)
const WEIGHT = 1; // and 2: the chunk's count (or, when some count does not fit 32 bits, the chunk's index)
const SEGMENT = 3; // and 4: 0, or 1 + the segment number of a record of a long chunk
const HEADER = 5;

/** Records of tokens: 16-bit when every id and segment length fits, else 32-bit. */
type Records = Uint16Array | Int32Array;

/** Write a record's header at `o`: `segment` is -1 for a chunk of one record. */
function writeHeader(data: Records, o: number, length: number, weight: number, segment: number): void {
  data[o + LENGTH] = length;
  writeHalves(data, o + WEIGHT, weight);
  writeHalves(data, o + SEGMENT, segment + 1);
}

/** Write the non-negative 31-bit `value` at `at` as its low and high 16 bits. */
function writeHalves(data: Records, at: number, value: number): void {
  data[at] = value & 0xffff;
  data[at + 1] = value >>> 16;
}

/** The value {@link writeHalves} wrote at `at`. */
function readHalves(data: Records, at: number): number {
  return data[at]! | (data[at + 1]! << 16);
}

/** The segment number of record `o`, or -1 if it holds a whole chunk. */
function segmentOf(data: Records, o: number): number {
  return readHalves(data, o + SEGMENT) - 1;
}

/** A merge visits this many records of its list ahead of the one it works on, to overlap their misses. */
const AHEAD = 32;

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

  // Occurrences of new pairs found during the current merge, as (neighbour slot, record) in discovery
  // order (a slot stands for the one new pair it makes).
  private stepSlots = new Int32Array(1024);
  private stepRecords = new Int32Array(1024);
  private stepSize = 0;
  private readonly touched: number[] = [];
  private step = 1;
  // Per neighbour token met by the current merge (slot t left of it, vocab + t right of it), valid where
  // the stamp is `step`: the pair it loses, the new pair it makes, the weight that moves between them,
  // the last record noted for the new pair and how many (then where the next goes in its block). Kept
  // by slot, a few small arrays, not by pair: a merge's notes touch no per-pair memory.
  private neighbourStamp = new Int32Array(0);
  private neighbourOld = new Int32Array(0);
  private neighbourNew = new Int32Array(0);
  private neighbourWeight = new Float64Array(0);
  private neighbourLast = new Int32Array(0);
  private neighbourRecords = new Int32Array(0);
  private readonly met: number[] = [];
  private vocab = 256;
  /** Keeps the look-ahead reads of applyMerge from being optimised away. */
  sink = 0;

  constructor(table: ChunkTable, segmentBytes: number, numMerges: number) {
    const { bytes, lengths, counts } = table;
    let big = false;
    for (let c = 0; c < counts.length && !big; c++) big = counts[c]! > 0x7fffffff;
    this.bigWeight = big ? counts : null;
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
    const data = narrow ? new Uint16Array(size) : new Int32Array(size);
    this.data = data;
    this.segmentPrev = new Int32Array(segments);
    this.segmentNext = new Int32Array(segments);
    this.segmentSkip = new Int32Array(segments);
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
    const pool = new Int32Array(Math.max(1024, offset + (offset >> 1)));
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
    this.neighbourStamp = new Int32Array(2 * this.vocab);
    this.neighbourOld = new Int32Array(2 * this.vocab);
    this.neighbourNew = new Int32Array(2 * this.vocab);
    this.neighbourWeight = new Float64Array(2 * this.vocab);
    this.neighbourLast = new Int32Array(2 * this.vocab);
    this.neighbourRecords = new Int32Array(2 * this.vocab);
    const tokenBytes = new Int32Array(this.vocab);
    tokenBytes.set(this.tokenBytes);
    this.tokenBytes = tokenBytes;
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

  private weight(o: number): number {
    const w = readHalves(this.data, o + WEIGHT);
    return this.bigWeight ? this.bigWeight[w]! : w;
  }

  /** The first token of the segment after record `o`, or -1 if `o` ends its chunk. */
  private firstOfNext(o: number): number {
    const segment = segmentOf(this.data, o);
    if (segment < 0) return -1;
    const next = this.segmentNext[segment]!;
    return next < 0 ? -1 : this.data[next + HEADER]!;
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
      if (token === left && (i < last ? data[i + 1]! : this.firstOfNext(o)) === right) return position;
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
    const data = this.data;
    const pool = this.pool;
    const left = this.index.left(pair);
    const right = this.index.right(pair);
    this.step++;
    this.touched.length = 0;
    this.met.length = 0;
    this.stepSize = 0;
    const end = this.occurrenceEnd[pair]!;
    let ahead = this.occurrenceStart[pair]!;
    let sink = 0;
    for (let k = ahead; k < end; k++) {
      if (k === ahead) {
        // Read the next records' lengths now: the loads are independent, so their misses overlap.
        ahead = Math.min(end, k + AHEAD);
        for (let j = k; j < ahead; j++) sink |= data[pool[j]!]!;
      }
      const o = pool[k]!;
      const s = o + HEADER;
      const last = s + data[o + LENGTH]! - 1;
      let r = s;
      while (r < last && (data[r] !== left || data[r + 1] !== right)) r++;
      // No occurrence inside the record: one may still span into the next segment.
      if (r >= last && (r !== last || data[r] !== left || this.firstOfNext(o) !== right)) continue;
      this.mergeRecord(o, r, left, right, id);
    }
    this.sink = sink;
    this.settleNeighbours();
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
   * Replace every occurrence of (left, right) in record `o`, from position `r` (the first), left to
   * right, writing the tokens back in place; an occurrence whose right token starts the next segment
   * takes that token out of it.
   */
  private mergeRecord(o: number, r: number, left: number, right: number, id: number): void {
    const data = this.data;
    const w = this.weight(o);
    const s = o + HEADER;
    const e = s + data[o + LENGTH]!;
    const segment = segmentOf(data, o);
    let out = r;
    while (r < e) {
      const token = data[r]!;
      if (token === left) {
        let next = -1; // the next segment, when the right token is its first
        let found = false;
        if (r + 1 < e) found = data[r + 1] === right;
        else if (segment >= 0) {
          next = this.segmentNext[segment]!;
          found = next >= 0 && data[next + HEADER] === right;
        }
        if (found) {
          if (out > s) this.leftNeighbour(data[out - 1]!, left, id, w, o);
          else if (segment >= 0) {
            const prev = this.segmentPrev[segment]!;
            if (prev >= 0)
              this.leftNeighbour(data[prev + HEADER + data[prev + LENGTH]! - 1]!, left, id, w, prev);
          }
          if (next < 0) {
            if (r + 2 < e) this.rightNeighbour(data[r + 2]!, right, id, w, o);
            else {
              const after = this.firstOfNext(o);
              if (after >= 0) this.rightNeighbour(after, right, id, w, o);
            }
            r += 2;
          } else {
            if (data[next + LENGTH]! > 1) this.rightNeighbour(data[next + HEADER + 1]!, right, id, w, o);
            else {
              const after = this.firstOfNext(next);
              if (after >= 0) this.rightNeighbour(after, right, id, w, o);
            }
            this.takeFirst(next, o);
            r += 1;
          }
          data[out++] = id;
          continue;
        }
      }
      data[out++] = token;
      r++;
    }
    data[o + LENGTH] = out - s;
  }

  /** Remove the first token of segment record `next` (merged into the last token of `o`, before it). */
  private takeFirst(next: number, o: number): void {
    const data = this.data;
    const segment = segmentOf(data, next);
    const s = next + HEADER;
    const length = data[next + LENGTH]! - 1;
    this.segmentSkip[segment]! += this.tokenBytes[data[s]!]!;
    data.copyWithin(s, s + 1, s + 1 + length);
    data[next + LENGTH] = length;
    if (length > 0) return;
    // Unlink the empty segment, so that neighbours are always found one link away.
    const after = this.segmentNext[segment]!;
    this.segmentNext[segmentOf(data, o)] = after;
    if (after >= 0) this.segmentPrev[segmentOf(data, after)] = o;
  }

  /**
   * Token `t` (in record `owner`) precedes an occurrence of (left, right) being merged into `id`: pair
   * (t, left) loses it and (t, id) gains it, by the chunk's count `w`. Both pairs are looked up once
   * per merge, and the counts they lose and gain are added up per neighbour and applied at the end.
   */
  private leftNeighbour(t: number, left: number, id: number, w: number, owner: number): void {
    const slot = t;
    if (this.neighbourStamp[slot] !== this.step) this.meetNeighbour(slot, t, left, t, id);
    this.neighbourWeight[slot] += w;
    this.addNew(slot, owner);
  }

  /** Token `t` follows an occurrence of (left, right) merged into `id` (in record `owner`). */
  private rightNeighbour(t: number, right: number, id: number, w: number, owner: number): void {
    const slot = this.vocab + t;
    if (this.neighbourStamp[slot] !== this.step) this.meetNeighbour(slot, right, t, id, t);
    this.neighbourWeight[slot] += w;
    this.addNew(slot, owner);
  }

  /** First meeting of a neighbour in this merge: the pair (a, b) it loses and the new (c, d) it makes. */
  private meetNeighbour(slot: number, a: number, b: number, c: number, d: number): void {
    this.neighbourStamp[slot] = this.step;
    this.neighbourOld[slot] = this.pairFor(a, b);
    const q = this.pairFor(c, d);
    this.neighbourNew[slot] = q;
    this.neighbourWeight[slot] = 0;
    this.met.push(slot);
    this.neighbourLast[slot] = -1;
    this.neighbourRecords[slot] = 0;
    // Each new pair has one slot: (t, id) is made only left of an occurrence, (id, t) only right of it.
    this.touchedStamp[q] = this.step;
    this.touched.push(q);
  }

  /**
   * Note that record `record` holds the new pair of neighbour slot `slot` (once per record: records
   * come in ascending order).
   */
  private addNew(slot: number, record: number): void {
    if (this.neighbourLast[slot] === record) return;
    this.neighbourLast[slot] = record;
    if (this.stepSize === this.stepSlots.length) {
      this.stepSlots = grow(this.stepSlots, this.stepSize + 1);
      this.stepRecords = grow(this.stepRecords, this.stepSize + 1);
    }
    this.stepSlots[this.stepSize] = slot;
    this.stepRecords[this.stepSize++] = record;
    this.neighbourRecords[slot]!++;
  }

  /** Apply what the neighbours met in this merge lost and gained. */
  private settleNeighbours(): void {
    for (const slot of this.met) {
      const w = this.neighbourWeight[slot]!;
      this.pairCount[this.neighbourOld[slot]!] -= w;
      this.pairCount[this.neighbourNew[slot]!] += w;
    }
  }

  /**
   * Give each pair created by this merge its block at the end of the pool. Records were found in
   * ascending order for each pair, and the placement is stable, so every block is ascending.
   */
  private flushStep(): void {
    const total = this.stepSize;
    if (this.poolSize + total > this.pool.length) this.compactPool(total);
    const records = this.neighbourRecords;
    let offset = this.poolSize;
    for (const slot of this.met) {
      const q = this.neighbourNew[slot]!;
      const size = records[slot]!;
      this.occurrenceStart[q] = offset;
      records[slot] = offset;
      offset += size;
      this.occurrenceEnd[q] = offset;
    }
    const pool = this.pool;
    const { stepSlots, stepRecords } = this;
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
}
