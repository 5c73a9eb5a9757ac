import { describe, expect, it } from 'vitest';
import { bytesAsText, renderToken, replaceControlCharacters } from './render.js';

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

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('bytesAsText', () => {
  it('shows whole characters as themselves', () => {
    expect(bytesAsText(utf8('بِسْمِ 👋 é'))).toBe('بِسْمِ 👋 é');
  });

  it('shows the halves of a character as byte escapes', () => {
    expect(bytesAsText(Uint8Array.of(0xd8))).toBe('\\xd8');
    expect(bytesAsText(Uint8Array.of(0xa8, 0xd9, 0x84))).toBe('\\xa8ل');
    expect(bytesAsText(utf8('👋').subarray(0, 3))).toBe('\\xf0\\x9f\\x91');
  });

  it('escapes control characters as minbpe renders them', () => {
    expect(bytesAsText(utf8('a\nb'))).toBe('a\\u000ab');
  });
});
