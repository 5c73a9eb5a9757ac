/**
 * The Snowball English stemmer ("Porter2") as NLTK's `SnowballStemmer('english')` runs it.
 *
 * The word is tracked together with its regions R1 and R2 (the parts after the first and second
 * vowel-consonant pair), and every cut is made to all three at once, as NLTK does; where NLTK's
 * bookkeeping of the regions departs from the published algorithm, NLTK is followed.
 */

import { requireText } from '@tokenlab/core';
import { stemByCodePoints } from './code-points.js';

const CURLY_APOSTROPHE = /[\u2019\u2018\u201B]/;
const CURLY_APOSTROPHES = /[\u2019\u2018\u201B]/g;
const DOUBLES = ['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt'];
const LI_ENDING = 'cdeghkmnrt';

const STEP0 = ["'s'", "'s", "'"];
const STEP1A = ['sses', 'ied', 'ies', 'us', 'ss', 's'];
const STEP1B = ['eedly', 'ingly', 'edly', 'eed', 'ing', 'ed'];
const STEP2 = [
  'ization',
  'ational',
  'fulness',
  'ousness',
  'iveness',
  'tional',
  'biliti',
  'lessli',
  'entli',
  'ation',
  'alism',
  'aliti',
  'ousli',
  'iviti',
  'fulli',
  'enci',
  'anci',
  'abli',
  'izer',
  'ator',
  'alli',
  'bli',
  'ogi',
  'li',
];
const STEP3 = ['ational', 'tional', 'alize', 'icate', 'iciti', 'ative', 'ical', 'ness', 'ful'];
const STEP4 = [
  'ement',
  'ance',
  'ence',
  'able',
  'ible',
  'ment',
  'ant',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
  'al',
  'er',
  'ic',
];

const FIND_STEP0 = suffixFinder(STEP0);
const FIND_STEP1A = suffixFinder(STEP1A);
const FIND_STEP1B = suffixFinder(STEP1B);
const FIND_STEP2 = suffixFinder(STEP2);
const FIND_STEP3 = suffixFinder(STEP3);
const FIND_STEP4 = suffixFinder(STEP4);

/** Words the algorithm maps directly (its list of exceptions). */
const EXCEPTIONS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    skis: 'ski',
    skies: 'sky',
    dying: 'die',
    lying: 'lie',
    tying: 'tie',
    idly: 'idl',
    gently: 'gentl',
    ugly: 'ugli',
    early: 'earli',
    only: 'onli',
    singly: 'singl',
    sky: 'sky',
    news: 'news',
    howe: 'howe',
    atlas: 'atlas',
    cosmos: 'cosmos',
    bias: 'bias',
    andes: 'andes',
    inning: 'inning',
    innings: 'inning',
    outing: 'outing',
    outings: 'outing',
    canning: 'canning',
    cannings: 'canning',
    herring: 'herring',
    herrings: 'herring',
    earring: 'earring',
    earrings: 'earring',
    proceed: 'proceed',
    proceeds: 'proceed',
    proceeded: 'proceed',
    proceeding: 'proceed',
    exceed: 'exceed',
    exceeds: 'exceed',
    exceeded: 'exceed',
    exceeding: 'exceed',
    succeed: 'succeed',
    succeeds: 'succeed',
    succeeded: 'succeed',
    succeeding: 'succeed',
  }),
);

function isVowel(char: string | undefined): boolean {
  return char === 'a' || char === 'e' || char === 'i' || char === 'o' || char === 'u' || char === 'y';
}

/**
 * The first suffix of `suffixes` (in their order) that a word ends in, or undefined. Suffixes are
 * grouped by their last letter, since only one group can match a given word.
 */
function suffixFinder(suffixes: readonly string[]): (word: string) => string | undefined {
  const groups = new Map<string, string[]>();
  for (const suffix of suffixes) {
    const last = suffix.slice(-1);
    const group = groups.get(last);
    if (group) group.push(suffix);
    else groups.set(last, [suffix]);
  }
  return (word) => {
    const group = groups.get(word.slice(-1));
    if (group === undefined) return undefined;
    for (const suffix of group) if (word.endsWith(suffix)) return suffix;
    return undefined;
  };
}

/** Python's `s[:-n]` for n ≥ 1 (JavaScript's slice agrees, including when n exceeds the length). */
function dropEnd(text: string, count: number): string {
  return text.slice(0, -count);
}

/** The region after the first non-vowel that follows a vowel (empty when there is none). */
function regionAfterVowelConsonant(text: string): string {
  for (let i = 1; i < text.length; i++) {
    if (!isVowel(text[i]) && isVowel(text[i - 1])) return text.slice(i + 1);
  }
  return '';
}

function hasVowel(text: string): boolean {
  for (const char of text) if (isVowel(char)) return true;
  return false;
}

/** A word with its regions; cuts and replacements apply to all three. */
class Regions {
  constructor(
    public word: string,
    public r1: string,
    public r2: string,
  ) {}

  drop(count: number): void {
    this.word = dropEnd(this.word, count);
    this.r1 = dropEnd(this.r1, count);
    this.r2 = dropEnd(this.r2, count);
  }

  /** Replaces `suffix` by `replacement`; a region shorter than the suffix becomes `r1Else`/`r2Else`. */
  replace(suffix: string, replacement: string, r2Else = ''): void {
    const n = suffix.length;
    this.word = dropEnd(this.word, n) + replacement;
    this.r1 = this.r1.length >= n ? dropEnd(this.r1, n) + replacement : '';
    this.r2 = this.r2.length >= n ? dropEnd(this.r2, n) + replacement : r2Else;
  }

  /** Replaces the last letter by `letter`, emptying a region that had none. */
  replaceLast(letter: string): void {
    this.word = dropEnd(this.word, 1) + letter;
    this.r1 = this.r1.length >= 1 ? dropEnd(this.r1, 1) + letter : '';
    this.r2 = this.r2.length >= 1 ? dropEnd(this.r2, 1) + letter : '';
  }
}

/**
 * Stems a lowercased English word that is not a stop word (NLTK's `EnglishStemmer.stem` after its
 * first test). `word` holds one UTF-16 unit per code point.
 */
export function snowballEnglishSteps(lowered: string): string {
  if (lowered.length <= 2) return lowered;
  const exception = EXCEPTIONS.get(lowered);
  if (exception !== undefined) return exception;

  let word = CURLY_APOSTROPHE.test(lowered) ? lowered.replace(CURLY_APOSTROPHES, "'") : lowered;
  if (word.startsWith("'")) word = word.slice(1);
  if (word.startsWith('y')) word = `Y${word.slice(1)}`;
  for (let i = 1; i < word.length; i++) {
    if (isVowel(word[i - 1]) && word[i] === 'y') word = `${word.slice(0, i)}Y${word.slice(i + 1)}`;
  }

  let r1: string;
  if (word.startsWith('gener') || word.startsWith('arsen')) r1 = word.slice(5);
  else if (word.startsWith('commun')) r1 = word.slice(6);
  else r1 = regionAfterVowelConsonant(word);
  const s = new Regions(word, r1, regionAfterVowelConsonant(r1));

  step0(s);
  step1a(s);
  step1b(s);
  step1c(s);
  step2(s);
  step3(s);
  step4(s);
  step5(s);
  return s.word.includes('Y') ? s.word.replace(/Y/g, 'y') : s.word;
}

function step0(s: Regions): void {
  const suffix = FIND_STEP0(s.word);
  if (suffix !== undefined) s.drop(suffix.length);
}

function step1a(s: Regions): void {
  const suffix = FIND_STEP1A(s.word);
  if (suffix === 'sses') s.drop(2);
  else if (suffix === 'ied' || suffix === 'ies') s.drop(s.word.length - 3 > 1 ? 2 : 1);
  else if (suffix === 's' && hasVowel(s.word.slice(0, -2))) s.drop(1);
}

function step1b(s: Regions): void {
  const suffix = FIND_STEP1B(s.word);
  if (suffix === undefined) return;
  if (suffix === 'eed' || suffix === 'eedly') {
    if (s.r1.endsWith(suffix)) s.replace(suffix, 'ee');
    return;
  }
  if (!hasVowel(s.word.slice(0, -suffix.length))) return;
  s.drop(suffix.length);
  const word = s.word;
  if (word.endsWith('at') || word.endsWith('bl') || word.endsWith('iz')) {
    s.word += 'e';
    s.r1 += 'e';
    if (s.word.length > 5 || s.r1.length >= 3) s.r2 += 'e';
  } else if (DOUBLES.some((double) => word.endsWith(double))) {
    s.drop(1);
  } else if (s.r1 === '' && isShortSyllableEnd(word)) {
    s.word += 'e';
    // Both regions are empty here (R2 lies inside R1), so NLTK's conditional appends add nothing.
  }
}

/** NLTK's short-syllable test at the end of step 1b (applied only when R1 is empty). */
function isShortSyllableEnd(word: string): boolean {
  const n = word.length;
  const last = word[n - 1];
  if (
    n >= 3 &&
    !isVowel(last) &&
    !'wxY'.includes(last as string) &&
    isVowel(word[n - 2]) &&
    !isVowel(word[n - 3])
  ) {
    return true;
  }
  return n === 2 && isVowel(word[0]) && !isVowel(word[1]);
}

function step1c(s: Regions): void {
  const n = s.word.length;
  if (n > 2 && (s.word[n - 1] === 'y' || s.word[n - 1] === 'Y') && !isVowel(s.word[n - 2]))
    s.replaceLast('i');
}

function step2(s: Regions): void {
  const suffix = FIND_STEP2(s.word);
  if (suffix === undefined || !s.r1.endsWith(suffix)) return;
  switch (suffix) {
    case 'tional':
    case 'entli':
    case 'fulli':
    case 'lessli':
      s.drop(2);
      return;
    case 'enci':
    case 'anci':
    case 'abli':
      s.replaceLast('e');
      return;
    case 'izer':
    case 'ization':
      s.replace(suffix, 'ize');
      return;
    case 'ational':
    case 'ation':
    case 'ator':
      s.replace(suffix, 'ate', 'e');
      return;
    case 'alism':
    case 'aliti':
    case 'alli':
      s.replace(suffix, 'al');
      return;
    case 'fulness':
      s.drop(4);
      return;
    case 'ousli':
    case 'ousness':
      s.replace(suffix, 'ous');
      return;
    case 'iveness':
    case 'iviti':
      s.replace(suffix, 'ive', 'e');
      return;
    case 'biliti':
    case 'bli':
      s.replace(suffix, 'ble');
      return;
    case 'ogi':
      if (s.word[s.word.length - 4] === 'l') s.drop(1);
      return;
    case 'li':
      if (LI_ENDING.includes(s.word[s.word.length - 3] as string)) s.drop(2);
      return;
  }
}

function step3(s: Regions): void {
  const suffix = FIND_STEP3(s.word);
  if (suffix === undefined || !s.r1.endsWith(suffix)) return;
  switch (suffix) {
    case 'tional':
      s.drop(2);
      return;
    case 'ational':
      s.replace(suffix, 'ate');
      return;
    case 'alize':
      s.drop(3);
      return;
    case 'icate':
    case 'iciti':
    case 'ical':
      s.replace(suffix, 'ic');
      return;
    case 'ful':
    case 'ness':
      s.drop(suffix.length);
      return;
    case 'ative':
      if (s.r2.endsWith(suffix)) s.drop(5);
      return;
  }
}

function step4(s: Regions): void {
  const suffix = FIND_STEP4(s.word);
  if (suffix === undefined || !s.r2.endsWith(suffix)) return;
  if (suffix !== 'ion') s.drop(suffix.length);
  else if ('st'.includes(s.word[s.word.length - 4] as string)) s.drop(3);
}

function step5(s: Regions): void {
  const word = s.word;
  const n = word.length;
  if (s.r2.endsWith('l') && word[n - 2] === 'l') s.word = word.slice(0, -1);
  else if (s.r2.endsWith('e')) s.word = word.slice(0, -1);
  else if (s.r1.endsWith('e')) {
    if (
      n >= 4 &&
      (isVowel(word[n - 2]) ||
        'wxY'.includes(word[n - 2] as string) ||
        !isVowel(word[n - 3]) ||
        isVowel(word[n - 4]))
    ) {
      s.word = word.slice(0, -1);
    }
  }
}

/**
 * Stems one English word as NLTK's `SnowballStemmer('english')` does (stop words are stemmed too).
 *
 * @example
 * ```ts
 * snowballEnglishStem('generously'); // 'generous'
 * snowballEnglishStem('skies');      // 'sky'
 * ```
 */
export function snowballEnglishStem(word: string): string {
  requireText(word, 'snowballEnglishStem');
  return stemByCodePoints(word.toLowerCase(), snowballEnglishSteps);
}
