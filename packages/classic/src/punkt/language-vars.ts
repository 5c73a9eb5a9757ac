import { optionNames, requireOptionNames, requireOptions } from '@tokenlab/core';
import { compilePythonPattern, type PythonPattern } from '@tokenlab/pattern';
import { PunktWordSplitter } from './punkt-words.js';

/**
 * What distinguishes one language's Punkt segmentation from another's.
 *
 * @example
 * ```ts
 * const greek = new PunktLanguageVars({ sentEndChars: ['.', '!', ';'], internalPunctuation: ',:·' });
 * new PunktSentenceTokenizer(new PunktParameters(), greek).sentences('Τι κάνεις; Καλά.');
 * // ['Τι κάνεις;', 'Καλά.']
 * ```
 */
export interface PunktLanguageVarsOptions {
  /** Characters that can end a sentence (default `. ? !`). */
  sentEndChars?: readonly string[];
  /** Punctuation that may occur inside a sentence (default `,:;`). */
  internalPunctuation?: string;
}

/** Every option of {@link PunktLanguageVarsOptions}, for the check of unknown names. */
const LANGUAGE_VARS_OPTIONS = optionNames<PunktLanguageVarsOptions>()([
  'sentEndChars',
  'internalPunctuation',
]);

/**
 * The language-dependent parts of Punkt: which characters end sentences, which punctuation may sit
 * inside a sentence, and the regular expressions built from them (NLTK's `PunktLanguageVars`).
 *
 * @example
 * ```ts
 * const arabic = new PunktLanguageVars({ sentEndChars: ['.', '?', '!', '؟'], internalPunctuation: ',:;،؛' });
 * arabic.wordTokenize('قال: نعم؟'); // ['قال', ':', 'نعم', '؟']
 * ```
 */
export class PunktLanguageVars {
  /** Characters that can end a sentence. */
  readonly sentEndChars: readonly string[];
  /** Punctuation that may occur inside a sentence (used by the trainer's rare-abbreviation rule). */
  readonly internalPunctuation: string;
  /** Tokens for Punkt's own word segmentation (NLTK's `_word_tokenizer_re`). */
  readonly wordPattern: PythonPattern;
  /** A sentence-end character followed by punctuation or by whitespace and the next token. */
  readonly periodContextPattern: PythonPattern;
  /** Every sentence-end character, for a global search (the tokenizer reads the lookahead by hand). */
  readonly sentEndSearch: RegExp;
  /** The code points of `NonWord`, the punctuation that may follow a sentence end directly. */
  readonly nonWordCodePoints: ReadonlySet<number>;
  /** Closing quotes and brackets that belong to the previous sentence. */
  readonly boundaryRealignment: RegExp;
  private readonly wordSplitter: PunktWordSplitter;

  /** English defaults: `. ? !` end sentences, `,:;` are internal punctuation. */
  constructor(options: PunktLanguageVarsOptions = {}) {
    requireOptions(options, 'PunktLanguageVars', "{ sentEndChars: ['.', '?', '!'] }");
    requireOptionNames(options, LANGUAGE_VARS_OPTIONS, 'PunktLanguageVars');
    this.sentEndChars = options.sentEndChars ?? ['.', '?', '!'];
    this.internalPunctuation = options.internalPunctuation ?? ',:;';
    const escapeClass = (chars: string) => chars.replace(/[\\\]^-]/g, '\\$&');
    const sentEnd = `[${escapeClass(this.sentEndChars.join(''))}]`;
    const nonWord = `(?:[)\\";}\\]\\*:@\\'\\({\\[${escapeClass(this.sentEndChars.filter((c) => c !== '.').join(''))}])`;
    const multiChar = String.raw`(?:\-{2,}|\.{2,}|(?:\.\s){2,}\.)`;
    const wordStart = String.raw`[^\(\"\`{\[:;&\#\*@\)}\]\-,]`;
    // The same verbose patterns NLTK builds from its format strings.
    this.wordPattern = compilePythonPattern(
      `(${multiChar}|(?=${wordStart})\\S+?(?=\\s|$|${nonWord}|${multiChar}|,(?=$|\\s|${nonWord}|${multiChar}))|\\S)`,
    );
    this.periodContextPattern = compilePythonPattern(
      `${sentEnd}(?=(?P<after_tok>${nonWord}|\\s+(?P<next_tok>\\S+)))`,
    );
    this.sentEndSearch = new RegExp(sentEnd, 'gu');
    const nonWordChars = `)";}]*:@'({[${this.sentEndChars.filter((c) => c !== '.').join('')}`;
    this.nonWordCodePoints = new Set([...nonWordChars].map((char) => char.codePointAt(0)!));
    this.wordSplitter = new PunktWordSplitter(this.nonWordCodePoints);
    const realign = compilePythonPattern(String.raw`["\')\]}]+?(?:\s+|(?=--)|$)`, { flags: 'm' });
    this.boundaryRealignment = new RegExp(realign.regexp.source, 'uy');
  }

  /** Punkt's word segmentation of one line (the {@link PunktLanguageVars.wordPattern} matches, read by hand). */
  wordTokenize(line: string): string[] {
    return this.wordSplitter.split(line);
  }
}
