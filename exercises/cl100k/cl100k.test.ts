import { getEncoding } from '@tokenlab/gpt';
import { recoverMerges as referenceRecoverMerges } from '@tokenlab/gpt/minbpe';
import { readGolden } from '@tokenlab/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { testingSolution } from '../implementation.js';
import { bytesKey, loadCl100kRanks, type Ranks } from './ranks.js';

// A variable, not a literal: the repository's type check never reads the file a learner edits.
const starter = './starter.js';
const { bpe, byteShuffle, decode, encode, encodeChunk, recoverMerges } = testingSolution
  ? await import('./solution.js')
  : ((await import(starter)) as typeof import('./solution.js'));

let ranks: Ranks;
beforeAll(async () => {
  ranks = await loadCl100kRanks();
});

/** Recovering 100,000 merges takes a moment: do it once, on first use. */
let recovered: Map<string, number> | undefined;
function merges(): Map<string, number> {
  recovered ??= recoverMerges(ranks);
  return recovered;
}

describe('step 1: the byte shuffle', () => {
  it('maps each byte to the rank of its one-byte token', () => {
    const shuffle = byteShuffle(ranks);
    expect(shuffle[33], '"!" (byte 33) is rank 0 in cl100k').toBe(0);
    expect(shuffle[97], '"a" (byte 97) is rank 64').toBe(64);
    expect(shuffle[32], 'a space (byte 32) is rank 220').toBe(220);
    expect(new Set(shuffle).size, 'the shuffle is a permutation: 256 different ranks').toBe(256);
    expect(Math.max(...shuffle), 'all below 256').toBe(255);
  });
});

describe('step 2: bpe stopped at a rank', () => {
  it('splits a token into the two parts it was merged from', () => {
    const hello = bytesKey(new TextEncoder().encode(' Hello'));
    const parts = bpe(ranks, hello, ranks.get(hello)!);
    expect(parts.length, 'bpe(ranks, token, rank of token) must stop at exactly two parts').toBe(2);
    expect(parts.join(''), 'the parts spell the token').toBe(hello);
  });

  it('runs to the end when no rank limits it', () => {
    const hello = bytesKey(new TextEncoder().encode(' Hello'));
    expect(bpe(ranks, hello, Number.POSITIVE_INFINITY), 'with no limit " Hello" is one token').toEqual([
      hello,
    ]);
  });
});

describe('step 3: recover the merges', () => {
  it('finds one merge per multi-byte token', () => {
    expect(merges().size, '100,256 tokens minus 256 single bytes = 100,000 merges').toBe(100_000);
  });

  it('finds the same merges as @tokenlab/gpt/minbpe', async () => {
    const reference = referenceRecoverMerges((await getEncoding('cl100k_base')).ranks);
    const mine = [...merges()].map(([pair, rank]) => [...pair.split(',').map(Number), rank]);
    const first = mine.findIndex((merge, i) => merge.join() !== reference[i]?.join());
    expect(
      first,
      `merge ${first} differs: yours ${JSON.stringify(mine[first])}, reference ${JSON.stringify(reference[first])}`,
    ).toBe(-1);
  });

  it('finds the first merges in rank order', () => {
    expect([...merges()].slice(0, 3), 'space+space → 256, 256+256 → 257, "i"+"n" → 258').toEqual([
      ['220,220', 256],
      ['256,256', 257],
      ['72,77', 258],
    ]);
  });
});

describe('steps 4 and 5: encode like tiktoken', () => {
  it('encodes a chunk', () => {
    const bytes = Array.from(new TextEncoder().encode(' World'));
    expect(encodeChunk(bytes, merges(), byteShuffle(ranks)), '" World" is one token, 4435').toEqual([4435]);
  });

  it("gives the seed's ids", () => {
    expect(
      encode('      Hello World!!!!', merges(), byteShuffle(ranks)),
      'gpt4_enc.encode(s) in the seed',
    ).toEqual([415, 22691, 4435, 17523]);
  });

  it("gives tiktoken's ids on English, Arabic and mixed text", async () => {
    const shuffle = byteShuffle(ranks);
    const rows = readGolden<{ input: string; expected: { cl100k_base: number[] } }>('tiktoken_text_cases');
    for (const row of rows.filter((_, i) => i % 6 === 0)) {
      expect(
        encode(row.input, merges(), shuffle),
        `encode(${JSON.stringify(row.input.slice(0, 60))}...)`,
      ).toEqual(row.expected.cl100k_base);
    }
    const cl100k = await getEncoding('cl100k_base');
    const text = 'hello world!!!? (안녕하세요!) lol123 😉 السلام عليكم';
    expect(encode(text, merges(), shuffle), 'the same ids as getEncoding("cl100k_base")').toEqual(
      cl100k.encode(text),
    );
  });
});

describe('step 6: decode', () => {
  it('round-trips', () => {
    const shuffle = byteShuffle(ranks);
    const text = 'The Unicode blog post: Ｕｎｉｃｏｄｅ! 🅤🅝🅘🅒🅞🅓🅔‽ وبركاته';
    expect(
      decode(encode(text, merges(), shuffle), merges(), shuffle),
      'decode(encode(text)) is the text',
    ).toBe(text);
    expect(decode([15339, 1917], merges(), shuffle), '[15339, 1917] is "hello world"').toBe('hello world');
  });
});
