import { renderToken } from '@tokenlab/core';
import { describe, expect, it } from 'vitest';
import { BasicTokenizer } from './basic.js';
import type { BpeTokenizer } from './bpe-tokenizer.js';
import { loadModel, modelFileText, parseModel, vocabFileText } from './model-file.js';
import { RegexTokenizer } from './regex-tokenizer.js';

/** The `.vocab` text as minbpe's `save` defines it, straight from the `vocab` map (slow, plain). */
function vocabFromMap(tokenizer: BpeTokenizer): string {
  const parts = new Map(tokenizer.merges.map(([left, right, id]) => [id, [left, right]] as const));
  const vocab = tokenizer.vocab;
  let text = '';
  for (const [id, bytes] of vocab) {
    const pair = parts.get(id);
    text += pair
      ? `[${renderToken(vocab.get(pair[0])!)}][${renderToken(vocab.get(pair[1])!)}] -> [${renderToken(bytes)}] ${id}\n`
      : `[${renderToken(bytes)}] ${id}\n`;
  }
  return text;
}

const TEXT =
  'The cat sat on the mat; the cat ate.\n\tTabs\u0000and\u0007controls, é, ß, 日本語, ' +
  'العربية والعربية، وقال الكاتب: الكتاب في المكتبة. 😀😀 done done done.';

describe('vocabFileText', () => {
  it('renders a trained vocabulary from the merge list as the vocab map gives it', () => {
    const tokenizer = new RegexTokenizer('gpt4');
    tokenizer.train(TEXT.repeat(3), 400);
    expect(vocabFileText(tokenizer)).toBe(vocabFromMap(tokenizer));
    tokenizer.registerSpecialTokens({ '<|endoftext|>': 1000 });
    // registerSpecialTokens leaves the specials out of the vocabulary (minbpe too).
    expect(vocabFileText(tokenizer)).toBe(vocabFromMap(tokenizer));
    expect(vocabFileText(tokenizer)).not.toContain('endoftext');
  });

  it('lists the special tokens of a loaded model, as minbpe after load', () => {
    const tokenizer = new BasicTokenizer();
    tokenizer.train(TEXT, 300);
    tokenizer.registerSpecialTokens({ '<|end|>': 500 });
    const loaded = loadModel(modelFileText(tokenizer), 'toy.model');
    expect(vocabFileText(loaded)).toBe(vocabFromMap(loaded));
    expect(vocabFileText(loaded)).toContain('[<|end|>] 500\n');
  });

  it('renders tokens longer than the stored ones (a merge chain past 256 bytes)', () => {
    const lines = ['minbpe v1', '', '0', '0 0'];
    for (let i = 1; i < 400; i++) lines.push(`${255 + i} 0`);
    const loaded = loadModel(`${lines.join('\n')}\n`, 'chain.model');
    const text = vocabFileText(loaded);
    expect(text).toBe(vocabFromMap(loaded));
    expect(text.endsWith(`] -> [${'\\u0000'.repeat(401)}] 655\n`)).toBe(true);
  });

  it('gives vocab maps of copies: changing one changes neither the tokenizer nor the next map', () => {
    const tokenizer = new BasicTokenizer();
    tokenizer.train('aaab aaab aaab', 259);
    const bytes = tokenizer.vocab.get(257)!;
    const before = tokenizer.decode([257]);
    bytes.fill(0x7a);
    expect(tokenizer.decode([257])).toBe(before);
    expect(tokenizer.vocab.get(257)).toEqual(new TextEncoder().encode(before));
  });
});

describe('a count of special tokens larger than the file holds', () => {
  const error = (text: string) => {
    try {
      parseModel(text, 'big.model');
    } catch (thrown) {
      return (thrown as Error).message;
    }
    return undefined;
  };

  it('reads merges as special tokens, and says that the count may be too large', () => {
    // Line 3 says 5, but one special token follows: '32 116' and '32 97' were read as tokens named "32".
    expect(error('minbpe v1\n\n5\n<|endoftext|> 400\n32 116\n32 97\n104 101\n32 115\n')).toBe(
      `big.model:6: special token "32" is listed twice (also on line 5); line 6 looks like a merge ('LEFT RIGHT'): is the count of special tokens on line 3 (5) too large?`,
    );
    expect(error('minbpe v1\n\n3\n<|endoftext|> 400\n97 98\n99 98\n')).toBe(
      `big.model:6: special token "99" has id 98, already given on line 5; line 6 looks like a merge ('LEFT RIGHT'): is the count of special tokens on line 3 (3) too large?`,
    );
  });

  it('a huge count is named with the lines that follow it, not as a token listed twice', () => {
    expect(error('minbpe v1\n\n4000000000\n<|endoftext|> 400\n32 116\n')).toBe(
      `big.model:6: file ends early: expected special token 3 of 4000000000 as 'TOKEN ID', but line 3 says 4000000000 special tokens and only 2 lines follow it (a wrong count, or a truncated file)`,
    );
    expect(error('minbpe v1\n\n4000000000\n<|endoftext|> 400\n32 116\n32 97\n')).toMatch(
      /^big\.model:6: special token "32" is listed twice \(also on line 5\); line 6 looks like a merge .* \(4000000000\) too large\?$/,
    );
  });
});
