import {
  optionNames,
  requireOptionNames,
  requireOptions,
  requireText,
  type Token,
  type Tokenizer,
} from '@tokenlab/core';
import { scannedSpans, scannedStrings, scannedTokens } from '../offsets.js';
import { type CharClassifier, pythonClassifier, unicodeClassifier } from './char-classes.js';
import { scanClassRuns } from './runs.js';

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

/** Every option of {@link WordPunctOptions}, for the check of unknown names. */
const WORDPUNCT_OPTIONS = optionNames<WordPunctOptions>()(['unicodeWord']);

/**
 * NLTK's `WordPunctTokenizer`: runs of word characters and runs of other non-space characters
 * (`\w+|[^\w\s]+`).
 *
 * @example
 * ```ts
 * new WordPunctTokenizer().tokenize("Don't stop!").map((t) => t.text); // ['Don', "'", 't', 'stop', '!']
 * new WordPunctTokenizer().words("Don't stop!");                       // ['Don', "'", 't', 'stop', '!']
 * new WordPunctTokenizer({ unicodeWord: true }).tokenize('مُحَمَّد').length; // 1
 * ```
 */
export class WordPunctTokenizer implements Tokenizer {
  readonly name: string;
  private readonly classifier: CharClassifier;

  /** NLTK's behaviour by default; `unicodeWord` keeps combining marks inside words. */
  constructor(options: WordPunctOptions = {}) {
    requireOptions(options, 'WordPunctTokenizer', '{ unicodeWord: true }');
    requireOptionNames(options, WORDPUNCT_OPTIONS, 'WordPunctTokenizer');
    this.name = options.unicodeWord ? 'wordpunct-unicode' : 'wordpunct';
    this.classifier = options.unicodeWord ? unicodeClassifier() : pythonClassifier();
  }

  // A scanner rather than the RegExp: runs of one class are exactly `\w+` and `[^\w\s]+`.
  tokenize(text: string): Token[] {
    requireText(text, 'WordPunctTokenizer.tokenize');
    scanClassRuns(text, this.classifier, true);
    return scannedTokens(text);
  }

  /** The token strings alone, as NLTK's `tokenize` returns them (faster: no spans). */
  words(text: string): string[] {
    scanClassRuns(text, this.classifier, true);
    return scannedStrings(text);
  }

  /** The `[start, end)` spans alone, as NLTK's `span_tokenize`. */
  spanTokenize(text: string): [number, number][] {
    requireText(text, 'WordPunctTokenizer.spanTokenize');
    scanClassRuns(text, this.classifier, true);
    return scannedSpans();
  }
}
