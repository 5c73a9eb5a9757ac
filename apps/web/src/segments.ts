import { utf8ByteLength } from '@tokenlab/core';

/**
 * Where a text may be cut into pieces that line-local tokenizers cut exactly as they cut the whole:
 * right after a newline that has a non-space character on each side (`x\nY`). Every regex tokenizer
 * whose matches cannot cross that newline (WordPunct, the GPT pre-tokenizers, minbpe's RegexTokenizer,
 * code points, bytes) then gives the same tokens for the parts as for the whole, so an edit only
 * re-tokenizes the part it touched.
 *
 * @example
 * ```ts
 * segmentStarts('one\ntwo\n\nthree'); // Int32Array [0, 4]: the blank line stays inside the second part
 * ```
 */
export function segmentStarts(text: string): Int32Array {
  const starts = [0];
  const cut = /\S\n(?=\S)/g;
  for (let match = cut.exec(text); match !== null; match = cut.exec(text)) {
    starts.push(match.index + 2);
    cut.lastIndex = match.index + 2;
  }
  return Int32Array.from(starts);
}

/**
 * A text cut by {@link segmentStarts}, each part a string of its own. The last text's cut is kept:
 * every column (and the text statistics) use the same part strings, so a map keyed by part hashes
 * each part once per text, not once per column.
 */
export interface Segmented {
  /** The whole text. */
  text: string;
  /** Where each part starts. */
  starts: Int32Array;
  /** The parts. */
  parts: string[];
  /** UTF-8 byte offset of each part, filled in when a byte-level token first needs it. */
  byteStarts?: Float64Array;
}

let lastCut: Segmented | undefined;

/**
 * `text` cut into parts at {@link segmentStarts}, the last result kept.
 *
 * @example
 * ```ts
 * segmented('a\nb').parts; // ['a\n', 'b']
 * ```
 */
export function segmented(text: string): Segmented {
  if (lastCut?.text === text) return lastCut;
  const starts = segmentStarts(text);
  const parts = Array.from(starts, (start, i) =>
    text.slice(start, i + 1 < starts.length ? starts[i + 1] : text.length),
  );
  lastCut = { text, starts, parts };
  return lastCut;
}

/**
 * One edit of a text: `[from, to)` replaced by `insert`. A list of changes applies in order, each
 * to the text the one before it left (offsets of the intermediate text).
 */
export type TextChange = readonly [from: number, to: number, insert: string];

/** What an edit did to the parts of a text: `removed` parts from `index` on gave way to `inserted` new ones. */
export interface PartSplice {
  index: number;
  removed: number;
  inserted: number;
}

/** The first index of `sorted` whose value is `value` or more. */
function lowerBound(sorted: Int32Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The cut of the text that `change` makes of `cut.text`, made from `cut` without looking at the
 * rest of the text: a part start at `p` depends only on the characters at `p - 2`, `p - 1` and `p`,
 * so the starts before `from` and those from `to + 2` on stay (shifted by the change's length),
 * and only the parts in between are cut again. Their part strings are kept too (the same strings,
 * so maps keyed by part find them without hashing them again). The result is kept as the last cut
 * (see {@link segmented}), so that the stores of the page find it by the new text.
 *
 * @example
 * ```ts
 * const { cut, splice } = applyChange(segmented('one\ntwo'), [4, 4, 'x\n']);
 * cut.parts;  // ['one\n', 'x\n', 'two']
 * splice;     // { index: 1, removed: 1, inserted: 2 }
 * ```
 */
export function applyChange(cut: Segmented, change: TextChange): { cut: Segmented; splice: PartSplice } {
  const [from, to, insert] = change;
  const { text, starts, parts } = cut;
  if (!(from >= 0 && from <= to && to <= text.length))
    throw new RangeError(`the change [${from}, ${to}) is outside the text (length ${text.length})`);
  const delta = insert.length - (to - from);
  // Parts first..last-1 are cut again; part 0 always starts at 0.
  const first = Math.max(0, lowerBound(starts, from) - 1);
  const last = lowerBound(starts, to + 2);
  const regionStart = starts[first]!;
  const oldEnd = last < starts.length ? starts[last]! : text.length;
  const region = text.slice(regionStart, from) + insert + text.slice(to, oldEnd);
  const regionStarts = segmentStarts(region);
  const inserted = regionStarts.length;
  const removed = last - first;
  const newStarts = new Int32Array(starts.length - removed + inserted);
  newStarts.set(starts.subarray(0, first));
  for (let i = 0; i < inserted; i++) newStarts[first + i] = regionStart + regionStarts[i]!;
  for (let i = last; i < starts.length; i++) newStarts[i - removed + inserted] = starts[i]! + delta;
  const newParts = parts.slice(0, first);
  for (let i = 0; i < inserted; i++)
    newParts.push(region.slice(regionStarts[i]!, i + 1 < inserted ? regionStarts[i + 1]! : region.length));
  for (let i = last; i < parts.length; i++) newParts.push(parts[i]!);
  const next: Segmented = {
    text: text.slice(0, from) + insert + text.slice(to),
    starts: newStarts,
    parts: newParts,
  };
  if (cut.byteStarts) next.byteStarts = shiftedByteStarts(cut, first, last, inserted, region, oldEnd);
  lastCut = next;
  return { cut: next, splice: { index: first, removed, inserted } };
}

/**
 * The UTF-8 offsets of the parts after a change, from those known before it: unchanged before the
 * change, shifted by the change's length in bytes after it, unknown (`-1`) in between.
 */
function shiftedByteStarts(
  cut: Segmented,
  first: number,
  last: number,
  inserted: number,
  region: string,
  oldEnd: number,
): Float64Array {
  const old = cut.byteStarts!;
  const removed = last - first;
  const shifted = new Float64Array(old.length - removed + inserted).fill(-1);
  shifted.set(old.subarray(0, first + 1));
  let knownAfter = false;
  for (let i = last; i < old.length && !knownAfter; i++) knownAfter = old[i]! >= 0;
  if (knownAfter) {
    const bytes = utf8ByteLength(region) - utf8ByteLength(cut.text, cut.starts[first]!, oldEnd);
    for (let i = last; i < old.length; i++)
      if (old[i]! >= 0) shifted[i - removed + inserted] = old[i]! + bytes;
  }
  return shifted;
}
