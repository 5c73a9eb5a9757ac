import type { Token, Tokenizer } from '@tokenlab/core';
import { isPythonSpace } from '../pattern/python-space.js';

/** Runs of non-whitespace as tokens, by Python's `str.isspace()` (all such characters are in the BMP). */
export function splitOnPythonSpace(text: string): Token[] {
  const tokens: Token[] = [];
  const length = text.length;
  let index = 0;
  while (index < length) {
    while (index < length && isPythonSpace(text.charCodeAt(index))) index++;
    if (index === length) break;
    const start = index;
    while (index < length && !isPythonSpace(text.charCodeAt(index))) index++;
    tokens.push({ text: text.slice(start, index), start, end: index });
  }
  return tokens;
}

/**
 * NLTK's `WhitespaceTokenizer`: split on runs of whitespace as Python's `\s` defines it (including
 * U+001C..U+001F and U+0085, excluding U+200B and U+FEFF).
 *
 * @example
 * ```ts
 * new WhitespaceTokenizer().tokenize(' a\tbc\n').map((t) => [t.text, t.start]); // [['a', 1], ['bc', 3]]
 * ```
 */
export class WhitespaceTokenizer implements Tokenizer {
  readonly name = 'whitespace';

  tokenize(text: string): Token[] {
    return splitOnPythonSpace(text);
  }
}
