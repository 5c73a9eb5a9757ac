import { requireText, type Token, type Tokenizer } from '@tokenlab/core';
import { naturalClasses } from './modules.js';
import { recoverSpans } from './spans.js';

/**
 * One of natural's tokenizers behind the tokenlab `Tokenizer` interface. natural returns
 * strings; the spans are recovered by finding each token in the input after the previous one.
 * natural's tokenizers in this package only cut the input, never rewrite it, so every token is
 * found; if a future version rewrote a token, it would get an empty span at the scan position.
 *
 * @example
 * ```ts
 * const tokenizer = new NaturalTokenizer('natural-aggressive', (text) => new AggressiveTokenizer().tokenize(text));
 * tokenizer.tokenize("don't stop").map((token) => token.text); // ["don't", 'stop']
 * ```
 */
export class NaturalTokenizer implements Tokenizer {
  /** The CLI name, `natural-…`. */
  readonly name: string;
  private readonly cut: (text: string) => readonly string[] | null;

  /** Wraps `cut`, a function that returns natural's tokens for a text. */
  constructor(name: string, cut: (text: string) => readonly string[] | null) {
    this.name = name;
    this.cut = cut;
  }

  /** natural's tokens with their spans. */
  tokenize(text: string): Token[] {
    requireText(text, `${this.name}.tokenize`);
    return recoverSpans(text, this.cut(text) ?? []).tokens;
  }

  /** natural's tokens as it returns them: plain strings, no spans. */
  tokenizeToStrings(text: string): string[] {
    requireText(text, `${this.name}.tokenizeToStrings`);
    return [...(this.cut(text) ?? [])];
  }
}

/**
 * natural's `WordTokenizer`: splits on anything outside `[A-Za-zА-Яа-я0-9_]`, so Arabic, accented
 * Latin and every other script are dropped entirely.
 *
 * @example
 * ```ts
 * naturalWordTokenizer().tokenize('hello محمد café').map((t) => t.text); // ['hello', 'caf']
 * ```
 */
export function naturalWordTokenizer(): NaturalTokenizer {
  const tokenizer = new (naturalClasses().WordTokenizer)();
  return new NaturalTokenizer('natural-word', (text) => tokenizer.tokenize(text));
}

/**
 * natural's `WordPunctTokenizer`: Latin letters (with À–ÿ and `-`), digit runs, and every other
 * character alone, so an Arabic word comes out one letter per token.
 *
 * @example
 * ```ts
 * naturalWordPunctTokenizer().tokenize("it's 3.5!").map((t) => t.text); // ['it', "'", 's', '3.5', '!']
 * ```
 */
export function naturalWordPunctTokenizer(): NaturalTokenizer {
  const tokenizer = new (naturalClasses().WordPunctTokenizer)();
  return new NaturalTokenizer('natural-wordpunct', (text) => tokenizer.tokenize(text));
}

/**
 * natural's `TreebankWordTokenizer`, a rough approximation of NLTK's: contractions are split, but
 * every character outside `[\w.'\-/+<>,&]` becomes a token, which cuts Arabic (and accented) words
 * into single letters and diacritics.
 *
 * @example
 * ```ts
 * naturalTreebankTokenizer().tokenize("can't stop.").map((t) => t.text); // ['ca', "n't", 'stop', '.']
 * ```
 */
export function naturalTreebankTokenizer(): NaturalTokenizer {
  const tokenizer = new (naturalClasses().TreebankWordTokenizer)();
  return new NaturalTokenizer('natural-treebank', (text) => tokenizer.tokenize(text));
}

/**
 * natural's `AggressiveTokenizer`: splits on anything outside `[a-zA-Z0-9'\-/]`, dropping non-ASCII
 * letters.
 *
 * @example
 * ```ts
 * naturalAggressiveTokenizer().tokenize('state-of-the-art, 50/50').map((t) => t.text); // ['state-of-the-art', '50/50']
 * ```
 */
export function naturalAggressiveTokenizer(): NaturalTokenizer {
  const tokenizer = new (naturalClasses().AggressiveTokenizer)();
  return new NaturalTokenizer('natural-aggressive', (text) => tokenizer.tokenize(text));
}

/**
 * The largest input {@link naturalSentenceTokenizer} takes: natural's sentence tokenizer rewrites the
 * whole text once per placeholder, so its time grows faster than the square of the length (100,000
 * characters of ordinary English took 18 s; 8,000 characters of `ab. ab. ...` 16 s). Past either
 * bound it throws a RangeError instead of running for minutes.
 *
 * @example
 * ```ts
 * NATURAL_SENTENCE_LIMITS; // { maxLength: 20000, maxDelimiters: 1000 }
 * ```
 */
export const NATURAL_SENTENCE_LIMITS: {
  /** The most UTF-16 units a text may have. */
  readonly maxLength: number;
  /** The most sentence delimiters (`.`, `!`, `?`) a text may hold. */
  readonly maxDelimiters: number;
} = { maxLength: 20_000, maxDelimiters: 1000 };

/** Throw when `text` is past {@link NATURAL_SENTENCE_LIMITS}. */
function checkSentenceInput(text: string): void {
  const { maxLength, maxDelimiters } = NATURAL_SENTENCE_LIMITS;
  if (text.length > maxLength)
    throw new RangeError(
      `natural's sentence tokenizer takes at most ${maxLength} characters (its time grows faster than the square of the length); ` +
        `this text has ${text.length}: split it into paragraphs first, or use the punkt tokenizer`,
    );
  const counted = (text.match(/[.!?]/g) ?? []).length;
  if (counted > maxDelimiters)
    throw new RangeError(
      `natural's sentence tokenizer takes at most ${maxDelimiters} sentence delimiters (. ! ?); this text has ${counted}: ` +
        'split it into paragraphs first, or use the punkt tokenizer',
    );
}

/**
 * natural's `SentenceTokenizer` (placeholder-based, trims sentences): each sentence is a token.
 * Texts past {@link NATURAL_SENTENCE_LIMITS} are refused with a RangeError.
 *
 * @example
 * ```ts
 * naturalSentenceTokenizer().tokenize('Hi there. Bye!').map((t) => t.text); // ['Hi there.', 'Bye!']
 * ```
 */
export function naturalSentenceTokenizer(abbreviations: string[] = []): NaturalTokenizer {
  const tokenizer = new (naturalClasses().SentenceTokenizer)(abbreviations);
  // natural returns [''] for whitespace-only text; that is no sentence.
  return new NaturalTokenizer('natural-sentence', (text) => {
    checkSentenceInput(text);
    return tokenizer.tokenize(text).filter((s) => s !== '');
  });
}
