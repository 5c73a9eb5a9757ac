import { grow } from './pair-index.js';
import { HEADER, LENGTH, readHalves, segmentOf, trainerArray, WEIGHT } from './trainer-records.js';

/**
 * The arrays a merge rewrites and reads, which the trainer's thread and a helper thread share (see
 * `trainMerges`): the records, the links of long chunks' segments, each token's byte length and the
 * pool of occurrence lists.
 *
 * @example
 * ```ts
 * const arrays: MergeArrays = {
 *   data: new Uint16Array(0), bigWeight: null, segmentPrev: new Int32Array(0), segmentNext: new Int32Array(0),
 *   segmentSkip: new Int32Array(0), tokenBytes: new Int32Array(256).fill(1), pool: new Int32Array(0),
 * };
 * ```
 */
export interface MergeArrays {
  /**
   * The records, chunk after chunk in table order (so record offsets order first occurrences): 16-bit
   * when every id fits, else 32-bit.
   */
  data: Uint16Array | Int32Array;
  /** Chunk counts, by chunk index, when some count does not fit 32 bits (else in the records). */
  bigWeight: Float64Array | null;
  /** Per segment of a long chunk: the record before it that still holds tokens (-1 at the start). */
  segmentPrev: Int32Array;
  /** Per segment of a long chunk: the record after it that still holds tokens (-1 at the end). */
  segmentNext: Int32Array;
  /** Per segment: how many of its bytes the previous segment's last token has taken. */
  segmentSkip: Int32Array;
  /** Byte length of each token. */
  tokenBytes: Int32Array;
  /** The occurrence lists: each pair's records, ascending, in one block. */
  pool: Int32Array;
}

/** A merge visits this many records of its list ahead of the one it works on, to overlap their misses. */
const AHEAD = 32;

/**
 * The part of a merge that visits records: rewrite every occurrence of a pair in a run of its records
 * (left to right, as minbpe does) and note, for each token met beside an occurrence, the weight that
 * moves from the pair it made with the merged tokens to the pair it makes with the new token, and the
 * records that now hold that new pair. Notes are kept by neighbouring token (slot `t` for a token left
 * of an occurrence, `vocab + t` right of it), never by pair, so that no pair table is touched here:
 * the trainer's thread and a helper thread can each run one over their share of a pair's records, and
 * the trainer adds their notes up.
 *
 * @example
 * ```ts
 * const data = Uint16Array.of(3, 1, 0, 0, 0, 97, 97, 98); // one record: count 1, tokens a a b
 * const merger = new RecordMerger({ data, bigWeight: null, segmentPrev: new Int32Array(0),
 *   segmentNext: new Int32Array(0), segmentSkip: new Int32Array(0),
 *   tokenBytes: new Int32Array(257).fill(1), pool: Int32Array.of(0) }, 257);
 * merger.scan(0, 1, 97, 97, 256);
 * merger.metSize; // 1: token b, right of the occurrence, now follows 256
 * ```
 */
export class RecordMerger {
  /** The notes, by slot and in order found (see {@link MergeNotes}). */
  readonly notes: MergeNotes;
  /** How many slots the last scan met (the first entries of `notes.met`). */
  metSize = 0;
  /** How many (slot, record) entries the last scan found (the first entries of the step lists). */
  stepSize = 0;
  private step = 0;
  /** Keeps the look-ahead reads of `scan` from being optimised away. */
  sink = 0;

  constructor(
    /** The shared arrays; `pool` is replaced when the trainer compacts or grows it. */
    readonly arrays: MergeArrays,
    /** Every token id is below this. */
    readonly vocab: number,
    /** Notes in shared memory (see {@link mergeNotes}), for a merger on a helper thread; default: its own. */
    notes?: MergeNotes,
  ) {
    this.notes = notes ?? mergeNotes(vocab, false);
    this.shared = notes !== undefined;
  }

  /** Whether the notes are in shared memory (and step lists grow into shared memory). */
  readonly shared: boolean;

  /**
   * Merge every occurrence of (left, right) into `id` in the records `pool[from, to)` (ascending), and
   * note what their neighbours lose and gain (the notes of an earlier scan are dropped). A chunk's
   * segments must all lie in the run or all outside it.
   */
  scan(from: number, to: number, left: number, right: number, id: number): void {
    const { data, pool } = this.arrays;
    this.step++;
    this.metSize = 0;
    this.stepSize = 0;
    let ahead = from;
    let sink = 0;
    for (let k = from; k < to; k++) {
      if (k === ahead) {
        // Read the next records' lengths now: the loads are independent, so their misses overlap.
        ahead = Math.min(to, k + AHEAD);
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
  }

  /**
   * Add the notes of another merger's scan of the same merge, over records after this one's, to this
   * one's: the weights and record counts per slot, and its (slot, record) entries after these (so that
   * each slot's records stay ascending).
   */
  absorb(notes: MergeNotes, metSize: number, stepSize: number): void {
    const own = this.notes;
    for (let i = 0; i < metSize; i++) {
      const slot = notes.met[i]!;
      if (own.stamp[slot] !== this.step) {
        own.stamp[slot] = this.step;
        own.weight[slot] = 0;
        own.records[slot] = 0;
        own.met[this.metSize++] = slot;
      }
      own.weight[slot] += notes.weight[slot]!;
      own.records[slot]! += notes.records[slot]!;
    }
    const size = this.stepSize + stepSize;
    if (size > own.stepSlots.length) {
      own.stepSlots = growTo(own.stepSlots, size, this.shared);
      own.stepRecords = growTo(own.stepRecords, size, this.shared);
    }
    own.stepSlots.set(notes.stepSlots.subarray(0, stepSize), this.stepSize);
    own.stepRecords.set(notes.stepRecords.subarray(0, stepSize), this.stepSize);
    this.stepSize = size;
  }

  /** The first token of the segment after record `o`, or -1 if `o` ends its chunk. */
  firstOfNext(o: number): number {
    const { data, segmentNext } = this.arrays;
    const segment = segmentOf(data, o);
    if (segment < 0) return -1;
    const next = segmentNext[segment]!;
    return next < 0 ? -1 : data[next + HEADER]!;
  }

  private weightOf(o: number): number {
    const { data, bigWeight } = this.arrays;
    const w = readHalves(data, o + WEIGHT);
    return bigWeight ? bigWeight[w]! : w;
  }

  /**
   * Replace every occurrence of (left, right) in record `o`, from position `r` (the first), left to
   * right, writing the tokens back in place; an occurrence whose right token starts the next segment
   * takes that token out of it.
   */
  private mergeRecord(o: number, r: number, left: number, right: number, id: number): void {
    const { data, segmentPrev, segmentNext } = this.arrays;
    const w = this.weightOf(o);
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
          next = segmentNext[segment]!;
          found = next >= 0 && data[next + HEADER] === right;
        }
        if (found) {
          if (out > s) this.note(data[out - 1]!, w, o);
          else if (segment >= 0) {
            const prev = segmentPrev[segment]!;
            if (prev >= 0) this.note(data[prev + HEADER + data[prev + LENGTH]! - 1]!, w, prev);
          }
          const rightOf = this.vocab; // the slots of tokens right of an occurrence start here
          if (next < 0) {
            if (r + 2 < e) this.note(rightOf + data[r + 2]!, w, o);
            else {
              const after = this.firstOfNext(o);
              if (after >= 0) this.note(rightOf + after, w, o);
            }
            r += 2;
          } else {
            if (data[next + LENGTH]! > 1) this.note(rightOf + data[next + HEADER + 1]!, w, o);
            else {
              const after = this.firstOfNext(next);
              if (after >= 0) this.note(rightOf + after, w, o);
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
    const { data, segmentNext, segmentPrev, segmentSkip, tokenBytes } = this.arrays;
    const segment = segmentOf(data, next);
    const s = next + HEADER;
    const length = data[next + LENGTH]! - 1;
    segmentSkip[segment]! += tokenBytes[data[s]!]!;
    data.copyWithin(s, s + 1, s + 1 + length);
    data[next + LENGTH] = length;
    if (length > 0) return;
    // Unlink the empty segment, so that neighbours are always found one link away.
    const after = segmentNext[segment]!;
    segmentNext[segmentOf(data, o)] = after;
    if (after >= 0) segmentPrev[segmentOf(data, after)] = o;
  }

  /**
   * Neighbour slot `slot` (see the class comment) of an occurrence in a record of weight `w`: its pairs
   * move `w`, and record `owner` now holds its new pair (noted once per record: records come in
   * ascending order).
   */
  private note(slot: number, w: number, owner: number): void {
    const notes = this.notes;
    if (notes.stamp[slot] !== this.step) {
      notes.stamp[slot] = this.step;
      notes.weight[slot] = 0;
      notes.last[slot] = -1;
      notes.records[slot] = 0;
      notes.met[this.metSize++] = slot;
    }
    notes.weight[slot] += w;
    if (notes.last[slot] === owner) return;
    notes.last[slot] = owner;
    if (this.stepSize === notes.stepSlots.length) {
      notes.stepSlots = growTo(notes.stepSlots, this.stepSize + 1, this.shared);
      notes.stepRecords = growTo(notes.stepRecords, this.stepSize + 1, this.shared);
    }
    notes.stepSlots[this.stepSize] = slot;
    notes.stepRecords[this.stepSize++] = owner;
    notes.records[slot]!++;
  }
}

/**
 * What a `RecordMerger`'s scan notes, per neighbour slot (valid where `stamp` is the scan's
 * number): the weight that moves between its pairs, the last record noted for its new pair, how many
 * records hold that pair; the slots met, in order; and the (slot, record) entries in order found.
 *
 * @example
 * ```ts
 * const notes: MergeNotes = mergeNotes(512, false);
 * notes.met.length; // 1024: two slots per token
 * ```
 */
export interface MergeNotes {
  /** Per slot: the number of the scan that last met it (its other notes are that scan's). */
  stamp: Int32Array;
  /** Per slot: the weight that moves from its old pair to its new one. */
  weight: Float64Array;
  /** Per slot: the last record noted for its new pair. */
  last: Int32Array;
  /** Per slot: how many records hold its new pair. */
  records: Int32Array;
  /** The slots met, in the order first met. */
  met: Int32Array;
  /** The slot of each (slot, record) entry, in the order found. */
  stepSlots: Int32Array;
  /** The record of each (slot, record) entry. */
  stepRecords: Int32Array;
}

/**
 * Empty notes for tokens below `vocab`, in shared memory when `shared` (a helper thread writes them and
 * the trainer's thread reads them).
 *
 * @example
 * ```ts
 * mergeNotes(512, true).weight.buffer instanceof SharedArrayBuffer; // true
 * ```
 */
export function mergeNotes(vocab: number, shared: boolean): MergeNotes {
  return notesOf({
    stamp: trainerArray(Int32Array, 2 * vocab, shared),
    weight: trainerArray(Float64Array, 2 * vocab, shared),
    last: trainerArray(Int32Array, 2 * vocab, shared),
    records: trainerArray(Int32Array, 2 * vocab, shared),
    met: trainerArray(Int32Array, 2 * vocab, shared),
    // Small, so that the trainer's warm-up grows them too (see `warmUpTrainer`).
    stepSlots: trainerArray(Int32Array, 64, shared),
    stepRecords: trainerArray(Int32Array, 64, shared),
  });
}

/**
 * `notes` as a new object made here, where every {@link MergeNotes} the mergers use is made: one made
 * elsewhere (a message's copy, say) may have another hidden class, and code compiled for one would be
 * compiled again for the other.
 *
 * @example
 * ```ts
 * const copy = notesOf(structuredClone(mergeNotes(512, true)));
 * ```
 */
export function notesOf(notes: MergeNotes): MergeNotes {
  const { stamp, weight, last, records, met, stepSlots, stepRecords } = notes;
  return { stamp, weight, last, records, met, stepSlots, stepRecords };
}

/**
 * `arrays` as a new object made here, where every {@link MergeArrays} the mergers use is made (see
 * {@link notesOf}).
 *
 * @example
 * ```ts
 * const copy = arraysOf(structuredClone(arrays));
 * ```
 */
export function arraysOf(arrays: MergeArrays): MergeArrays {
  const { data, bigWeight, segmentPrev, segmentNext, segmentSkip, tokenBytes, pool } = arrays;
  return { data, bigWeight, segmentPrev, segmentNext, segmentSkip, tokenBytes, pool };
}

/** `array` if it has `size` elements, else a copy at least twice as long (shared if `shared`). */
function growTo(array: Int32Array, size: number, shared: boolean): Int32Array {
  if (!shared) return grow(array, size);
  const bigger = trainerArray(Int32Array, Math.max(size, 2 * array.length), true);
  bigger.set(array);
  return bigger;
}
