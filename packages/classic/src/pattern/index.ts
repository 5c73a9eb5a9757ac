export { compilePythonPattern, type PythonPattern, type PythonPatternOptions } from './compile.js';
export { PYTHON_SPACE, PYTHON_WORD, UNICODE_WORD } from './emit.js';
export { PythonPatternError } from './error.js';
export { findall, finditer, type PatternInput, type PythonMatch, split, toPythonPattern } from './match.js';
export type { PythonDialect } from './parse.js';
