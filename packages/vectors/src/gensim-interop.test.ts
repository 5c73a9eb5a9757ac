import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCorpus } from '@tokenlab/corpora';
import { describe, expect, it } from 'vitest';
import { KeyedVectors } from './keyed-vectors.js';
import { loadWord2VecFormat, saveWord2VecFormat } from './node.js';
import { Word2Vec } from './word2vec.js';
import {
  formatGloveText,
  formatWord2VecBinary,
  formatWord2VecText,
  parseGloveText,
  parseWord2VecBinary,
  parseWord2VecText,
} from './word2vec-format.js';

const fixtures = join(import.meta.dirname, '..', 'test', 'fixtures');

/** Runs only where Python's gensim is importable; the committed fixtures cover the other direction everywhere. */
const python = ['/usr/bin/python3', 'python3'].find(
  (command) => spawnSync(command, ['-c', 'import gensim'], { encoding: 'utf8' }).status === 0,
);

/** gensim loads files (each a path and text, binary or noheader) and prints their words and float32 vectors. */
const LOAD = `
import json, sys
from gensim.models import KeyedVectors
loaded = []
for path, kind in zip(sys.argv[1::2], sys.argv[2::2]):
    kv = KeyedVectors.load_word2vec_format(path, binary=kind == "binary", no_header=kind == "noheader")
    loaded.append({"words": kv.index_to_key, "vectors": [float(x) for x in kv.vectors.reshape(-1)]})
print(json.dumps(loaded))
`;

/** gensim writes the vectors of a binary file again as text, binary and GloVe (write_header=False). */
const WRITE = `
import sys
from gensim.models import KeyedVectors
kv = KeyedVectors.load_word2vec_format(sys.argv[1], binary=True)
kv.save_word2vec_format(sys.argv[2] + "/gensim.txt", binary=False)
kv.save_word2vec_format(sys.argv[2] + "/gensim.bin", binary=True)
kv.save_word2vec_format(sys.argv[2] + "/gensim-glove.txt", binary=False, write_header=False)
`;

type Kind = 'text' | 'binary' | 'noheader';
const KINDS: Kind[] = ['text', 'binary', 'noheader'];
const OPTIONS = { text: {}, binary: { binary: true }, noheader: { noHeader: true } } as const;

/** What gensim loads from `kv` saved here in each of the three forms. */
async function gensimLoadsSaved(kv: KeyedVectors): Promise<{ words: string[]; vectors: number[] }[]> {
  const dir = await mkdtemp(join(tmpdir(), 'vectors-gensim-'));
  const args: string[] = [];
  for (const kind of KINDS) {
    await saveWord2VecFormat(kv, join(dir, kind), OPTIONS[kind]);
    args.push(join(dir, kind), kind);
  }
  const run = spawnSync(python as string, ['-c', LOAD, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  expect(run.stderr.includes('Traceback') ? run.stderr : '').toBe('');
  return JSON.parse(run.stdout) as { words: string[]; vectors: number[] }[];
}

/** The first index where two arrays of numbers differ (-1 if none): a cheap check of large arrays. */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

/** Byte equality of large buffers without a deep comparison. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/** Vectors trained here on the bundled Quran text (words as written, with their marks): over 100 KB as binary. */
async function trainedVectors(): Promise<KeyedVectors> {
  const text = await loadCorpus('quran-uthmani');
  const sentences = text.split('\n').map((line) => line.split(' ').filter((word) => word !== ''));
  return Word2Vec.train(sentences, { vectorSize: 50, epochs: 1, seed: 3 }).wv;
}

describe('files written by gensim 4.2, kept in the repository', () => {
  it('GloVe: tokenlab writes the headerless file byte for byte as gensim’s write_header=False', async () => {
    const kv = parseWord2VecBinary(await readFile(join(fixtures, 'gensim.bin')));
    const glove = await readFile(join(fixtures, 'glove.txt'));
    expect(Buffer.from(formatGloveText(kv))).toEqual(glove);
    const back = parseGloveText(glove);
    expect(back.indexToKey).toEqual(kv.indexToKey);
    expect(Array.from(back.vectors)).toEqual(Array.from(kv.vectors));
  });

  it('trained vectors (binary, 1,000 English or Arabic words each): read, and written again byte for byte', async () => {
    const directory = join(fixtures, 'agreement');
    const files = (await readdir(directory)).filter((name) => name.endsWith('.bin'));
    expect(files.length).toBe(8);
    for (const name of files) {
      const bytes = await readFile(join(directory, name));
      expect(bytes.length).toBeGreaterThan(100 * 1024); // beyond gensim's 100 KB read chunk
      const kv = parseWord2VecBinary(bytes, { source: name });
      expect(kv.size).toBe(1000);
      expect(sameBytes(formatWord2VecBinary(kv), bytes)).toBe(true);
      // The text format keeps every float32 exactly (numpy's shortest repr reads back to the same value).
      for (const again of [parseWord2VecText(formatWord2VecText(kv)), parseGloveText(formatGloveText(kv))]) {
        expect(again.indexToKey).toEqual(kv.indexToKey);
        expect(firstDifference(again.vectors, kv.vectors)).toBe(-1);
      }
    }
  }, 120_000);

  it('saves and loads GloVe files by path; a binary file has a header', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vectors-glove-'));
    const kv = new KeyedVectors(['α', 'b'], new Float32Array([0.1, -2, 3e-7, 1e20]), 2);
    await saveWord2VecFormat(kv, join(dir, 'g.txt'), { noHeader: true });
    expect(await readFile(join(dir, 'g.txt'), 'utf8')).toBe('α 0.1 -2.0\nb 3e-07 1e+20\n');
    const back = await loadWord2VecFormat(join(dir, 'g.txt'), { noHeader: true });
    expect(back.indexToKey).toEqual(['α', 'b']);
    expect(back.vectors).toEqual(kv.vectors);
    await expect(
      saveWord2VecFormat(kv, join(dir, 'g.bin'), { binary: true, noHeader: true }),
    ).rejects.toThrow(/noHeader is only available for text files/);
    expect(await readdir(dir)).toEqual(['g.txt']);
  });
});

/**
 * gensim writes `kv` (read from a binary file written here) as text, binary and GloVe; each is read here to
 * the same words and vectors, and written here again byte for byte.
 */
async function expectGensimRewritesAlike(kv: KeyedVectors): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'vectors-gensim-'));
  await saveWord2VecFormat(kv, join(dir, 'tokenlab.bin'), { binary: true });
  const run = spawnSync(python as string, ['-c', WRITE, join(dir, 'tokenlab.bin'), dir], {
    encoding: 'utf8',
  });
  expect(run.stderr.includes('Traceback') ? run.stderr : '').toBe('');
  const files = { text: 'gensim.txt', binary: 'gensim.bin', noheader: 'gensim-glove.txt' } as const;
  for (const kind of KINDS) {
    const loaded = await loadWord2VecFormat(join(dir, files[kind]), OPTIONS[kind]);
    expect(loaded.indexToKey).toEqual(kv.indexToKey);
    expect(firstDifference(loaded.vectors, kv.vectors)).toBe(-1);
  }
  expect(sameBytes(formatWord2VecText(kv), await readFile(join(dir, files.text)))).toBe(true);
  expect(sameBytes(formatWord2VecBinary(kv), await readFile(join(dir, files.binary)))).toBe(true);
  expect(sameBytes(formatGloveText(kv), await readFile(join(dir, files.noheader)))).toBe(true);
}

describe.skipIf(python === undefined)('gensim loads the files written here', () => {
  it('text, binary and GloVe (no_header=True): the same words and float32 vectors', async () => {
    const words = ['the', 'ملك', 'café', '東京', '👩‍👩‍👧'];
    const values = Float32Array.from({ length: words.length * 5 }, (_, i) =>
      Math.fround(Math.sin(i + 1) * 10 ** ((i % 9) - 4)),
    );
    const kv = new KeyedVectors(words, values, 5);
    const loaded = await gensimLoadsSaved(kv);
    expect(loaded.length).toBe(3);
    for (const { words: gensimWords, vectors } of loaded) {
      expect(gensimWords).toEqual(words);
      expect(vectors).toEqual(Array.from(values));
    }
  }, 120_000);

  it('vectors trained here on Arabic words: gensim reads all three files to the same vectors', async () => {
    const kv = await trainedVectors();
    expect(kv.size * (kv.vectorSize * 4)).toBeGreaterThan(100 * 1024); // beyond gensim's 100 KB read chunk
    const loaded = await gensimLoadsSaved(kv);
    expect(loaded.length).toBe(3);
    for (const { words, vectors } of loaded) {
      expect(words).toEqual(kv.indexToKey);
      expect(firstDifference(vectors, kv.vectors)).toBe(-1);
    }
  }, 120_000);

  it('and the reverse: gensim writes those vectors in all three forms, read here and written again byte for byte', async () => {
    await expectGensimRewritesAlike(await trainedVectors());
  }, 120_000);

  it('words with tabs, no-break and zero-width spaces, line separators, CR: the same both ways', async () => {
    const words = [
      'tab\tin',
      'nb\u00a0sp',
      'ls\u2028x',
      'nel\u0085x',
      'cr\rx',
      'zw\u200bj',
      'bom\ufeff',
      'end\t',
    ];
    const values = Float32Array.from({ length: words.length * 3 }, (_, i) => Math.fround(1 / (i + 1)));
    const kv = new KeyedVectors(words, values, 3);
    const loaded = await gensimLoadsSaved(kv);
    for (const { words: gensimWords, vectors } of loaded) {
      expect(gensimWords).toEqual(words);
      expect(vectors).toEqual(Array.from(values));
    }
    await expectGensimRewritesAlike(kv);
  }, 120_000);
});
