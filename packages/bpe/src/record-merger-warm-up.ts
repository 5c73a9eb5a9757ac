import { arraysOf, mergeNotes, RecordMerger } from './record-merger.js';
import { HEADER, LENGTH, trainerArray, writeHeader } from './trainer-records.js';

let warmedUp = false;

/**
 * A fixed-seed generator of whole numbers below its argument, for the warm-ups' made-up samples (the
 * same sample in every process).
 *
 * @example
 * ```ts
 * const next = madeUpNumbers(1);
 * next(6); // a number from 0 to 5, the same in every run
 * ```
 */
export function madeUpNumbers(seed: number): (below: number) => number {
  return (below) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) % below;
  };
}

/**
 * Compile a {@link RecordMerger}'s loops on a small made-up set of records (once per thread):
 * what a merge helper thread runs before it says it is ready. It is lighter than `warmUpTrainer`,
 * which also compiles the trainer's layout, heap and pair table, none of which a helper runs, and
 * whose compiling would take the cores from the training thread while it lays the table out.
 *
 * @example
 * ```ts
 * warmUpMerger(); // before the first job of a helper thread
 * ```
 */
export function warmUpMerger(): void {
  if (warmedUp) return;
  warmedUp = true;
  const next = madeUpNumbers(0x1b873593);
  // 1,200 chunks of 1 to 12 tokens out of 6, counts 1 to 3, then one chunk of 12 segments of 6 tokens.
  const vocab = 256 + 120;
  const segmentCount = 12;
  const data = trainerArray(Uint16Array, 1200 * (HEADER + 12) + segmentCount * (HEADER + 6), true);
  const segmentPrev = trainerArray(Int32Array, segmentCount, true);
  const segmentNext = trainerArray(Int32Array, segmentCount, true);
  const segmentSkip = trainerArray(Int32Array, segmentCount, true);
  const records: number[] = [];
  let o = 0;
  for (let c = 0; c < 1200; c++) {
    const length = 1 + next(12);
    writeHeader(data, o, length, 1 + next(3), -1);
    for (let k = 0; k < length; k++) data[o + HEADER + k] = 97 + next(6);
    records.push(o);
    o += HEADER + length;
  }
  for (let segment = 0; segment < segmentCount; segment++) {
    writeHeader(data, o, 6, 2, segment);
    for (let k = 0; k < 6; k++) data[o + HEADER + k] = 97 + next(3);
    segmentPrev[segment] = segment === 0 ? -1 : records[records.length - 1]!;
    segmentNext[segment] = -1;
    if (segment > 0) segmentNext[segment - 1] = o;
    records.push(o);
    o += HEADER + 6;
  }
  const pool = trainerArray(Int32Array, records.length, true);
  pool.set(records);
  const tokenBytes = trainerArray(Int32Array, vocab, true).fill(1);
  const arrays = arraysOf({ data, bigWeight: null, segmentPrev, segmentNext, segmentSkip, tokenBytes, pool });
  const merger = new RecordMerger(arrays, vocab, mergeNotes(vocab, true));
  // Merge pairs that occur (two neighbours in a random record), scanning every record for each (a record
  // without the pair is passed over, as a stale entry of a list is).
  for (let id = 256; id < vocab; id++) {
    let at = -1;
    for (let tries = 0; tries < 50 && at < 0; tries++) {
      const record = records[next(records.length)]!;
      const length = data[record + LENGTH]!;
      if (length >= 2) at = record + HEADER + next(length - 1);
    }
    if (at < 0) break;
    const left = data[at]!;
    const right = data[at + 1]!;
    tokenBytes[id] = tokenBytes[left]! + tokenBytes[right]!;
    merger.scan(0, records.length, left, right, id);
  }
}
