// Given: cl100k_base's rank table as a plain Map, so the exercise needs no knowledge of how
// @tokenlab/gpt stores it. A token's key is its bytes as a "binary string", one char per byte.
import { getEncoding } from '@tokenlab/gpt';

/** Token bytes (as a binary string, see {@link bytesKey}) → rank, which is also the token's id. */
export type Ranks = Map<string, number>;

/** The key of some bytes in {@link Ranks}: `bytesKey([72, 105])` is `'Hi'`. */
export function bytesKey(bytes: ArrayLike<number>): string {
  let key = '';
  for (let i = 0; i < bytes.length; i++) key += String.fromCharCode(bytes[i]!);
  return key;
}

/** cl100k_base's 100,256 mergeable tokens and their ranks, in rank order (tiktoken's `_mergeable_ranks`). */
export async function loadCl100kRanks(): Promise<Ranks> {
  const { ranks } = await getEncoding('cl100k_base');
  const map: Ranks = new Map();
  for (let rank = 0; rank < ranks.rankCount; rank++) {
    if (ranks.has(rank)) map.set(bytesKey(ranks.tokenBytes(rank)), rank);
  }
  return map;
}
