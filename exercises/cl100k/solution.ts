// Reference solution of docs/exercises/cl100k.md.
import { CL100K_PATTERN } from '@tokenlab/gpt';
import { bytesKey, type Ranks } from './ranks.js';

/** A pair of adjacent ids as a Map key: `pairKey(1, 2)` is `'1,2'`. */
export function pairKey(left: number, right: number): string {
  return `${left},${right}`;
}

/**
 * cl100k does not give byte `b` the id `b`: its single-byte tokens are ranked in another order
 * (`!` is 0). `byteShuffle(ranks)[b]` is the rank of the one-byte token `b`.
 */
export function byteShuffle(ranks: Ranks): number[] {
  return Array.from({ length: 256 }, (_, byte) => ranks.get(bytesKey([byte]))!);
}

/**
 * Run BPE on the bytes of `token` (a binary string, see {@link bytesKey}) using only merges ranked
 * below `maxRank`: start from single bytes, repeatedly join the adjacent pair whose joined bytes
 * have the lowest rank, stop when none is below `maxRank`. For a token of rank r,
 * `bpe(ranks, token, r)` stops one step short of the token: it returns its two parts.
 */
export function bpe(ranks: Ranks, token: string, maxRank: number): string[] {
  const parts = [...token];
  for (;;) {
    let best = -1;
    let bestRank = maxRank;
    for (let i = 0; i + 1 < parts.length; i++) {
      const rank = ranks.get(parts[i]! + parts[i + 1]!);
      if (rank !== undefined && rank < bestRank) [best, bestRank] = [i, rank];
    }
    if (best < 0) return parts;
    parts.splice(best, 2, parts[best]! + parts[best + 1]!);
  }
}

/**
 * The merges hidden in a rank table: every token longer than one byte was made by merging two
 * tokens, found by {@link bpe} stopped at its own rank. Keys are pairs of ranks, values the rank made.
 */
export function recoverMerges(ranks: Ranks): Map<string, number> {
  const merges = new Map<string, number>();
  for (const [token, rank] of ranks) {
    if (token.length === 1) continue;
    const parts = bpe(ranks, token, rank);
    if (parts.length !== 2) throw new Error(`token of rank ${rank} does not split into two parts`);
    merges.set(pairKey(ranks.get(parts[0]!)!, ranks.get(parts[1]!)!), rank);
  }
  return merges;
}

/** Encode one chunk: shuffle its bytes into ids, then merge the lowest-ranked pair until none is left. */
export function encodeChunk(
  bytes: readonly number[],
  merges: Map<string, number>,
  shuffle: readonly number[],
): number[] {
  let ids = bytes.map((byte) => shuffle[byte]!);
  for (;;) {
    let best = -1;
    let bestRank = Number.POSITIVE_INFINITY;
    for (let i = 0; i + 1 < ids.length; i++) {
      const rank = merges.get(pairKey(ids[i]!, ids[i + 1]!));
      if (rank !== undefined && rank < bestRank) [best, bestRank] = [i, rank];
    }
    if (best < 0) return ids;
    // Merge every occurrence of that pair, left to right, as minbpe's merge() does.
    const [left, right] = [ids[best]!, ids[best + 1]!];
    const out: number[] = [];
    for (let i = 0; i < ids.length; i++) {
      if (i + 1 < ids.length && ids[i] === left && ids[i + 1] === right) {
        out.push(bestRank);
        i++;
      } else out.push(ids[i]!);
    }
    ids = out;
  }
}

/** Encode text as cl100k_base does: cut it with GPT-4's split pattern, encode each chunk. */
export function encode(text: string, merges: Map<string, number>, shuffle: readonly number[]): number[] {
  const encoder = new TextEncoder();
  return (text.match(CL100K_PATTERN) ?? []).flatMap((chunk) =>
    encodeChunk(Array.from(encoder.encode(chunk)), merges, shuffle),
  );
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
  const vocab = new Map<number, number[]>();
  shuffle.forEach((rank, byte) => {
    vocab.set(rank, [byte]);
  });
  for (const [pair, rank] of merges) {
    const [left, right] = pair.split(',').map(Number) as [number, number];
    vocab.set(rank, [...vocab.get(left)!, ...vocab.get(right)!]);
  }
  const bytes = ids.flatMap((id) => {
    const piece = vocab.get(id);
    if (!piece) throw new Error(`invalid token id ${id}`);
    return piece;
  });
  return new TextDecoder().decode(Uint8Array.from(bytes));
}
