import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ArabicTokenizer, stripTashkeel } from '@tokenlab/classic';
import { loadCorpus } from '@tokenlab/corpora';
import { describe, expect, it } from 'vitest';
import type { KeyedVectors } from './keyed-vectors.js';
import { loadWord2VecFormat } from './node.js';
import { SeededRandom } from './random.js';
import { Word2Vec } from './word2vec.js';

// Training is random, so tokenlab cannot give gensim's vectors; it must agree with gensim as well as gensim
// agrees with itself under another seed. The fixtures hold the vectors of the 1,000 most frequent words that
// gensim 4.2 trains with seeds 1 and 2 on the token lists built below
// (scripts/make-agreement-fixtures.mjs, which repeats this tokenization; the SHA-256 proves the tokens equal).

const fixtures = join(import.meta.dirname, '..', 'test', 'fixtures', 'agreement');

interface AgreementRow {
  name: string;
  corpus: 'austen-emma' | 'quran-uthmani';
  sg: boolean;
  epochs: number;
  vectorSize: number;
  tokens: number;
  tokensSha256: string;
  vocabulary: number;
}

const rows = JSON.parse(await readFile(join(fixtures, 'agreement.json'), 'utf8')) as AgreementRow[];

/** Lines cut by ArabicTokenizer, tokens holding a letter, lower-cased (Arabic: tashkeel stripped first). */
async function tokenLists(corpus: AgreementRow['corpus']): Promise<string[][]> {
  const tokenizer = new ArabicTokenizer();
  const text = await loadCorpus(corpus);
  return text
    .split('\n')
    .map((line) =>
      tokenizer
        .words(corpus === 'quran-uthmani' ? stripTashkeel(line) : line)
        .filter((token) => /\p{L}/u.test(token))
        .map((token) => token.toLowerCase()),
    )
    .filter((tokens) => tokens.length > 0);
}

/** Unit-length rows of `kv` for `words`, one after another. */
function unitRows(kv: KeyedVectors, words: readonly string[]): Float64Array[] {
  return words.map((word) => {
    const vector = Float64Array.from(kv.vector(word));
    const norm = Math.hypot(...vector);
    return vector.map((x) => x / norm);
  });
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

/** Ranks from 1, ties sharing their average rank (as scipy's rankdata). */
function ranks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((a, b) => (values[a] as number) - (values[b] as number));
  const result = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && values[order[end] as number] === values[order[start] as number]) end++;
    for (let k = start; k < end; k++) result[order[k] as number] = (start + end + 1) / 2;
    start = end;
  }
  return result;
}

/** Spearman's rank correlation: Pearson's correlation of the ranks. */
function spearman(x: readonly number[], y: readonly number[]): number {
  const rx = ranks(x);
  const ry = ranks(y);
  const mean = (x.length + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const dx = (rx[i] as number) - mean;
    const dy = (ry[i] as number) - mean;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** The indices of the 10 words of `words` nearest to word `query` (cosine), the word itself left out. */
function nearest10(vectors: readonly Float64Array[], query: number): Set<number> {
  const scores = vectors.map((vector, i) => (i === query ? -2 : dot(vector, vectors[query] as Float64Array)));
  const order = scores.map((_, i) => i).sort((a, b) => (scores[b] as number) - (scores[a] as number));
  return new Set(order.slice(0, 10));
}

/** 2,000 fixed pairs of distinct indices below `n`. */
function fixedPairs(n: number): [number, number][] {
  const random = new SeededRandom(0);
  const seen = new Set<number>();
  const pairs: [number, number][] = [];
  while (pairs.length < 2000) {
    const a = random.nextUint32() % n;
    const b = random.nextUint32() % n;
    const key = Math.min(a, b) * n + Math.max(a, b);
    if (a === b || seen.has(key)) continue;
    seen.add(key);
    pairs.push([a, b]);
  }
  return pairs;
}

/**
 * Agreement of `other` with `reference` over `words`: Spearman correlation of the cosines of 2,000 fixed
 * pairs, and mean overlap of the 10 nearest neighbours (among `words`) of the 200 most frequent words.
 */
function agreement(
  reference: KeyedVectors,
  other: KeyedVectors,
  words: readonly string[],
): { spearman: number; overlap10: number } {
  const a = unitRows(reference, words);
  const b = unitRows(other, words);
  const pairs = fixedPairs(words.length);
  const rho = spearman(
    pairs.map(([i, j]) => dot(a[i] as Float64Array, a[j] as Float64Array)),
    pairs.map(([i, j]) => dot(b[i] as Float64Array, b[j] as Float64Array)),
  );
  let overlap = 0;
  for (let query = 0; query < 200; query++) {
    const first = nearest10(a, query);
    for (const index of nearest10(b, query)) if (first.has(index)) overlap++;
  }
  return { spearman: rho, overlap10: overlap / 2000 };
}

const corpora = new Map<string, Promise<string[][]>>();

describe('Word2Vec agrees with gensim 4.2 as well as gensim agrees with itself (fixtures of two gensim seeds)', () => {
  for (const row of rows) {
    it(`${row.name}: ${row.corpus}, ${row.epochs} epochs, ${row.vectorSize} dimensions`, async () => {
      if (!corpora.has(row.corpus)) corpora.set(row.corpus, tokenLists(row.corpus));
      const sentences = await (corpora.get(row.corpus) as Promise<string[][]>);
      const text = `${sentences.map((tokens) => tokens.join(' ')).join('\n')}\n`;
      expect(createHash('sha256').update(text).digest('hex')).toBe(row.tokensSha256);

      const seed1 = await loadWord2VecFormat(join(fixtures, `${row.name}-seed1.bin`), { binary: true });
      const seed2 = await loadWord2VecFormat(join(fixtures, `${row.name}-seed2.bin`), { binary: true });
      const model = Word2Vec.train(sentences, {
        sg: row.sg,
        vectorSize: row.vectorSize,
        epochs: row.epochs,
        seed: 1,
      });
      expect(model.wv.size).toBe(row.vocabulary);
      const words = seed1.indexToKey;
      expect(words.length).toBe(1000);

      const gensim = agreement(seed1, seed2, words);
      // The corpus is large enough for the comparison to mean something.
      expect(gensim.spearman).toBeGreaterThan(0.9);
      expect(gensim.overlap10).toBeGreaterThan(0.5);
      for (const reference of [seed1, seed2]) {
        const ours = agreement(reference, model.wv, words);
        expect(ours.spearman).toBeGreaterThanOrEqual(gensim.spearman - 0.02);
        expect(ours.overlap10).toBeGreaterThanOrEqual(gensim.overlap10 - 0.02);
      }
    }, 300_000);
  }
});
