// biome-ignore-all lint/correctness/noUnusedFunctionParameters: the parameters are there for you to use.
// biome-ignore-all lint/correctness/noUnusedImports: the imports are there for you to use.
// Exercise: reproduce cl100k_base (GPT-4's tokenizer) from its rank table.
// The task, background and hints: docs/exercises/cl100k.md
// Check your work with: pnpm exercise cl100k
import { CL100K_PATTERN } from '@tokenlab/gpt';
import { Todo } from '../implementation.js';
import { bytesKey, type Ranks } from './ranks.js';

/** A pair of adjacent ids as a Map key: `pairKey(1, 2)` is `'1,2'`. (Given.) */
export function pairKey(left: number, right: number): string {
  return `${left},${right}`;
}

/**
 * cl100k does not give byte `b` the id `b`: its single-byte tokens are ranked in another order
 * (`!` is 0). `byteShuffle(ranks)[b]` is the rank of the one-byte token `b`.
 */
export function byteShuffle(ranks: Ranks): number[] {
  // TODO step 1: for each byte 0..255, look up the rank of bytesKey([byte]).
  throw new Todo('step 1, byteShuffle: the rank of each single byte');
}

/**
 * Run BPE on the bytes of `token` (a binary string, see {@link bytesKey}) using only merges ranked
 * below `maxRank`: start from single bytes, repeatedly join the adjacent pair whose joined bytes
 * have the lowest rank, stop when none is below `maxRank`. For a token of rank r,
 * `bpe(ranks, token, r)` stops one step short of the token: it returns its two parts.
 */
export function bpe(ranks: Ranks, token: string, maxRank: number): string[] {
  // TODO step 2: parts = the single characters of `token`; join the lowest-ranked adjacent pair
  // (rank of parts[i] + parts[i+1], if below maxRank) until no pair qualifies.
  throw new Todo('step 2, bpe: merge the lowest-ranked adjacent pair while its rank is below maxRank');
}

/**
 * The merges hidden in a rank table: every token longer than one byte was made by merging two
 * tokens, found by {@link bpe} stopped at its own rank. Keys are pairs of ranks, values the rank made.
 */
export function recoverMerges(ranks: Ranks): Map<string, number> {
  // TODO step 3: for each token longer than one byte (in rank order), split it with bpe(ranks, token, rank)
  // into exactly two parts, and record pairKey(rank of part 0, rank of part 1) → rank.
  throw new Todo('step 3, recoverMerges: the two parts of every multi-byte token, as a merge');
}

/** Encode one chunk: shuffle its bytes into ids, then merge the lowest-ranked pair until none is left. */
export function encodeChunk(
  bytes: readonly number[],
  merges: Map<string, number>,
  shuffle: readonly number[],
): number[] {
  // TODO step 4: ids = bytes mapped through shuffle; then, like BPE encode, repeatedly merge the
  // adjacent pair with the lowest merge rank (the merged id is that rank).
  throw new Todo('step 4, encodeChunk: shuffle the bytes, then apply the merges, lowest rank first');
}

/** Encode text as cl100k_base does: cut it with GPT-4's split pattern, encode each chunk. */
export function encode(text: string, merges: Map<string, number>, shuffle: readonly number[]): number[] {
  // TODO step 5: text.match(CL100K_PATTERN) gives the chunks; encode the UTF-8 bytes of each.
  throw new Todo('step 5, encode: split with CL100K_PATTERN, encode every chunk');
}

/**
 * Decode ids: rebuild the bytes of every rank from the merges (a one-byte token of rank
 * `shuffle[b]` is byte `b`), join them and read UTF-8.
 */
export function decode(
  ids: readonly number[],
  merges: Map<string, number>,
  shuffle: readonly number[],
): string {
  // TODO step 6: vocab[shuffle[b]] = [b]; then for each merge in order vocab[rank] = vocab[left] + vocab[right].
  throw new Todo('step 6, decode: the bytes behind each id, un-shuffled, decoded as UTF-8');
}
