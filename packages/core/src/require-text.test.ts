import { describe, expect, it } from 'vitest';
import { CharTokenizer } from './chars.js';
import { requireText } from './require-text.js';
import { CodePointTokenizer, Utf8ByteTokenizer } from './views.js';

/** What JavaScript without types may pass for the text. */
const NOT_TEXT: [unknown, string][] = [
  [42, 'a number'],
  [null, 'null'],
  [undefined, 'an undefined'],
  [new TextEncoder().encode('hi'), 'bytes (decode them first, e.g. readFileSync(path, "utf8"))'],
  [['hi'], 'an array'],
  [{ text: 'hi' }, 'an object'],
];

describe('requireText', () => {
  it('passes strings and names the call and what it got otherwise', () => {
    expect(() => requireText('', 'f')).not.toThrow();
    for (const [value, kind] of NOT_TEXT)
      expect(() => requireText(value, 'f')).toThrow(
        new TypeError(`f: expected the text as a string, got ${kind}`),
      );
  });

  it("guards the core tokenizers, which gave a number's tokens nothing and bytes' tokens numbers", () => {
    const chars = CharTokenizer.fromText('ab');
    for (const [name, call] of [
      ['CharTokenizer.tokenize', (text: unknown) => chars.tokenize(text as string)],
      ['CharTokenizer.encode', (text: unknown) => chars.encode(text as string)],
      ['CodePointTokenizer.tokenize', (text: unknown) => new CodePointTokenizer().tokenize(text as string)],
      ['CodePointTokenizer.encode', (text: unknown) => new CodePointTokenizer().encode(text as string)],
      ['Utf8ByteTokenizer.tokenize', (text: unknown) => new Utf8ByteTokenizer().tokenize(text as string)],
      ['Utf8ByteTokenizer.encode', (text: unknown) => new Utf8ByteTokenizer().encode(text as string)],
    ] as const)
      for (const [value] of NOT_TEXT)
        expect(() => call(value), name).toThrow(`${name}: expected the text as a string`);
  });
});
