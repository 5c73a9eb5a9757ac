/**
 * A Python pattern that cannot be compiled: a syntax error Python itself would report, or a construct
 * with no faithful JavaScript translation. The message names the construct; `position` is its offset
 * in the pattern (in code units), as Python's `re.error.pos` is.
 *
 * @example
 * ```ts
 * try {
 *   compilePythonPattern('(?(1)a|b)');
 * } catch (error) {
 *   if (error instanceof PythonPatternError) console.log(error.position); // 0
 * }
 * ```
 */
export class PythonPatternError extends Error {
  /** Offset in the pattern where the offending construct starts. */
  readonly position: number;
  /** The pattern that failed. */
  readonly pattern: string;

  /** Creates the error; the position is appended to the message. */
  constructor(message: string, pattern: string, position: number) {
    super(`${message} at position ${position} in pattern ${JSON.stringify(pattern)}`);
    this.name = 'PythonPatternError';
    this.position = position;
    this.pattern = pattern;
  }
}
