import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { float32Repr } from './float32-repr.js';
import { KeyedVectors } from './keyed-vectors.js';
import { loadWord2VecFormat, saveWord2VecFormat } from './node.js';
import {
  formatWord2VecBinary,
  formatWord2VecText,
  parseGloveText,
  parseWord2VecBinary,
  parseWord2VecText,
} from './word2vec-format.js';

const fixtures = join(import.meta.dirname, '..', 'test', 'fixtures');
const fixture = (name: string) => readFile(join(fixtures, name));

/** The vectors of gensim.txt as float32, read independently of the reader under test. */
async function expectedVectors(): Promise<Map<string, number[]>> {
  const lines = (await readFile(join(fixtures, 'gensim.txt'), 'utf8')).trimEnd().split('\n').slice(1);
  return new Map(
    lines.map((line) => {
      const [word = '', ...values] = line.split(' ');
      return [word, values.map((value) => Math.fround(Number(value)))];
    }),
  );
}

describe('word2vec files written by gensim 4.2', () => {
  it('loads the text, binary and GloVe files to the same float32 vectors', async () => {
    const expected = await expectedVectors();
    expect(expected.size).toBe(12);
    const loaded = [
      await loadWord2VecFormat(join(fixtures, 'gensim.txt')),
      await loadWord2VecFormat(join(fixtures, 'gensim.bin'), { binary: true }),
      await loadWord2VecFormat(join(fixtures, 'glove.txt'), { noHeader: true }),
    ];
    for (const kv of loaded) {
      expect(kv.indexToKey).toEqual([...expected.keys()]);
      expect(kv.vectorSize).toBe(7);
      for (const [word, values] of expected) expect(Array.from(kv.vector(word))).toEqual(values);
    }
  });

  it('writes the text and binary files byte for byte as gensim', async () => {
    const kv = parseWord2VecBinary(await fixture('gensim.bin'));
    expect(Buffer.from(formatWord2VecText(kv))).toEqual(await fixture('gensim.txt'));
    expect(Buffer.from(formatWord2VecBinary(kv))).toEqual(await fixture('gensim.bin'));
  });

  it('saves atomically and loads back what it saved', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vectors-'));
    const kv = new KeyedVectors(['α', 'b'], new Float32Array([0.1, -2, 3e-7, 1e20]), 2);
    for (const binary of [false, true]) {
      const path = join(dir, binary ? 'v.bin' : 'v.txt');
      await saveWord2VecFormat(kv, path, { binary });
      const back = await loadWord2VecFormat(path, { binary });
      expect(back.indexToKey).toEqual(['α', 'b']);
      expect(Array.from(back.vectors)).toEqual(Array.from(kv.vectors));
    }
  });
});

describe('float32Repr', () => {
  it('gives numpy 1.24 repr of float32 on 2,300 values written by the fixture script', async () => {
    const cases = JSON.parse(await readFile(join(fixtures, 'float32-repr.json'), 'utf8')) as [
      number,
      string,
    ][];
    expect(cases.length).toBeGreaterThan(2000);
    const wrong = cases.filter(([value, repr]) => float32Repr(value) !== repr);
    expect(wrong).toEqual([]);
  });

  it('follows numpy 1.x repr of float32', () => {
    expect(float32Repr(0.1)).toBe('0.1');
    expect(float32Repr(1)).toBe('1.0');
    expect(float32Repr(-0)).toBe('-0.0');
    expect(float32Repr(1e-4)).toBe('1e-04'); // float32(1e-4) is just below 1e-4
    expect(float32Repr(2e-4)).toBe('0.0002');
    expect(float32Repr(1e-5)).toBe('1e-05');
    expect(float32Repr(1.5e-5)).toBe('1.5e-05');
    expect(float32Repr(1e15)).toBe('1000000000000000.0');
    expect(float32Repr(1e16)).toBe('1e+16');
    expect(float32Repr(123456.7)).toBe('123456.7');
  });
});

describe('corrupt files', () => {
  const text = (s: string) => new TextEncoder().encode(s);

  it('names the file and line of a short or malformed text file', () => {
    expect(() => parseWord2VecText(text('2 2\na 1 2\n'), { source: 'v.txt' })).toThrow(
      /^v\.txt:3: unexpected end of file, the header promises 2 vectors and there are 1/,
    );
    expect(() => parseWord2VecText(text('3 1\na 1\nb 2\n'), { source: 'v.txt' })).toThrow(
      /^v\.txt:4: unexpected end of file, the header promises 3 vectors and there are 2/,
    );
    expect(() => parseWord2VecText(text('2 2\na 1 2\nb 1\n'), { source: 'v.txt' })).toThrow(
      /^v\.txt:3: expected a word and 2 values, found 1/,
    );
    expect(() => parseWord2VecText(text('1 2\na 1 x\n'), { source: 'v.txt' })).toThrow(
      /^v\.txt:2: value 2 of "a"/,
    );
    expect(() => parseWord2VecText(text('two 2\n'), { source: 'v.txt' })).toThrow(
      /^v\.txt:1: header must be/,
    );
    expect(() => parseWord2VecText(text('1 1\na 1\nb 2\n'), { source: 'v.txt' })).toThrow(
      /^v\.txt:3: more lines/,
    );
    expect(() =>
      parseWord2VecText(new Uint8Array([0x31, 0x20, 0x31, 0x0a, 0xff, 0x20, 0x31, 0x0a]), {
        source: 'v.txt',
      }),
    ).toThrow(/^v\.txt:2: invalid UTF-8/);
    expect(() => parseGloveText(text('a 1 2\nb 3\n'), { source: 'g.txt' })).toThrow(
      /^g\.txt:2: expected a word and 2 values/,
    );
  });

  it('names the byte offset of a truncated or corrupt binary file', async () => {
    const bytes = await fixture('gensim.bin');
    expect(() => parseWord2VecBinary(bytes.subarray(0, bytes.length - 3), { source: 'v.bin' })).toThrow(
      /^v\.bin: byte \d+: unexpected end of file in the vector of "a-b" \(word 12 of 12\): 28 bytes needed, 25 left/,
    );
    expect(() => parseWord2VecBinary(bytes.subarray(0, 6), { source: 'v.bin' })).toThrow(
      /^v\.bin: .*more than its 6 bytes/,
    );
    const extra = new Uint8Array([...bytes, 0x41]);
    expect(() => parseWord2VecBinary(extra, { source: 'v.bin' })).toThrow(
      `v.bin: byte ${bytes.length}: 1 bytes after`,
    );
    const nan = new Uint8Array(bytes);
    new DataView(nan.buffer).setFloat32(5 + 4, Number.NaN, true); // "12 7\n" + "the " then the first value
    expect(() => parseWord2VecBinary(nan, { source: 'v.bin' })).toThrow(
      /^v\.bin: byte 9: value 1 of "the" is NaN/,
    );
  });

  it('refuses to write a word that would break the format, and leaves no file', async () => {
    const kv = new KeyedVectors(['a b'], new Float32Array([1]), 1);
    expect(() => formatWord2VecText(kv)).toThrow(/cannot be written/);
    const dir = await mkdtemp(join(tmpdir(), 'vectors-'));
    await writeFile(join(dir, 'keep.txt'), 'old');
    await expect(saveWord2VecFormat(kv, join(dir, 'keep.txt'))).rejects.toThrow(/cannot be written/);
    expect(await readFile(join(dir, 'keep.txt'), 'utf8')).toBe('old');
  });
});
