import { describe, expect, it } from 'vitest';
import { decodeState, encodeState } from './share.js';

describe('share links', () => {
  it('round-trip the text, the tokenizers, the ids switch, patterns and a training', async () => {
    const state = {
      text: 'بِسْمِ ٱللَّهِ and "hello"\n👋🏽',
      tokenizers: ['utf8', 'regexp'],
      ids: true,
      patterns: { regexp: String.raw`\w+|\s+` },
      train: 300,
    };
    const hash = await encodeState(state);
    expect(hash).toMatch(/^#s=[A-Za-z0-9_-]+$/);
    expect(await decodeState(hash)).toEqual(state);
    expect(await decodeState(await encodeState({ text: 'a', tokenizers: [], ids: false }))).toEqual({
      text: 'a',
      tokenizers: [],
      ids: false,
      patterns: {},
    });
  });

  it('keep a long Arabic text shorter than percent-escaping would', async () => {
    const text = 'في عام ٢٠٢٤ نشرت الصحيفة تقريرًا عن اللغة العربية وتاريخها. '.repeat(20);
    const hash = await encodeState({ text, tokenizers: ['utf8'], ids: false });
    expect(hash.length).toBeLessThan(encodeURIComponent(text).length / 10);
  });

  it('ignore hashes that hold no state and explain damaged ones', async () => {
    expect(await decodeState('')).toBeUndefined();
    expect(await decodeState('#section-2')).toBeUndefined();
    await expect(decodeState('#s=AAAA')).rejects.toThrow('the share link is damaged');
  });
});
