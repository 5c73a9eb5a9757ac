import type { Token, Tokenizer } from '@tokenlab/core';
import { type CharClassifier, OTHER, pythonClassifier, unicodeClassifier, WORD } from './char-classes.js';

/**
 * Options of {@link WordPunctTokenizer}.
 *
 * @example
 * ```ts
 * new WordPunctTokenizer({ unicodeWord: true }).tokenize('مُحَمَّد').length; // 1
 * new WordPunctTokenizer().tokenize('مُحَمَّد').length;                      // 7
 * ```
 */
export interface WordPunctOptions {
  /**
   * Count combining marks as word characters, so Arabic diacritics stay inside their words. Off by
   * default: NLTK (Python `\w`) makes each run of marks a separate "punctuation" token.
   */
  unicodeWord?: boolean;
}

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
  private readonly classifier: CharClassifier;

  /** NLTK's behaviour by default; `unicodeWord` keeps combining marks inside words. */
  constructor(options: WordPunctOptions = {}) {
    this.name = options.unicodeWord ? 'wordpunct-unicode' : 'wordpunct';
    this.classifier = options.unicodeWord ? unicodeClassifier() : pythonClassifier();
  }

  // A scanner rather than the RegExp: runs of one class are exactly `\w+` and `[^\w\s]+`.
  tokenize(text: string): Token[] {
    return classRuns(text, this.classifier, true);
  }
}

/**
 * The maximal runs of word characters (`\w+`) and, with `punctuation`, of other non-space characters
 * (`[^\w\s]+`), left to right.
 */
export function classRuns(text: string, classifier: CharClassifier, punctuation: boolean): Token[] {
  const tokens: Token[] = [];
  const length = text.length;
  let index = 0;
  while (index < length) {
    const kind = classifier.classAt(text, index);
    const start = index;
    index += widthAt(text, index);
    while (index < length && classifier.classAt(text, index) === kind) index += widthAt(text, index);
    if (kind === WORD || (punctuation && kind === OTHER))
      tokens.push({ text: text.slice(start, index), start, end: index });
  }
  return tokens;
}

function widthAt(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  if (unit >= 0xd800 && unit <= 0xdbff) {
    const next = text.charCodeAt(index + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return 2;
  }
  return 1;
}
