/**
 * Compare two strings by code point, as Python's `<` on `str` does. JavaScript's `<` compares UTF-16
 * code units instead, which puts an astral character (a surrogate pair, `\uD800`–`\uDFFF`) before
 * `\uE000`–`\uFFFF`; Python puts it after. Sorting NLTK's tie groups or scikit-learn's vocabulary
 * needs Python's order.
 *
 * @example
 * ```ts
 * compareCodePoints('a', 'b');       // negative
 * compareCodePoints('😀', '\uFF01'); // positive: U+1F600 > U+FF01 (JS '<' says the opposite)
 * ```
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Only a surrogate against a unit at or above U+E000 orders differently by code point.
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate !== ySurrogate && (xSurrogate ? y >= 0xe000 : x >= 0xe000)) return xSurrogate ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * Compare two tuples of strings element by element, as Python compares tuples: the first differing
 * element decides (by code point); a proper prefix sorts first.
 *
 * @example
 * ```ts
 * compareTuples(['a', 'b'], ['a', 'c']); // negative
 * compareTuples(['a'], ['a', 'b']);      // negative
 * ```
 */
export function compareTuples(a: readonly string[], b: readonly string[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const order = compareCodePoints(a[i]!, b[i]!);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}
