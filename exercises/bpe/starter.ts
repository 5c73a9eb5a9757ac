// biome-ignore-all lint/correctness/noUnusedFunctionParameters: the parameters are there for you to use.
// Exercise: byte-pair encoding from scratch.
// The task, background and hints: docs/exercises/bpe.md
// Check your work with: pnpm exercise bpe
import { Todo } from '../implementation.js';

/** A pair of adjacent ids, as a Map key: `pairKey(97, 98)` is `'97,98'`. (Given.) */
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
  // TODO step 1: count each adjacent pair (ids[i], ids[i+1]) under pairKey(ids[i], ids[i+1]).
  throw new Todo('step 1, getStats: count every adjacent pair of ids');
}

/** Replace each occurrence of `pair` in `ids` by `newId`, left to right, without overlaps. */
export function merge(ids: readonly number[], pair: readonly [number, number], newId: number): number[] {
  // TODO step 2: scan left to right; when ids[i], ids[i+1] is the pair, emit newId and skip both.
  throw new Todo('step 2, merge: replace each occurrence of the pair with the new id');
}

/** The UTF-8 bytes of `text` as numbers: the ids before any merge. (Given.) */
export function textToBytes(text: string): number[] {
  return Array.from(new TextEncoder().encode(text));
}

/**
 * Learn `vocabSize - 256` merges from `text`: repeatedly merge the most frequent pair into a new
 * id (256, 257, ...). Among pairs of equal count the one that occurs first wins, as in minbpe.
 */
export function train(text: string, vocabSize: number): Merge[] {
  // TODO step 3: start from textToBytes(text); for id = 256 .. vocabSize-1, find the most frequent
  // pair with getStats, merge it into id, and record [left, right, id].
  throw new Todo('step 3, train: merge the most frequent pair, vocabSize - 256 times');
}

/** Encode `text`: start from its bytes and apply the merges in the order they were learned. */
export function encode(text: string, merges: readonly Merge[]): number[] {
  // TODO step 4: while some adjacent pair has a merge, merge the pair whose merge was learned first.
  throw new Todo('step 4, encode: apply the learned merges, earliest learned first');
}

/** The bytes of each id: 0–255 stand for themselves, a merge for its two parts joined. */
export function buildVocab(merges: readonly Merge[]): Map<number, number[]> {
  // TODO step 5: vocab[b] = [b] for the 256 bytes, then vocab[id] = vocab[left] + vocab[right].
  throw new Todo('step 5, buildVocab: the bytes behind every id');
}

/** Decode ids: join their bytes and read them as UTF-8, invalid pieces becoming U+FFFD. */
export function decode(ids: readonly number[], merges: readonly Merge[]): string {
  // TODO step 6: concatenate the bytes of the ids and decode them with new TextDecoder().
  throw new Todo('step 6, decode: join the bytes of the ids and decode them as UTF-8');
}

/** How much the merges compress `text`: its UTF-8 bytes per token (the seeds' compression ratio). */
export function compressionRatio(text: string, merges: readonly Merge[]): number {
  // TODO step 7: the number of bytes of the text divided by the number of tokens encode gives.
  throw new Todo('step 7, compressionRatio: bytes per token after encoding');
}
