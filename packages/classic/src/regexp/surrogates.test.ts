import { findall, split } from '@tokenlab/pattern';
import { describe, expect, it } from 'vitest';
import { RegexpTokenizer } from './regexp-tokenizer.js';

const TEXT = '😀😀a😀\nhi 😀 there';

// Python 3's re.split(pattern, TEXT, flags=re.M | re.S), as printed by python3.
const PYTHON_SPLIT: Record<string, string[]> = {
  $: ['😀😀a😀', '\nhi 😀 there', ''],
  '^': ['', '😀😀a😀\n', 'hi 😀 there'],
  '\\B': ['', '😀', '😀a😀', '\nh', 'i ', '😀', ' t', 'h', 'e', 'r', 'e'],
};

function hasLoneSurrogate(text: string): boolean {
  return /\p{Cs}/u.test(text);
}

describe('the regexp tokenizer never cuts a surrogate pair', () => {
  for (const [pattern, pieces] of Object.entries(PYTHON_SPLIT)) {
    it(`${pattern} with gaps splits as Python's re.split`, () => {
      expect(split(pattern, TEXT, { flags: 'ms' })).toEqual(pieces);
      const tokens = new RegexpTokenizer(pattern, { gaps: true }).tokenize(TEXT);
      expect(tokens.map((token) => token.text)).toEqual(pieces.filter((piece) => piece !== ''));
      for (const token of tokens) {
        expect(hasLoneSurrogate(token.text)).toBe(false);
        expect(TEXT.slice(token.start, token.end)).toBe(token.text);
      }
    });
    it(`${pattern} without gaps finds as many empty matches as Python`, () => {
      expect(findall(pattern, TEXT, { flags: 'ms' })).toHaveLength(pieces.length - 1);
    });
  }
});
