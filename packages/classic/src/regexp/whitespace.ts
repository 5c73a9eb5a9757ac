import type { Token, Tokenizer } from '@tokenlab/core';
import { PYTHON_SPACE } from '../pattern/emit.js';
import { gapTokens } from './regexp-tokenizer.js';

const WHITESPACE = new RegExp(`[${PYTHON_SPACE}]+`, 'gu');

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
    return gapTokens(WHITESPACE, text);
  }
}
