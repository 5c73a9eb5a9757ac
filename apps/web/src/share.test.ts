import { describe, expect, it } from 'vitest';
import { decodeState, encodeState, MAX_SHARE_HASH, MAX_SHARED_BYTES } from './share.js';

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

  it('refuse a link that is too long, or that inflates past what any link holds', async () => {
    const packed = async (text: string) => {
      const json = new TextEncoder().encode(JSON.stringify({ v: 1, t: text, k: [] }));
      const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
      const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
      return `#s=${Buffer.from(bytes).toString('base64url')}`;
    };
    // 40 MB of one letter deflates to about 40 KB; 8 MB to about 8 KB, within the length allowed.
    const long = await packed('a'.repeat(40 << 20));
    expect(long.length).toBeGreaterThan(2 * MAX_SHARE_HASH);
    await expect(decodeState(long)).rejects.toThrow(/longer than any the playground makes \(at most 8 KB\)/);
    const bomb = await packed('a'.repeat(8 << 20));
    expect(bomb.length).toBeLessThan(2 * MAX_SHARE_HASH);
    await expect(decodeState(bomb)).rejects.toThrow(
      'the share link holds more than the 4 MiB any link of the playground holds',
    );
    // Anything the playground writes is well within both.
    const text = 'x'.repeat(MAX_SHARED_BYTES / 8);
    expect((await decodeState(await packed(text)))?.text).toBe(text);
  });
});
