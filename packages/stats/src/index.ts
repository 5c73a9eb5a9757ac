/**
 * Corpus statistics with the numbers of NLTK, scikit-learn and gensim: n-grams, frequency
 * distributions, collocation finders with association measures, count and TF-IDF vectorizers on a
 * CSR sparse matrix, gensim-style dictionaries and TF-IDF models, and a windowed word-context PMI
 * matrix for distributional similarity.
 *
 * @example
 * ```ts
 * import { FreqDist, bigrams } from '@tokenlab/stats';
 * const tokens = 'to be or not to be'.split(' ');
 * new FreqDist(tokens).mostCommon(2); // [['to', 2], ['be', 2]]
 * bigrams(tokens)[0];                 // ['to', 'be']
 * ```
 *
 * @packageDocumentation
 */

export { codePointLength } from '@tokenlab/core';
export {
  type AnalyzerOptions,
  buildAnalyzer,
  DEFAULT_TOKEN_PATTERN,
} from './analyzer.js';
export {
  BigramAssocMeasures,
  type BigramScoreFn,
  SMALL,
  TrigramAssocMeasures,
  type TrigramScoreFn,
} from './association.js';
export {
  BigramCollocationFinder,
  type ScoredNgram,
  TrigramCollocationFinder,
  type WordOrPad,
} from './collocations.js';
export {
  CooccurrenceMatrix,
  type CooccurrenceOptions,
  cosineSimilarity,
  type PpmiOptions,
} from './cooccurrence.js';
export {
  CountVectorizer,
  type CountVectorizerOptions,
  type DocumentFrequency,
  type Documents,
} from './count-vectorizer.js';
export {
  ConditionalFreqDist,
  type ConditionalTableOptions,
  FreqDist,
  type PlotOptions,
  type TabulateOptions,
} from './freqdist.js';
export {
  type BagOfWords,
  Dictionary,
  type Doc2BowOptions,
  TfidfModel,
  type TfidfModelOptions,
} from './gensim.js';
export { MAX_NGRAM_ITEMS } from './ngram-limit.js';
export {
  bigrams,
  everygrams,
  ngrams,
  type PaddingOptions,
  padSequence,
  skipgrams,
  trigrams,
} from './ngrams.js';
export { numpyArgsort } from './numpy-argsort.js';
export { MAX_PAIR_OCCURRENCES } from './pair-counts.js';
export { comparePython, pythonRepr, pythonStr } from './python-format.js';
export { pythonLog, pythonLog2 } from './python-math.js';
export { compareCodePoints, compareTuples } from './python-order.js';
export { pythonSplit } from './python-text.js';
export { CsrMatrix, type SparseRow } from './sparse.js';
export { ENGLISH_STOP_WORDS } from './stop-words.js';
export { type ChartSeries, type LineChart, lineChartSvg } from './svg-chart.js';
export {
  type Norm,
  type TfidfOptions,
  TfidfTransformer,
  TfidfVectorizer,
  type TfidfVectorizerOptions,
} from './tfidf.js';
