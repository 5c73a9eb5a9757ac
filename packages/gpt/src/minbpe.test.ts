import { readGolden, readSharedText } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { byteShuffle, gpt4Tokenizer, recoverMerges } from './minbpe.js';
import { getEncoding } from './registry.js';

const cl100k = await getEncoding('cl100k_base');

describe('recoverMerges and the byte shuffle', () => {
  it('recovers one merge per multi-byte token, each from lower ranks', () => {
    const merges = recoverMerges(cl100k.ranks);
    expect(merges.length).toBe(100_256 - 256);
    expect(merges[0]).toEqual([220, 220, 256]);
    for (const [left, right, rank] of merges) {
      expect(left < rank && right < rank).toBe(true);
    }
  });
  it('maps bytes to their ranks', () => {
    const shuffle = byteShuffle(cl100k.ranks);
    expect(shuffle[33]).toBe(0);
    expect(new Set(shuffle).size).toBe(256);
  });
});

describe("GPT4Tokenizer: @tokenlab/bpe's RegexTokenizer gives cl100k_base's ids", async () => {
  const tokenizer = await gpt4Tokenizer();
  const specials =
    '<|endoftext|>Hello world this is one document\n<|endoftext|>And this is another document\n' +
    '<|endoftext|><|fim_prefix|>And this one has<|fim_suffix|> tokens.<|fim_middle|> FIM\n' +
    '<|endoftext|>Last document!!! 👋<|endofprompt|>';
  const seeds = [
    '',
    '?',
    'hello world!!!? (안녕하세요!) lol123 😉',
    readSharedText('corpora', 'en', 'taylorswift.txt'),
  ];
  it("on minbpe's test strings", () => {
    for (const text of seeds) {
      const ids = tokenizer.encode(text);
      expect(ids).toEqual(cl100k.encodeOrdinary(text));
      expect(tokenizer.decode(ids)).toBe(text);
    }
  });
  it('with special tokens', () => {
    expect(tokenizer.encode(specials, { allowedSpecial: 'all' })).toEqual(
      cl100k.encode(specials, { allowedSpecial: 'all' }),
    );
  });
  it('on the golden text cases (English, Arabic, handcrafted)', () => {
    for (const row of readGolden<{ id: string; input: string }>('inputs_text_cases'))
      expect(tokenizer.encode(row.input), row.id).toEqual(cl100k.encodeOrdinary(row.input));
  });
});
