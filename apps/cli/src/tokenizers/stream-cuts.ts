/**
 * The last place in `text`, at or after `from` (at least 1), just after an ASCII space, tab or line
 * break, or -1: no token of WhitespaceTokenizer, WordPunct or the Arabic tokenizer holds one, so
 * their tokens of a text are the tokens of its pieces cut there.
 *
 * @example
 * ```ts
 * lastSpaceCut('ab c', 1); // 3: 'ab ' and 'c'
 * lastSpaceCut('abc', 1);  // -1
 * ```
 */
export function lastSpaceCut(text: string, from: number): number {
  for (let cut = text.length; cut >= Math.max(from, 1); cut--) {
    const unit = text.charCodeAt(cut - 1);
    if (unit === 0x20 || unit === 0x09 || unit === 0x0a || unit === 0x0d) return cut;
  }
  return -1;
}
