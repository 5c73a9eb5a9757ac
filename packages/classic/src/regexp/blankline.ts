import type { Token, Tokenizer } from '@tokenlab/core';
import { PYTHON_SPACE } from '@tokenlab/pattern';
import { gapTokens } from './regexp-tokenizer.js';

const BLANK_LINES = new RegExp(`[${PYTHON_SPACE}]*\\n[${PYTHON_SPACE}]*\\n[${PYTHON_SPACE}]*`, 'gu');

/**
 * NLTK's `BlanklineTokenizer`: paragraphs, split on blank lines (pattern `\s*\n\s*\n\s*` as gaps).
 *
 * @example
 * ```ts
 * new BlanklineTokenizer().tokenize('one\ntwo\n\n  \nthree').map((t) => t.text); // ['one\ntwo', 'three']
 * ```
 */
export class BlanklineTokenizer implements Tokenizer {
  readonly name = 'blankline';

  tokenize(text: string): Token[] {
    return gapTokens(BLANK_LINES, text);
  }
}
