import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFixtureText, runWithPipedStdin } from '@tokenlab/test-support';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Encoding } from '../encoding.js';
import { getEncoding } from '../registry.js';
import { DisallowedSpecialTokenError } from '../special-tokens.js';
import {
  countFileTokensParallel,
  encodeFileParallel,
  encodeFileStreamParallel,
  type FileEncodeOptions,
} from './encode-file.js';
import { EncodePool } from './encode-pool.js';
import { FileTextError } from './file-text.js';

const dir = mkdtempSync(join(tmpdir(), 'tokenlab-encode-file-'));
let files = 0;
/** A new file holding `content`. */
function fileOf(content: string | Uint8Array): string {
  const path = join(dir, `${files++}.txt`);
  writeFileSync(path, content);
  return path;
}

/** Texts whose parts end inside multi-byte characters and in CR/LF and space runs, whatever the part size. */
const TEXTS: Record<string, string> = {
  mixed: 'one two  three\tfour.\nFive\n\nsix 7 ٱلرَّحْمَٰنِ 😀x\u00a0y\u3000z 中文字 .\n𝐀𝐁 \n'.repeat(300),
  'CR/LF and space runs': `Line one.\r\n   Line two\r\n\r\n${' '.repeat(40)}Third\t\t line, end.\r\n`.repeat(
    200,
  ),
  'Arabic words': 'بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ\n'.repeat(400),
  'no white space': 'بِسْمِٱللَّهِ😀'.repeat(800),
  'minified JSON (no white space: cut between words and punctuation)':
    '{"alpha":12,"beta":[true,false,null],"gamma_ray":"d\'e","x|y":3.5e-7},'.repeat(300),
  'a BOM, then text': '\ufeffHello world, and a second \ufeff in it.\n'.repeat(100),
};

describe('encoding a file, each thread reading its own parts', () => {
  let enc: Encoding;
  let pool: EncodePool;
  beforeAll(async () => {
    enc = await getEncoding('o200k_base');
    pool = new EncodePool(enc, { threads: 1 });
  });
  afterAll(() => pool.close());

  for (const [label, text] of Object.entries(TEXTS))
    it(`gives encodeOrdinary's ids on ${label}, for small and odd part sizes`, async () => {
      const path = fileOf(text);
      const expected = enc.encodeOrdinary(text);
      for (const pieceSize of [7, 64, 1000, 4099]) {
        const two = await encodeFileParallel(enc, path, { pool, pieceSize, ordinary: true });
        expect(Array.from(two), `${pieceSize} bytes, 2 threads`).toEqual(expected);
        const one = await encodeFileParallel(enc, path, { threads: 1, pieceSize, ordinary: true });
        expect(Array.from(one), `${pieceSize} bytes, 1 thread`).toEqual(expected);
      }
    });

  it('gives the ids of the English and Arabic samples, for every encoding, with the calling thread encoding too', async () => {
    const text = `${readFixtureText('corpora/austen-emma.head.txt')}${readFixtureText('corpora/ud-arabic-pud.head.txt')}`;
    const path = fileOf(text);
    for (const name of ['gpt2', 'cl100k_base', 'o200k_base']) {
      const encoding = await getEncoding(name);
      // The first part (English) sizes the ids for the file; the Arabic after it is denser (for gpt2
      // and cl100k) and makes them grow.
      const expected = encoding.encodeOrdinary(text);
      const ids = await encodeFileParallel(encoding, path, { threads: 2, pieceSize: 3000, ordinary: true });
      expect(Array.from(ids), name).toEqual(expected);
      const one = await encodeFileParallel(encoding, path, { threads: 1, pieceSize: 3000, ordinary: true });
      expect(Array.from(one), `${name}, 1 thread`).toEqual(expected);
    }
    // The calling thread's share goes through an Encoding of the pool's over the shared piece cache.
    const spy = vi.spyOn(Encoding.prototype, 'encodeOrdinaryInto');
    try {
      await encodeFileParallel(enc, path, { pool, pieceSize: 3000, ordinary: true });
      expect(spy.mock.calls.length).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('encodes a byte range of the file as the text of those bytes', async () => {
    const text = TEXTS.mixed!;
    const bytes = new TextEncoder().encode(text);
    const path = fileOf(bytes);
    // From a space to just after a newline (cuts at characters), as the CLI leaves out a BOM or a final newline.
    const start = bytes.indexOf(0x20, 100);
    const end = bytes.lastIndexOf(0x0a) + 1 - 500;
    const expected = enc.encodeOrdinary(new TextDecoder().decode(bytes.subarray(start, end)));
    for (const options of [{ pool }, { threads: 1 }])
      expect(
        Array.from(
          await encodeFileParallel(enc, path, { ...options, pieceSize: 333, ordinary: true, start, end }),
        ),
      ).toEqual(expected);
    expect(
      Array.from(await encodeFileParallel(enc, path, { pool, start: 5, end: 5, ordinary: true })),
    ).toEqual([]);
    await expect(encodeFileParallel(enc, path, { pool, start: 10, end: 5 })).rejects.toThrow(RangeError);
  });

  it('keeps a byte order mark as text', async () => {
    const text = TEXTS['a BOM, then text']!;
    const ids = await encodeFileParallel(enc, fileOf(text), { pool, pieceSize: 100, ordinary: true });
    expect(Array.from(ids)).toEqual(enc.encodeOrdinary(text));
  });

  it('encodes special tokens as encode does, and reports a disallowed one at its place in the whole text', async () => {
    const text = `${TEXTS.mixed!.slice(0, 9000)}<|endoftext|>${TEXTS['Arabic words']!}<|endoftext|>`;
    const path = fileOf(text);
    const allowed = await encodeFileParallel(enc, path, { pool, pieceSize: 500, allowedSpecial: 'all' });
    expect(Array.from(allowed)).toEqual(enc.encode(text, { allowedSpecial: 'all' }));
    // Text without white space is cut between words and punctuation, never inside a special token.
    const json = '{"t":1,"x":"<|endoftext|>"}<|endoftext|>,'.repeat(200);
    for (const pieceSize of [5, 13, 64]) {
      const ids = await encodeFileParallel(enc, fileOf(json), { pool, pieceSize, allowedSpecial: 'all' });
      expect(Array.from(ids), `${pieceSize}`).toEqual(enc.encode(json, { allowedSpecial: 'all' }));
    }
    for (const options of [{ pool }, { threads: 1 }]) {
      const error = await encodeFileParallel(enc, path, { ...options, pieceSize: 500 }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DisallowedSpecialTokenError);
      expect((error as DisallowedSpecialTokenError).index).toBe(text.indexOf('<|endoftext|>'));
    }
  });

  it('reports bytes that are not UTF-8 with the file and the offset of the first, never replacing them', async () => {
    const good = new TextEncoder().encode(TEXTS.mixed!);
    for (const at of [3, 2000, 7000, good.length - 1]) {
      const bytes = new Uint8Array(good.length + 1);
      bytes.set(good.subarray(0, at));
      bytes[at] = 0xff;
      bytes.set(good.subarray(at), at + 1);
      // A second bad byte later: the first one is reported.
      bytes[bytes.length - 1] = 0x80;
      const path = fileOf(bytes);
      for (const options of [{ pool }, { threads: 1 }]) {
        const error = await encodeFileParallel(enc, path, {
          ...options,
          pieceSize: 600,
          ordinary: true,
        }).catch((e: unknown) => e);
        expect(error, `bad byte at ${at}`).toBeInstanceOf(FileTextError);
        expect((error as Error).message).toBe(`${path}: not valid UTF-8 at byte ${at}`);
      }
    }
    // A character cut by the end of the range asked for is not UTF-8 either.
    const arabic = fileOf('بب بب');
    await expect(encodeFileParallel(enc, arabic, { threads: 1, end: 3 })).rejects.toThrow(
      `${arabic}: not valid UTF-8 at byte 2`,
    );
    await expect(encodeFileParallel(enc, join(dir, 'missing.txt'), { pool })).rejects.toThrow(/missing\.txt/);
  });

  it('counts the tokens of a file as encodeFileParallel gives them, with the same errors, holding no ids', async () => {
    for (const [label, text] of Object.entries(TEXTS)) {
      const path = fileOf(text);
      for (const pieceSize of [64, 4099])
        for (const threads of [{ pool }, { threads: 1 }]) {
          const options = { ...threads, pieceSize, ordinary: true };
          expect(await countFileTokensParallel(enc, path, options), `${label}, ${pieceSize}`).toBe(
            (await encodeFileParallel(enc, path, options)).length,
          );
        }
    }
    const special = fileOf(`one <|endoftext|> two`);
    expect(await countFileTokensParallel(enc, special, { threads: 1, allowedSpecial: 'all' })).toBe(
      enc.encode('one <|endoftext|> two', { allowedSpecial: 'all' }).length,
    );
    await expect(countFileTokensParallel(enc, special, { pool, pieceSize: 4 })).rejects.toBeInstanceOf(
      DisallowedSpecialTokenError,
    );
    const bad = fileOf(Uint8Array.of(0x61, 0x20, 0xff, 0x62));
    await expect(countFileTokensParallel(enc, bad, { threads: 1 })).rejects.toThrow(
      `${bad}: not valid UTF-8 at byte 2`,
    );
    await expect(countFileTokensParallel(enc, dir, { pool })).rejects.toThrow(
      `${dir}: not a regular file (a directory)`,
    );
    await expect(countFileTokensParallel(enc, special, { threads: 0 })).rejects.toThrow(
      /countFileTokensParallel/,
    );
  });

  it('streams the ids part by part, joined equal to encodeFileParallel, with the same errors after the parts before', async () => {
    /** The parts a stream yields, or the error it ended with after them. */
    const partsOf = async (path: string, options: FileEncodeOptions) => {
      const parts: Uint32Array[] = [];
      try {
        for await (const ids of encodeFileStreamParallel(enc, path, options)) parts.push(ids);
        return { parts };
      } catch (error) {
        return { parts, error };
      }
    };
    for (const [label, text] of Object.entries(TEXTS)) {
      const path = fileOf(text);
      const expected = enc.encodeOrdinary(text);
      for (const threads of [{ pool }, { threads: 1 }]) {
        const { parts, error } = await partsOf(path, { ...threads, pieceSize: 700, ordinary: true });
        expect(error, label).toBeUndefined();
        expect(parts.length, label).toBeGreaterThan(3);
        expect(
          parts.flatMap((ids) => Array.from(ids)),
          label,
        ).toEqual(expected);
      }
    }
    const before = TEXTS.mixed!.slice(0, 9000);
    const special = fileOf(`${before}<|endoftext|> and after`);
    const bad = fileOf(Buffer.concat([Buffer.from(before), Buffer.from([0xff]), Buffer.from(before)]));
    for (const threads of [{ pool }, { threads: 1 }]) {
      const refused = await partsOf(special, { ...threads, pieceSize: 500 });
      expect(refused.error).toBeInstanceOf(DisallowedSpecialTokenError);
      expect((refused.error as DisallowedSpecialTokenError).index).toBe(before.length);
      const invalid = await partsOf(bad, { ...threads, pieceSize: 500, ordinary: true });
      expect((invalid.error as Error).message).toBe(
        `${bad}: not valid UTF-8 at byte ${Buffer.byteLength(before)}`,
      );
      // The parts before the problem's came first: a beginning of the text's ids.
      for (const { parts } of [refused, invalid]) {
        const printed = parts.flatMap((ids) => Array.from(ids));
        expect(parts.length).toBeGreaterThan(3);
        expect(printed).toEqual(enc.encodeOrdinary(before).slice(0, printed.length));
      }
    }
    await expect(encodeFileStreamParallel(enc, special, { threads: 0 }).next()).rejects.toThrow(
      /^encodeFileStreamParallel: /,
    );
  });

  it('holds the threads back while the consumer is slow, and stops them when it stops', async () => {
    const path = fileOf(TEXTS['Arabic words']!.repeat(4));
    const started = vi.spyOn(Encoding.prototype, 'encodeOrdinaryInto');
    const posted = vi.spyOn(EncodePool.prototype as unknown as { run: () => unknown }, 'run');
    // A pool whose worker is still starting: the calling thread encodes on meanwhile, up to the bound.
    const starting = new EncodePool(enc, { threads: 1 });
    try {
      for (const threads of [{ pool: starting }, { pool }, { threads: 1 }]) {
        started.mockClear();
        posted.mockClear();
        const parts = () => started.mock.calls.length + posted.mock.calls.length;
        let consumed = 0;
        for await (const _ of encodeFileStreamParallel(enc, path, {
          ...threads,
          pieceSize: 300,
          ordinary: true,
        })) {
          consumed++;
          await new Promise((resolve) => setTimeout(resolve, 2));
          // Read or sent: the parts consumed, 4 waiting for the consumer, what the pool keeps in flight.
          expect(parts()).toBeLessThanOrEqual(consumed + 4 + 8 + 1);
          if (consumed === 20) break;
        }
        const stopped = parts();
        expect(stopped).toBeLessThan(300);
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(parts()).toBe(stopped);
      }
    } finally {
      started.mockRestore();
      posted.mockRestore();
      await starting.close();
    }
  });

  it('refuses, by name, a file it cannot read in parts: a pipe, a folder', async () => {
    await expect(encodeFileParallel(enc, dir, { pool })).rejects.toThrow(
      `${dir}: not a regular file (a directory)`,
    );
    // A pipe reports no size: read in parts, it once encoded as no ids at all.
    const script = `
      import { getEncoding } from '@tokenlab/gpt';
      import { encodeFileParallel } from '@tokenlab/gpt/node';
      const enc = await getEncoding('o200k_base');
      console.log(await encodeFileParallel(enc, '/dev/stdin', { threads: 1 }).then((ids) => ids.length, (e) => e.message));
    `;
    const run = runWithPipedStdin(script, fileURLToPath(new URL('../..', import.meta.url)), 'hello world');
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^\/dev\/stdin: not a regular file \(a pipe, socket or device\): /);
  });
});
