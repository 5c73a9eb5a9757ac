import { renderToken } from '@tokenlab/core';
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

  it('gives the text of thousands of merges (several blocks of lines) as the vocab map renders it', () => {
    let seed = 99;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 16) % n;
    };
    const letters = 'abcdefghijklmnopqrstuvwxyzابتثجحخدذرزسشصضطظعغفقكلمنهوي\n\t';
    const words = Array.from({ length: 12000 }, () =>
      Array.from({ length: 2 + next(8) }, () => letters[next(letters.length)]).join(''),
    );
    const tokenizer = new RegexTokenizer('gpt4');
    tokenizer.train(words.join(' '), 256 + 4500);
    expect(tokenizer.merges.length).toBe(4500);
    const vocab = tokenizer.vocab;
    let expected = '';
    for (let id = 0; id < 256; id++) expected += `[${renderToken(vocab.get(id)!)}] ${id}\n`;
    for (const [left, right, id] of tokenizer.merges)
      expected += `[${renderToken(vocab.get(left)!)}][${renderToken(vocab.get(right)!)}] -> [${renderToken(vocab.get(id)!)}] ${id}\n`;
    expect(fed(tokenizer).text()).toBe(expected);
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

  it('keeps long tokens as their parts, and gives the same text in parts never longer than a line allows', () => {
    // One long word of letters, one of two-byte letters (tokens that end inside a character too),
    // and a mix: with texts longer than 12 units kept as parts, the text is the one rendered whole.
    for (const text of ['a'.repeat(5000), 'بتث'.repeat(1500), `${'ab'.repeat(900)}${'é€😀'.repeat(300)}`]) {
      const tokenizer = new BasicTokenizer();
      tokenizer.train(text, 300);
      const expected = vocabFileText(tokenizer);
      const lines = new VocabLines(12);
      for (const [left, right] of tokenizer.merges) lines.add(left, right);
      const parts = [...lines.parts()];
      expect(parts.join('')).toBe(expected);
      expect(lines.text()).toBe(expected);
      // Parts are lines joined up to 64 Ki units, or the pieces of a long line.
      expect(Math.max(...parts.map((part) => part.length))).toBeLessThan(2 * (1 << 16));
    }
  });
});
