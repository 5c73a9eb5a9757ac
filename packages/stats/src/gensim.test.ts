import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { Dictionary, TfidfModel } from './gensim.js';

interface GensimRow {
  id: string;
  input: string[];
  expected: {
    token2id: Record<string, number>;
    dfs: Record<string, number>;
    bow: [string, number, number][][];
    idfs: Record<string, number>;
    vectors: [string, number, number][][];
  };
}

/** Python's `str.lower().split()`, the tokenization the golden file used. */
function lowerSplit(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u)
    .filter((token) => token !== '');
}

function close(actual: number, expected: number): boolean {
  return (
    actual === expected ||
    Math.abs(actual - expected) <= 1e-9 * Math.max(Math.abs(actual), Math.abs(expected))
  );
}

describe('Dictionary and TfidfModel against gensim (gensim_tfidf golden)', () => {
  const rows = readGolden<GensimRow>('gensim_tfidf');
  it('has all 10 rows', () => expect(rows).toHaveLength(10));
  for (const row of rows) {
    it(row.id, () => {
      const texts = row.input.map(lowerSplit);
      const dictionary = new Dictionary(texts);
      expect(Object.fromEntries(dictionary.token2id)).toEqual(row.expected.token2id);
      for (const [token, df] of Object.entries(row.expected.dfs))
        expect(dictionary.dfs.get(dictionary.token2id.get(token)!)).toBe(df);
      const corpus = texts.map((text) => dictionary.doc2bow(text));
      expect(corpus.map((bow) => bow.map(([id, count]) => [dictionary.get(id), id, count]))).toEqual(
        row.expected.bow,
      );
      const model = new TfidfModel(corpus);
      for (const [token, idf] of Object.entries(row.expected.idfs))
        expect(close(model.idfs.get(dictionary.token2id.get(token)!)!, idf), token).toBe(true);
      corpus.forEach((bow, d) => {
        const vector = model.transform(bow);
        const expected = row.expected.vectors[d]!;
        expect(vector.map(([id]) => [dictionary.get(id), id])).toEqual(
          expected.map(([token, id]) => [token, id]),
        );
        vector.forEach(([, weight], k) => {
          expect(close(weight, expected[k]![2]), `${d}:${k}`).toBe(true);
        });
      });
    });
  }
});

describe('Dictionary', () => {
  it('assigns new ids in sorted order per document and tracks totals', () => {
    const dictionary = new Dictionary([
      ['máma', 'mele', 'maso'],
      ['ema', 'má', 'máma'],
    ]);
    expect([...dictionary.token2id]).toEqual([
      ['maso', 0],
      ['mele', 1],
      ['máma', 2],
      ['ema', 3],
      ['má', 4],
    ]);
    expect(dictionary.doc2bow(['this', 'is', 'máma'])).toEqual([[2, 1]]);
    expect(dictionary.numDocs).toBe(2);
    expect(dictionary.numPos).toBe(6);
    expect(dictionary.numNnz).toBe(6);
    expect(dictionary.cfs.get(2)).toBe(2);
    expect(() => dictionary.doc2bow('a b' as unknown as string[])).toThrow(/array of tokens/);
  });
  it('streams documents from an async iterable', async () => {
    async function* docs() {
      yield ['a', 'b'];
      yield ['b', 'constructor'];
    }
    const dictionary = await new Dictionary().addDocumentsAsync(docs());
    expect(dictionary.size).toBe(3);
    const model = new TfidfModel(undefined, { dictionary });
    expect(model.idfs.get(dictionary.token2id.get('b')!)).toBe(0);
    expect(model.transform(dictionary.doc2bow(['constructor']))).toEqual([[2, 1]]);
    expect(() => new TfidfModel()).toThrow(/needs a corpus/);
  });
});
