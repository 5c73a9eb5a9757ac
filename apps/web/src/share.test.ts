import { describe, expect, it } from 'vitest';
import { decodeState, encodeState, MAX_SHARE_HASH, MAX_SHARED_BYTES } from './share.js';

/** A hash holding `bytes` deflated, as `encodeState` packs its JSON. */
async function packedBytes(bytes: Uint8Array): Promise<string> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return `#s=${Buffer.from(await new Response(stream).arrayBuffer()).toString('base64url')}`;
}

/** A hash holding `value` as JSON. */
const packedJson = (value: unknown) => packedBytes(new TextEncoder().encode(JSON.stringify(value)));

describe('share links', () => {
  it('round-trip the text, the tokenizers, the ids and white space switches, patterns and a training', async () => {
    const state = {
      text: 'بِسْمِ ٱللَّهِ and "hello"\n👋🏽',
      tokenizers: ['utf8', 'regexp'],
      ids: true,
      whitespace: false,
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
      whitespace: true,
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
    const packed = (text: string) => packedJson({ v: 1, t: text, k: [] });
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

  it('name what is wrong in a link whose fields are not what the playground writes, instead of dropping them', async () => {
    const base = { v: 1, t: 'text', k: ['utf8'], i: 0 };
    const cases: Array<[object, string]> = [
      [{ ...base, t: 42 }, 'its text is not a string'],
      [{ ...base, k: 'utf8' }, 'its tokenizers are not a list of names'],
      [{ ...base, k: ['utf8', 7] }, 'its tokenizers are not a list of names'],
      [{ ...base, i: 'yes' }, 'its ids switch is neither 0 nor 1'],
      [{ ...base, w: false }, 'its white space switch is neither 0 nor 1'],
      [{ ...base, p: { regexp: 5 } }, 'its patterns are not strings by tokenizer'],
      [{ ...base, p: ['x'] }, 'its patterns are not strings by tokenizer'],
      [{ ...base, b: 1e9 }, 'its vocabulary size 1000000000 is not a whole number from 257 to 4096'],
      [{ ...base, b: 300.5 }, 'its vocabulary size 300.5 is not a whole number from 257 to 4096'],
      [{ ...base, b: '512' }, 'its vocabulary size "512" is not a whole number from 257 to 4096'],
    ];
    for (const [state, message] of cases)
      await expect(decodeState(await packedJson(state))).rejects.toThrow(
        `the share link is damaged: ${message}`,
      );
    await expect(decodeState(await packedJson([1]))).rejects.toThrow('another version of the playground');
    await expect(decodeState(await packedJson(null))).rejects.toThrow('another version of the playground');
    // Names it does not know are kept for the page to name (a newer playground's columns).
    expect(
      (await decodeState(await packedJson({ ...base, k: ['utf8', 'from-the-future'] })))?.tokenizers,
    ).toEqual(['utf8', 'from-the-future']);
  });

  it('report a link whose text is not UTF-8 instead of showing U+FFFD in its place', async () => {
    const json = new TextEncoder().encode(JSON.stringify({ v: 1, t: 'ab', k: [], i: 0 }));
    const at = json.indexOf(0x61); // the 'a' of the text
    const damaged = Uint8Array.from([...json.subarray(0, at), 0xc3, ...json.subarray(at + 1)]);
    await expect(decodeState(await packedBytes(damaged))).rejects.toThrow('the share link is damaged');
  });
});
