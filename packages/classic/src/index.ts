/**
 * Classic tokenizers with NLTK parity: Python patterns that work as written, the regexp family,
 * Treebank, Punkt sentences, and Arabic done right.
 *
 * @example
 * ```ts
 * import { regexpTokenize, WordPunctTokenizer } from '@tokenlab/classic';
 * regexpTokenize('Hi, you!', String.raw`\w+|[^\w\s]+`); // ['Hi', ',', 'you', '!']
 * new WordPunctTokenizer().tokenize('a.b').length;       // 3
 * ```
 *
 * @packageDocumentation
 */

// The Python pattern translator lives in @tokenlab/pattern; its API stays importable from here.
export {
  compilePythonPattern,
  findall,
  finditer,
  type PatternInput,
  PYTHON_SPACE,
  PYTHON_WORD,
  type PythonMatch,
  type PythonPattern,
  PythonPatternError,
  type PythonPatternOptions,
  split,
  toPythonPattern,
  UNICODE_WORD,
} from '@tokenlab/pattern';
export * from './arabic/index.js';
export * from './keras/index.js';
export * from './punkt/index.js';
export * from './regexp/index.js';
export * from './stem/index.js';
export * from './treebank/index.js';
