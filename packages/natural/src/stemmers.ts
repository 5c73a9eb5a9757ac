import { natural } from './modules.js';

/**
 * natural's `PorterStemmer.stem`, which lowercases first. natural's Porter is the original 1980
 * algorithm; NLTK's default (`NLTK_EXTENSIONS`) adds rules, so the two differ on some words (see the
 * package README for the measured agreement).
 *
 * @example
 * ```ts
 * naturalPorterStem('Caresses'); // 'caress'
 * ```
 */
export function naturalPorterStem(word: string): string {
  return natural.PorterStemmer.stem(word);
}

/**
 * natural's `LancasterStemmer.stem` (Paice/Husk), which lowercases first.
 *
 * @example
 * ```ts
 * naturalLancasterStem('ponies'); // 'pony'
 * ```
 */
export function naturalLancasterStem(word: string): string {
  return natural.LancasterStemmer.stem(word);
}
