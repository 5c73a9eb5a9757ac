import { describe, expect, it } from 'vitest';
import { bytesAsText } from './byte-text.js';

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
