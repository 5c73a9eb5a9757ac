/**
 * The Snowball Arabic light stemmer (Chelli, Aries and Benzahia) as NLTK's
 * `SnowballStemmer('arabic')` runs it, including NLTK's handling of state between words.
 */

import { stemByCodePoints } from './code-points.js';
import { DEFAULT_STEM_CACHE_SIZE, StemCache } from './stem-cache.js';

/**
 * What NLTK's normalization removes first: short vowels, shadda and sukun (U+064B–U+0652), tatweel
 * (U+0640), U+060C–U+061B (comma to semicolon, with the Quranic marks between) and U+061F (question
 * mark); and, because NLTK writes its character classes with hyphens between the members, the ASCII
 * hyphen-minus too. Removal commutes, so NLTK's three passes are one here.
 */
const REMOVED = /[\u064b-\u0652\u0640\u060c-\u061b\u061f-]/g;
const FINAL_HAMZAT = new Set(['\u0623', '\u0625', '\u0622', '\u0624', '\u0626']);
/** أ آ إ → ا, ؤ → و, ئ → ي (NLTK's four replacements; their sources and targets do not overlap). */
const HAMZA_SEATS = /[\u0622-\u0626]/g;
const HAMZA_SEAT_TARGETS: Readonly<Record<string, string>> = {
  '\u0622': '\u0627',
  '\u0623': '\u0627',
  '\u0624': '\u0648',
  '\u0625': '\u0627',
  '\u0626': '\u064a',
};

const ARTICLES_3 = ['\u0643\u0627\u0644', '\u0628\u0627\u0644']; // كال بال
const ARTICLES_2 = ['\u0627\u0644', '\u0644\u0644']; // ال لل
const CHECKS_1 = [...ARTICLES_3, ...ARTICLES_2];

const NOUN_SUFFIXES_1A = [
  '\u064a', // ي
  '\u0643', // ك
  '\u0647', // ه
  '\u0646\u0627', // نا
  '\u0643\u0645', // كم
  '\u0647\u0627', // ها
  '\u0647\u0646', // هن
  '\u0647\u0645', // هم
  '\u0643\u0645\u0627', // كما
  '\u0647\u0645\u0627', // هما
];
const NOUN_SUFFIXES_2A = ['\u0627', '\u064a', '\u0648']; // ا ي و
/**
 * Meant as the plural ending ات, but NLTK stores it as a string and loops over its letters: a word
 * of five or more letters ending in ا or ت loses two letters.
 */
const NOUN_SUFFIXES_2B = ['\u0627', '\u062a'];
const VERB_SUFFIXES_1 = [
  '\u0647', // ه
  '\u0643', // ك
  '\u0646\u064a', // ني
  '\u0646\u0627', // نا
  '\u0647\u0627', // ها
  '\u0647\u0645', // هم
  '\u0647\u0646', // هن
  '\u0643\u0645', // كم
  '\u0643\u0646', // كن
  '\u0647\u0645\u0627', // هما
  '\u0643\u0645\u0627', // كما
  '\u0643\u0645\u0648', // كمو
];
const VERB_SUFFIXES_2A = [
  '\u062a', // ت
  '\u0627', // ا
  '\u0646', // ن
  '\u064a', // ي
  '\u0646\u0627', // نا
  '\u062a\u0627', // تا
  '\u062a\u0646', // تن
  '\u0627\u0646', // ان
  '\u0648\u0646', // ون
  '\u064a\u0646', // ين
  '\u062a\u0645\u0627', // تما
];
const VERB_PAST = ['\u0646\u0627', '\u062a\u0627', '\u062a\u0646'];
const VERB_PRESENT = ['\u0627\u0646', '\u0648\u0646', '\u064a\u0646'];
const VERB_SUFFIXES_2B = ['\u0648\u0627', '\u062a\u0645']; // وا تم
const HAMZA_PREFIXES = ['\u0623\u0623', '\u0623\u0622', '\u0623\u0624', '\u0623\u0627', '\u0623\u0625']; // أأ أآ أؤ أا أإ
const CONJUNCTION_ARTICLES = ['\u0641\u0627\u0644', '\u0648\u0627\u0644']; // فال وال
const CONJUNCTIONS = ['\u0641', '\u0648']; // ف و
const FA_WA = ['\u0648\u0627', '\u0641\u0627']; // وا فا
const NOUN_PREFIXES_3A = [...ARTICLES_2, ...ARTICLES_3];
const NOUN_PREFIXES_3B = ['\u0628', '\u0643', '\u0644', '\u0628\u0628', '\u0643\u0643']; // ب ك ل بب كك
const FUTURE_PREFIXES = ['\u0633\u064a', '\u0633\u062a', '\u0633\u0646', '\u0633\u0623']; // سي ست سن سأ
const ISTAF_PREFIXES = ['\u064a\u0633\u062a', '\u0646\u0633\u062a', '\u062a\u0633\u062a']; // يست نست تست

/** Python's `len` (the word is stemmed through {@link stemByCodePoints}: one unit per code point). */
function length(text: string): number {
  return text.length;
}

/** Drops the last `count` characters. */
function dropEnd(text: string, count: number): string {
  return text.slice(0, Math.max(0, text.length - count));
}

/** What the word was judged to be, and which steps succeeded, while stemming one word. */
interface WordState {
  isVerb: boolean;
  isNoun: boolean;
  isDefined: boolean;
}

/**
 * The Snowball Arabic light stemmer as NLTK 3.8 implements it (not the Snowball project's own
 * program, from which NLTK's port differs in places). It removes diacritics, tatweel, some
 * punctuation and the hyphen, strips verb or noun suffixes and prefixes by length, and normalizes
 * hamza forms.
 *
 * NLTK's stemmer keeps one flag between calls: once a word has lost a verb suffix in the first verb
 * step, every later word is treated as if it had too. This class does the same by default so that a
 * sequence of words stems exactly as in NLTK; pass `carryVerbState: false` for the stateless variant.
 *
 * @example
 * ```ts
 * const arabic = new SnowballArabicStemmer();
 * arabic.stem('الكتاب');  // 'كتاب'
 * arabic.stem('يكتبون'); // 'يكتب'
 * ```
 */
export class SnowballArabicStemmer {
  readonly #stopWords: ReadonlySet<string>;
  readonly #carryVerbState: boolean;
  /** NLTK never resets this flag; see the class comment. */
  #verbStep1Succeeded = false;
  /** Stems remembered per state of the flag, with whether stemming the word sets it. */
  readonly #caches: [StemCache<[string, boolean]>, StemCache<[string, boolean]>];

  constructor(
    options: {
      stopWords?: ReadonlySet<string>;
      carryVerbState?: boolean;
      cacheSize?: number | undefined;
    } = {},
  ) {
    this.#stopWords = options.stopWords ?? new Set();
    this.#carryVerbState = options.carryVerbState ?? true;
    const size = options.cacheSize ?? DEFAULT_STEM_CACHE_SIZE;
    this.#caches = [new StemCache(size), new StemCache(size)];
  }

  /**
   * The stem of `word`.
   *
   * @example
   * ```ts
   * new SnowballArabicStemmer().stem('والمدرسة'); // 'مدرس'
   * ```
   */
  stem(word: string): string {
    if (!this.#carryVerbState) this.#verbStep1Succeeded = false;
    const flagBefore = this.#verbStep1Succeeded;
    const cache = this.#caches[flagBefore ? 1 : 0];
    const known = cache.get(word);
    if (known !== undefined) {
      if (known[1]) this.#verbStep1Succeeded = true;
      return known[0];
    }
    const stem = stemByCodePoints(word, (text, restore) => this.#stem(text, restore));
    cache.set(word, [stem, !flagBefore && this.#verbStep1Succeeded]);
    return stem;
  }

  #stem(word: string, restore: (text: string) => string): string {
    const state: WordState = { isVerb: true, isNoun: true, isDefined: false };
    classifyByPrefix(word, state);
    classifyBySuffix(word, state);
    let token = word.replace(REMOVED, '');
    if (length(token) <= 2 || (this.#stopWords.size > 0 && this.#stopWords.has(restore(token)))) return token;

    if (state.isVerb) {
      const before = token;
      token = verbSuffixStep1(token);
      if (token !== before) this.#verbStep1Succeeded = true;
      if (this.#verbStep1Succeeded) {
        const [next, done] = verbSuffixStep2a(token);
        token = done ? next : verbSuffixStep2c(token);
      } else {
        const [next, done] = verbSuffixStep2b(token);
        token = done ? next : verbSuffixStep2a(token)[0];
      }
    }
    if (state.isNoun) token = this.#nounSuffixes(token, state);
    if (!state.isNoun && state.isVerb && token.endsWith('\u0649')) token = `${dropEnd(token, 1)}\u064a`;

    token = hamzaPrefixStep(token);
    const [afterArticle, articleRemoved] = conjunctionArticleStep(token);
    token = articleRemoved ? afterArticle : conjunctionStep(token);
    const [afterDefinite, definiteRemoved] = nounPrefixStep3a(token);
    token = afterDefinite;
    if (!definiteRemoved && state.isNoun) {
      token = nounPrefixStep3b(token);
    } else if (state.isVerb) {
      // NLTK tests here whether step 3b succeeded, but 3b has not run for this word: always false.
      token = istafStep(futureStep(token), state);
    }
    return normalizeHamza(token);
  }

  #nounSuffixes(word: string, state: WordState): string {
    const [afterTehMarbuta, succeeded2c2] = tryDrop(word, ['\u0629'], (n) => n >= 3, 1);
    let token = afterTehMarbuta;
    if (!succeeded2c2) {
      if (!state.isDefined) {
        token = nounSuffixStep1a(token);
        token = nounPlurals(token, true);
      } else {
        let succeeded1b: boolean;
        [token, succeeded1b] = tryDrop(token, ['\u0646'], (n) => n > 5, 1);
        if (succeeded1b) token = nounPlurals(token, true);
        else token = nounPlurals(token, false);
      }
    }
    return tryDrop(token, ['\u064a'], (n) => n >= 3, 1)[0];
  }
}

/** Steps 2a, 2b and 2c1 of the noun suffixes; `full` runs all three, otherwise only 2b. */
function nounPlurals(word: string, full: boolean): string {
  if (!full) return tryDrop(word, NOUN_SUFFIXES_2B, (n) => n >= 5, 2)[0];
  const [after2a, succeeded2a] = tryDrop(word, NOUN_SUFFIXES_2A, (n) => n > 4, 1);
  let token = after2a;
  let succeeded2b = false;
  if (!succeeded2a) [token, succeeded2b] = tryDrop(token, NOUN_SUFFIXES_2B, (n) => n >= 5, 2);
  if (!succeeded2a && !succeeded2b) token = tryDrop(token, ['\u062a'], (n) => n >= 4, 1)[0];
  return token;
}

/** Removes `count` letters when the word ends in one of `suffixes` and its length passes `fits`. */
function tryDrop(
  word: string,
  suffixes: readonly string[],
  fits: (length: number) => boolean,
  count: number,
): [string, boolean] {
  for (const suffix of suffixes) {
    if (word.endsWith(suffix) && fits(length(word))) return [dropEnd(word, count), true];
  }
  return [word, false];
}

function classifyByPrefix(word: string, state: WordState): void {
  const n = length(word);
  for (const prefix of CHECKS_1) {
    if (!word.startsWith(prefix)) continue;
    if ((ARTICLES_3.includes(prefix) && n > 4) || (ARTICLES_2.includes(prefix) && n > 3)) {
      state.isNoun = true;
      state.isVerb = false;
      state.isDefined = true;
      return;
    }
  }
}

function classifyBySuffix(word: string, state: WordState): void {
  const n = length(word);
  if ((word.endsWith('\u0629') && n > 2) || (word.endsWith('\u0627\u062a') && n > 3)) {
    state.isNoun = true;
    state.isVerb = false;
  }
}

/** Object pronouns on verbs: ه ك (length ≥ 4), ني نا ها هم هن كم كن (≥ 5), هما كما كمو (≥ 6). */
function verbSuffixStep1(word: string): string {
  const n = length(word);
  for (const suffix of VERB_SUFFIXES_1) {
    if (!word.endsWith(suffix)) continue;
    const size = length(suffix);
    if (n >= size + 3) return dropEnd(word, size);
  }
  return word;
}

function verbSuffixStep2a(word: string): [string, boolean] {
  const n = length(word);
  for (const suffix of VERB_SUFFIXES_2A) {
    if (!word.endsWith(suffix) || n <= 3) continue;
    if (suffix.length === 1 && n >= 4) return [dropEnd(word, 1), true];
    if (VERB_PAST.includes(suffix) && n >= 5) return [dropEnd(word, 2), true];
    if (VERB_PRESENT.includes(suffix) && n > 5) return [dropEnd(word, 2), true];
    if (suffix === '\u062a\u0645\u0627' && n >= 6) return [dropEnd(word, 3), true];
  }
  return [word, false];
}

function verbSuffixStep2b(word: string): [string, boolean] {
  return tryDrop(word, VERB_SUFFIXES_2B, (n) => n >= 5, 2);
}

/** و (length ≥ 4) or تمو (≥ 6); و is tried first, so تمو is only reached when و does not fit. */
function verbSuffixStep2c(word: string): string {
  const n = length(word);
  if (word.endsWith('\u0648') && n >= 4) return dropEnd(word, 1);
  if (word.endsWith('\u062a\u0645\u0648') && n >= 6) return dropEnd(word, 3);
  return word;
}

function nounSuffixStep1a(word: string): string {
  const n = length(word);
  for (const suffix of NOUN_SUFFIXES_1A) {
    if (!word.endsWith(suffix)) continue;
    const size = length(suffix);
    if (n >= size + 3) return dropEnd(word, size);
  }
  return word;
}

/** أأ أآ أؤ أا أإ at the start of a word longer than 3 lose their first hamza. */
function hamzaPrefixStep(word: string): string {
  if (length(word) <= 3) return word;
  for (const prefix of HAMZA_PREFIXES) if (word.startsWith(prefix)) return word.slice(1);
  return word;
}

function conjunctionArticleStep(word: string): [string, boolean] {
  if (length(word) <= 5) return [word, false];
  for (const prefix of CONJUNCTION_ARTICLES)
    if (word.startsWith(prefix)) return [word.slice(prefix.length), true];
  return [word, false];
}

function conjunctionStep(word: string): string {
  if (length(word) <= 3 || FA_WA.includes(word.slice(0, 2))) return word;
  for (const prefix of CONJUNCTIONS) if (word.startsWith(prefix)) return word.slice(prefix.length);
  return word;
}

function nounPrefixStep3a(word: string): [string, boolean] {
  const n = length(word);
  for (const prefix of NOUN_PREFIXES_3A) {
    if (!word.startsWith(prefix)) continue;
    if (ARTICLES_2.includes(prefix) && n > 4) return [word.slice(prefix.length), true];
    if (ARTICLES_3.includes(prefix) && n > 5) return [word.slice(prefix.length), false];
  }
  return [word, false];
}

function nounPrefixStep3b(word: string): string {
  const n = length(word);
  for (const prefix of NOUN_PREFIXES_3B) {
    if (!word.startsWith(prefix)) continue;
    if (n > 3) {
      if (prefix === '\u0628') return word.slice(1);
      if (prefix.length === 2) return word.slice(1);
    }
    if ((prefix === '\u0643' || prefix === '\u0644') && n > 4) return word.slice(1);
  }
  return word;
}

function futureStep(word: string): string {
  if (length(word) <= 4) return word;
  for (const prefix of FUTURE_PREFIXES) if (word.startsWith(prefix)) return word.slice(1);
  return word;
}

function istafStep(word: string, state: WordState): string {
  if (length(word) <= 4) return word;
  for (const prefix of ISTAF_PREFIXES) {
    if (word.startsWith(prefix)) {
      state.isVerb = true;
      state.isNoun = false;
      return `\u0627\u0633\u062a${word.slice(3)}`;
    }
  }
  return word;
}

/** A final hamza seat becomes ء; then أ آ إ become ا, ؤ becomes و and ئ becomes ي. */
function normalizeHamza(word: string): string {
  let token = word;
  if (FINAL_HAMZAT.has(token.slice(-1))) token = `${token.slice(0, -1)}\u0621`;
  return token.replace(HAMZA_SEATS, (seat) => HAMZA_SEAT_TARGETS[seat] as string);
}
