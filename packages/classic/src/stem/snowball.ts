/**
 * NLTK's `SnowballStemmer` for the two languages tokenlab covers.
 */

import { optionNames, requireOptionNames, requireOptions, requireText } from '@tokenlab/core';
import { stemByCodePoints } from './code-points.js';
import { SnowballArabicStemmer } from './snowball-arabic.js';
import { snowballEnglishSteps } from './snowball-english.js';
import { DEFAULT_STEM_CACHE_SIZE, StemCache } from './stem-cache.js';

/**
 * The languages {@link SnowballStemmer} supports.
 *
 * @example
 * ```ts
 * const language: SnowballLanguage = 'arabic';
 * ```
 */
export type SnowballLanguage = 'english' | 'arabic';

/**
 * Options of {@link SnowballStemmer}.
 *
 * @example
 * ```ts
 * const options: SnowballStemmerOptions = { ignoreStopwords: ['having'] };
 * new SnowballStemmer('english', options).stem('having'); // 'having'
 * ```
 */
export interface SnowballStemmerOptions {
  /**
   * Words returned unstemmed, NLTK's `ignore_stopwords`. NLTK reads them from its separately
   * downloaded `stopwords` corpus (`stopwords.words(language)`), which tokenlab does not bundle:
   * pass that list (or any other) here. English words are compared after lowercasing, Arabic words
   * after removing diacritics, tatweel and the punctuation the stemmer drops, as in NLTK.
   */
  ignoreStopwords?: Iterable<string>;
  /**
   * Arabic only: keep NLTK's flag that carries over between words (see {@link SnowballArabicStemmer}).
   * True unless given.
   */
  carryVerbState?: boolean;
  /**
   * How many stemmed words to remember (0 turns the memo off). English: 50,000 unless given. Arabic:
   * none unless given, since its stemming costs about as much as a lookup (see {@link SnowballArabicStemmer}).
   */
  cacheSize?: number;
}

/** Every option of {@link SnowballStemmerOptions}, for the check of unknown names. */
const SNOWBALL_OPTIONS = optionNames<SnowballStemmerOptions>()([
  'ignoreStopwords',
  'carryVerbState',
  'cacheSize',
]);

/**
 * The Snowball stemmer NLTK runs for `language`: English is Porter2 with NLTK's region bookkeeping,
 * Arabic is the Snowball Arabic light stemmer as NLTK ports it. Equal to NLTK 3.8 word for word.
 *
 * @example
 * ```ts
 * new SnowballStemmer('english').stem('generously'); // 'generous'
 * new SnowballStemmer('english').stem("dog's");      // 'dog'
 * new SnowballStemmer('arabic').stem('المكتبات');    // 'مكتب'
 * ```
 */
export class SnowballStemmer {
  /** The language this stemmer was made for. */
  readonly language: SnowballLanguage;
  /** The words returned unstemmed. */
  readonly stopwords: ReadonlySet<string>;
  readonly #arabic: SnowballArabicStemmer | undefined;
  readonly #cache: StemCache<string>;

  constructor(language: SnowballLanguage, options: SnowballStemmerOptions = {}) {
    requireOptions(options, 'SnowballStemmer', "{ ignoreStopwords: ['having'] }");
    requireOptionNames(options, SNOWBALL_OPTIONS, 'SnowballStemmer');
    if (language !== 'english' && language !== 'arabic') {
      throw new RangeError(
        `SnowballStemmer: the language '${String(language)}' is not supported (english, arabic)`,
      );
    }
    this.language = language;
    this.stopwords = new Set(options.ignoreStopwords ?? []);
    this.#arabic =
      language === 'arabic'
        ? new SnowballArabicStemmer({
            stopWords: this.stopwords,
            carryVerbState: options.carryVerbState ?? true,
            cacheSize: options.cacheSize,
          })
        : undefined;
    this.#cache = new StemCache(options.cacheSize ?? DEFAULT_STEM_CACHE_SIZE);
  }

  /**
   * The stem of `word`.
   *
   * @example
   * ```ts
   * new SnowballStemmer('english').stem('Running'); // 'run'
   * ```
   */
  stem(word: string): string {
    requireText(word, 'SnowballStemmer.stem');
    if (this.#arabic) return this.#arabic.stem(word);
    let stem = this.#cache.get(word);
    if (stem === undefined) {
      stem = this.#english(word);
      this.#cache.set(word, stem);
    }
    return stem;
  }

  #english(word: string): string {
    const lowered = word.toLowerCase();
    if (this.stopwords.has(lowered)) return lowered;
    return stemByCodePoints(lowered, snowballEnglishSteps);
  }
}
