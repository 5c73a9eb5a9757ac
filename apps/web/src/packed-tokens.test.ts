import { describe, expect, it } from 'vitest';
import { packedStore, packedTokensIn, packTokens } from './packed-tokens.js';
import { tokenStore } from './token-store.js';
import { loadTokenizer } from './tokenizers.js';

const TEXT = [
  'He said "New York" isn\'t 3.14 times faster. Then he left.',
  'حصل على جائزة في 16 فبراير 2014 في لندن.',
  '',
  'بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ',
].join('\n');

/** Every `[start, end)` window of `text` on a grid, with the edges. */
function windows(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (let start = 0; start <= text.length; start += 7)
    for (const size of [0, 1, 13, 40, text.length]) found.push([start, Math.min(text.length, start + size)]);
  return found;
}

describe('packed tokens', () => {
  // Treebank rewrites quotes (token text differs from the span), chars has ids, the basic BPE has
  // byte ranges and tokens that share a character, Punkt gives long tokens (sentences).
  for (const id of ['treebank', 'chars', 'bpe-basic-en', 'punkt-en', 'word']) {
    it(`gives back ${id}'s tokens in every window, as the whole-text store does`, async () => {
      const tokenizer = await loadTokenizer(id);
      const tokens = tokenizer.tokenize(TEXT);
      const packed = packTokens(TEXT, tokens);
      expect(packed.starts.length).toBe(tokens.length);
      const whole = tokenStore(tokenizer, false);
      whole.setText(TEXT);
      const store = packedStore(TEXT, packed);
      expect(store.count).toBe(tokens.length);
      for (const [start, end] of windows(TEXT))
        expect(store.tokensIn(start, end), `[${start}, ${end})`).toEqual(whole.tokensIn(start, end));
    });
  }

  it('keeps texts that are not the slice, ids, byte ranges and empty tokens', () => {
    const text = 'a "b"';
    const tokens = [
      { text: 'a', start: 0, end: 1, id: 7 },
      { text: '``', start: 2, end: 3 },
      { text: 'b', start: 3, end: 4, id: 0 },
      { text: '', start: 5, end: 5 },
    ];
    const packed = packTokens(text, tokens);
    expect([...packed.texts]).toEqual([[1, '``']]);
    expect(packedTokensIn(text, packed, 0, 5)).toEqual(tokens);
    const bytes = [{ text: 'ب', start: 0, end: 1, id: 216, bytes: [0, 1] as [number, number] }];
    expect(packedTokensIn('ب', packTokens('ب', bytes), 0, 1)).toEqual(bytes);
  });

  it('refuses to serve the tokens of another text', () => {
    const store = packedStore('a', packTokens('a', [{ text: 'a', start: 0, end: 1 }]));
    expect(() => store.setText('b')).toThrow(/another text/);
  });
});
