import {
  optionNames,
  requireOptionNames,
  requireOptions,
  requireText,
  type Token,
  type Tokenizer,
} from '@tokenlab/core';
import { alignTokens } from '../treebank/align.js';
import { NLTKWordTokenizer } from '../treebank/nltk-word-tokenizer.js';
import { englishPunkt } from './models.js';
import type { PunktSentenceTokenizer } from './sentence-tokenizer.js';

/**
 * Options of {@link wordTokenize} and {@link WordTokenizer}.
 *
 * @example
 * ```ts
 * wordTokenize('Hi there. Bye.', { preserveLine: true }); // ['Hi', 'there.', 'Bye', '.']
 * wordTokenize('Hi there. Bye.');                         // ['Hi', 'there', '.', 'Bye', '.']
 * ```
 */
export interface WordTokenizeOptions {
  /** Skip sentence splitting and treat the text as one sentence (default false). */
  preserveLine?: boolean;
  /** The sentence model (default: English Punkt). */
  sentences?: PunktSentenceTokenizer;
}

/** Every option of {@link WordTokenizeOptions}, for the check of unknown names. */
const WORD_TOKENIZE_OPTIONS = optionNames<WordTokenizeOptions>()(['preserveLine', 'sentences']);

const nltkWord = new NLTKWordTokenizer();

/**
 * NLTK's `word_tokenize` as a `Tokenizer`: Punkt sentences, then {@link NLTKWordTokenizer} on each,
 * with spans into the whole text.
 *
 * @example
 * ```ts
 * new WordTokenizer().tokenize('Hi there. Bye.').map((t) => t.text); // ['Hi', 'there', '.', 'Bye', '.']
 * new WordTokenizer().words('Hi there. Bye.');                        // ['Hi', 'there', '.', 'Bye', '.']
 * ```
 */
export class WordTokenizer implements Tokenizer {
  readonly name = 'word';
  private readonly preserveLine: boolean;
  private readonly sentenceModel?: PunktSentenceTokenizer;

  /** English sentences by default. */
  constructor(options: WordTokenizeOptions = {}) {
    requireOptions(options, 'wordTokenize', '{ preserveLine: true }');
    requireOptionNames(options, WORD_TOKENIZE_OPTIONS, 'wordTokenize');
    this.preserveLine = options.preserveLine ?? false;
    this.sentenceModel = options.sentences;
  }

  tokenize(text: string): Token[] {
    requireText(text, 'WordTokenizer.tokenize');
    if (this.preserveLine) return nltkWord.tokenize(text);
    const tokens: Token[] = [];
    for (const [start, end] of (this.sentenceModel ?? englishPunkt()).spanTokenize(text)) {
      const sentence = text.slice(start, end);
      for (const token of alignTokens(nltkWord.words(sentence), sentence, start)) tokens.push(token);
    }
    return tokens;
  }

  /** The token strings alone, as NLTK's `word_tokenize` returns them (faster: no spans). */
  words(text: string): string[] {
    requireText(text, 'wordTokenize');
    if (this.preserveLine) return nltkWord.words(text);
    const words: string[] = [];
    for (const sentence of (this.sentenceModel ?? englishPunkt()).sentences(text))
      for (const word of nltkWord.words(sentence)) words.push(word);
    return words;
  }
}

/**
 * NLTK's `word_tokenize(text, preserve_line=False)`: the token strings.
 *
 * @example
 * ```ts
 * wordTokenize("Good muffins cost $3.88 in New York. Please buy me two of them.");
 * // ['Good', 'muffins', 'cost', '$', '3.88', 'in', 'New', 'York', '.', 'Please', 'buy', 'me', 'two', 'of', 'them', '.']
 * ```
 */
export function wordTokenize(text: string, options: WordTokenizeOptions = {}): string[] {
  return new WordTokenizer(options).words(text);
}
