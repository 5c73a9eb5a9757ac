import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { BasicTokenizer } from './basic.js';
import { countChunks } from './chunk-counts.js';
import { RegexTokenizer } from './regex-tokenizer.js';
import { seededRandom } from './test-random.js';

function randomText(next: () => number, alphabet: readonly string[], length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
  return text;
}

const training = readGolden<{ id: string; text: string }>('minbpe_training_texts');
const english = training.find((row) => row.id.includes('shakespeare'))!.text;
const arabic = training.find((row) => row.id.includes('quran'))!.text;

const next = seededRandom(20240229);
const texts: Array<[string, string]> = [
  ['english', english.slice(0, 6000)],
  ['arabic', arabic.slice(0, 4000)],
  ['emoji and mixed scripts', '😀👋🏽 héllo wörld! مرحبا 😀 naïve café 👋🏽👋🏽 ١٢٣ 123 '.repeat(25)],
  // Tiny alphabets make equal counts everywhere: the tie rule decides most merges.
  ['many ties (ab)', randomText(next, ['a', 'b', ' '], 3000)],
  ['many ties (words)', randomText(next, ['ab ', 'ba ', 'abab ', 'b', 'a', '\n', 'aa'], 1500)],
  ['periodic', 'zyab '.repeat(200) + 'abzy '.repeat(200)],
  ['random bytes-ish', randomText(next, ['é', 'ü', 'ß', 'ش', '😀', 'x', ' ', '\n', "'", '1'], 2500)],
];
for (let k = 0; k < 6; k++) {
  const alphabet = [...'abcdefgh '].slice(0, 2 + Math.floor(next() * 7));
  texts.push([`random #${k}`, randomText(next, alphabet, 500 + Math.floor(next() * 2500))]);
}

describe('the fast trainer agrees with the reference trainer merge for merge', () => {
  for (const [name, text] of texts) {
    it(`${name}: basic`, () => {
      const fast = new BasicTokenizer().train(text, 256 + 120);
      const reference = new BasicTokenizer().train(text, 256 + 120, { trainer: 'reference' });
      expect(fast.merges).toEqual(reference.merges);
      expect(fast.counts).toEqual(reference.counts);
      expect(fast.exhausted).toBe(reference.exhausted);
    });
    for (const pattern of ['gpt2', 'gpt4'] as const) {
      it(`${name}: regex ${pattern}`, () => {
        const fast = new RegexTokenizer(pattern).train(text, 256 + 120);
        const reference = new RegexTokenizer(pattern).train(text, 256 + 120, { trainer: 'reference' });
        expect(fast.merges).toEqual(reference.merges);
        expect(fast.counts).toEqual(reference.counts);
        expect(fast.exhausted).toBe(reference.exhausted);
        const fromCounts = new RegexTokenizer(pattern).trainFromCounts(countChunks(text, pattern), 256 + 120);
        expect(fromCounts.merges).toEqual(fast.merges);
      });
    }
  }

  it('both stop cleanly, at the same size, when pairs run out', () => {
    const fast = new RegexTokenizer('gpt2').train('ab ab ba', 300);
    const reference = new RegexTokenizer('gpt2').train('ab ab ba', 300, { trainer: 'reference' });
    expect(fast).toEqual(reference);
    expect(fast.exhausted).toBe(true);
    expect(fast.vocabSize).toBe(256 + fast.merges.length);
  });
});

describe('trainFromCounts', () => {
  it('equals training on the text, also from counts merged piece by piece', async () => {
    const { mergeChunkCounts } = await import('./chunk-counts.js');
    const { trainFromCounts } = await import('./train-from-counts.js');
    const text = english.slice(0, 8000);
    // Cut where no chunk spans the cut: the piece ends after a newline followed by a letter.
    const cut = text.indexOf('\nA') + 1;
    const merged = mergeChunkCounts(
      countChunks(text.slice(0, cut), 'gpt4'),
      countChunks(text.slice(cut), 'gpt4'),
    );
    expect(cut).toBeGreaterThan(0);
    expect(trainFromCounts(merged, 400).merges).toEqual(new RegexTokenizer('gpt4').train(text, 400).merges);
  });
});
