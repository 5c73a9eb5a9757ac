/**
 * The Porter stemmer (Porter 1980) as NLTK's `PorterStemmer` runs it, in NLTK's three modes.
 */

import {
  codePointLength,
  optionNames,
  requireOptionNames,
  requireOptions,
  requireText,
} from '@tokenlab/core';
import { stemByCodePoints } from './code-points.js';
import { DEFAULT_STEM_CACHE_SIZE, StemCache } from './stem-cache.js';

/**
 * Which variant of the Porter algorithm to run, named as in NLTK:
 * - `NLTK_EXTENSIONS` (the default): Martin Porter's later fixes plus NLTK's own (irregular forms
 *   such as `dying` → `die`, `-ies` on four-letter words, `y` → `i` only after a consonant, `-fulli`, `-logi`);
 * - `MARTIN_EXTENSIONS`: the algorithm as on Martin Porter's website (frozen);
 * - `ORIGINAL_ALGORITHM`: the 1980 paper as published.
 *
 * @example
 * ```ts
 * const mode: PorterMode = 'MARTIN_EXTENSIONS';
 * new PorterStemmer({ mode }).stem('dying'); // 'dy'
 * ```
 */
export type PorterMode = 'NLTK_EXTENSIONS' | 'MARTIN_EXTENSIONS' | 'ORIGINAL_ALGORITHM';

/**
 * The modes {@link PorterStemmer} accepts.
 *
 * @example
 * ```ts
 * PORTER_MODES.includes('ORIGINAL_ALGORITHM'); // true
 * ```
 */
export const PORTER_MODES: readonly PorterMode[] = [
  'NLTK_EXTENSIONS',
  'MARTIN_EXTENSIONS',
  'ORIGINAL_ALGORITHM',
];

/**
 * Options of {@link PorterStemmer}.
 *
 * @example
 * ```ts
 * const options: PorterStemmerOptions = { mode: 'ORIGINAL_ALGORITHM' };
 * new PorterStemmer(options).stem('as'); // 'a'
 * ```
 */
export interface PorterStemmerOptions {
  /** The variant of the algorithm; `NLTK_EXTENSIONS` unless given. */
  mode?: PorterMode;
  /** How many stemmed words to remember (50,000 unless given; 0 turns the memo off). */
  cacheSize?: number;
}

/** Every option of {@link PorterStemmerOptions}, for the check of unknown names. */
const PORTER_OPTIONS = optionNames<PorterStemmerOptions>()(['mode', 'cacheSize']);

/** NLTK's irregular forms (NLTK_EXTENSIONS only): the word as given maps straight to its stem. */
const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    sky: ['sky', 'skies'],
    die: ['dying'],
    lie: ['lying'],
    tie: ['tying'],
    news: ['news'],
    inning: ['innings', 'inning'],
    outing: ['outings', 'outing'],
    canning: ['cannings', 'canning'],
    howe: ['howe'],
    proceed: ['proceed'],
    exceed: ['exceed'],
    succeed: ['succeed'],
  }).flatMap(([stem, forms]) => forms.map((form): [string, string] => [form, stem])),
);

const A = 97;
const E = 101;
const I = 105;
const O = 111;
const U = 117;
const Y = 121;

function isVowelCode(code: number): boolean {
  return code === A || code === E || code === I || code === O || code === U;
}

/** Porter's consonant: not a, e, i, o, u, and not a `y` that follows a consonant. */
function isConsonant(word: string, index: number): boolean {
  let i = index;
  // A run of y's alternates consonant/vowel starting from the letter before it.
  let flips = 0;
  while (word.charCodeAt(i) === Y) {
    if (i === 0) return flips % 2 === 0;
    flips++;
    i--;
  }
  const consonant = !isVowelCode(word.charCodeAt(i));
  return flips % 2 === 0 ? consonant : !consonant;
}

/** Porter's measure m of `stem` in [C](VC){m}[V]: the number of vowel-to-consonant changes. */
function measure(stem: string): number {
  let count = 0;
  let previousConsonant = true;
  for (let i = 0; i < stem.length; i++) {
    const code = stem.charCodeAt(i);
    const consonant: boolean = isVowelCode(code) ? false : code === Y ? i === 0 || !previousConsonant : true;
    if (i > 0 && consonant && !previousConsonant) count++;
    previousConsonant = consonant;
  }
  return count;
}

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word.charCodeAt(n - 1) === word.charCodeAt(n - 2) && isConsonant(word, n - 1);
}

/** A rule of a step: when `word` ends in `suffix` and `condition` holds for the rest, swap in `replacement`. */
interface Rule {
  suffix: string;
  replacement: string;
  condition: ((stem: string, word: string) => boolean) | null;
}

const positiveMeasure = (stem: string): boolean => measure(stem) > 0;
const measureAboveOne = (stem: string): boolean => measure(stem) > 1;

function rule(suffix: string, replacement: string, condition: Rule['condition'] = positiveMeasure): Rule {
  return { suffix, replacement, condition };
}

/** Rules grouped by the last letter of their suffix, in table order: only one group can match a word. */
type RuleTable = ReadonlyMap<string, readonly Rule[]>;

function ruleTable(rules: readonly Rule[]): RuleTable {
  const table = new Map<string, Rule[]>();
  for (const rule of rules) {
    const last = rule.suffix.slice(-1);
    const group = table.get(last);
    if (group) group.push(rule);
    else table.set(last, [rule]);
  }
  return table;
}

/** The first rule whose suffix the word ends in decides: it applies, or the word is left alone. */
function applyFirstMatch(word: string, table: RuleTable): string {
  const rules = table.get(word.slice(-1));
  if (rules === undefined) return word;
  for (const { suffix, replacement, condition } of rules) {
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      return condition === null || condition(stem, word) ? stem + replacement : word;
    }
  }
  return word;
}

const STEP1A_RULES = ruleTable([
  rule('sses', 'ss', null),
  rule('ies', 'i', null),
  rule('ss', 'ss', null),
  rule('s', '', null),
]);

const STEP3_RULES = ruleTable([
  rule('icate', 'ic'),
  rule('ative', ''),
  rule('alize', 'al'),
  rule('iciti', 'ic'),
  rule('ical', 'ic'),
  rule('ful', ''),
  rule('ness', ''),
]);

const STEP4_RULES = ruleTable([
  ...['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent'].map((suffix) =>
    rule(suffix, '', measureAboveOne),
  ),
  rule('ion', '', (stem) => measure(stem) > 1 && (stem.endsWith('s') || stem.endsWith('t'))),
  ...['ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'].map((suffix) => rule(suffix, '', measureAboveOne)),
]);

const STEP5B_RULES = ruleTable([rule('ll', 'l', (_stem, word) => measure(word.slice(0, -1)) > 1)]);

function step2Rules(mode: PorterMode): RuleTable {
  const rules = [
    rule('ational', 'ate'),
    rule('tional', 'tion'),
    rule('enci', 'ence'),
    rule('anci', 'ance'),
    rule('izer', 'ize'),
    mode === 'ORIGINAL_ALGORITHM' ? rule('abli', 'able') : rule('bli', 'ble'),
    rule('alli', 'al'),
    rule('entli', 'ent'),
    rule('eli', 'e'),
    rule('ousli', 'ous'),
    rule('ization', 'ize'),
    rule('ation', 'ate'),
    rule('ator', 'ate'),
    rule('alism', 'al'),
    rule('iveness', 'ive'),
    rule('fulness', 'ful'),
    rule('ousness', 'ous'),
    rule('aliti', 'al'),
    rule('iviti', 'ive'),
    rule('biliti', 'ble'),
  ];
  if (mode === 'NLTK_EXTENSIONS') {
    rules.push(rule('fulli', 'ful'));
    // NLTK measures the stem with the `l` of `-logi` kept.
    rules.push(rule('logi', 'log', (_stem, word) => positiveMeasure(word.slice(0, -3))));
  }
  if (mode === 'MARTIN_EXTENSIONS') rules.push(rule('logi', 'log'));
  return ruleTable(rules);
}

/**
 * NLTK's `PorterStemmer`: the Porter suffix-stripping algorithm in one of NLTK's three modes, equal to
 * NLTK 3.8 on every word, including its quirks (the irregular-form table is looked up with the word
 * as given, before lowercasing; words of one or two code points are only lowercased except in
 * `ORIGINAL_ALGORITHM`).
 *
 * @example
 * ```ts
 * const porter = new PorterStemmer();
 * porter.stem('caresses');   // 'caress'
 * porter.stem('dying');      // 'die'
 * porter.stem('Generously'); // 'gener'
 * new PorterStemmer({ mode: 'ORIGINAL_ALGORITHM' }).stem('ties'); // 'ti'
 * ```
 */
export class PorterStemmer {
  /** The mode this stemmer runs in. */
  readonly mode: PorterMode;
  readonly #step2: RuleTable;
  readonly #lowercased: StemCache<string>;
  readonly #asGiven: StemCache<string>;

  constructor(options: PorterStemmerOptions = {}) {
    requireOptions(options, 'PorterStemmer', "{ mode: 'ORIGINAL_ALGORITHM' }");
    requireOptionNames(options, PORTER_OPTIONS, 'PorterStemmer');
    const mode = options.mode ?? 'NLTK_EXTENSIONS';
    if (!PORTER_MODES.includes(mode)) {
      throw new RangeError(
        `PorterStemmer: mode must be one of ${PORTER_MODES.join(', ')}, not '${String(mode)}'`,
      );
    }
    this.mode = mode;
    this.#step2 = step2Rules(mode);
    this.#lowercased = new StemCache(options.cacheSize ?? DEFAULT_STEM_CACHE_SIZE);
    this.#asGiven = new StemCache(options.cacheSize ?? DEFAULT_STEM_CACHE_SIZE);
  }

  /**
   * The stem of `word`; lowercased first unless `toLowercase` is false (NLTK's `to_lowercase`).
   *
   * @example
   * ```ts
   * new PorterStemmer().stem('Running');        // 'run'
   * new PorterStemmer().stem('Running', false); // 'Run'
   * ```
   */
  stem(word: string, toLowercase = true): string {
    requireText(word, 'PorterStemmer.stem');
    const cache = toLowercase ? this.#lowercased : this.#asGiven;
    let stem = cache.get(word);
    if (stem === undefined) {
      stem = this.#stem(word, toLowercase);
      cache.set(word, stem);
    }
    return stem;
  }

  #stem(word: string, toLowercase: boolean): string {
    const lowered = toLowercase ? word.toLowerCase() : word;
    if (this.mode === 'NLTK_EXTENSIONS') {
      const irregular = IRREGULAR_FORMS.get(word);
      if (irregular !== undefined) return irregular;
    }
    if (this.mode !== 'ORIGINAL_ALGORITHM' && codePointLength(word) <= 2) return lowered;
    return stemByCodePoints(lowered, (text) => this.#steps(text));
  }

  #steps(word: string): string {
    let stem = this.#step1a(word);
    stem = this.#step1b(stem);
    stem = this.#step1c(stem);
    stem = this.#step2Apply(stem);
    stem = applyFirstMatch(stem, STEP3_RULES);
    stem = applyFirstMatch(stem, STEP4_RULES);
    stem = this.#step5a(stem);
    return applyFirstMatch(stem, STEP5B_RULES);
  }

  #step1a(word: string): string {
    if (this.mode === 'NLTK_EXTENSIONS' && word.length === 4 && word.endsWith('ies'))
      return `${word.slice(0, 1)}ie`;
    return applyFirstMatch(word, STEP1A_RULES);
  }

  #step1b(word: string): string {
    if (this.mode === 'NLTK_EXTENSIONS' && word.endsWith('ied')) {
      return word.length === 4 ? `${word.slice(0, 1)}ie` : `${word.slice(0, -3)}i`;
    }
    if (word.endsWith('eed')) {
      const stem = word.slice(0, -3);
      return measure(stem) > 0 ? `${stem}ee` : word;
    }
    let stem: string | undefined;
    for (const suffix of ['ed', 'ing']) {
      if (word.endsWith(suffix)) {
        const candidate = word.slice(0, word.length - suffix.length);
        if (containsVowel(candidate)) {
          stem = candidate;
          break;
        }
      }
    }
    if (stem === undefined) return word;
    if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`;
    if (endsDoubleConsonant(stem)) {
      const last = stem[stem.length - 1] as string;
      return last === 'l' || last === 's' || last === 'z' ? stem : stem.slice(0, -1);
    }
    return measure(stem) === 1 && this.#endsCvc(stem) ? `${stem}e` : stem;
  }

  #step1c(word: string): string {
    if (!word.endsWith('y')) return word;
    const stem = word.slice(0, -1);
    const replace =
      this.mode === 'NLTK_EXTENSIONS'
        ? stem.length > 1 && isConsonant(stem, stem.length - 1)
        : containsVowel(stem);
    return replace ? `${stem}i` : word;
  }

  #step2Apply(word: string): string {
    if (this.mode === 'NLTK_EXTENSIONS' && word.endsWith('alli') && positiveMeasure(word.slice(0, -4))) {
      return this.#step2Apply(`${word.slice(0, -4)}al`);
    }
    return applyFirstMatch(word, this.#step2);
  }

  #step5a(word: string): string {
    if (!word.endsWith('e')) return word;
    const stem = word.slice(0, -1);
    const m = measure(stem);
    if (m > 1) return stem;
    if (m === 1 && !this.#endsCvc(stem)) return stem;
    return word;
  }

  /** Porter's *o: the stem ends consonant-vowel-consonant, the last not w, x or y (NLTK also: a two-letter vc). */
  #endsCvc(word: string): boolean {
    const n = word.length;
    if (
      n >= 3 &&
      isConsonant(word, n - 3) &&
      !isConsonant(word, n - 2) &&
      isConsonant(word, n - 1) &&
      !'wxy'.includes(word[n - 1] as string)
    ) {
      return true;
    }
    return this.mode === 'NLTK_EXTENSIONS' && n === 2 && !isConsonant(word, 0) && isConsonant(word, 1);
  }
}

/**
 * Stems one word with NLTK's default `PorterStemmer()` (NLTK_EXTENSIONS, lowercased).
 *
 * @example
 * ```ts
 * porterStem('ponies'); // 'poni'
 * porterStem('news');   // 'news'
 * ```
 */
export function porterStem(word: string): string {
  return DEFAULT_PORTER.stem(word);
}

const DEFAULT_PORTER = new PorterStemmer();
