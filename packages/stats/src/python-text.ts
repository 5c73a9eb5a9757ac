/**
 * Python's notion of whitespace (`str.isspace()`, and `\s` in a `str` pattern): JavaScript's `\s`
 * differs (it has U+FEFF, and lacks U+001C–U+001F and U+0085).
 */
const PYTHON_SPACE_CLASS =
  '[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const SPLIT = new RegExp(`${PYTHON_SPACE_CLASS}+`, 'u');
const RUNS = new RegExp(`${PYTHON_SPACE_CLASS}${PYTHON_SPACE_CLASS}+`, 'gu');

/**
 * `str.split()` without arguments: split on runs of Python whitespace, dropping empty pieces.
 *
 * @example
 * ```ts
 * pythonSplit('  a\u0085b  c '); // ['a', 'b', 'c']
 * ```
 */
export function pythonSplit(text: string): string[] {
  const parts = text.split(SPLIT);
  if (parts.length > 0 && parts[0] === '') parts.shift();
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** `re.sub(r"\s\s+", " ", text)`: every run of two or more whitespace characters becomes one space. */
export function collapseWhitespace(text: string): string {
  return text.replace(RUNS, ' ');
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** The code points of `text` (Python's string indexing unit); the string itself when it has no surrogates. */
export function codePointArray(text: string): string | string[] {
  return SURROGATE.test(text) ? Array.from(text) : text;
}
