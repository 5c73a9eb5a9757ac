export { MAX_MATRIX_CELLS } from './matrix-size.js';
export { type PadSequencesOptions, padSequences } from './pad-sequences.js';
export {
  KERAS_DEFAULT_FILTERS,
  type KerasMatrixMode,
  type KerasText,
  KerasTokenizer,
  type KerasTokenizerOptions,
  textToWordSequence,
  WordIndexTokenizer,
} from './tokenizer.js';
