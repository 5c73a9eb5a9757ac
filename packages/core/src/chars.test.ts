import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CharTokenizer, UnknownCharacterError } from './chars.js';

describe('CharTokenizer', () => {
  it('learns the sorted set of characters, as the seeds do', () => {
    const chars = CharTokenizer.fromText('hello world');
    expect(chars.vocabulary).toEqual([' ', 'd', 'e', 'h', 'l', 'o', 'r', 'w']);
    expect(chars.encode('hii'.slice(0, 1))).toEqual([3]);
    expect(chars.decode(chars.encode('low rod'))).toBe('low rod');
  });

  it('sorts by code point, like Python, not by UTF-16 unit', () => {
    // U+FF01 sorts after U+1F600 in UTF-16 order but before it by code point.
    expect(CharTokenizer.fromText('😀！').vocabulary).toEqual(['！', '😀']);
  });

  it('refuses a missing vocabulary and ids that are not whole numbers by name', () => {
    // From JavaScript, new CharTokenizer() said "Cannot read properties of undefined (reading 'forEach')".
    expect(() => new CharTokenizer(undefined as never)).toThrow(
      'CharTokenizer: expected the vocabulary as an array of characters (CharTokenizer.fromText(text) learns one)',
    );
    expect(() => CharTokenizer.fromText(42 as never)).toThrow(
      'CharTokenizer.fromText: expected the text as a string, got a number',
    );
    const chars = CharTokenizer.fromText('ab');
    // 'length' read the array's length, 8, as if it were a character.
    expect(() => chars.decode(['length' as never])).toThrow(
      'id length at position 0 is not in the vocabulary (size 2)',
    );
    expect(() => chars.decode([0.5])).toThrow(/id 0.5 at position 0/);
    expect(chars.decode([1, 0])).toBe('ba');
  });

  it('names an unknown character and its position', () => {
    const chars = CharTokenizer.fromText('abc');
    expect(() => chars.encode('abzc')).toThrow(UnknownCharacterError);
    expect(() => chars.encode('abzc')).toThrow(/unknown character "z" \(U\+007A\) at index 2/);
    expect(() => chars.decode([0, 9])).toThrow(/id 9 at position 1/);
  });

  it('round-trips its own training text and its saved vocabulary', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const chars = CharTokenizer.fromText(text);
        expect(chars.decode(chars.encode(text))).toBe(text);
        const loaded = CharTokenizer.load(chars.save());
        expect(loaded.vocabulary).toEqual(chars.vocabulary);
        expect(loaded.encode(text)).toEqual(chars.encode(text));
      }),
      { numRuns: 200 },
    );
  });

  it('rejects a file that is not a vocabulary, naming it', () => {
    expect(() => CharTokenizer.load('{"chars": []}', 'vocab.json')).toThrow(
      /vocab.json: not a tokenlab character/,
    );
    expect(() => CharTokenizer.load('not json', 'vocab.json')).toThrow(/vocab.json: not JSON/);
    expect(() => new CharTokenizer(['a', 'a'])).toThrow(/repeats "a"/);
  });

  it('gives ids to known characters when tokenizing and spans to all', () => {
    const tokens = CharTokenizer.fromText('ab').tokenize('abc');
    expect(tokens).toEqual([
      { text: 'a', start: 0, end: 1, id: 0 },
      { text: 'b', start: 1, end: 2, id: 1 },
      { text: 'c', start: 2, end: 3 },
    ]);
  });
});
