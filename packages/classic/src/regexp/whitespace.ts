import { requireText, type Token, type Tokenizer } from '@tokenlab/core';
import { scannedSpans, scannedStrings, scannedTokens } from '../offsets.js';
import { scanNonSpaceRuns } from './runs.js';

/**
 * NLTK's `WhitespaceTokenizer`: split on runs of whitespace as Python's `\s` defines it (including
 * U+001C..U+001F and U+0085, excluding U+200B and U+FEFF).
 *
 * @example
 * ```ts
 * new WhitespaceTokenizer().tokenize(' a\tbc\n').map((t) => [t.text, t.start]); // [['a', 1], ['bc', 3]]
 * new WhitespaceTokenizer().words(' a\tbc\n');                                 // ['a', 'bc']
 * ```
 */
export class WhitespaceTokenizer implements Tokenizer {
  readonly name = 'whitespace';

  tokenize(text: string): Token[] {
    requireText(text, 'WhitespaceTokenizer.tokenize');
    scanNonSpaceRuns(text);
    return scannedTokens(text);
  }

  /** The token strings alone, as NLTK's `tokenize` returns them (faster: no spans). */
  words(text: string): string[] {
    scanNonSpaceRuns(text);
    return scannedStrings(text);
  }

  /** The `[start, end)` spans alone, as NLTK's `span_tokenize`. */
  spanTokenize(text: string): [number, number][] {
    requireText(text, 'WhitespaceTokenizer.spanTokenize');
    scanNonSpaceRuns(text);
    return scannedSpans();
  }
}
