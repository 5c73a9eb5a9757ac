import { englishPunkt } from './models.js';
import type { PunktSentenceTokenizer } from './sentence-tokenizer.js';

/**
 * NLTK's `sent_tokenize`: the sentences of `text` by the English Punkt model (also `'english'`, NLTK's
 * `language` argument), or by the tokenizer given (for instance `await loadPunktModel('arabic')`, which
 * loads its model first).
 *
 * @example
 * ```ts
 * sentTokenize('Mr. Smith is here. He came at 5 p.m. yesterday.');
 * // ['Mr. Smith is here.', 'He came at 5 p.m. yesterday.']
 * sentTokenize('Hi there. Bye.', 'english'); // ['Hi there.', 'Bye.']
 * ```
 */
export function sentTokenize(
  text: string,
  tokenizer: PunktSentenceTokenizer | 'english' = englishPunkt(),
): string[] {
  if (tokenizer === 'english') return englishPunkt().sentences(text);
  if (typeof (tokenizer as Partial<PunktSentenceTokenizer> | null)?.sentences !== 'function')
    throw new TypeError(
      "sentTokenize: the tokenizer is 'english' or a Punkt tokenizer (await loadPunktModel('arabic') for Arabic), " +
        `got ${typeof tokenizer === 'string' ? `'${tokenizer}'` : String(tokenizer)}`,
    );
  return tokenizer.sentences(text);
}
