/**
 * The Snowball Arabic light stemmer (Chelli, Aries and Benzahia) as NLTK's
 * `SnowballStemmer('arabic')` runs it, including NLTK's handling of state between words.
 */

import { requireText } from '@tokenlab/core';
import { stemByCodePoints } from './code-points.js';
import { StemCache } from './stem-cache.js';

/**
 * What NLTK's normalization removes first: short vowels, shadda and sukun (U+064B–U+0652), tatweel
 * (U+0640), U+060C–U+061B (comma to semicolon, with the Quranic marks between) and U+061F (question
 * mark); and, because NLTK writes its character classes with hyphens between the members, the ASCII
 * hyphen-minus too. Removal commutes, so NLTK's three passes are one here.
 */
function isRemoved(code: number): boolean {
  return (
    (code >= 0x064b && code <= 0x0652) ||
    code === 0x0640 ||
    (code >= 0x060c && code <= 0x061b) ||
    code === 0x061f ||
    code === 0x2d
  );
}

/** أ آ إ → ا, ؤ → و, ئ → ي (NLTK's four replacements; their sources and targets do not overlap). */
const HAMZA_SEAT_TARGETS = ['\u0627', '\u0627', '\u0648', '\u0627', '\u064a']; // for U+0622 … U+0626
const FIRST_HAMZA_SEAT = 0x0622;
const LAST_HAMZA_SEAT = 0x0626;

/**
 * A suffix rule: when the word ends in `suffix` and has at least `minLength` letters, its last `drop`
 * letters go. Rules are tried in NLTK's order; a suffix that matches but does not fit lets the next
 * rule be tried, as NLTK's loops do.
 */
interface SuffixRule {
  readonly suffix: string;
  /** The suffix's last character code, compared before the whole suffix. */
  readonly last: number;
  readonly minLength: number;
  readonly drop: number;
}

function rules(list: readonly (readonly [suffix: string, minLength: number, drop: number])[]): SuffixRule[] {
  return list.map(([suffix, minLength, drop]) => ({
    suffix,
    last: suffix.charCodeAt(suffix.length - 1),
    minLength,
    drop,
  }));
}

/** Possessive pronouns on nouns, each kept when fewer than three letters would remain. */
const NOUN_SUFFIXES_1A: readonly SuffixRule[] = rules(
  [
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
  ].map((suffix) => [suffix, suffix.length + 3, suffix.length] as const),
);
/** Object pronouns on verbs: ه ك (length ≥ 4), ني نا ها هم هن كم كن (≥ 5), هما كما كمو (≥ 6). */
const VERB_SUFFIXES_1: readonly SuffixRule[] = rules(
  [
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
  ].map((suffix) => [suffix, suffix.length + 3, suffix.length] as const),
);
/**
 * Verb endings: one letter at length ≥ 4, the past endings نا تا تن at ≥ 5, the present endings
 * ان ون ين at ≥ 6 and تما at ≥ 6 (NLTK skips them all for words of three letters or fewer).
 */
const VERB_SUFFIXES_2A: readonly SuffixRule[] = rules([
  ['\u062a', 4, 1], // ت
  ['\u0627', 4, 1], // ا
  ['\u0646', 4, 1], // ن
  ['\u064a', 4, 1], // ي
  ['\u0646\u0627', 5, 2], // نا
  ['\u062a\u0627', 5, 2], // تا
  ['\u062a\u0646', 5, 2], // تن
  ['\u0627\u0646', 6, 2], // ان
  ['\u0648\u0646', 6, 2], // ون
  ['\u064a\u0646', 6, 2], // ين
  ['\u062a\u0645\u0627', 6, 3], // تما
]);
/** وا تم at length ≥ 5. */
const VERB_SUFFIXES_2B: readonly SuffixRule[] = rules([
  ['\u0648\u0627', 5, 2],
  ['\u062a\u0645', 5, 2],
]);
/** و at length ≥ 4, or تمو at ≥ 6; و is tried first, so تمو is only reached when و does not fit. */
const VERB_SUFFIXES_2C: readonly SuffixRule[] = rules([
  ['\u0648', 4, 1],
  ['\u062a\u0645\u0648', 6, 3],
]);
/** The plural endings ا ي و at length ≥ 5. */
const NOUN_SUFFIXES_2A: readonly SuffixRule[] = rules([
  ['\u0627', 5, 1],
  ['\u064a', 5, 1],
  ['\u0648', 5, 1],
]);
/**
 * Meant as the plural ending ات, but NLTK stores it as a string and loops over its letters: a word
 * of five or more letters ending in ا or ت loses two letters.
 */
const NOUN_SUFFIXES_2B: readonly SuffixRule[] = rules([
  ['\u0627', 5, 2],
  ['\u062a', 5, 2],
]);
const NOUN_SUFFIX_2C1: readonly SuffixRule[] = rules([['\u062a', 4, 1]]); // ت
const TEH_MARBUTA: readonly SuffixRule[] = rules([['\u0629', 3, 1]]); // ة
const NOUN_SUFFIX_1B: readonly SuffixRule[] = rules([['\u0646', 6, 1]]); // ن
const FINAL_YEH: readonly SuffixRule[] = rules([['\u064a', 3, 1]]); // ي

const HAMZA_PREFIXES = ['\u0623\u0623', '\u0623\u0622', '\u0623\u0624', '\u0623\u0627', '\u0623\u0625']; // أأ أآ أؤ أا أإ
const CONJUNCTION_ARTICLES = ['\u0641\u0627\u0644', '\u0648\u0627\u0644']; // فال وال
const FUTURE_PREFIXES = ['\u0633\u064a', '\u0633\u062a', '\u0633\u0646', '\u0633\u0623']; // سي ست سن سأ
const ISTAF_PREFIXES = ['\u064a\u0633\u062a', '\u0646\u0633\u062a', '\u062a\u0633\u062a']; // يست نست تست

const ALEF = 0x0627;
const BEH = 0x0628;
const FEH = 0x0641;
const KAF = 0x0643;
const LAM = 0x0644;
const WAW = 0x0648;

/**
 * The word after the first rule of `suffixRules` that fits it, or the word itself (the same string, so a
 * caller can tell whether a rule applied by comparing).
 */
function dropSuffix(word: string, suffixRules: readonly SuffixRule[]): string {
  const n = word.length;
  const last = word.charCodeAt(n - 1);
  for (const rule of suffixRules) {
    if (rule.last === last && n >= rule.minLength && word.endsWith(rule.suffix))
      return word.slice(0, n - rule.drop);
  }
  return word;
}

/** Whether `word` holds a surrogate (an astral character), the rare case that needs stand-ins. */
function hasSurrogate(word: string): boolean {
  for (let at = 0; at < word.length; at++) {
    if ((word.charCodeAt(at) & 0xf800) === 0xd800) return true;
  }
  return false;
}

const unchanged = (text: string): string => text;

/** Whether `word` starts with one of `prefixes`. */
function startsWithAny(word: string, prefixes: readonly string[]): boolean {
  const first = word.charCodeAt(0);
  for (const prefix of prefixes) if (prefix.charCodeAt(0) === first && word.startsWith(prefix)) return true;
  return false;
}

/** The length of the article `word` starts with: 2 for ال or لل, 3 for كال or بال, else 0. */
function articleLength(word: string): 0 | 2 | 3 {
  const first = word.charCodeAt(0);
  if (first === ALEF || first === LAM) return word.charCodeAt(1) === LAM ? 2 : 0;
  if (first === KAF || first === BEH)
    return word.charCodeAt(1) === ALEF && word.charCodeAt(2) === LAM ? 3 : 0;
  return 0;
}

/** `word` without the characters NLTK's normalization removes; the same string when there are none. */
function removeMarks(word: string): string {
  let out = '';
  let from = 0;
  for (let at = 0; at < word.length; at++) {
    if (!isRemoved(word.charCodeAt(at))) continue;
    out += word.slice(from, at);
    from = at + 1;
  }
  return from === 0 ? word : out + word.slice(from);
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
 * Words are stemmed as strings compared in place (`endsWith`, `startsWith`, character codes): the
 * only strings made are the shortened words themselves.
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
  readonly #caches: [StemCache<[string, boolean]>, StemCache<[string, boolean]>] | undefined;
  /** Made once: a closure per word would be garbage per word. */
  readonly #stemOne = (word: string, restore: (text: string) => string): string => this.#stem(word, restore);

  constructor(
    options: {
      stopWords?: ReadonlySet<string>;
      carryVerbState?: boolean;
      /**
       * How many stemmed words to remember; none unless given. Stemming an Arabic word here costs
       * about as much as looking it up in a memo of a text's vocabulary (tens of thousands of words,
       * a table that falls out of the processor's cache), so the memo only adds memory.
       */
      cacheSize?: number | undefined;
    } = {},
  ) {
    this.#stopWords = options.stopWords ?? new Set();
    this.#carryVerbState = options.carryVerbState ?? true;
    const size = options.cacheSize ?? 0;
    this.#caches = size > 0 ? [new StemCache(size), new StemCache(size)] : undefined;
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
    requireText(word, 'SnowballArabicStemmer.stem');
    if (!this.#carryVerbState) this.#verbStep1Succeeded = false;
    if (!this.#caches) return this.#stemWord(word);
    const flagBefore = this.#verbStep1Succeeded;
    const cache = this.#caches[flagBefore ? 1 : 0];
    const known = cache.get(word);
    if (known !== undefined) {
      if (known[1]) this.#verbStep1Succeeded = true;
      return known[0];
    }
    const stem = this.#stemWord(word);
    cache.set(word, [stem, !flagBefore && this.#verbStep1Succeeded]);
    return stem;
  }

  #stemWord(word: string): string {
    return hasSurrogate(word) ? stemByCodePoints(word, this.#stemOne) : this.#stem(word, unchanged);
  }

  #stem(word: string, restore: (text: string) => string): string {
    // NLTK starts with the word both a noun and a verb and, before the suffix steps, only ever
    // clears "verb": every word goes through the noun suffixes.
    const isDefined = hasDefiniteArticle(word);
    const isVerb = !isDefined && !hasNounEnding(word);
    let token = removeMarks(word);
    if (token.length <= 2 || (this.#stopWords.size > 0 && this.#stopWords.has(restore(token)))) return token;

    if (isVerb) {
      const before = token;
      token = dropSuffix(token, VERB_SUFFIXES_1);
      if (token !== before) this.#verbStep1Succeeded = true;
      const stepped = token;
      if (this.#verbStep1Succeeded) {
        token = dropSuffix(token, VERB_SUFFIXES_2A);
        if (token === stepped) token = dropSuffix(token, VERB_SUFFIXES_2C);
      } else {
        token = dropSuffix(token, VERB_SUFFIXES_2B);
        if (token === stepped) token = dropSuffix(token, VERB_SUFFIXES_2A);
      }
    }
    token = nounSuffixes(token, isDefined);

    token = hamzaPrefixStep(token);
    const beforeArticle = token;
    token = conjunctionArticleStep(token);
    if (token === beforeArticle) token = conjunctionStep(token);
    // Only ال and لل count as a removed article; كال and بال go without setting NLTK's flag.
    const article = nounPrefix3aLength(token);
    if (article > 0) token = token.slice(article);
    if (article !== 2) {
      token = nounPrefixStep3b(token);
    } else if (isVerb) {
      // NLTK tests here whether step 3b succeeded, but 3b has not run for this word: always false.
      token = istafStep(futureStep(token));
    }
    return normalizeHamza(token);
  }
}

/** Steps 2c2 (ة), 1a or 1b, 2a to 2c1 and 3 (ي) of the noun suffixes. */
function nounSuffixes(word: string, isDefined: boolean): string {
  let token = dropSuffix(word, TEH_MARBUTA);
  if (token === word) {
    if (!isDefined) {
      token = nounPlurals(dropSuffix(token, NOUN_SUFFIXES_1A), true);
    } else {
      const before = token;
      token = dropSuffix(token, NOUN_SUFFIX_1B);
      token = nounPlurals(token, token !== before);
    }
  }
  return dropSuffix(token, FINAL_YEH);
}

/** Steps 2a, 2b and 2c1 of the noun suffixes; `full` runs all three, otherwise only 2b. */
function nounPlurals(word: string, full: boolean): string {
  if (!full) return dropSuffix(word, NOUN_SUFFIXES_2B);
  let token = dropSuffix(word, NOUN_SUFFIXES_2A);
  if (token === word) token = dropSuffix(word, NOUN_SUFFIXES_2B);
  if (token === word) token = dropSuffix(word, NOUN_SUFFIX_2C1);
  return token;
}

/** كال or بال before more than one letter, ال or لل before more than one: a defined noun. */
function hasDefiniteArticle(word: string): boolean {
  const article = articleLength(word);
  return article > 0 && word.length > article + 1;
}

/** ة after more than one letter or ات after more than one: a noun, not a verb. */
function hasNounEnding(word: string): boolean {
  const n = word.length;
  return (n > 2 && word.endsWith('\u0629')) || (n > 3 && word.endsWith('\u0627\u062a'));
}

/** أأ أآ أؤ أا أإ at the start of a word longer than 3 lose their first hamza. */
function hamzaPrefixStep(word: string): string {
  return word.length > 3 && startsWithAny(word, HAMZA_PREFIXES) ? word.slice(1) : word;
}

/** فال وال at the start of a word longer than 5 go. */
function conjunctionArticleStep(word: string): string {
  return word.length > 5 && startsWithAny(word, CONJUNCTION_ARTICLES) ? word.slice(3) : word;
}

/** ف or و at the start of a word longer than 3 goes, unless the word starts with وا or فا. */
function conjunctionStep(word: string): string {
  if (word.length <= 3) return word;
  const first = word.charCodeAt(0);
  if ((first !== FEH && first !== WAW) || word.charCodeAt(1) === ALEF) return word;
  return word.slice(1);
}

/** How many letters of article step 3a goes: ال لل in a word longer than 4, كال بال longer than 5. */
function nounPrefix3aLength(word: string): 0 | 2 | 3 {
  const article = articleLength(word);
  return word.length > article + 2 ? article : 0;
}

/** ب (length > 3), ك or ل (> 4), and كك (> 3) lose their first letter; NLTK's loop, unrolled. */
function nounPrefixStep3b(word: string): string {
  const n = word.length;
  const first = word.charCodeAt(0);
  if (first === BEH) return n > 3 ? word.slice(1) : word;
  if (first === LAM) return n > 4 ? word.slice(1) : word;
  if (first === KAF && (n > 4 || (n > 3 && word.charCodeAt(1) === KAF))) return word.slice(1);
  return word;
}

function futureStep(word: string): string {
  return word.length > 4 && startsWithAny(word, FUTURE_PREFIXES) ? word.slice(1) : word;
}

/** يست نست تست become است (NLTK then calls the word a verb, which no later step reads). */
function istafStep(word: string): string {
  return word.length > 4 && startsWithAny(word, ISTAF_PREFIXES) ? `\u0627\u0633\u062a${word.slice(3)}` : word;
}

function isHamzaSeat(code: number): boolean {
  return code >= FIRST_HAMZA_SEAT && code <= LAST_HAMZA_SEAT;
}

/** A final hamza seat becomes ء; then أ آ إ become ا, ؤ becomes و and ئ becomes ي. */
function normalizeHamza(word: string): string {
  const last = word.length - 1;
  let out = '';
  let from = 0;
  for (let at = 0; at <= last; at++) {
    const code = word.charCodeAt(at);
    if (!isHamzaSeat(code)) continue;
    out += word.slice(from, at) + (at === last ? '\u0621' : HAMZA_SEAT_TARGETS[code - FIRST_HAMZA_SEAT]);
    from = at + 1;
  }
  return from === 0 ? word : out + word.slice(from);
}
