import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import cl100kSummary from '../../data/cl100k_base.two-byte.js';
import o200kSummary from '../../data/o200k_base.two-byte.js';
import p50kSummary from '../../data/p50k_base.two-byte.js';
import r50kSummary from '../../data/r50k_base.two-byte.js';
import { bytePairMergeShort, mergedIds } from '../bpe/byte-pair-merge.js';
import { getEncoding } from '../registry.js';
import { NO_RANK } from './no-rank.js';
import { hashBytes, RankTable } from './rank-table.js';
import { TwoByteChars } from './two-byte-chars.js';

/** tiktoken's merge on bytes, written plainly: always from single bytes, every rank looked up by its bytes. */
function mergeFromBytes(table: RankTable, bytes: Uint8Array): number[] {
  let parts = [...bytes.keys()].map((at) => [at, at + 1] as const);
  for (;;) {
    let best = NO_RANK;
    let at = -1;
    for (let k = 0; k + 1 < parts.length; k++) {
      const rank = table.rankOf(bytes, parts[k]![0], parts[k + 1]![1]);
      if (rank < best) {
        best = rank;
        at = k;
      }
    }
    if (at < 0) break;
    parts = [...parts.slice(0, at), [parts[at]![0], parts[at + 1]![1]] as const, ...parts.slice(at + 2)];
  }
  return parts.map(([start, end]) => table.rankOf(bytes, start, end));
}

function merge(table: RankTable, bytes: Uint8Array): number[] {
  return [...mergedIds().subarray(0, bytePairMergeShort(table, bytes, 0, bytes.length))];
}

/** The WebAssembly kernel's ids for a piece (its rank when it is a token, else its merge). */
function kernelIds(table: RankTable, bytes: Uint8Array): number[] {
  const kernel = table.mergeKernel!;
  kernel.input.set(bytes);
  return [...kernel.ids.subarray(0, kernel.encode(bytes.length, hashBytes(bytes, 0, bytes.length)))];
}

/** What the kernel must give: the piece's rank when it is a token, else the merge from single bytes. */
function pieceIdsFromBytes(table: RankTable, bytes: Uint8Array): number[] {
  const rank = table.rankOf(bytes, 0, bytes.length);
  return rank === NO_RANK ? mergeFromBytes(table, bytes) : [rank];
}

/** The 256 single bytes as ranks 0-255, then `extra` from rank 256 on (undefined leaves a hole). */
function vocabulary(...extra: (number[] | undefined)[]): RankTable {
  const bytes = Array.from({ length: 256 }, (_, value) => Uint8Array.of(value));
  return RankTable.fromTokens([
    ...bytes,
    ...extra.map((token) => (token ? Uint8Array.from(token) : undefined)),
  ]);
}

// 'é' is C3 A9; a, b, x, y are 61, 62, 78, 79.
const E_ACUTE = [0xc3, 0xa9];

describe('TwoByteChars: which two-byte characters a merge starts from whole', () => {
  it('starts an ordinary character whole, so the optimisation is in use', async () => {
    const { ranks } = await getEncoding('o200k_base');
    const bytes = new TextEncoder().encode('كتاب');
    expect(ranks.twoByteChars.startRank(bytes, 0, bytes.length, 2)).toBe(ranks.rankOf(bytes, 2, 4));
    expect(ranks.twoByteChars.startRank(bytes, 0, bytes.length, 1)).toBe(NO_RANK); // a tail byte
  });

  it('rule 1: not when a token ends with its first byte (a space and half an Arabic letter in o200k)', async () => {
    const { ranks } = await getEncoding('o200k_base');
    const bytes = new TextEncoder().encode(' باب');
    expect(ranks.rankOf(bytes, 0, 2)).not.toBe(NO_RANK); // ' \xd8' is a token
    expect(ranks.twoByteChars.startRank(bytes, 0, bytes.length, 1)).toBe(NO_RANK);
    // In a vocabulary where 'a' + C3 merges first, starting from 'é' would give another answer.
    const table = vocabulary([0x61, 0xc3], E_ACUTE);
    const aE = Uint8Array.of(0x61, ...E_ACUTE);
    expect(table.twoByteChars.startRank(aE, 0, 3, 1)).toBe(NO_RANK);
    expect(merge(table, aE)).toEqual([256, 0xa9]);
    expect(merge(table, aE)).toEqual(mergeFromBytes(table, aE));
    expect(kernelIds(table, aE)).toEqual(pieceIdsFromBytes(table, aE));
  });

  it('rule 1: not when a token begins with its second byte', () => {
    const table = vocabulary([0xa9, 0x62], E_ACUTE);
    const eB = Uint8Array.of(...E_ACUTE, 0x62);
    expect(table.twoByteChars.startRank(eB, 0, 3, 0)).toBe(NO_RANK);
    expect(merge(table, eB)).toEqual([0xc3, 256]);
    expect(merge(table, eB)).toEqual(mergeFromBytes(table, eB));
    expect(kernelIds(table, eB)).toEqual(pieceIdsFromBytes(table, eB));
  });

  it('rule 2: not when a longer token that begins with it ranks below it and occurs there', () => {
    // 256: é b, 257-269 holes, 270: b y, 300: é. From bytes, b y merges before é exists.
    const extra: (number[] | undefined)[] = Array(45).fill(undefined);
    extra[0] = [...E_ACUTE, 0x62];
    extra[14] = [0x62, 0x79];
    extra[44] = E_ACUTE;
    const table = vocabulary(...extra);
    const xEby = Uint8Array.of(0x78, ...E_ACUTE, 0x62, 0x79);
    expect(table.twoByteChars.startRank(xEby, 0, 5, 1)).toBe(NO_RANK);
    expect(merge(table, xEby)).toEqual([0x78, 300, 270]);
    expect(merge(table, xEby)).toEqual(mergeFromBytes(table, xEby));
    expect(kernelIds(table, xEby)).toEqual(pieceIdsFromBytes(table, xEby));
    // Where that token does not occur, the character starts whole.
    const xE = Uint8Array.of(0x78, ...E_ACUTE);
    expect(table.twoByteChars.startRank(xE, 0, 3, 1)).toBe(300);
  });

  it('rule 2: not when a longer token that ends with it ranks below it and occurs there', () => {
    // 256: b é, 270: y b, 300: é.
    const extra: (number[] | undefined)[] = Array(45).fill(undefined);
    extra[0] = [0x62, ...E_ACUTE];
    extra[14] = [0x79, 0x62];
    extra[44] = E_ACUTE;
    const table = vocabulary(...extra);
    const ybEx = Uint8Array.of(0x79, 0x62, ...E_ACUTE, 0x78);
    expect(table.twoByteChars.startRank(ybEx, 0, 5, 2)).toBe(NO_RANK);
    expect(merge(table, ybEx)).toEqual([270, 300, 0x78]);
    expect(merge(table, ybEx)).toEqual(mergeFromBytes(table, ybEx));
    expect(kernelIds(table, ybEx)).toEqual(pieceIdsFromBytes(table, ybEx));
  });

  for (const name of ['r50k_base', 'cl100k_base', 'o200k_base'] as const) {
    it(`${name}: merges (JavaScript and WebAssembly) equal the merge from single bytes, on generated text and on any bytes`, async () => {
      const { ranks } = await getEncoding(name);
      // Letters and marks of two-byte scripts, with spaces, ASCII and three-byte characters between.
      const twoByteText = fc.string({
        unit: fc.oneof(
          fc.integer({ min: 0x80, max: 0x7ff }).map((code) => String.fromCharCode(code)),
          fc.integer({ min: 0x600, max: 0x6ff }).map((code) => String.fromCharCode(code)),
          fc.constantFrom(' ', 'a', 'e', '1', "'", '\u200c', '\u2019', '\u0640'),
        ),
        maxLength: 40,
      });
      const bytesOf = fc.oneof(
        twoByteText.map((text) => new TextEncoder().encode(text)),
        fc.uint8Array({ maxLength: 60 }),
      );
      fc.assert(
        fc.property(bytesOf, (bytes) => {
          if (bytes.length < 2) return;
          expect(merge(ranks, bytes)).toEqual(mergeFromBytes(ranks, bytes));
          expect(kernelIds(ranks, bytes)).toEqual(pieceIdsFromBytes(ranks, bytes));
        }),
        { numRuns: 3000 },
      );
    });
  }

  it('the summaries shipped in data/ are those of the bundled tables', async () => {
    const shipped = {
      r50k_base: r50kSummary,
      p50k_base: p50kSummary,
      cl100k_base: cl100kSummary,
      o200k_base: o200kSummary,
    };
    for (const [name, summary] of Object.entries(shipped)) {
      const { ranks } = await getEncoding(name as keyof typeof shipped);
      expect(TwoByteChars.build(ranks.bytes, ranks.offsets).summary(), name).toEqual(summary);
      expect(ranks.twoByteChars.summary(), name).toEqual(summary);
    }
  });

  it('a shared table carries the summary to the other thread', async () => {
    const { ranks } = await getEncoding('cl100k_base');
    expect(RankTable.fromShared(ranks.share()).twoByteChars.summary()).toEqual(ranks.twoByteChars.summary());
  });

  it('a summary with parts missing, or of another vocabulary, is refused', async () => {
    const table = vocabulary(E_ACUTE);
    expect(() => TwoByteChars.fromSummary(table.bytes, table.offsets, [2, 233, 256])).toThrow(
      /5 parts, got 1/,
    );
    expect(() => TwoByteChars.fromSummary(table.bytes, table.offsets, [-1, 0])).toThrow(
      /bad count at index 0: -1/,
    );
    expect(() => TwoByteChars.fromSummary(table.bytes, table.offsets, [4, 233, 256])).toThrow(/bad count/);
    expect(TwoByteChars.fromSummary(table.bytes, table.offsets, [2, 233, 256, 0, 0, 0, 0]).summary()).toEqual(
      [2, 233, 256, 0, 0, 0, 0],
    );
    // 'é' is code 233; rank 97 is 'a'.
    expect(() => TwoByteChars.fromSummary(table.bytes, table.offsets, [2, 233, 97, 0, 0, 0, 0])).toThrow(
      /part 1 lists rank 97 under 233/,
    );
    expect(() => TwoByteChars.fromSummary(table.bytes, table.offsets, [2, 233, 999, 0, 0, 0, 0])).toThrow(
      /rank 999/,
    );
    // A longer token that begins with 'é' but ranks above it breaks no rule.
    const above = vocabulary(E_ACUTE, [...E_ACUTE, 0x62]);
    expect(() =>
      TwoByteChars.fromSummary(above.bytes, above.offsets, [2, 233, 256, 0, 0, 2, 233, 257, 0]),
    ).toThrow(/part 4 lists rank 257 under 233/);
    const { ranks } = await getEncoding('r50k_base');
    expect(() => new RankTable(ranks.bytes, ranks.offsets, undefined, o200kSummary)).toThrow(
      /does not fit this table/,
    );
  });
});
