/**
 * natural's tokenizers and stemmers behind the tokenlab interfaces, as baselines: the same
 * `Tokenizer` with spans as every tokenlab tokenizer, without natural's console noise or its
 * database clients (only the submodules needed are loaded).
 *
 * @example
 * ```ts
 * import { naturalTreebankTokenizer, naturalPorterStem } from '@tokenlab/natural';
 * naturalTreebankTokenizer().tokenize("can't").map((t) => t.text); // ['ca', "n't"]
 * naturalPorterStem('running');                                       // 'run'
 * ```
 *
 * @packageDocumentation
 */
export { NATURAL_MODULES, NATURAL_VERSION_RANGE } from './modules.js';
export { type RecoveredTokens, recoverSpans } from './spans.js';
export { NATURAL_PORTER_MAX_LENGTH, naturalLancasterStem, naturalPorterStem } from './stemmers.js';
export {
  NATURAL_SENTENCE_LIMITS,
  NaturalTokenizer,
  naturalAggressiveTokenizer,
  naturalSentenceTokenizer,
  naturalTreebankTokenizer,
  naturalWordPunctTokenizer,
  naturalWordTokenizer,
} from './tokenizers.js';
