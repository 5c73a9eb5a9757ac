/**
 * The split patterns of minbpe (GPT-2's and GPT-4's), as the Python `regex` module strings minbpe writes
 * into `.model` files and as equivalent JavaScript regular expressions.
 *
 * Three differences between the two regex dialects are handled by hand:
 * - `\s` in the `regex` module is Unicode White_Space (it includes U+0085 and excludes U+FEFF; JavaScript's
 *   `\s` does the opposite), so an explicit class replaces it;
 * - the possessive quantifiers `?+` and `++` are dropped: in these patterns nothing after them can match
 *   what they would give back, so backtracking never changes a match;
 * - `(?i:[sdmt]|ll|ve|re)` is spelled out in case classes, including U+017F (ſ), which simple case folding
 *   maps to `s` and the `regex` module therefore matches.
 */

/** Unicode White_Space, the members of the `regex` module's `\s`. */
const WHITE_SPACE = '\\t-\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

/**
 * minbpe's GPT-2 split pattern in Python `regex` syntax, exactly as it appears in `.model` files.
 *
 * @example
 * ```ts
 * GPT2_PYTHON_PATTERN.startsWith("'(?:[sdmt]"); // true
 * ```
 */
export const GPT2_PYTHON_PATTERN =
  "'(?:[sdmt]|ll|ve|re)| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+";

/**
 * minbpe's GPT-4 (cl100k) split pattern in Python `regex` syntax, exactly as it appears in `.model` files.
 * The default pattern of {@link RegexTokenizer}.
 *
 * @example
 * ```ts
 * GPT4_PYTHON_PATTERN.startsWith("'(?i:[sdmt]"); // true
 * ```
 */
export const GPT4_PYTHON_PATTERN =
  "'(?i:[sdmt]|ll|ve|re)|[^\\r\\n\\p{L}\\p{N}]?+\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]++[\\r\\n]*|\\s*[\\r\\n]|\\s+(?!\\S)|\\s+";

/**
 * The GPT-2 split pattern as a global Unicode JavaScript RegExp that finds the same chunks as
 * {@link GPT2_PYTHON_PATTERN} under Python's `regex` module.
 *
 * @example
 * ```ts
 * "Hello world's".match(GPT2_SPLIT_PATTERN); // ['Hello', ' world', "'s"]
 * ```
 */
export const GPT2_SPLIT_PATTERN = new RegExp(
  `'(?:[sdmt]|ll|ve|re)| ?\\p{L}+| ?\\p{N}+| ?[^${WHITE_SPACE}\\p{L}\\p{N}]+|[${WHITE_SPACE}]+(?![^${WHITE_SPACE}])|[${WHITE_SPACE}]+`,
  'gu',
);

/**
 * The GPT-4 split pattern as a global Unicode JavaScript RegExp that finds the same chunks as
 * {@link GPT4_PYTHON_PATTERN} under Python's `regex` module.
 *
 * @example
 * ```ts
 * 'Hello world123'.match(GPT4_SPLIT_PATTERN); // ['Hello', ' world', '123']
 * ```
 */
export const GPT4_SPLIT_PATTERN = new RegExp(
  `'(?:[sSſdDmMtT]|[lL][lL]|[vV][eE]|[rR][eE])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^${WHITE_SPACE}\\p{L}\\p{N}]+[\\r\\n]*|[${WHITE_SPACE}]*[\\r\\n]|[${WHITE_SPACE}]+(?![^${WHITE_SPACE}])|[${WHITE_SPACE}]+`,
  'gu',
);
