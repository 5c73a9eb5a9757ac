/**
 * NLTK's ranking of scored n-grams — score descending, ties by the n-gram tuple ascending — as a
 * least-significant-digit radix sort: first by the rank of the last word, …, then of the first
 * word, then by the 64 bits of the score. Every pass is a stable counting sort, so no comparison
 * sort runs over the entries, and each pass costs a few linear sweeps over typed arrays.
 */

/** Radix of the score passes: 16-bit digits, four passes over a 64-bit key. */
const DIGIT_BITS = 16;
const DIGIT_MASK = (1 << DIGIT_BITS) - 1;

/**
 * The entries `entries[0..count)` of an n-gram table, ordered by `scores[entry]` descending (-0
 * and 0 tie, as in Python; NaN last), ties by the tuple of word ranks ascending: `ids[entry·arity
 * + k]` is word `k` of the entry, `rank[word]` its position in code point order (`0..rankCount)`).
 */
export function orderByScore(
  entries: Int32Array,
  count: number,
  scores: Float64Array,
  ids: Int32Array,
  arity: number,
  rank: Int32Array,
  rankCount: number,
): Int32Array {
  let current = entries.slice(0, count);
  let next = new Int32Array(count);
  // Tie order: counting sort by each word's rank, last word first.
  const rankHistogram = new Int32Array(rankCount + 1);
  for (let k = arity - 1; k >= 0; k--) {
    sortByWordRank(current, next, ids, arity, k, rank, rankHistogram);
    const swap = current;
    current = next;
    next = swap;
  }
  // Score order: the key's two 32-bit halves travel with the entries, so every pass reads them in
  // sequence instead of looking each score up again.
  let low = new Uint32Array(count);
  let high = new Uint32Array(count);
  for (let i = 0; i < count; i++) descendingKey(scores[current[i]!]!, low, high, i);
  let nextLow = new Uint32Array(count);
  let nextHigh = new Uint32Array(count);
  const digitHistogram = new Int32Array(DIGIT_MASK + 2);
  for (let pass = 0; pass < 64 / DIGIT_BITS; pass++) {
    const byHigh = pass >= 2;
    const shift = (pass & 1) * DIGIT_BITS;
    if (!sortByDigit(current, next, low, high, nextLow, nextHigh, byHigh, shift, digitHistogram)) continue;
    const swap = current;
    current = next;
    next = swap;
    const swapLow = low;
    low = nextLow;
    nextLow = swapLow;
    const swapHigh = high;
    high = nextHigh;
    nextHigh = swapHigh;
  }
  return current;
}

/** One stable counting-sort pass of `from` into `to` by the rank of word `k` of each entry. */
function sortByWordRank(
  from: Int32Array,
  to: Int32Array,
  ids: Int32Array,
  arity: number,
  k: number,
  rank: Int32Array,
  histogram: Int32Array,
): void {
  const count = from.length;
  histogram.fill(0);
  for (let i = 0; i < count; i++) histogram[rank[ids[from[i]! * arity + k]!]! + 1]!++;
  for (let r = 1; r < histogram.length; r++) histogram[r]! += histogram[r - 1]!;
  for (let i = 0; i < count; i++) {
    const entry = from[i]!;
    to[histogram[rank[ids[entry * arity + k]!]!]!++] = entry;
  }
}

/**
 * One stable counting-sort pass of `from` (with its keys `low`, `high`) into `to` (`toLow`,
 * `toHigh`) by the digit at `shift` of the low or high half; false, with nothing moved, when every
 * entry has the same digit.
 */
function sortByDigit(
  from: Int32Array,
  to: Int32Array,
  low: Uint32Array,
  high: Uint32Array,
  toLow: Uint32Array,
  toHigh: Uint32Array,
  byHigh: boolean,
  shift: number,
  histogram: Int32Array,
): boolean {
  const half = byHigh ? high : low;
  const count = from.length;
  histogram.fill(0);
  for (let i = 0; i < count; i++) histogram[((half[i]! >>> shift) & DIGIT_MASK) + 1]!++;
  if (count === 0 || histogram[((half[0]! >>> shift) & DIGIT_MASK) + 1] === count) return false;
  for (let d = 1; d < histogram.length; d++) histogram[d]! += histogram[d - 1]!;
  for (let i = 0; i < count; i++) {
    const position = histogram[(half[i]! >>> shift) & DIGIT_MASK]!++;
    to[position] = from[i]!;
    toLow[position] = low[i]!;
    toHigh[position] = high[i]!;
  }
  return true;
}

const keyBits = new Float64Array(1);
const keyWords = new Uint32Array(keyBits.buffer);
/** Index of the high (sign/exponent) word of a double in `keyWords`, by platform endianness. */
const HIGH = new Uint8Array(Float64Array.of(1).buffer)[7] === 0x3f ? 1 : 0;

/**
 * Write into `low[i]`, `high[i]` an unsigned 64-bit key that sorts ascending as `score` sorts
 * descending: positive doubles (bits ascending with the value) get their bits inverted and come
 * first; negative ones (bits ascending with the magnitude) keep them. -0 is keyed as 0, NaN last.
 */
function descendingKey(score: number, low: Uint32Array, high: Uint32Array, i: number): void {
  if (Number.isNaN(score)) {
    low[i] = 0xffffffff;
    high[i] = 0xffffffff;
    return;
  }
  keyBits[0] = score + 0; // -0 + 0 is 0
  const hi = keyWords[HIGH]!;
  const lo = keyWords[1 - HIGH]!;
  if (hi >>> 31) {
    low[i] = lo;
    high[i] = hi;
  } else {
    low[i] = ~lo;
    high[i] = ~hi & 0x7fffffff;
  }
}
