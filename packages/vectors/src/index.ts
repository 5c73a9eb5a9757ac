/**
 * Word vectors as gensim holds them: {@link KeyedVectors} with its similarity and analogy queries, the
 * word2vec text and binary files and GloVe files read and written as gensim does, and {@link Word2Vec}
 * training (skip-gram and CBOW with negative sampling) from token arrays.
 *
 * @example
 * ```ts
 * import { Word2Vec } from '@tokenlab/vectors';
 * const model = Word2Vec.train(sentences, { vectorSize: 50, minCount: 2, seed: 1 });
 * model.wv.mostSimilar({ positive: ['king'], topn: 5 });
 * ```
 *
 * @packageDocumentation
 */
export {
  type AnalogyEvaluation,
  type AnalogyEvaluationOptions,
  type AnalogyQuestion,
  type AnalogySection,
  evaluateWordAnalogies,
} from './analogy-evaluation.js';
export { type CountVectorsOptions, countVectors, MAX_DENSE_PPMI_WORDS } from './count-vectors.js';
export { float32Repr } from './float32-repr.js';
export { type HuffmanTree, huffmanTree } from './huffman-tree.js';
export type { TrainingMemoryHandle } from './kernels/word2vec-kernels.js';
export { KeyedVectors, type MostSimilarQuery, type ScoredWord } from './keyed-vectors.js';
export { formatModel, type ModelParseOptions, parseModel } from './model-file.js';
export { OptionError } from './option-error.js';
export { SeededRandom } from './random.js';
export {
  type StartTrainingThread,
  serveTrainingThread,
  type TrainingThread,
  type TrainingThreadJob,
  type TrainingThreadReply,
  type TrainingThreadStart,
} from './training-threads.js';
export { type SparseRows, type TruncatedSvdOptions, truncatedSvd } from './truncated-svd.js';
export {
  buildVocabulary,
  type Vocabulary,
  VocabularyCounter,
  type VocabularyOptions,
  vocabularyFromCounts,
} from './vocabulary.js';
export {
  type Corpus,
  MAX_VECTOR_SIZE,
  type SyncCorpus,
  type TrainCallOptions,
  Word2Vec,
  type Word2VecOptions,
  type Word2VecProgress,
  type Word2VecSettings,
  type Word2VecState,
} from './word2vec.js';
export {
  formatGloveText,
  formatWord2VecBinary,
  formatWord2VecText,
  type ParseOptions,
  parseGloveText,
  parseWord2VecBinary,
  parseWord2VecText,
} from './word2vec-format.js';
export type { TrainerSettings, TrainingLayout, Word2VecWeights } from './word2vec-trainer.js';
