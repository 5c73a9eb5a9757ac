import { englishPunkt } from './models.js';
import type { PunktSentenceTokenizer } from './sentence-tokenizer.js';

/**
 * NLTK's `sent_tokenize`: the sentences of `text` by the English Punkt model, or by the tokenizer
 * given (for instance `await loadPunktModel('arabic')`).
 *
 * @example
 * ```ts
 * sentTokenize('Mr. Smith is here. He came at 5 p.m. yesterday.');
 * // ['Mr. Smith is here.', 'He came at 5 p.m. yesterday.']
 * ```
 */
export function sentTokenize(text: string, tokenizer: PunktSentenceTokenizer = englishPunkt()): string[] {
  return tokenizer.sentences(text);
}
