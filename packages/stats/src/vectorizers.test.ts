import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { CountVectorizer, type CountVectorizerOptions } from './count-vectorizer.js';
import { CsrMatrix } from './sparse.js';
import { TfidfTransformer, TfidfVectorizer, type TfidfVectorizerOptions } from './tfidf.js';

interface VectorizerRow {
  id: string;
  vectorizer: 'CountVectorizer' | 'TfidfVectorizer';
  params: Record<string, unknown>;
  input: string[];
  expected: { feature_names: string[]; matrix: number[][]; idf?: number[] | null };
}

/** scikit-learn keyword arguments to our options (a Python float like 0.5 stays a proportion). */
function toOptions(params: Record<string, unknown>): TfidfVectorizerOptions {
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    const camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    options[camel] = value;
  }
  return options as TfidfVectorizerOptions;
}

function relativeClose(actual: number, expected: number): boolean {
  return (
    actual === expected ||
    Math.abs(actual - expected) <= 1e-9 * Math.max(Math.abs(actual), Math.abs(expected))
  );
}

function matrixMismatch(actual: number[][], expected: number[][]): string | undefined {
  if (actual.length !== expected.length) return `rows ${actual.length} != ${expected.length}`;
  for (let i = 0; i < actual.length; i++) {
    if (actual[i]!.length !== expected[i]!.length)
      return `row ${i} width ${actual[i]!.length} != ${expected[i]!.length}`;
    for (let j = 0; j < actual[i]!.length; j++)
      if (!relativeClose(actual[i]![j]!, expected[i]![j]!))
        return `(${i}, ${j}): ${actual[i]![j]} != ${expected[i]![j]}`;
  }
  return undefined;
}

describe('vectorizers against scikit-learn (sklearn_vectorizers golden)', () => {
  const rows = readGolden<VectorizerRow>('sklearn_vectorizers');
  it('has all 190 rows', () => expect(rows).toHaveLength(190));
  for (const row of rows) {
    it(row.id, () => {
      const options = toOptions(row.params);
      const vectorizer =
        row.vectorizer === 'CountVectorizer'
          ? new CountVectorizer(options as CountVectorizerOptions)
          : new TfidfVectorizer(options);
      const matrix = vectorizer.fitTransform(row.input);
      expect(vectorizer.getFeatureNamesOut()).toEqual(row.expected.feature_names);
      expect(matrixMismatch(matrix.toDense(), row.expected.matrix)).toBeUndefined();
      if (vectorizer instanceof TfidfVectorizer) {
        if (row.expected.idf === null) expect(vectorizer.idf).toBeUndefined();
        else {
          const idf = [...vectorizer.idf!];
          expect(idf.every((value, j) => relativeClose(value, row.expected.idf![j]!))).toBe(true);
        }
        // fit + transform and the memory-bounded fit agree with fitTransform.
        const again = new TfidfVectorizer(options);
        again.fit(row.input);
        expect(matrixMismatch(again.transform(row.input).toDense(), row.expected.matrix)).toBeUndefined();
      }
    });
  }
});

describe('CountVectorizer', () => {
  const corpus = [
    'This is the first document.',
    'This document is the second document.',
    'And this is the third one.',
    'Is this the first document?',
  ];
  it('matches the scikit-learn docstring', () => {
    const vectorizer = new CountVectorizer();
    const X = vectorizer.fitTransform(corpus);
    expect(vectorizer.getFeatureNamesOut()).toEqual([
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
    expect(X.toDense()).toEqual([
      [0, 1, 1, 1, 0, 0, 1, 0, 1],
      [0, 2, 0, 1, 0, 1, 1, 0, 1],
      [1, 0, 0, 1, 1, 0, 1, 1, 1],
      [0, 1, 1, 1, 0, 0, 1, 0, 1],
    ]);
    expect(X.nnz).toBe(21);
  });
  it('distinguishes a count of 1 from a proportion of 100%', () => {
    const docs = ['a1 b1', 'a1 c1', 'a1 d1'];
    expect(new CountVectorizer({ maxDf: 1 }).fit(docs).getFeatureNamesOut()).toEqual(['b1', 'c1', 'd1']);
    expect(new CountVectorizer({ maxDf: { proportion: 1 } }).fit(docs).getFeatureNamesOut()).toEqual([
      'a1',
      'b1',
      'c1',
      'd1',
    ]);
    expect(new CountVectorizer({ minDf: 0.5 }).fit(docs).getFeatureNamesOut()).toEqual(['a1']);
    expect(new CountVectorizer({ minDf: { count: 2 } }).fit(docs).prunedTerms).toEqual(
      new Set(['b1', 'c1', 'd1']),
    );
    expect(() => new CountVectorizer({ minDf: 3, maxDf: 2 }).fit(docs)).toThrow(
      /maxDf corresponds to < documents than minDf/,
    );
    expect(() => new CountVectorizer({ minDf: 2 }).fit(['aa bb', 'cc dd'])).toThrow(/no terms remain/);
  });
  it('uses a fixed vocabulary and ignores unknown terms', () => {
    const vectorizer = new CountVectorizer({ vocabulary: ['this', 'document'] });
    expect(vectorizer.transform(corpus).toDense()).toEqual([
      [1, 1],
      [1, 2],
      [1, 0],
      [1, 1],
    ]);
    expect(vectorizer.getFeatureNamesOut()).toEqual(['this', 'document']);
    expect(() => new CountVectorizer({ vocabulary: ['a', 'a'] })).toThrow(/Duplicate term/);
    expect(() => new CountVectorizer({ vocabulary: new Map([['a', 1]]) })).toThrow(/doesn't contain index 0/);
  });
  it('drops English stop words and keeps "constructor" as a term', () => {
    const vectorizer = new CountVectorizer({ stopWords: 'english' });
    vectorizer.fit(['the constructor of the toString method']);
    expect(vectorizer.getFeatureNamesOut()).toEqual(['constructor', 'method', 'tostring']);
  });
  it('builds char and char_wb n-grams as scikit-learn does', () => {
    const chars = new CountVectorizer({ analyzer: 'char', ngramRange: [1, 2] });
    chars.fit(['ab  c']);
    expect(chars.getFeatureNamesOut()).toEqual([' ', ' c', 'a', 'ab', 'b', 'b ', 'c']);
    const wb = new CountVectorizer({ analyzer: 'char_wb', ngramRange: [2, 3] });
    wb.fit(['ab c']);
    // 'c' padded is ' c ' (length 3): n = 2 gives ' c', 'c ' and n = 3 gives ' c ' once.
    expect(wb.getFeatureNamesOut()).toEqual([' a', ' ab', ' c', ' c ', 'ab', 'ab ', 'b ', 'c ']);
    const emoji = new CountVectorizer({ analyzer: 'char', ngramRange: [1, 1], lowercase: false });
    emoji.fit(['a😀']);
    expect(emoji.getFeatureNamesOut()).toEqual(['a', '😀']);
  });
  it('uses the group of a one-group token pattern and refuses two groups', () => {
    const vectorizer = new CountVectorizer({ tokenPattern: String.raw`#(\w+)` });
    vectorizer.fit(['#tag and #other']);
    expect(vectorizer.getFeatureNamesOut()).toEqual(['other', 'tag']);
    expect(() => new CountVectorizer({ tokenPattern: `(a)(b)` }).fit(['ab'])).toThrow(/2 capturing groups/);
  });
  it('keeps the top maxFeatures by total count', () => {
    const vectorizer = new CountVectorizer({ maxFeatures: 2 });
    vectorizer.fit(['aa aa bb', 'bb cc aa']);
    expect(vectorizer.getFeatureNamesOut()).toEqual(['aa', 'bb']);
  });
  it('streams: fitAsync over an async iterable and transformRow', async () => {
    async function* lines() {
      yield* corpus;
    }
    const vectorizer = await new CountVectorizer().fitAsync(lines());
    expect(vectorizer.getFeatureNamesOut()).toHaveLength(9);
    const row = vectorizer.transformRow('document document this');
    expect([...row.indices]).toEqual([1, 8]);
    expect([...row.data]).toEqual([2, 1]);
  });
  it('names bad input', () => {
    expect(() => new CountVectorizer().fit('just a string' as unknown as string[])).toThrow(
      /string object received/,
    );
    expect(() => new CountVectorizer().fit(['ok', 3 as unknown as string])).toThrow(/document 1 is number/);
    expect(() => new CountVectorizer().fit(['a b c'])).toThrow(/empty vocabulary/);
    expect(() => new CountVectorizer().transform(['x'])).toThrow(/not fitted/);
    expect(() => new CountVectorizer({ ngramRange: [2, 1] })).not.toThrow();
    expect(() => new CountVectorizer({ ngramRange: [2, 1] }).fit(['a'])).toThrow(
      /ngramRange \[2, 1\] is invalid/,
    );
  });
});

describe('TfidfTransformer (scikit-learn user guide numbers)', () => {
  const counts = CsrMatrix.fromRows(
    [
      [
        [0, 3],
        [2, 1],
      ],
      [[0, 2]],
      [[0, 3]],
      [[0, 4]],
      [
        [0, 3],
        [1, 2],
      ],
      [
        [0, 3],
        [2, 2],
      ],
    ],
    3,
  );
  it('without smoothing', () => {
    const tfidf = new TfidfTransformer({ smoothIdf: false });
    const X = tfidf.fitTransform(counts).toDense();
    expect([...tfidf.idf!].map((v) => v.toFixed(7))).toEqual(['1.0000000', '2.7917595', '2.0986123']);
    expect(X[0]!.map((v) => v.toFixed(8))).toEqual(['0.81940995', '0.00000000', '0.57320793']);
    expect(X[4]!.map((v) => v.toFixed(8))).toEqual(['0.47330339', '0.88089948', '0.00000000']);
  });
  it('with smoothing, L1 and no norm', () => {
    const X = new TfidfTransformer().fitTransform(counts).toDense();
    expect(X[5]!.map((v) => v.toFixed(8))).toEqual(['0.63035731', '0.00000000', '0.77630514']);
    const l1 = new TfidfTransformer({ norm: 'l1' }).fitTransform(counts).getRow(0).data;
    expect(l1[0]! + l1[1]!).toBeCloseTo(1, 15);
    expect(
      new TfidfTransformer({ norm: null, useIdf: false, sublinearTf: true }).fitTransform(counts).get(3, 0),
    ).toBe(1 + Math.log(4));
    expect(() => new TfidfTransformer({ norm: 'l3' as 'l1' })).toThrow(/norm must be/);
  });
});

describe("scikit-learn's and NLTK's snake_case option names", () => {
  it('are answered with the names they have here, where they set nothing, silently', () => {
    const calls: [string, () => unknown][] = [
      [
        "CountVectorizer: unknown option 'ngram_range': it is written ngramRange here",
        () => new CountVectorizer({ ngram_range: [1, 2] } as never),
      ],
      [
        "CountVectorizer: unknown option 'stop_words': it is written stopWords here",
        () => new CountVectorizer({ stop_words: 'english' } as never),
      ],
      [
        "TfidfVectorizer: unknown option 'sublinear_tf': it is written sublinearTf here",
        () => new TfidfVectorizer({ sublinear_tf: true } as never),
      ],
      [
        "TfidfVectorizer: unknown option 'min_df': it is written minDf here",
        () => new TfidfVectorizer({ min_df: 2 } as never),
      ],
      [
        "TfidfTransformer: unknown option 'smooth_idf': it is written smoothIdf here",
        () => new TfidfTransformer({ smooth_idf: false } as never),
      ],
      [
        "TfidfTransformer: unknown option 'ngramRange' (the options: norm, useIdf, smoothIdf, sublinearTf)",
        () => new TfidfTransformer({ ngramRange: [1, 2] } as never),
      ],
    ];
    for (const [message, call] of calls) expect(call, message).toThrow(message);
    // Every option of both steps is taken by TfidfVectorizer.
    const tfidf = new TfidfVectorizer({
      ngramRange: [1, 2],
      sublinearTf: true,
      norm: 'l1',
      minDf: 1,
      useIdf: true,
    });
    expect(tfidf.fitTransform(['the cat sat', 'the dog sat']).shape).toEqual([2, 8]);
  });
});
