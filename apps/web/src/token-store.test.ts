import { CodePointTokenizer } from '@tokenlab/core';
import { describe, expect, it } from 'vitest';
import { tokenStore } from './token-store.js';
import { loadTokenizer, TOKENIZERS } from './tokenizers.js';

// Lines of every kind the cut must survive: blank lines, indentation, trailing spaces, CRLF, tabs,
// numbers, both scripts, a URL and a line ending in punctuation.
const TEXT = [
  'The tokenizer doesn\'t split "New York" — it\'s 3.14 times faster!',
  'حصل على جائزة في 16 فبراير 2014 في لندن.',
  '',
  '  indented line with  two spaces',
  'trailing spaces   ',
  'crlf line\r',
  'العدد ٣٤٥ و 2024 (50%) https://example.com/a?b=1',
  '\ttab\there',
  'بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ',
  'x',
  'last line without newline',
].join('\n');

describe('tokenStore', () => {
  it('hands out tokens by range and counts in slices', () => {
    const store = tokenStore(new CodePointTokenizer(), true);
    store.setText('one\ntwo');
    expect(store.count).toBeUndefined();
    expect(store.countUntil(Number.POSITIVE_INFINITY)).toBe(true);
    expect(store.count).toBe(7);
    expect(store.tokensIn(4, 5)).toEqual([{ text: 't', start: 4, end: 5, id: 116 }]);
  });

  for (const entry of TOKENIZERS.filter((candidate) => candidate.lineLocal)) {
    it(`${entry.id} cuts the text part by part exactly as it cuts it whole`, async () => {
      const tokenizer = await loadTokenizer(entry.id);
      const whole = tokenizer.tokenize(TEXT);
      const store = tokenStore(tokenizer, true);
      store.setText(TEXT);
      expect(store.tokensIn(0, TEXT.length)).toEqual(whole);
      store.countUntil(Number.POSITIVE_INFINITY);
      expect(store.count).toBe(whole.length);
      // A range in the middle gives the tokens that overlap it.
      const from = TEXT.indexOf('16');
      const to = TEXT.indexOf('لندن');
      expect(store.tokensIn(from, to)).toEqual(whole.filter((t) => t.end > from && t.start < to));
    });
  }

  it('gives whole-text tokenizers the same tokens by range', async () => {
    const tokenizer = await loadTokenizer('punkt-en');
    const whole = tokenizer.tokenize(TEXT);
    const store = tokenStore(tokenizer, false);
    store.setText(TEXT);
    const from = TEXT.indexOf('16');
    expect(store.tokensIn(from, from + 1)).toEqual(whole.filter((t) => t.end > from && t.start < from + 1));
    expect(store.countUntil(0)).toBe(true);
    expect(store.count).toBe(whole.length);
  });
});
