import { describe, expect, it } from 'vitest';
import { renderToken, replaceControlCharacters } from './render.js';

describe('renderToken', () => {
  it('escapes control and other category-C characters as minbpe does', () => {
    expect(replaceControlCharacters('a\nb\tc')).toBe('a\\u000ab\\u0009c');
    expect(replaceControlCharacters('\u200b\u200f')).toBe('\\u200b\\u200f');
    expect(replaceControlCharacters('ٱلْحَمْدُ')).toBe('ٱلْحَمْدُ');
    expect(replaceControlCharacters('\u{e0001}')).toBe('\\ue0001');
  });

  it('renders partial UTF-8 with the replacement character', () => {
    expect(renderToken(Uint8Array.from([0x20, 0xe4, 0xbd]))).toBe(' \uFFFD');
    expect(renderToken(Uint8Array.from([0x0a, 0x0a]))).toBe('\\u000a\\u000a');
  });
});
