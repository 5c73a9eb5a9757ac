import { describe, expect, it } from 'vitest';
import { BasicTokenizer } from './basic.js';
import type { BpeTokenizer } from './bpe-tokenizer.js';
import { vocabFileText } from './model-file.js';
import { RegexTokenizer } from './regex-tokenizer.js';
import { VocabLines } from './vocab-lines.js';

const TEXT =
  'The cat sat on the mat; the cat ate.\n\tTabs\u0000and\u0007controls, é, ß, 日本語, ' +
  'العربية والعربية، وقال الكاتب: الكتاب في المكتبة. 😀😀 done done done.\r\n';

function fed(tokenizer: BpeTokenizer): VocabLines {
  const lines = new VocabLines();
  for (const [left, right] of tokenizer.merges) lines.add(left, right);
  return lines;
}

describe('VocabLines', () => {
  it('gives the .vocab text of the bytes alone', () => {
    expect(new VocabLines().text()).toBe(vocabFileText(new BasicTokenizer()));
    expect(new VocabLines().size).toBe(256);
  });

  it('builds, merge by merge, the .vocab text of trained tokenizers (partial characters, controls, long tokens)', () => {
    const regex = new RegexTokenizer('gpt4');
    regex.train(TEXT.repeat(4), 420);
    expect(fed(regex).text()).toBe(vocabFileText(regex));
    const basic = new BasicTokenizer();
    // One long chunk: tokens grow past 256 bytes (the tokenizer stores those as their parts).
    basic.train(TEXT.repeat(40), 700);
    expect(Math.max(...[...basic.vocab.values()].map((bytes) => bytes.length))).toBeGreaterThan(256);
    const lines = fed(basic);
    expect(lines.size).toBe(256 + basic.merges.length);
    expect(lines.text()).toBe(vocabFileText(basic));
  });

  it('refuses a merge naming an id not made yet', () => {
    const lines = new VocabLines();
    lines.add(97, 97);
    expect(() => lines.add(257, 97)).toThrow(
      'merge (257, 97) -> 257: each part must be a byte or an earlier merge',
    );
    expect(() => lines.add(-1, 97)).toThrow(RangeError);
    expect(lines.size).toBe(257);
  });
});
