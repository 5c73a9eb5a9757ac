import { requireText } from '@tokenlab/core';
import { naturalClasses } from './modules.js';

/**
 * The longest word {@link naturalPorterStem} takes: natural's Porter stemmer is quadratic in the word's
 * length on some inputs (8,000 dots took a second), and no real word comes near.
 *
 * @example
 * ```ts
 * NATURAL_PORTER_MAX_LENGTH; // 1000
 * ```
 */
export const NATURAL_PORTER_MAX_LENGTH = 1000;

/**
 * natural's `PorterStemmer.stem`, which lowercases first. natural's Porter is the original 1980
 * algorithm; NLTK's default (`NLTK_EXTENSIONS`) adds rules, so the two differ on some words (see the
 * package README for the measured agreement). Words longer than {@link NATURAL_PORTER_MAX_LENGTH}
 * UTF-16 units are refused with a RangeError.
 *
 * @example
 * ```ts
 * naturalPorterStem('Caresses'); // 'caress'
 * ```
 */
export function naturalPorterStem(word: string): string {
  requireText(word, 'naturalPorterStem');
  if (word.length > NATURAL_PORTER_MAX_LENGTH)
    throw new RangeError(
      `natural's Porter stemmer takes words of at most ${NATURAL_PORTER_MAX_LENGTH} characters (it is quadratic in the length); got one of ${word.length}`,
    );
  return naturalClasses().PorterStemmer.stem(word);
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
  requireText(word, 'naturalLancasterStem');
  return naturalClasses().LancasterStemmer.stem(word);
}
