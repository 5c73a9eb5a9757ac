/**
 * The Lancaster (Paice/Husk) stemmer as NLTK's `LancasterStemmer` runs it.
 */

import { optionNames, requireOptionNames, requireOptions, requireText } from '@tokenlab/core';
import { stemByCodePoints } from './code-points.js';
import { LANCASTER_RULES } from './lancaster-rules.js';
import { DEFAULT_STEM_CACHE_SIZE, StemCache } from './stem-cache.js';

/**
 * Options of {@link LancasterStemmer}, NLTK's `rule_tuple` and `strip_prefix_flag`.
 *
 * @example
 * ```ts
 * const options: LancasterStemmerOptions = { stripPrefix: true };
 * new LancasterStemmer(options).stem('kilometer'); // 'met'
 * ```
 */
export interface LancasterStemmerOptions {
  /** Rules in Paice/Husk notation (see {@link LANCASTER_RULES}); NLTK's table when absent or empty. */
  rules?: readonly string[];
  /** Remove one of the prefixes kilo, micro, milli, intra, ultra, mega, nano, pico, pseudo first. */
  stripPrefix?: boolean;
  /** How many stemmed words to remember (50,000 unless given; 0 turns the memo off). */
  cacheSize?: number;
}

/** Every option of {@link LancasterStemmerOptions}, for the check of unknown names. */
const LANCASTER_OPTIONS = optionNames<LancasterStemmerOptions>()(['rules', 'stripPrefix', 'cacheSize']);

/** A parsed rule. */
interface LancasterRule {
  /** The ending as it appears at the end of a word (the rule writes it backwards). */
  ending: string;
  intactOnly: boolean;
  removeCount: number;
  append: string;
  stop: boolean;
}

/**
 * NLTK's rule syntax. Python's `$` also matches before a final newline and its `\d` is any Unicode
 * decimal digit; both are kept so a rule NLTK accepts is accepted here.
 */
const RULE_SYNTAX = /^([a-z]+)(\*?)(\p{Nd})([a-z]*)([>.]?)\n?$/u;

const PREFIXES = ['kilo', 'micro', 'milli', 'intra', 'ultra', 'mega', 'nano', 'pico', 'pseudo'];
const LETTER = /\p{L}/u;

/** The value of a Unicode decimal digit (digits come in runs of ten from 0 to 9). */
function digitValue(digit: string): number {
  const code = digit.codePointAt(0) as number;
  let start = code;
  while (start > 0 && /\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}

function parseRules(rules: readonly string[]): Map<string, LancasterRule[]> {
  const byLastLetter = new Map<string, LancasterRule[]>();
  for (const text of rules) {
    const match = RULE_SYNTAX.exec(text);
    if (match === null)
      throw new SyntaxError(`LancasterStemmer: the rule ${JSON.stringify(text)} is invalid`);
    const [, reversedEnding, intact, digit, append, continuation] = match as unknown as string[];
    const key = (reversedEnding as string)[0] as string;
    const rule: LancasterRule = {
      ending: [...(reversedEnding as string)].reverse().join(''),
      intactOnly: intact === '*',
      removeCount: digitValue(digit as string),
      append: append as string,
      stop: continuation === '.',
    };
    const list = byLastLetter.get(key);
    if (list) list.push(rule);
    else byLastLetter.set(key, [rule]);
  }
  return byLastLetter;
}

function isVowelLetter(char: string): boolean {
  return char.length === 1 && 'aeiouy'.includes(char);
}

/**
 * Paice/Husk's acceptability test: after removing `removeCount` letters, a word starting with a vowel
 * keeps at least 2 letters; one starting with a consonant keeps at least 3, with a vowel among its 2nd or 3rd.
 */
function isAcceptable(word: StemInProgress, removeCount: number): boolean {
  if (isVowelLetter(word.charAt(0))) return word.length - removeCount >= 2;
  if (word.length - removeCount < 3) return false;
  return isVowelLetter(word.charAt(1)) || isVowelLetter(word.charAt(2));
}

/** A word being stemmed: the first `kept` characters of the word it started as, then a short tail. */
class StemInProgress {
  #kept: number;
  #tail = '';

  constructor(readonly intact: string) {
    this.#kept = intact.length;
  }

  get length(): number {
    return this.#kept + this.#tail.length;
  }

  /** The character at `index`, or `''` past the end. */
  charAt(index: number): string {
    return index < this.#kept ? this.intact.charAt(index) : this.#tail.charAt(index - this.#kept);
  }

  endsWith(ending: string): boolean {
    if (ending.length > this.length) return false;
    for (let i = 1; i <= ending.length; i++)
      if (this.charAt(this.length - i) !== ending.charAt(ending.length - i)) return false;
    return true;
  }

  /** Whether no rule has changed the word (NLTK compares it with the word it started as). */
  isIntact(): boolean {
    return this.length === this.intact.length && this.toString() === this.intact;
  }

  /** Drop `count` characters from the end and add `append`. */
  replaceEnd(count: number, append: string): void {
    if (count <= this.#tail.length) this.#tail = this.#tail.slice(0, this.#tail.length - count);
    else {
      this.#kept -= count - this.#tail.length;
      this.#tail = '';
    }
    this.#tail += append;
  }

  toString(): string {
    return this.#tail === '' && this.#kept === this.intact.length
      ? this.intact
      : this.intact.slice(0, this.#kept) + this.#tail;
  }
}

/**
 * The index of the last letter of the word's leading run of letters, -1 if it starts with none.
 * NLTK picks the rules by this letter but matches their endings against the whole word.
 */
function lastLeadingLetter(word: string): number {
  let last = -1;
  for (let i = 0; i < word.length; i++) {
    if (!LETTER.test(word[i] as string)) break;
    last = i;
  }
  return last;
}

/**
 * NLTK's `LancasterStemmer`: the aggressive Paice/Husk stemmer, rule for rule and quirk for quirk
 * equal to NLTK 3.8 (its default table, custom rule lists, and the optional prefix stripping).
 * Rules are checked when the stemmer is made, so a bad custom rule throws at once.
 *
 * @example
 * ```ts
 * const lancaster = new LancasterStemmer();
 * lancaster.stem('maximum');   // 'maxim'
 * lancaster.stem('provision'); // 'provid'
 * new LancasterStemmer({ rules: ['ssen4>', 's1t.'] }).stem('ness'); // 'nest'
 * ```
 */
export class LancasterStemmer {
  readonly #rules: Map<string, LancasterRule[]>;
  readonly #stripPrefix: boolean;
  readonly #cache: StemCache<string>;

  constructor(options: LancasterStemmerOptions = {}) {
    requireOptions(options, 'LancasterStemmer', "{ rules: ['ssen4>'] }");
    requireOptionNames(options, LANCASTER_OPTIONS, 'LancasterStemmer');
    const rules = options.rules && options.rules.length > 0 ? options.rules : LANCASTER_RULES;
    this.#rules = parseRules(rules);
    this.#stripPrefix = options.stripPrefix ?? false;
    this.#cache = new StemCache(options.cacheSize ?? DEFAULT_STEM_CACHE_SIZE);
  }

  /**
   * The stem of `word` (lowercased first, as NLTK does).
   *
   * @example
   * ```ts
   * new LancasterStemmer().stem('Crying'); // 'cry'
   * ```
   */
  stem(word: string): string {
    requireText(word, 'LancasterStemmer.stem');
    let stem = this.#cache.get(word);
    if (stem === undefined) {
      stem = this.#stem(word);
      this.#cache.set(word, stem);
    }
    return stem;
  }

  #stem(word: string): string {
    let lowered = word.toLowerCase();
    if (this.#stripPrefix) {
      const prefix = PREFIXES.find((candidate) => lowered.startsWith(candidate));
      if (prefix !== undefined) lowered = lowered.slice(prefix.length);
    }
    return stemByCodePoints(lowered, (text) => this.#applyRules(text));
  }

  #applyRules(intact: string): string {
    // The word is the first `kept` characters of `intact` followed by a short `tail` (the letters
    // rules appended), so that a rule costs the length of its ending, not of the word: a 100,000-letter
    // run of "ing" took 15 s when every rule copied the word and scanned it again from the start.
    const word = new StemInProgress(intact);
    let last = lastLeadingLetter(intact);
    for (;;) {
      const rules = last < 0 ? undefined : this.#rules.get(word.charAt(last));
      if (rules === undefined) return word.toString();
      let applied = false;
      for (const rule of rules) {
        if (!word.endsWith(rule.ending)) continue;
        if (rule.intactOnly && !word.isIntact()) continue;
        if (!isAcceptable(word, rule.removeCount)) continue;
        const kept = word.length - rule.removeCount;
        word.replaceEnd(rule.removeCount, rule.append);
        // The run of leading letters: unchanged if it ended before the cut, else it now ends with
        // the appended letters (rules append only letters).
        if (last >= kept - 1) last = kept - 1 + rule.append.length;
        applied = true;
        if (rule.stop) return word.toString();
        break;
      }
      if (!applied) return word.toString();
    }
  }
}

/**
 * Stems one word with NLTK's default `LancasterStemmer()`.
 *
 * @example
 * ```ts
 * lancasterStem('presumably'); // 'presum'
 * ```
 */
export function lancasterStem(word: string): string {
  return DEFAULT_LANCASTER.stem(word);
}

const DEFAULT_LANCASTER = new LancasterStemmer();
