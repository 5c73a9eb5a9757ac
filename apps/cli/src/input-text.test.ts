import { Readable, Writable } from 'node:stream';
import { findInvalidUtf8 } from '@tokenlab/core/utf8';
import { describe, expect, it } from 'vitest';
import { streamInputText } from './input-text.js';
import type { CommandIO } from './io.js';

/** Command streams whose stdin gives `chunks` one by one. */
function ioOf(chunks: readonly Uint8Array[]): CommandIO {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  return {
    stdin: Readable.from(chunks.map((chunk) => Buffer.from(chunk))),
    stdout: sink,
    stderr: sink,
    isTTY: false,
  };
}

/** The text streamInputText reads from stdin given as `chunks`, or the message it stops with. */
async function read(chunks: readonly Uint8Array[], encoding?: string): Promise<string> {
  let text = '';
  try {
    for await (const chunk of streamInputText([], ioOf(chunks), encoding ? { encoding } : {})) text += chunk;
    return text;
  } catch (error) {
    return (error as Error).message;
  }
}

/** `bytes` cut at each of `cuts`. */
function cut(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [0, ...cuts, bytes.length];
  return points.slice(1).map((end, i) => bytes.subarray(points[i], end));
}

describe('streamInputText', () => {
  const good = new TextEncoder().encode('ab ي€😀 cd'); // 1-, 2-, 3- and 4-byte characters

  it('decodes UTF-8 cut anywhere, a character across chunks included', async () => {
    for (let at = 0; at <= good.length; at++)
      for (let second = at; second <= good.length; second++)
        expect(await read(cut(good, [at, second]))).toBe('ab ي€😀 cd');
  });

  it('names the first bad byte of the whole input (as reading it at once does), wherever the chunks are cut', async () => {
    for (const bad of [0, 4, 5, 7, 9, 13]) {
      // A stray continuation byte inserted before byte `bad` of the text (inside a character or not).
      const bytes = new Uint8Array(good.length + 1);
      bytes.set(good.subarray(0, bad));
      bytes[bad] = 0x80;
      bytes.set(good.subarray(bad), bad + 1);
      // Where the whole input, read at once, says it is.
      const first = findInvalidUtf8(bytes);
      for (let at = 0; at <= bytes.length; at++)
        expect(await read(cut(bytes, [at])), `bad byte at ${bad}, cut at ${at}`).toMatch(
          new RegExp(`^stdin: not valid utf-8 at byte ${first}\\. Name its encoding with --input-encoding`),
        );
    }
    // Ending inside a character: where that character starts.
    const truncated = good.subarray(0, 11); // inside 😀 (bytes 8 to 11)
    for (let at = 0; at <= truncated.length; at++)
      expect(await read(cut(truncated, [at]))).toMatch(
        /^stdin: not valid utf-8: it ends inside a character \(byte 8\)/,
      );
  });

  it('names the chunk of another encoding', async () => {
    expect(await read([Uint8Array.of(0x61, 0x00, 0x62)], 'utf-16le')).toMatch(
      /^stdin: not valid utf-16le: it ends inside a character/,
    );
  });
});
