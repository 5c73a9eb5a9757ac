import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { bytePairMergeShort, mergedIds } from '../bpe/byte-pair-merge.js';
import { getEncoding } from '../registry.js';
import { FRAGMENTS, stressTextAnyCodePoint } from '../test-strings.js';
import type { MergeKernel } from './merge-kernel.js';
import { hashBytes, RankTable } from './rank-table.js';

/** The kernel's ids for `bytes`, written to its input first. */
function kernelIds(kernel: MergeKernel, bytes: Uint8Array): number[] {
  kernel.input.set(bytes);
  return [...kernel.ids.subarray(0, kernel.encode(bytes.length, hashBytes(bytes, 0, bytes.length)))];
}

/** What the JavaScript merge gives: the rank of a token, else `bytePairMergeShort`. */
function javascriptIds(table: RankTable, bytes: Uint8Array): number[] {
  const rank = table.rankOf(bytes, 0, bytes.length);
  if (rank !== 0x7fffffff) return [rank];
  return [...mergedIds().subarray(0, bytePairMergeShort(table, bytes, 0, bytes.length))];
}

/** Characters of every width that the encodings merge in different ways: Arabic with marks, CJK, emoji, Latin. */
const CHARACTERS = [...'ٱلرَّحْمَٰنِ بِسْمِ اللَّهِ كتاب 漢字テスト 😀👍🏽 éàü the cat ,.!? 12 \n\t'];

describe('the WebAssembly merge kernel', () => {
  it('the committed WebAssembly is the compiled .wat', () => {
    const script = fileURLToPath(new URL('../../scripts/build-kernel.mjs', import.meta.url));
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('gives the JavaScript merge ids for pieces of characters and of any bytes, with every encoding', async () => {
    for (const name of ['gpt2', 'cl100k_base', 'o200k_base'] as const) {
      const table = (await getEncoding(name)).ranks;
      const kernel = table.mergeKernel;
      expect(kernel, name).not.toBeNull();
      for (const text of FRAGMENTS) {
        const bytes = new TextEncoder().encode(text).subarray(0, 255);
        expect(kernelIds(kernel!, bytes), `${name} ${JSON.stringify(text)}`).toEqual(
          javascriptIds(table, bytes),
        );
      }
      fc.assert(
        fc.property(
          fc.oneof(
            fc
              .array(fc.constantFrom(...CHARACTERS), { minLength: 1, maxLength: 60 })
              .map((chars) => new TextEncoder().encode(chars.join('')).subarray(0, 255)),
            fc.uint8Array({ minLength: 1, maxLength: 255 }),
            stressTextAnyCodePoint
              .filter((text) => text !== '')
              .map((text) => new TextEncoder().encode(text).subarray(0, 255)),
          ),
          (bytes) => {
            expect(kernelIds(kernel!, bytes)).toEqual(javascriptIds(table, bytes));
          },
        ),
        { numRuns: 1500 },
      );
    }
  });

  it('refuses a piece of 256 bytes or more (encode merges longer ones in JavaScript)', async () => {
    const kernel = (await getEncoding('cl100k_base')).ranks.mergeKernel!;
    expect(() => kernel.encode(256, 0)).toThrow('unreachable');
    // Still usable after the refusal.
    expect(kernelIds(kernel, new TextEncoder().encode(' hello'))).toEqual([24748]);
  });

  it('is not made for a table from shared arrays or without a token for every byte, which merge in JavaScript', async () => {
    const table = (await getEncoding('o200k_base')).ranks;
    expect(RankTable.fromShared(table.share()).mergeKernel).toBeNull();
    const partial = RankTable.fromTokens([Uint8Array.of(97), Uint8Array.of(98), Uint8Array.of(97, 98)]);
    expect(partial.mergeKernel).toBeNull();
    const whole = RankTable.fromTokens(Array.from({ length: 256 }, (_, value) => Uint8Array.of(value)));
    expect(whole.mergeKernel).not.toBeNull();
    // The table's arrays live in the kernel's memory: its bytes are the kernel's.
    expect(whole.bytes.buffer).toBe(whole.mergeKernel!.tokenBytes.buffer);
  });

  it('starts two-byte characters whole as the JavaScript merge does, unless their lists do not fit', async () => {
    const table = (await getEncoding('o200k_base')).ranks;
    expect(table.mergeKernel!.useTwoByteChars(table.twoByteChars)).toBe(true);
    const tables = table.mergeKernel!.twoByteCharsTables;
    expect(table.twoByteChars.copyTo({ ...tables, listRanks: new Int32Array(10) })).toBe(false);
    // The tables written are those the JavaScript merge reads: the same characters' ranks.
    const word = new TextEncoder().encode('كتاب');
    expect(tables.charRanks[((word[0]! & 0x1f) << 6) | (word[1]! & 0x3f)]).toBe(table.rankOf(word, 0, 2));
  });

  it('encodes as before where WebAssembly is missing', async () => {
    const reference = await getEncoding('o200k_base');
    expect(reference.ranks.mergeKernel).not.toBeNull();
    vi.resetModules();
    vi.stubGlobal('WebAssembly', undefined);
    try {
      const plain = await import('../registry.js');
      const encoding = await plain.getEncoding('o200k_base');
      expect(encoding.ranks.mergeKernel).toBeNull();
      const arabic = 'بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ ';
      expect(encoding.encodeOrdinary(arabic)).toEqual(reference.encodeOrdinary(arabic));
      fc.assert(
        fc.property(stressTextAnyCodePoint, (text) => {
          expect(encoding.encodeOrdinary(text)).toEqual(reference.encodeOrdinary(text));
        }),
        { numRuns: 300 },
      );
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
