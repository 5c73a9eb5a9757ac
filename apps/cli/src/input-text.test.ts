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

  // Utf8StreamDecoder (in @tokenlab/core) is tested at every cut; here, the command's own words.
  it('names the first bad byte of the whole input, as reading it at once does, with the fixes', async () => {
    const bytes = new Uint8Array(good.length + 1);
    bytes.set(good.subarray(0, 9));
    bytes[9] = 0x80; // inside 😀 (bytes 8 to 11): the character is what is bad, from byte 8
    bytes.set(good.subarray(9), 10);
    expect(findInvalidUtf8(bytes)).toBe(8);
    for (const at of [0, 8, 9, 10, 12])
      expect(await read(cut(bytes, [at])), `cut at ${at}`).toBe(
        'stdin: not valid utf-8 at byte 8. Name its encoding with --input-encoding (e.g. latin1, utf-16le), or pass --replace-invalid to read it with U+FFFD in place of the bad bytes.',
      );
    const truncated = good.subarray(0, 11);
    expect(await read(cut(truncated, [9]))).toMatch(
      /^stdin: not valid utf-8: it ends inside a character \(byte 8\)\. Name its encoding/,
    );
    expect(await read(cut(good, [4, 9]))).toBe('ab ي€😀 cd');
  });

  it('names the chunk of another encoding', async () => {
    expect(await read([Uint8Array.of(0x61, 0x00, 0x62)], 'utf-16le')).toMatch(
      /^stdin: not valid utf-16le: it ends inside a character/,
    );
  });
});
