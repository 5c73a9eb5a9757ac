// Reference solution of docs/exercises/bpe.md.

/** A pair of adjacent ids, as a Map key: `pairKey(97, 98)` is `'97,98'`. */
export function pairKey(left: number, right: number): string {
  return `${left},${right}`;
}

/** One learned merge: `left` and `right`, next to each other, become `id`. */
export type Merge = [left: number, right: number, id: number];

/**
 * How often each adjacent pair occurs, overlaps included (`[97, 97, 97]` has `'97,97'` twice).
 * A Map remembers insertion order, so pairs come out in order of first occurrence.
 */
export function getStats(ids: readonly number[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < ids.length; i++) {
    const key = pairKey(ids[i]!, ids[i + 1]!);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Replace each occurrence of `pair` in `ids` by `newId`, left to right, without overlaps. */
export function merge(ids: readonly number[], pair: readonly [number, number], newId: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    if (i + 1 < ids.length && ids[i] === pair[0] && ids[i + 1] === pair[1]) {
      out.push(newId);
      i++;
    } else {
      out.push(ids[i]!);
    }
  }
  return out;
}

/** The UTF-8 bytes of `text` as numbers: the ids before any merge. */
export function textToBytes(text: string): number[] {
  return Array.from(new TextEncoder().encode(text));
}

/**
 * Learn `vocabSize - 256` merges from `text`: repeatedly merge the most frequent pair into a new
 * id (256, 257, ...). Among pairs of equal count the one that occurs first wins, as in minbpe.
 */
export function train(text: string, vocabSize: number): Merge[] {
  let ids = textToBytes(text);
  const merges: Merge[] = [];
  for (let id = 256; id < vocabSize; id++) {
    let best: string | undefined;
    let bestCount = 0;
    for (const [key, count] of getStats(ids)) {
      if (count > bestCount) [best, bestCount] = [key, count];
    }
    if (best === undefined) break; // fewer than two ids left: nothing to merge
    const [left, right] = best.split(',').map(Number) as [number, number];
    ids = merge(ids, [left, right], id);
    merges.push([left, right, id]);
  }
  return merges;
}

/** Encode `text`: start from its bytes and apply the merges in the order they were learned. */
export function encode(text: string, merges: readonly Merge[]): number[] {
  const rank = new Map(merges.map(([left, right, id]) => [pairKey(left, right), id]));
  let ids = textToBytes(text);
  while (ids.length >= 2) {
    // The pair present whose merge was learned first (its id is the smallest).
    let next: [number, number] | undefined;
    let nextId = Number.POSITIVE_INFINITY;
    for (const key of getStats(ids).keys()) {
      const id = rank.get(key);
      if (id !== undefined && id < nextId)
        [next, nextId] = [key.split(',').map(Number) as [number, number], id];
    }
    if (next === undefined) break;
    ids = merge(ids, next, nextId);
  }
  return ids;
}

/** The bytes of each id: 0–255 stand for themselves, a merge for its two parts joined. */
export function buildVocab(merges: readonly Merge[]): Map<number, number[]> {
  const vocab = new Map<number, number[]>();
  for (let byte = 0; byte < 256; byte++) vocab.set(byte, [byte]);
  for (const [left, right, id] of merges) vocab.set(id, [...vocab.get(left)!, ...vocab.get(right)!]);
  return vocab;
}

/** Decode ids: join their bytes and read them as UTF-8, invalid pieces becoming U+FFFD. */
export function decode(ids: readonly number[], merges: readonly Merge[]): string {
  const vocab = buildVocab(merges);
  const bytes = ids.flatMap((id) => {
    const piece = vocab.get(id);
    if (!piece) throw new Error(`invalid token id ${id}`);
    return piece;
  });
  return new TextDecoder().decode(Uint8Array.from(bytes));
}

/** How much the merges compress `text`: its UTF-8 bytes per token (the seeds' compression ratio). */
export function compressionRatio(text: string, merges: readonly Merge[]): number {
  return textToBytes(text).length / encode(text, merges).length;
}
