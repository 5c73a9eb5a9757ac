import { CsrMatrix } from './sparse.js';

/** At most this many (word, context) occurrences are bucketed at once (64 MiB of contexts). */
const BUCKET_LIMIT = 2 ** 24;
/**
 * Each range of words bucketed reads the text again: past this many ranges, the pairs are counted in
 * a table keyed by pair instead, in one reading (memory in the distinct pairs).
 */
const MAX_RANGES = 4;
/** The most distinct pairs the keyed count holds: the most keys a JavaScript `Map` holds. */
const MAX_DISTINCT_PAIRS = 2 ** 24 - 1;

/**
 * The window co-occurrence counts of a text of word ids, as a `size × size` CSR matrix: each word
 * with the words up to `window` after it (and, if `symmetric`, before it), weighed 1 or, if
 * `harmonic`, 1/distance. Ids: 0 … size − 1 are words, −1 a gap that keeps distances (a rare word),
 * −2 the end of a document (windows never cross it).
 *
 * The occurrences are bucketed by word (a counting sort), then each word's contexts are added up in
 * an array indexed by context: every pass but that one streams through memory, where a hash table
 * keyed by pair costs a cache miss or two per occurrence. A context's weights are added in text
 * order, as a table updated while reading the text adds them. Words are bucketed a range at a time,
 * so that memory stays bounded when the window makes the occurrences many (`bucketLimit`, for tests);
 * past four ranges, the pairs are counted in a table keyed by pair, at most 16,777,215 of them.
 *
 * @example
 * ```ts
 * const counts = countWindowPairs(Int32Array.of(0, 1, 2), 1, true, false, 3); // a b c, window 1
 * counts.get(1, 0); // 1: b next to a
 * counts.get(0, 2); // 0
 * ```
 */
export function countWindowPairs(
  ids: Int32Array,
  window: number,
  symmetric: boolean,
  harmonic: boolean,
  size: number,
  bucketLimit = BUCKET_LIMIT,
): CsrMatrix {
  const rowEnd = occurrencesByWord(ids, window, symmetric, size);
  if (rowEnd[size]! > MAX_RANGES * bucketLimit) return countByKey(ids, window, symmetric, harmonic, size);
  const indptr = new Int32Array(size + 1);
  const parts: Array<{ indices: Int32Array; data: Float64Array }> = [];
  const weight = new Float64Array(size);
  const stamp = new Int32Array(size).fill(-1);
  let stored = 0;
  for (let first = 0; first < size; ) {
    // The next range of words whose occurrences fit the limit (at least one word).
    let last = first + 1;
    while (last < size && rowEnd[last + 1]! - rowEnd[first]! <= bucketLimit) last++;
    const { contexts, distances, starts } = bucketRange(
      ids,
      window,
      symmetric,
      harmonic,
      rowEnd,
      first,
      last,
    );
    const indices = new Int32Array(contexts.length);
    const data = new Float64Array(contexts.length);
    let out = 0;
    for (let word = first; word < last; word++) {
      const from = out;
      for (let k = starts[word - first]!; k < starts[word - first + 1]!; k++) {
        const context = contexts[k]!;
        if (stamp[context] !== word) {
          stamp[context] = word;
          weight[context] = 0;
          indices[out++] = context;
        }
        weight[context] = weight[context]! + (harmonic ? 1 / distances![k]! : 1);
      }
      indices.subarray(from, out).sort();
      for (let k = from; k < out; k++) data[k] = weight[indices[k]!]!;
      indptr[word + 1] = stored + out;
    }
    stored += out;
    parts.push({ indices: indices.subarray(0, out), data: data.subarray(0, out) });
    first = last;
  }
  return new CsrMatrix(
    indptr,
    concatenated(Int32Array, parts, 'indices', stored),
    concatenated(Float64Array, parts, 'data', stored),
    [size, size],
  );
}

/** `rowEnd[w + 1] − rowEnd[w]`: how many occurrences word `w` has (as the word, with a context). */
function occurrencesByWord(ids: Int32Array, window: number, symmetric: boolean, size: number): Float64Array {
  const rowEnd = new Float64Array(size + 1);
  for (let i = 0; i < ids.length; i++) {
    const word = ids[i]!;
    if (word < 0) continue;
    for (let d = 1; d <= window && i + d < ids.length; d++) {
      const context = ids[i + d]!;
      if (context === -2) break;
      if (context === -1) continue;
      rowEnd[word + 1]!++;
      if (symmetric) rowEnd[context + 1]!++;
    }
  }
  for (let word = 0; word < size; word++) rowEnd[word + 1]! += rowEnd[word]!;
  return rowEnd;
}

/**
 * The contexts (and their distances, if `harmonic`) of words `first … last − 1`, bucketed by word in
 * text order; word `first + r`'s are `starts[r] … starts[r + 1]`.
 */
function bucketRange(
  ids: Int32Array,
  window: number,
  symmetric: boolean,
  harmonic: boolean,
  rowEnd: Float64Array,
  first: number,
  last: number,
) {
  const base = rowEnd[first]!;
  const starts = new Int32Array(last - first + 1);
  for (let word = first; word <= last; word++) starts[word - first] = rowEnd[word]! - base;
  const next = starts.slice(0, -1); // where each word's next occurrence goes
  const contexts = new Int32Array(starts[last - first]!);
  const distances = harmonic ? new Int32Array(contexts.length) : null;
  for (let i = 0; i < ids.length; i++) {
    const word = ids[i]!;
    if (word < 0) continue;
    for (let d = 1; d <= window && i + d < ids.length; d++) {
      const context = ids[i + d]!;
      if (context === -2) break;
      if (context === -1) continue;
      if (word >= first && word < last) {
        const at = next[word - first]!++;
        contexts[at] = context;
        if (distances) distances[at] = d;
      }
      if (symmetric && context >= first && context < last) {
        const at = next[context - first]!++;
        contexts[at] = word;
        if (distances) distances[at] = d;
      }
    }
  }
  return { contexts, distances, starts };
}

function concatenated<T extends Int32Array | Float64Array>(
  type: { new (length: number): T },
  parts: ReadonlyArray<Record<'indices' | 'data', Int32Array | Float64Array>>,
  field: 'indices' | 'data',
  length: number,
): T {
  if (parts.length === 1) return parts[0]![field] as T;
  const out = new type(length);
  let at = 0;
  for (const part of parts) {
    out.set(part[field], at);
    at += part[field].length;
  }
  return out;
}

/**
 * {@link countWindowPairs} in one reading of the text, through a `Map` keyed by pair: for windows that
 * make the occurrences too many to bucket in a few ranges. Throws past {@link MAX_DISTINCT_PAIRS}.
 */
function countByKey(
  ids: Int32Array,
  window: number,
  symmetric: boolean,
  harmonic: boolean,
  size: number,
): CsrMatrix {
  const pairs = new Map<number, number>();
  const add = (word: number, context: number, weight: number) => {
    const key = word * size + context;
    const count = pairs.get(key);
    if (count === undefined && pairs.size === MAX_DISTINCT_PAIRS)
      throw new RangeError(
        `more than ${MAX_DISTINCT_PAIRS.toLocaleString('en-US')} distinct word pairs to count; ` +
          'use a smaller window, a higher minCount or less text',
      );
    pairs.set(key, (count ?? 0) + weight);
  };
  for (let i = 0; i < ids.length; i++) {
    const word = ids[i]!;
    if (word < 0) continue;
    for (let d = 1; d <= window && i + d < ids.length; d++) {
      const context = ids[i + d]!;
      if (context === -2) break;
      if (context === -1) continue;
      const weight = harmonic ? 1 / d : 1;
      add(word, context, weight);
      if (symmetric) add(context, word, weight);
    }
  }
  const keys = Float64Array.from(pairs.keys()).sort();
  const indptr = new Int32Array(size + 1);
  const indices = new Int32Array(keys.length);
  const data = new Float64Array(keys.length);
  keys.forEach((key, k) => {
    const row = Math.floor(key / size);
    indptr[row + 1]!++;
    indices[k] = key - row * size;
    data[k] = pairs.get(key)!;
  });
  for (let row = 0; row < size; row++) indptr[row + 1]! += indptr[row]!;
  return new CsrMatrix(indptr, indices, data, [size, size]);
}
