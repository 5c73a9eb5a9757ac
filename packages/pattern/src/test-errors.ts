import { compilePythonPattern } from './compile.js';
import { PythonPatternError } from './error.js';

/** The error `compilePythonPattern` throws for `pattern` (a test fails when there is none). */
export function errorOf(pattern: string, options = {}): PythonPatternError {
  try {
    compilePythonPattern(pattern, options);
  } catch (error) {
    if (error instanceof PythonPatternError) return error;
    throw error;
  }
  throw new Error(`no error for ${pattern}`);
}
