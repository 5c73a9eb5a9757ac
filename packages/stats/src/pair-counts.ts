/**
 * Counting the word pairs of a text without a hash table: the pairs are bucketed by their first
 * word (a counting sort, as the word ids are small), and within one bucket a pair's second word
 * indexes an array of vocabulary size directly. Every pass but that one streams through memory,
 * where a hash table costs a cache miss or two per token.
 *
 * These are functions over typed arrays rather than methods: their optimized code then depends on
 * no object's hidden class, so it survives the garbage collections that drop the objects.
 */

/** Pair counts in the order NLTK's `FreqDist` holds them: by first occurrence. */
export interface PairCounts {
  /** `ids[2e]`, `ids[2e + 1]`: the words of pair `e`. */
  ids: Int32Array;
  /** `counts[e]`: how often pair `e` occurs. */
  counts: Float64Array;
  /** The number of distinct pairs. */
  size: number;
}

/**
 * The most pair occurrences (word positions times window) a collocation finder counts: past it the
 * count would take minutes to hours, so it is refused with an error naming the sizes.
 *
 * @example
 * ```ts
 * MAX_PAIR_OCCURRENCES; // 1e9
 * ```
 */
export const MAX_PAIR_OCCURRENCES = 1e9;

/** Up to this many occurrences the bucketed count below is used; its arrays are sized by occurrences. */
const BUCKETED_LIMIT = 2 ** 24;

/** How many `(i, j)` with `i < j < min(length, i + span + 1)` there are. */
export function pairOccurrences(length: number, span: number): number {
  const reach = Math.min(span, Math.max(0, length - 1));
  return length * reach - (reach * (reach + 1)) / 2;
}

/**
 * An id that ends a document: no pair or triple reaches across it (where NLTK's `from_documents` puts
 * `windowSize - 1` pads, which would make the padding, and the memory, follow the window).
 */
export const DOCUMENT_BREAK = -2;

/**
 * The index of the first document break at or after `from` in `words`, or `words.length`: where the
 * document holding `from` ends.
 */
export function documentEnd(words: Int32Array, from: number): number {
  let at = from;
  while (at < words.length && words[at] !== DOCUMENT_BREAK) at++;
  return at;
}

/** The length of the longest document of `words` (the stretches between breaks, pads included). */
export function longestDocument(words: Int32Array): number {
  let longest = 0;
  for (let start = 0; start <= words.length; ) {
    const end = documentEnd(words, start);
    longest = Math.max(longest, end - start);
    start = end + 1;
  }
  return longest;
}

/**
 * Throw a RangeError when a window of `windowSize` over `words` (documents separated by
 * {@link DOCUMENT_BREAK}) means more than {@link MAX_PAIR_OCCURRENCES} word combinations to count:
 * each position of a document counts `perStart(reach)` of them, `reach` being the positions after it
 * that the window takes in, at most the rest of a document as long as the longest (a window longer
 * than the text costs what the text costs). The message counts words, not pads or breaks.
 */
export function checkPairWork(
  words: Int32Array,
  windowSize: number,
  perStart: (reach: number) => number = (reach) => reach,
): void {
  let work = 0;
  let count = 0;
  for (let start = 0; start <= words.length; ) {
    const end = documentEnd(words, start);
    const length = end - start;
    work += length * perStart(Math.min(windowSize - 1, Math.max(0, length - 1)));
    for (let i = start; i < end; i++) if (words[i]! >= 0) count++;
    start = end + 1;
  }
  if (work > MAX_PAIR_OCCURRENCES)
    throw new RangeError(
      `a window of ${windowSize} over ${count} words means ${work.toExponential(2)} word combinations to count, ` +
        `more than the ${MAX_PAIR_OCCURRENCES.toExponential(0)} allowed; use a smaller window or less text`,
    );
}

/**
 * Count the pairs `(words[i], words[j])` with `i < j < i + windowSize` in one document (ids in
 * `0..vocabularySize)`; ids below 0 are padding, in no pair, and {@link DOCUMENT_BREAK} ends a
 * document, so no pair reaches across it). Pairs are numbered by first occurrence, that is by
 * `(i, j)`, as NLTK's counting loop meets them. Memory is linear in the words and the distinct pairs,
 * whatever the window: small counts bucket every occurrence (fast), large ones count into a table
 * keyed by pair, and a window longer than the longest document counts as one as long as it (the same
 * pairs).
 */
export function countPairs(
  words: Int32Array,
  windowSize: number,
  vocabularySize: number,
  bucketedLimit = BUCKETED_LIMIT,
): PairCounts {
  checkPairWork(words, windowSize);
  const length = words.length;
  // No pair is further apart than the longest document allows.
  const window = Math.max(2, Math.min(windowSize, longestDocument(words)));
  const span = window - 1;
  if (length * span > bucketedLimit) return countPairsByKey(words, window, vocabularySize);
  // Bucket boundaries: how many pairs start with each word.
  const bucketEnd = new Int32Array(vocabularySize + 1);
  for (let i = 0, documentStop = 0; i < length; i++) {
    if (i >= documentStop) documentStop = documentEnd(words, i);
    const first = words[i]!;
    if (first < 0) continue;
    const end = Math.min(documentStop, i + window);
    for (let j = i + 1; j < end; j++) if (words[j]! >= 0) bucketEnd[first + 1]!++;
  }
  for (let word = 0; word < vocabularySize; word++) bucketEnd[word + 1]! += bucketEnd[word]!;
  const total = bucketEnd[vocabularySize]!;
  // Each pair's second word and occurrence number `i·span + (j - i - 1)`, bucketed by first word;
  // occurrences ascend within a bucket. (bucketEnd[w] moves from the start to the end of bucket w.)
  const seconds = new Int32Array(total);
  const occurrences = new Int32Array(total);
  for (let i = 0, documentStop = 0; i < length; i++) {
    if (i >= documentStop) documentStop = documentEnd(words, i);
    const first = words[i]!;
    if (first < 0) continue;
    const end = Math.min(documentStop, i + window);
    for (let j = i + 1; j < end; j++) {
      const second = words[j]!;
      if (second < 0) continue;
      const at = bucketEnd[first]!++;
      seconds[at] = second;
      occurrences[at] = i * span + (j - i - 1);
    }
  }
  const {
    firstSeen,
    bucketCounts,
    seconds: bucketSeconds,
  } = countBuckets(seconds, occurrences, bucketEnd, vocabularySize, length * span);
  return inFirstSeenOrder(firstSeen, bucketCounts, bucketSeconds, words, span);
}

/**
 * Within each first word's bucket, the distinct second words and their counts, numbered in bucket
 * order; `firstSeen[occurrence]` is that number + 1 at each pair's first occurrence, else 0.
 */
function countBuckets(
  seconds: Int32Array,
  occurrences: Int32Array,
  bucketEnd: Int32Array,
  vocabularySize: number,
  occurrenceCount: number,
) {
  const firstSeen = new Int32Array(occurrenceCount);
  const bucketCounts = new Int32Array(seconds.length);
  const distinctSeconds = new Int32Array(seconds.length);
  // lastBucket[w]: the bucket in which second word w was last met; numberIn[w]: its pair there.
  const lastBucket = new Int32Array(vocabularySize).fill(-1);
  const numberIn = new Int32Array(vocabularySize);
  let distinct = 0;
  let at = 0;
  for (let first = 0; first < vocabularySize; first++) {
    for (const end = bucketEnd[first]!; at < end; at++) {
      const second = seconds[at]!;
      if (lastBucket[second] === first) {
        bucketCounts[numberIn[second]!]!++;
        continue;
      }
      lastBucket[second] = first;
      numberIn[second] = distinct;
      distinctSeconds[distinct] = second;
      bucketCounts[distinct] = 1;
      firstSeen[occurrences[at]!] = ++distinct;
    }
  }
  return { firstSeen, bucketCounts, seconds: distinctSeconds };
}

/** The pairs renumbered by first occurrence, reading their words back from the text. */
function inFirstSeenOrder(
  firstSeen: Int32Array,
  bucketCounts: Int32Array,
  seconds: Int32Array,
  words: Int32Array,
  span: number,
): PairCounts {
  let size = 0;
  for (let occurrence = 0; occurrence < firstSeen.length; occurrence++)
    if (firstSeen[occurrence] !== 0) size++;
  const ids = new Int32Array(2 * size);
  const counts = new Float64Array(size);
  let entry = 0;
  for (let occurrence = 0; occurrence < firstSeen.length; occurrence++) {
    const number = firstSeen[occurrence]!;
    if (number === 0) continue;
    ids[2 * entry] = words[Math.floor(occurrence / span)]!;
    ids[2 * entry + 1] = seconds[number - 1]!;
    counts[entry++] = bucketCounts[number - 1]!;
  }
  return { ids, counts, size };
}

/**
 * {@link countPairs} through an open-addressing table from pair key to entry (typed arrays, grown
 * at half load): memory in distinct pairs, not occurrences.
 */
function countPairsByKey(words: Int32Array, windowSize: number, vocabularySize: number): PairCounts {
  const length = words.length;
  let capacity = 1024;
  let slotKeys = new Float64Array(capacity).fill(-1);
  let slotEntries = new Int32Array(capacity);
  let ids = new Int32Array(1024);
  let counts = new Float64Array(512);
  let size = 0;
  let documentStop = 0;
  const slotOf = (key: number, keys: Float64Array, mask: number): number => {
    let slot = Math.imul((key % 0x7fffffff) | 0, 0x9e3779b1) >>> 0;
    slot = (slot ^ (slot >>> 15)) & mask;
    while (keys[slot] !== -1 && keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  };
  for (let i = 0; i < length; i++) {
    if (i >= documentStop) documentStop = documentEnd(words, i);
    const first = words[i]!;
    if (first < 0) continue;
    const end = Math.min(documentStop, i + windowSize);
    const base = first * vocabularySize;
    for (let j = i + 1; j < end; j++) {
      const second = words[j]!;
      if (second < 0) continue;
      const key = base + second;
      const slot = slotOf(key, slotKeys, capacity - 1);
      if (slotKeys[slot] === key) {
        counts[slotEntries[slot]!]!++;
        continue;
      }
      if (size === counts.length) {
        const grownIds = new Int32Array(ids.length * 2);
        grownIds.set(ids);
        ids = grownIds;
        const grownCounts = new Float64Array(counts.length * 2);
        grownCounts.set(counts);
        counts = grownCounts;
      }
      slotKeys[slot] = key;
      slotEntries[slot] = size;
      ids[2 * size] = first;
      ids[2 * size + 1] = second;
      counts[size++] = 1;
      if (size * 2 > capacity) {
        const oldKeys = slotKeys;
        const oldEntries = slotEntries;
        capacity *= 2;
        slotKeys = new Float64Array(capacity).fill(-1);
        slotEntries = new Int32Array(capacity);
        for (let old = 0; old < oldKeys.length; old++) {
          if (oldKeys[old] === -1) continue;
          const moved = slotOf(oldKeys[old]!, slotKeys, capacity - 1);
          slotKeys[moved] = oldKeys[old]!;
          slotEntries[moved] = oldEntries[old]!;
        }
      }
    }
  }
  return { ids: ids.subarray(0, 2 * size), counts: counts.subarray(0, size), size };
}
