import { TfidfVectorizer } from '@tokenlab/stats';
import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { testingSolution } from '../implementation.js';

// A variable, not a literal: the repository's type check never reads the file a learner edits.
const starter = './starter.js';
const { analyze, countMatrix, idf, tfidf, vocabulary } = testingSolution
  ? await import('./solution.js')
  : ((await import(starter)) as typeof import('./solution.js'));

// scikit-learn's CountVectorizer docstring corpus.
const CORPUS = [
  'This is the first document.',
  'This document is the second document.',
  'And this is the third one.',
  'Is this the first document?',
];

interface VectorizerRow {
  vectorizer: string;
  variant: string;
  input: string[];
  expected: { feature_names: string[]; idf: number[] | null; matrix: number[][] };
}
const rows = readGolden<VectorizerRow>('sklearn_vectorizers').filter((row) => row.variant === 'default');

function expectClose(actual: number[][], expected: number[][], what: string, tolerance = 1e-9) {
  expect(actual.length, `${what}: number of rows`).toBe(expected.length);
  for (const [i, row] of actual.entries()) {
    for (const [j, value] of row.entries()) {
      const want = expected[i]![j]!;
      expect(Math.abs(value - want), `${what}[${i}][${j}]: ${value} vs ${want}`).toBeLessThan(tolerance);
    }
  }
}

describe('step 1: terms and features', () => {
  it('lowercases and keeps words of two or more characters', () => {
    expect(
      analyze("And I said: it's 42, OK?"),
      '"I", "s" and single characters are dropped; 42 is a word',
    ).toEqual(['and', 'said', 'it', '42', 'ok']);
  });

  it("gives scikit-learn's feature names", () => {
    expect(vocabulary(CORPUS), 'get_feature_names_out() of the docstring corpus').toEqual([
      'and',
      'document',
      'first',
      'is',
      'one',
      'second',
      'the',
      'third',
      'this',
    ]);
  });
});

describe('step 2: counts', () => {
  it("gives scikit-learn's count matrix", () => {
    expect(countMatrix(CORPUS, vocabulary(CORPUS)), 'CountVectorizer().fit_transform(corpus)').toEqual([
      [0, 1, 1, 1, 0, 0, 1, 0, 1],
      [0, 2, 0, 1, 0, 1, 1, 0, 1],
      [1, 0, 0, 1, 1, 0, 1, 1, 1],
      [0, 1, 1, 1, 0, 0, 1, 0, 1],
    ]);
  });

  it('matches CountVectorizer on 10 English, Arabic and mixed collections', () => {
    for (const row of rows.filter((r) => r.vectorizer === 'CountVectorizer')) {
      const features = vocabulary(row.input);
      expect(features, 'feature names').toEqual(row.expected.feature_names);
      expect(countMatrix(row.input, features), 'counts').toEqual(row.expected.matrix);
    }
  });
});

describe('steps 3 and 4: idf and tf-idf', () => {
  // The scikit-learn user guide's example counts (three terms, six documents).
  const counts = [
    [3, 0, 1],
    [2, 0, 0],
    [3, 0, 0],
    [4, 0, 0],
    [3, 2, 0],
    [3, 0, 2],
  ];

  it('smooths the idf', () => {
    const weights = idf(counts);
    expect(weights[0], 'a term in every document: ln(7/7) + 1 = 1').toBeCloseTo(1, 12);
    expect(weights[1], 'a term in 1 of 6 documents: ln(7/2) + 1').toBeCloseTo(2.252762968495368, 12);
  });

  it("gives the user guide's tf-idf rows", () => {
    const matrix = tfidf(counts, idf(counts));
    expectClose([matrix[0]!], [[0.85151335, 0, 0.52433293]], 'row 0', 1e-8);
    expectClose([matrix[4]!], [[0.55422893, 0.83236428, 0]], 'row 4', 1e-8);
    expect(matrix[1], 'a document with one term is [1, 0, 0] after L2 normalisation').toEqual([1, 0, 0]);
  });

  it('matches TfidfVectorizer on 10 English, Arabic and mixed collections', () => {
    for (const row of rows.filter((r) => r.vectorizer === 'TfidfVectorizer')) {
      const c = countMatrix(row.input, vocabulary(row.input));
      const weights = idf(c);
      expectClose([weights], [row.expected.idf!], 'idf_');
      expectClose(tfidf(c, weights), row.expected.matrix, 'fit_transform');
    }
  });

  it('agrees with @tokenlab/stats', () => {
    const vectorizer = new TfidfVectorizer();
    const expected = vectorizer.fitTransform(CORPUS).toDense();
    const c = countMatrix(CORPUS, vocabulary(CORPUS));
    expectClose(tfidf(c, idf(c)), expected, 'TfidfVectorizer().fitTransform(corpus)');
  });
});
