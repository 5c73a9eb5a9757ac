import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatModel, parseModel } from './model-file.js';
import { loadModel, saveModel } from './node.js';
import { SeededRandom } from './random.js';
import { Word2Vec } from './word2vec.js';

function corpus(sentences: number): string[][] {
  const random = new SeededRandom(9);
  const words = ['alpha', 'beta', 'gamma', 'delta', 'ملك', 'ملكة', 'café', 'x'];
  return Array.from({ length: sentences }, () =>
    Array.from({ length: 6 }, () => words[random.nextUint32() % words.length] as string),
  );
}

/** A model trained on `sentences`, as a file whose JSON header (at byte 24, its length at byte 20) `edit` has rewritten. */
function withHeader(sentences: string[][], edit: (header: string) => string): Uint8Array {
  const bytes = formatModel(Word2Vec.train(sentences, { vectorSize: 4, minCount: 1, epochs: 1 }));
  const text = new TextDecoder().decode(
    bytes.subarray(24, 24 + new DataView(bytes.buffer).getUint32(20, true)),
  );
  const header = new TextEncoder().encode(edit(text));
  const out = new Uint8Array(bytes.length - text.length + header.length);
  out.set(bytes.subarray(0, 20));
  new DataView(out.buffer).setUint32(20, header.length, true);
  out.set(header, 24);
  out.set(bytes.subarray(24 + text.length), 24 + header.length);
  return out;
}

describe('model file', () => {
  const sentences = corpus(200);

  for (const options of [{}, { hs: true, negative: 0, sg: true }, { hs: true, negative: 3 }]) {
    it(`save after 2 epochs, load, train the rest: the same as training without a stop, ${JSON.stringify(options)}`, async () => {
      const settings = { vectorSize: 10, minCount: 1, epochs: 4, seed: 4, ...options };
      const whole = Word2Vec.train(sentences, settings);
      const half = Word2Vec.buildVocab(sentences, settings);
      half.train(sentences, { epochs: 2 });
      const dir = await mkdtemp(join(tmpdir(), 'vectors-'));
      const path = join(dir, 'model.w2v');
      await saveModel(half, path);
      const loaded = await loadModel(path);
      expect(loaded.progress).toEqual({ epochsDone: 2, epochs: 4 });
      expect(loaded.options).toEqual(half.options);
      expect(loaded.counts).toEqual(half.counts);
      loaded.train(sentences);
      expect(Array.from(loaded.wv.vectors)).toEqual(Array.from(whole.wv.vectors));
      expect(loaded.wv.indexToKey).toEqual(whole.wv.indexToKey);
    });
  }

  it('a truncated file names the file and byte offset, at every cut', async () => {
    const bytes = formatModel(Word2Vec.train(sentences, { vectorSize: 4, minCount: 1, epochs: 1, hs: true }));
    for (const cut of [0, 5, 20, 24, 30, 60, 100, bytes.length - 40, bytes.length - 4, bytes.length - 1]) {
      expect(() => parseModel(bytes.subarray(0, cut), { source: 'm.w2v' })).toThrow(/^m\.w2v: byte \d+: /);
    }
  });

  it('a flipped byte is caught by the checksum, with its offset', async () => {
    const bytes = formatModel(Word2Vec.train(sentences, { vectorSize: 4, minCount: 1, epochs: 1 }));
    const corrupt = Uint8Array.from(bytes);
    corrupt[bytes.length - 20] = (corrupt[bytes.length - 20] as number) ^ 1;
    expect(() => parseModel(corrupt, { source: 'm.w2v' })).toThrow(
      `m.w2v: byte ${bytes.length - 4}: checksum mismatch`,
    );
    const dir = await mkdtemp(join(tmpdir(), 'vectors-'));
    const path = join(dir, 'text.w2v');
    await writeFile(path, 'hello world\n');
    await expect(loadModel(path)).rejects.toThrow(`${path}: byte 0: not a tokenlab word2vec model`);
    expect((await readFile(path, 'utf8')).length).toBe(12);
  });

  it('a header that promises more than the file holds is refused before allocating', () => {
    const out = withHeader(sentences, (header) => header.replace(/"words":\d+/u, '"words":100000000'));
    expect(() => parseModel(out, { source: 'm.w2v' })).toThrow(
      /^m\.w2v: byte \d+: file truncated \(or header corrupt\): 100000000 words/,
    );
  });
  it('a header without a vector size says which field is missing', () => {
    const out = withHeader(sentences, (header) => {
      const parsed = JSON.parse(header);
      delete parsed.settings;
      return JSON.stringify(parsed);
    });
    expect(() => parseModel(out, { source: 'm.w2v' })).toThrow(
      /header has no valid word count and vector size \(words: \d+, settings\.vectorSize: missing\)/,
    );
  });
});
