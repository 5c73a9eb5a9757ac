import { describe, expect, it } from 'vitest';
import { hashBytes, NO_RANK } from '../ranks/rank-table.js';
import { getEncoding } from '../registry.js';
import { bytePairMergeShort, mergedIds } from './byte-pair-merge.js';
import { PieceCache } from './piece-cache.js';

const utf8 = new TextEncoder();

function remember(cache: PieceCache, text: string, ids: number[]): void {
  const bytes = utf8.encode(text);
  cache.store(bytes, 0, bytes.length, hashBytes(bytes, 0, bytes.length), Uint32Array.from(ids), ids.length);
}

function recall(cache: PieceCache, text: string): number[] | undefined {
  const bytes = utf8.encode(text);
  const slot = cache.find(bytes, 0, bytes.length, hashBytes(bytes, 0, bytes.length));
  if (slot < 0) return undefined;
  return [...cache.ids.subarray(cache.idStart(slot), cache.idStart(slot) + cache.idCount(slot))];
}

describe('PieceCache', () => {
  it('gives back the ids stored for exactly those bytes', () => {
    const cache = new PieceCache(8);
    remember(cache, 'كتاب', [1, 2]);
    remember(cache, 'كتب', [3]);
    expect(recall(cache, 'كتاب')).toEqual([1, 2]);
    expect(recall(cache, 'كتب')).toEqual([3]);
    expect(recall(cache, 'كتا')).toBeUndefined();
  });

  it('finds a piece whose hash collides with another only by its bytes', () => {
    const cache = new PieceCache(8);
    const a = utf8.encode('abc');
    const b = utf8.encode('xyz');
    cache.store(a, 0, 3, 42, Uint32Array.of(7), 1);
    cache.store(b, 0, 3, 42, Uint32Array.of(8, 9), 2);
    expect(cache.ids[cache.idStart(cache.find(a, 0, 3, 42))]).toBe(7);
    expect(cache.idCount(cache.find(b, 0, 3, 42))).toBe(2);
  });

  it('starts over when full, so its memory stays fixed', () => {
    const cache = new PieceCache(4);
    for (let i = 0; i < 4; i++) remember(cache, `piece${i}`, [i]);
    expect(recall(cache, 'piece0')).toEqual([0]);
    remember(cache, 'piece4', [4]);
    expect(recall(cache, 'piece0')).toBeUndefined();
    expect(recall(cache, 'piece4')).toEqual([4]);
    cache.clear();
    expect(recall(cache, 'piece4')).toBeUndefined();
  });
});

describe('merging by ranks', () => {
  it("rankOfJoined equals the rank of the two tokens' bytes joined, also after its memo slots are reused", async () => {
    const { ranks } = await getEncoding('o200k_base');
    let state = 12345;
    const random = (n: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % n;
    };
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 50_000; i++) {
        const left = random(ranks.rankCount);
        // Half the time a single byte on the right, where joins that are tokens are common.
        const right = random(2) === 0 ? random(ranks.rankCount) : random(256);
        const joined = new Uint8Array([...ranks.tokenBytes(left), ...ranks.tokenBytes(right)]);
        expect(ranks.rankOfJoined(left, right)).toBe(ranks.rankOf(joined, 0, joined.length));
      }
  });

  it('merges a piece as the plain definition does: lowest-ranked adjacent pair first, leftmost on ties', async () => {
    for (const name of ['gpt2', 'cl100k_base', 'o200k_base'] as const) {
      const { ranks } = await getEncoding(name);
      const reference = (bytes: Uint8Array): number[] => {
        let parts = [...bytes].map((byte) => Uint8Array.of(byte));
        for (;;) {
          let best = NO_RANK;
          let at = -1;
          for (let k = 0; k + 1 < parts.length; k++) {
            const joined = new Uint8Array([...parts[k]!, ...parts[k + 1]!]);
            const rank = ranks.rankOf(joined, 0, joined.length);
            if (rank < best) [best, at] = [rank, k];
          }
          if (at < 0) return parts.map((part) => ranks.rankOf(part, 0, part.length));
          parts = [
            ...parts.slice(0, at),
            new Uint8Array([...parts[at]!, ...parts[at + 1]!]),
            ...parts.slice(at + 2),
          ];
        }
      };
      for (const word of ['internationalization', ' والمستقيمين', 'ٱلرَّحْمَـٰنِ', '𝒳𝒴𝒵naïve', 'aaaaaaaaaaaa']) {
        const bytes = utf8.encode(word);
        const count = bytePairMergeShort(ranks, bytes, 0, bytes.length);
        expect([...mergedIds().subarray(0, count)], `${name} ${word}`).toEqual(reference(bytes));
      }
    }
  });
});
