import { Worker } from 'node:worker_threads';
import { readFixtureText } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { Encoding } from '../encoding.js';
import { getEncoding } from '../registry.js';
import { recall, remember } from './piece-cache-testing.js';
import { SharedPieceCache } from './shared-piece-cache.js';

const utf8 = new TextEncoder();

/** An Encoding like `enc` over its rank table, remembering merged pieces in `cache`. */
function encodingWith(enc: Encoding, cache: SharedPieceCache): Encoding {
  const copy = new Encoding({
    name: enc.name,
    patternSource: enc.patternSource,
    ranks: enc.ranks,
    specialTokens: Object.fromEntries(enc.specialTokens),
  });
  copy.usePieceCache(cache);
  return copy;
}

describe('SharedPieceCache', () => {
  it('gives back the ids stored for exactly those bytes', () => {
    const cache = new SharedPieceCache(8);
    remember(cache, 'كتاب', [1, 2]);
    remember(cache, 'كتب', [3]);
    expect(recall(cache, 'كتاب')).toEqual([1, 2]);
    expect(recall(cache, 'كتب')).toEqual([3]);
    expect(recall(cache, 'كتا')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('finds a piece whose hash collides with another only by its bytes', () => {
    const cache = new SharedPieceCache(8);
    const a = utf8.encode('abc');
    const b = utf8.encode('xyz');
    cache.store(a, 0, 3, 42, Uint32Array.of(7), 1);
    cache.store(b, 0, 3, 42, Uint32Array.of(8, 9), 2);
    expect(cache.ids[cache.idStart(cache.find(a, 0, 3, 42))]).toBe(7);
    expect(cache.idCount(cache.find(b, 0, 3, 42))).toBe(2);
    expect(cache.find(utf8.encode('abd'), 0, 3, 42)).toBe(-1);
  });

  it('stores nothing more once its entries are used up, and never answers wrongly', () => {
    const cache = new SharedPieceCache(4);
    const words = Array.from({ length: 12 }, (_, i) => `word${i}`);
    for (const [i, word] of words.entries()) remember(cache, word, [i, i + 100]);
    expect(cache.full).toBe(true);
    expect(cache.size).toBe(4);
    for (const [i, word] of words.entries())
      expect(recall(cache, word), word).toEqual(i < 4 ? [i, i + 100] : undefined);
  });

  it('stores nothing more once its arena is used up', () => {
    // 4 entries, 32 words of arena: two 45-byte pieces with one id take 2 × (15 + 1) words.
    const cache = new SharedPieceCache(4);
    remember(cache, 'a'.repeat(45), [1]);
    remember(cache, 'b'.repeat(45), [2]);
    remember(cache, 'c', [3]);
    expect(cache.full).toBe(true);
    expect(recall(cache, 'a'.repeat(45))).toEqual([1]);
    expect(recall(cache, 'b'.repeat(45))).toEqual([2]);
    expect(recall(cache, 'c')).toBeUndefined();
  });

  it('keeps pieces of every length modulo three, zero bytes and the largest ids exact', () => {
    const cache = new SharedPieceCache(64);
    const pieces = ['', 'a', 'ab', 'abc', 'abcd', '\0', '\0\0', 'a\0', '\0\0\0\0', 'ٱللَّهِ', '🙂'];
    for (const [i, piece] of pieces.entries()) remember(cache, piece, [i, 0, 2 ** 31, 2 ** 32 - 2]);
    // An empty piece is never stored; every other one comes back with its own ids.
    for (const [i, piece] of pieces.entries())
      expect(recall(cache, piece), JSON.stringify(piece)).toEqual(
        piece === '' ? undefined : [i, 0, 2 ** 31, 2 ** 32 - 2],
      );
    // A piece that differs from a stored one only in a last, partial word is not found.
    expect(recall(cache, 'abce')).toBeUndefined();
    expect(recall(cache, 'a\u0001')).toBeUndefined();
  });

  it('passes over an entry not yet seen whole, as a thread that reads it mid-store would', () => {
    const cache = new SharedPieceCache(8);
    remember(cache, 'كتاب', [1, 2]);
    const memory = cache.share();
    const slots = new Int32Array(memory.slots);
    const words = new Int32Array(memory.arena);
    const slot = slots.findIndex((sizes, i) => i % 4 === 3 && sizes > 0) - 3;
    // Each word of the entry in turn reads as the memory's first zero: the lookup says "not stored".
    const entryWords = [slot, slot + 1, slot + 2].map((i) => ({ array: slots, i }));
    const at = slots[slot + 1]!;
    for (let w = at; w < at + 3 + 2; w++) entryWords.push({ array: words, i: w });
    for (const { array, i } of entryWords) {
      const kept = array[i]!;
      array[i] = 0;
      expect(recall(cache, 'كتاب'), `word ${i}`).toBeUndefined();
      array[i] = kept;
    }
    expect(recall(cache, 'كتاب')).toEqual([1, 2]);
  });

  it('does not store pieces or id lists longer than 255', () => {
    const cache = new SharedPieceCache(64);
    remember(cache, 'x'.repeat(256), [1]);
    remember(
      cache,
      'y',
      Array.from({ length: 256 }, (_, i) => i),
    );
    remember(cache, 'z'.repeat(255), [5]);
    expect(recall(cache, 'x'.repeat(256))).toBeUndefined();
    expect(recall(cache, 'y')).toBeUndefined();
    expect(recall(cache, 'z'.repeat(255))).toEqual([5]);
    expect(cache.full).toBe(false);
  });

  it('is a power of two of entries', () => {
    expect(() => new SharedPieceCache(6)).toThrow(RangeError);
    expect(() => new SharedPieceCache(0)).toThrow(RangeError);
  });

  it('is seen whole by another cache over its shared memory', () => {
    const cache = new SharedPieceCache(16);
    const other = SharedPieceCache.fromShared(cache.share());
    remember(other, 'shared', [4, 5, 6]);
    expect(recall(cache, 'shared')).toEqual([4, 5, 6]);
    expect(cache.size).toBe(1);
  });

  it('gives an encoding the same ids as its own cache, full or not', async () => {
    const text = `${readFixtureText('corpora/ud-arabic-pud.head.txt')}${readFixtureText('corpora/austen-emma.head.txt')}`;
    for (const name of ['gpt2', 'cl100k_base', 'o200k_base']) {
      const enc = await getEncoding(name);
      const expected = enc.encodeOrdinary(text);
      for (const entries of [1 << 4, 1 << 16]) {
        const cache = new SharedPieceCache(entries);
        const shared = encodingWith(enc, cache);
        // Twice: the second pass reads what the first stored.
        expect(shared.encodeOrdinary(text), `${name}, ${entries}`).toEqual(expected);
        expect(shared.encodeOrdinary(text), `${name}, ${entries}, again`).toEqual(expected);
        expect(cache.full, `${name}, ${entries}`).toBe(entries === 1 << 4);
      }
    }
  });

  it('keeps every entry exact when several threads store and read at once', async () => {
    const cache = new SharedPieceCache(1 << 15);
    const moduleUrl = new URL('../../dist/bpe/shared-piece-cache.js', import.meta.url).href;
    const hashUrl = new URL('../../dist/ranks/rank-table.js', import.meta.url).href;
    // Each thread stores 3,000 pieces, two thirds of them also stored by the others, with ids that
    // follow from the piece; between stores it looks up every piece, and any entry it finds must
    // hold exactly that piece's ids.
    const program = `
      const { workerData, parentPort } = require('node:worker_threads');
      (async () => {
        const { SharedPieceCache } = await import('${moduleUrl}');
        const { hashBytes } = await import('${hashUrl}');
        const { memory, thread, start } = workerData;
        const cache = SharedPieceCache.fromShared(memory);
        const utf8 = new TextEncoder();
        const flag = new Int32Array(start);
        Atomics.add(flag, 0, 1);
        const until = Date.now() + 5000;
        while (Atomics.load(flag, 0) < 3 && Date.now() < until) {}
        let wrong = 0;
        let found = 0;
        const piece = (n) => 'قطعة ' + n + ' piece'.repeat(n % 7);
        const idsOf = (n) => Uint32Array.from({ length: 1 + (n % 5) }, (_, i) => n * 10 + i);
        for (let k = 0; k < 3000; k++) {
          const n = k % 3 === 0 ? 100000 * (thread + 1) + k : k;
          const bytes = utf8.encode(piece(n));
          const hash = hashBytes(bytes, 0, bytes.length);
          if (cache.find(bytes, 0, bytes.length, hash) < 0) cache.store(bytes, 0, bytes.length, hash, idsOf(n), idsOf(n).length);
          for (const m of [k, k + 2, k + 1, 100000 * (((thread + 1) % 3) + 1) + k]) {
            const other = utf8.encode(piece(m));
            const slot = cache.find(other, 0, other.length, hashBytes(other, 0, other.length));
            if (slot < 0) continue;
            found++;
            const want = idsOf(m);
            const got = cache.ids.subarray(cache.idStart(slot), cache.idStart(slot) + cache.idCount(slot));
            if (got.length !== want.length || got.some((id, i) => id !== want[i])) wrong++;
          }
        }
        parentPort.postMessage({ wrong, found });
      })();`;
    const start = new SharedArrayBuffer(4);
    const results = await Promise.all(
      [0, 1, 2].map(
        (thread) =>
          new Promise<{ wrong: number; found: number }>((resolve, reject) => {
            const worker = new Worker(program, {
              eval: true,
              workerData: { memory: cache.share(), thread, start },
            });
            worker.once('message', (result) => {
              resolve(result);
              void worker.terminate();
            });
            worker.once('error', reject);
          }),
      ),
    );
    for (const { wrong, found } of results) {
      expect(wrong).toBe(0);
      // Each thread finds at least the 2,000 shared pieces it looked up after storing or finding them;
      // how many more it finds depends on how the threads happen to interleave.
      expect(found).toBeGreaterThanOrEqual(2000);
    }
    // Every piece any thread stored is there with its own ids (shared ones possibly twice).
    const piece = (n: number) => `قطعة ${n}${' piece'.repeat(n % 7)}`;
    const idsOf = (n: number) => Array.from({ length: 1 + (n % 5) }, (_, i) => n * 10 + i);
    for (let k = 0; k < 3000; k++)
      for (const n of k % 3 === 0 ? [100000 + k, 200000 + k, 300000 + k] : [k])
        expect(recall(cache, piece(n)), piece(n)).toEqual(idsOf(n));
    expect(cache.size).toBeGreaterThanOrEqual(3000 + 2000);
    expect(cache.size).toBeLessThanOrEqual(3000 + 2000 * 3);
  });
});
