/** A user pattern compiled to JavaScript: a global, Unicode RegExp and its number of capture groups. */
export interface CompiledUserPattern {
  /** The global, Unicode RegExp. */
  regexp: RegExp;
  /** How many capture groups the pattern has. */
  groupCount: number;
}

/**
 * Compile a Python `regex` split pattern other than minbpe's two.
 *
 * @example
 * ```ts
 * compileUserPattern('\\w+').groupCount; // 0
 * ```
 */
export function compileUserPattern(pattern: string): CompiledUserPattern {
  throw new Error(`custom Python split patterns are not supported yet: ${JSON.stringify(pattern)}`);
}
