/**
 * Python `re` patterns translated to JavaScript RegExps with Python's meaning, and Python's
 * `findall`, `finditer` and `split` on top of them.
 *
 * @example
 * ```ts
 * import { findall } from '@tokenlab/pattern';
 * findall(String.raw`\w+`, 'naïve café'); // ['naïve', 'café']
 * ```
 *
 * @packageDocumentation
 */

export { compilePythonPattern, type PythonPattern, type PythonPatternOptions } from './compile.js';
export { PYTHON_SPACE, PYTHON_WORD, UNICODE_WORD } from './emit.js';
export { PythonPatternError } from './error.js';
export {
  findall,
  finditer,
  insidePair,
  type PatternInput,
  type PythonMatch,
  split,
  toPythonPattern,
} from './match.js';
export type { PythonDialect } from './parse.js';
export { isPythonSpace } from './python-space.js';
