import { renderToken } from '@tokenlab/core';
import { describe, expect, it } from 'vitest';
import { BasicTokenizer } from './basic.js';
import type { BpeTokenizer } from './bpe-tokenizer.js';
import { loadModel, modelFileText, vocabFileText } from './model-file.js';
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
