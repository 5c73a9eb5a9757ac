import type { Token, Tokenizer } from '@tokenlab/core';
import { PYTHON_SPACE, PYTHON_WORD, UNICODE_WORD } from '../pattern/emit.js';
import { matchTokens } from './regexp-tokenizer.js';

/** Options of {@link WordPunctTokenizer}. */
export interface WordPunctOptions {
  /**
   * Count combining marks as word characters, so Arabic diacritics stay inside their words. Off by
   * default: NLTK (Python `\w`) makes each run of marks a separate "punctuation" token.
   */
  unicodeWord?: boolean;
}

function wordPunctRegExp(word: string): RegExp {
  return new RegExp(`[${word}]+|[^${word}${PYTHON_SPACE}]+`, 'gu');
}

const NLTK_WORD_PUNCT = wordPunctRegExp(PYTHON_WORD);
const UNICODE_WORD_PUNCT = wordPunctRegExp(UNICODE_WORD);

/**
 * NLTK's `WordPunctTokenizer`: runs of word characters and runs of other non-space characters
 * (`\w+|[^\w\s]+`).
 *
 * @example
 * ```ts
 * new WordPunctTokenizer().tokenize("Don't stop!").map((t) => t.text); // ['Don', "'", 't', 'stop', '!']
 * new WordPunctTokenizer({ unicodeWord: true }).tokenize('مُحَمَّد').length; // 1
 * ```
 */
export class WordPunctTokenizer implements Tokenizer {
  readonly name: string;
  private readonly regexp: RegExp;

  /** NLTK's behaviour by default; `unicodeWord` keeps combining marks inside words. */
  constructor(options: WordPunctOptions = {}) {
    this.name = options.unicodeWord ? 'wordpunct-unicode' : 'wordpunct';
    this.regexp = options.unicodeWord ? UNICODE_WORD_PUNCT : NLTK_WORD_PUNCT;
  }

  tokenize(text: string): Token[] {
    return matchTokens(this.regexp, text);
  }
}
