import { describe, expect, it } from 'vitest';
import { hashBytes, NO_RANK } from '../ranks/rank-table.js';
import { getEncoding } from '../registry.js';
import { bytePairMergeShort, mergedIds } from './byte-pair-merge.js';
import { PieceCache } from './piece-cache.js';
import { recall, remember } from './piece-cache-testing.js';

const utf8 = new TextEncoder();

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

  it('when full, keeps the entries found again and forgets the others, so its memory stays fixed', () => {
    const cache = new PieceCache(4);
    for (let i = 0; i < 4; i++) remember(cache, `piece${i}`, [i, 100 + i]);
    expect(recall(cache, 'piece2')).toEqual([2, 102]);
    remember(cache, 'piece4', [4]);
    expect(cache.size).toBe(2);
    expect(recall(cache, 'piece0')).toBeUndefined();
    expect(recall(cache, 'piece1')).toBeUndefined();
    expect(recall(cache, 'piece3')).toBeUndefined();
    // The kept entry's bytes and ids were moved to the front: still found, with its ids.
    expect(recall(cache, 'piece2')).toEqual([2, 102]);
    expect(recall(cache, 'piece4')).toEqual([4]);
    cache.clear();
    expect(recall(cache, 'piece4')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('a kept entry must be found again before the next eviction to stay', () => {
    const cache = new PieceCache(4);
    for (let i = 0; i < 4; i++) remember(cache, `piece${i}`, [i]);
    recall(cache, 'piece1');
    remember(cache, 'piece4', [4]); // evicts all but piece1
    remember(cache, 'piece5', [5]);
    remember(cache, 'piece6', [6]);
    recall(cache, 'piece5');
    remember(cache, 'piece7', [7]); // full again: piece1 was not found since, piece5 was
    expect(recall(cache, 'piece1')).toBeUndefined();
    expect(recall(cache, 'piece5')).toEqual([5]);
    expect(recall(cache, 'piece7')).toEqual([7]);
  });

  it('forgets everything when the entries found again would fill most of it', () => {
    const cache = new PieceCache(4);
    for (let i = 0; i < 4; i++) remember(cache, `piece${i}`, [i]);
    for (let i = 0; i < 4; i++) recall(cache, `piece${i}`);
    remember(cache, 'piece4', [4]);
    expect(cache.size).toBe(1);
    expect(recall(cache, 'piece0')).toBeUndefined();
    expect(recall(cache, 'piece4')).toEqual([4]);
  });

  it('evicts when the arena of bytes and ids is full, moving kept entries without overlap errors', () => {
    // 4 entries of budget -> an arena of 32 words (bytes padded to words, then ids): long pieces fill it first.
    const cache = new PieceCache(4);
    const a = 'a'.repeat(40); // 10 words of bytes + 3 ids
    const b = 'b'.repeat(18); // 5 + 1
    const c = 'c'.repeat(48); // 12 + 2: 13 + 6 + 14 > 32 with only 2 of 4 entries used
    remember(cache, a, [1, 2, 3]);
    remember(cache, b, [4]);
    recall(cache, b);
    remember(cache, c, [5, 6]); // evicts a, keeps b (moved to the front, over a's old place)
    expect(cache.size).toBe(2);
    expect(recall(cache, a)).toBeUndefined();
    expect(recall(cache, b)).toEqual([4]);
    expect(recall(cache, c)).toEqual([5, 6]);
    // Bytes that share the padded last word with others still compare exactly.
    remember(cache, 'b'.repeat(17), [7]);
    expect(recall(cache, 'b'.repeat(17))).toEqual([7]);
    expect(recall(cache, b)).toEqual([4]);
  });
});

describe('PieceCache with a piece longer than the room an eviction leaves', () => {
  it('starts over rather than writing past its arrays', () => {
    // 2 entries of budget -> 16 words: the 11 kept (40 bytes and an id) leave 5, too few for a
    // 15-byte piece with 2 ids (6 words).
    const cache = new PieceCache(2);
    const kept = 'k'.repeat(40);
    const long = 'l'.repeat(15);
    remember(cache, kept, [1]);
    recall(cache, kept);
    remember(cache, 'x'.repeat(10), [2]);
    remember(cache, long, [3, 4]);
    expect(recall(cache, long)).toEqual([3, 4]);
    expect(cache.size).toBe(1);
  });
});

describe('PieceCache growth', () => {
  it('doubles, up to its largest size, when more than half is kept, and still answers every kept piece', () => {
    const cache = new PieceCache(4, 8);
    for (let i = 0; i < 4; i++) remember(cache, `piece${i}`, [i, 10 + i]);
    for (let i = 0; i < 3; i++) recall(cache, `piece${i}`);
    remember(cache, 'piece4', [4]); // 3 of 4 kept: grows to 8 instead of forgetting all
    expect(cache.size).toBe(4);
    for (let i = 0; i < 3; i++) expect(recall(cache, `piece${i}`)).toEqual([i, 10 + i]);
    expect(recall(cache, 'piece4')).toEqual([4]);
    for (let i = 5; i < 9; i++) remember(cache, `piece${i}`, [i]);
    expect(cache.size).toBe(8);
    for (let i = 0; i < 9; i++) recall(cache, `piece${i}`);
    remember(cache, 'piece9', [9]); // at its largest: all 8 kept would fill it, so it starts over
    expect(cache.size).toBe(1);
    expect(recall(cache, 'piece9')).toEqual([9]);
  });
});

describe('PieceCache slots', () => {
  it('starts with a small table of slots and doubles it as entries come, losing none and evicting none', () => {
    // 70,000 entries where none were expected: the 4 Ki slots double six times (at most half hold an entry).
    const cache = new PieceCache(1 << 17, 1 << 17, 0);
    const n = 70_000;
    for (let i = 0; i < n; i++) remember(cache, `p${i}`, [i, i + 1]);
    expect(cache.size).toBe(n);
    for (let i = 0; i < n; i += 1) expect(recall(cache, `p${i}`)).toEqual([i, i + 1]);
    expect(recall(cache, `p${n}`)).toBeUndefined();
  });
});

describe('PieceCache under evictions', () => {
  it('answers every piece with the ids of a fresh merge while it evicts again and again', async () => {
    const { ranks } = await getEncoding('o200k_base');
    const cache = new PieceCache(64);
    let state = 99;
    const random = (n: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % n;
    };
    const letters = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';
    const marks = ['', '\u064E', '\u0650', '\u0651\u064E'];
    // A few frequent words and many rare ones, as in a long text.
    const word = () => {
      const length = random(3) === 0 ? 2 : 3 + random(6);
      let out = ' ';
      for (let i = 0; i < length; i++) out += letters[random(letters.length)]! + marks[random(marks.length)]!;
      return out;
    };
    const frequent = Array.from({ length: 20 }, word);
    let checked = 0;
    for (let i = 0; i < 5000; i++) {
      const text = random(2) === 0 ? frequent[random(frequent.length)]! : word();
      const bytes = utf8.encode(text);
      const hash = hashBytes(bytes, 0, bytes.length);
      const expected = [...mergedIds().subarray(0, bytePairMergeShort(ranks, bytes, 0, bytes.length))];
      const slot = cache.find(bytes, 0, bytes.length, hash);
      if (slot >= 0) {
        expect([
          ...cache.ids.subarray(cache.idStart(slot), cache.idStart(slot) + cache.idCount(slot)),
        ]).toEqual(expected);
        checked++;
      } else cache.store(bytes, 0, bytes.length, hash, Uint32Array.from(expected), expected.length);
    }
    // The frequent words survive evictions: most of their lookups are answered from the cache.
    expect(checked).toBeGreaterThan(1500);
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
