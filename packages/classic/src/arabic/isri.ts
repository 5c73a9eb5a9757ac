/**
 * The ISRI Arabic root stemmer (Taghva, Elkhoury and Coombs, 2005), as NLTK's `ISRIStemmer` runs it:
 * strip short vowels, keep stop words, cut the longest known prefix and suffix, then match the
 * remaining 4–7 letters against the pattern tables (مفعل، افتعل، استفعل …) to pull out a 3- or
 * 4-letter root. Words whose root cannot be found come back normalized rather than unchanged.
 *
 * Lengths are counted in code points, like Python's `len`, so a stray emoji never shifts a rule.
 */
import { requireText } from '@tokenlab/core';

const ALEF = '\u0627';
const TEH_MARBUTA = '\u0629';
const TEH = '\u062a';
const MEEM = '\u0645';
const NOON = '\u0646';
const WAW = '\u0648';
const YEH = '\u064a';
const YEH_HAMZA = '\u0626';

/** Three-letter prefixes, tried in this order: كال بال ولل وال. */
const PREFIXES_3 = ['\u0643\u0627\u0644', '\u0628\u0627\u0644', '\u0648\u0644\u0644', '\u0648\u0627\u0644'];
/** Two-letter prefixes: ال لل. */
const PREFIXES_2 = ['\u0627\u0644', '\u0644\u0644'];
/** One-letter prefixes: ل ب ف س و ي ت ن ا. */
const PREFIXES_1 = ['\u0644', '\u0628', '\u0641', '\u0633', '\u0648', '\u064a', '\u062a', '\u0646', '\u0627'];
/** Three-letter suffixes: تمل همل تان تين كمل. */
const SUFFIXES_3 = [
  '\u062a\u0645\u0644',
  '\u0647\u0645\u0644',
  '\u062a\u0627\u0646',
  '\u062a\u064a\u0646',
  '\u0643\u0645\u0644',
];
/** Two-letter suffixes: ون ات ان ين تن كم هن نا يا ها تم كن ني وا ما هم. */
const SUFFIXES_2 = [
  '\u0648\u0646',
  '\u0627\u062a',
  '\u0627\u0646',
  '\u064a\u0646',
  '\u062a\u0646',
  '\u0643\u0645',
  '\u0647\u0646',
  '\u0646\u0627',
  '\u064a\u0627',
  '\u0647\u0627',
  '\u062a\u0645',
  '\u0643\u0646',
  '\u0646\u064a',
  '\u0648\u0627',
  '\u0645\u0627',
  '\u0647\u0645',
];
/** One-letter suffixes: ة ه ي ك ت ا ن. */
const SUFFIXES_1 = ['\u0629', '\u0647', '\u064a', '\u0643', '\u062a', '\u0627', '\u0646'];

/** Function words the stemmer returns as they are (after short vowels are removed). */
const STOP_WORDS = new Set([
  'يكون',
  'وليس',
  'وكان',
  'كذلك',
  'التي',
  'وبين',
  'عليها',
  'مساء',
  'الذي',
  'وكانت',
  'ولكن',
  'والتي',
  'تكون',
  'اليوم',
  'اللذين',
  'عليه',
  'كانت',
  'لذلك',
  'أمام',
  'هناك',
  'منها',
  'مازال',
  'لازال',
  'لايزال',
  'مايزال',
  'اصبح',
  'أصبح',
  'أمسى',
  'امسى',
  'أضحى',
  'اضحى',
  'مابرح',
  'مافتئ',
  'ماانفك',
  'لاسيما',
  'ولايزال',
  'الحالي',
  'اليها',
  'الذين',
  'فانه',
  'والذي',
  'وهذا',
  'لهذا',
  'فكان',
  'ستكون',
  'اليه',
  'يمكن',
  'بهذا',
  'الذى',
]);

/** Short vowels, tanween, shadda and sukun (U+064B–U+0652): the marks ISRI removes first. */
const SHORT_VOWELS = /[\u064B-\u0652]/g;
/** آ أ إ at the start of a word, which ISRI reads as a bare alef. */
const INITIAL_HAMZA_ALEF = /^[\u0622\u0623\u0625]/;

/**
 * A word in which every character is one UTF-16 unit, so that lengths and indices match Python's
 * code point strings ({@link isriStem} stands astral characters in for private-use ones).
 */
type Letters = string;

function startsWith(word: Letters, affix: string): boolean {
  return word.startsWith(affix);
}

function endsWith(word: Letters, affix: string): boolean {
  return word.endsWith(affix);
}

/** Cut the first three- or two-letter prefix that fits (words of at least 6 / 5 letters). */
function removePrefix32(word: Letters): Letters {
  if (word.length >= 6) {
    for (const prefix of PREFIXES_3) if (startsWith(word, prefix)) return word.slice(3);
  }
  if (word.length >= 5) {
    for (const prefix of PREFIXES_2) if (startsWith(word, prefix)) return word.slice(2);
  }
  return word;
}

/** Cut the first three- or two-letter suffix that fits (words of at least 6 / 5 letters). */
function removeSuffix32(word: Letters): Letters {
  if (word.length >= 6) {
    for (const suffix of SUFFIXES_3) if (endsWith(word, suffix)) return word.slice(0, -3);
  }
  if (word.length >= 5) {
    for (const suffix of SUFFIXES_2) if (endsWith(word, suffix)) return word.slice(0, -2);
  }
  return word;
}

/** A connective و before a word that itself starts with و (ووصل → وصل). */
function removeDoubleWaw(word: Letters): Letters {
  return word.length >= 4 && word[0] === WAW && word[1] === WAW ? word.slice(1) : word;
}

function removeSuffix1(word: Letters): Letters {
  for (const suffix of SUFFIXES_1) if (endsWith(word, suffix)) return word.slice(0, -1);
  return word;
}

function removePrefix1(word: Letters): Letters {
  for (const prefix of PREFIXES_1) if (startsWith(word, prefix)) return word.slice(1);
  return word;
}

/** Four-letter patterns with a three-letter root: مفعل، فاعل، فعال/فعول/فعيل، فعلة. */
function root3From4(w: Letters): Letters {
  if (w[0] === MEEM) return w.slice(1);
  if (w[1] === ALEF) return w[0]! + w.slice(2);
  if (w[2] === ALEF || w[2] === WAW || w[2] === YEH) return w[0]! + w[1]! + w[3]!;
  if (w[3] === TEH_MARBUTA) return w.slice(0, -1);
  const trimmed = removeSuffix1(w);
  return trimmed.length === 4 ? removePrefix1(trimmed) : trimmed;
}

/** Five-letter patterns with a three-letter root, in ISRI's order of precedence. */
function root3From5(w: Letters): Letters {
  const c0 = w[0]!;
  const c1 = w[1]!;
  const c2 = w[2]!;
  const c3 = w[3]!;
  const c4 = w[4]!;
  if ((c2 === ALEF || c2 === TEH) && c0 === ALEF) return c1 + c3 + c4; // افتعل، افاعل
  if ((c3 === ALEF || c3 === YEH || c3 === WAW) && c0 === MEEM) return c1 + c2 + c4; // مفعول، مفعال، مفعيل
  if ((c0 === ALEF || c0 === TEH || c0 === MEEM) && c4 === TEH_MARBUTA) return c1 + c2 + c3; // مفعلة، تفعلة، افعلة
  if ((c0 === MEEM || c0 === YEH || c0 === TEH) && c2 === TEH) return c1 + c3 + c4; // مفتعل، يفتعل، تفتعل
  if ((c0 === MEEM || c0 === TEH) && c2 === ALEF) return c1 + c3 + c4; // مفاعل، تفاعل
  if ((c2 === ALEF || c2 === WAW) && c4 === TEH_MARBUTA) return c0 + c1 + c3; // فعولة، فعالة
  if ((c0 === ALEF || c0 === MEEM) && c1 === NOON) return c2 + c3 + c4; // انفعل، منفعل
  if (c3 === ALEF && c0 === ALEF) return c1 + c2 + c4; // افعال
  if (c4 === NOON && c3 === ALEF) return c0 + c1 + c2; // فعلان
  if (c3 === YEH && c0 === TEH) return c1 + c2 + c4; // تفعيل
  if (c3 === WAW && c1 === ALEF) return c0 + c2 + c4; // فاعول
  if (c2 === ALEF && c1 === WAW) return c0 + c3 + c4; // فواعل
  if (c3 === YEH_HAMZA && c2 === ALEF) return c0 + c1 + c4; // فعائل
  if (c4 === TEH_MARBUTA && c1 === ALEF) return c0 + c2 + c3; // فاعلة
  if (c4 === YEH && c2 === ALEF) return c0 + c1 + c3; // فعالي
  const trimmed = removeSuffix1(w);
  return trimmed.length === 5 ? removePrefix1(trimmed) : trimmed;
}

/** Five-letter patterns with a four-letter root: تفعلل/افعلل/مفعلل، فعللة، فعالل. */
function root4From5(w: Letters): Letters {
  if (w[0] === ALEF || w[0] === TEH || w[0] === MEEM) return w.slice(1);
  if (w[4] === TEH_MARBUTA) return w.slice(0, 4);
  if (w[2] === ALEF) return w[0]! + w[1]! + w.slice(3);
  return w;
}

/** What is left of a five-letter word after {@link root3From5}: a second pass at 4 or 5 letters. */
function finishFive(w: Letters): Letters {
  if (w.length === 4) return root3From4(w);
  if (w.length === 5) return root4From5(w);
  return w;
}

/** Six-letter patterns with a three-letter root: استفعل/مستفعل، مفعالة، افتعال، افعوعل، تفاعيل. */
function root3From6(w: Letters): Letters {
  if (w[0] === ALEF && w[1] === '\u0633' && w[2] === TEH) return w.slice(3);
  if (w[0] === MEEM && w[1] === '\u0633' && w[2] === TEH) return w.slice(3);
  if (w[0] === MEEM && w[3] === ALEF && w[5] === TEH_MARBUTA) return w[1]! + w[2]! + w[4]!;
  if (w[0] === ALEF && w[2] === TEH && w[4] === ALEF) return w[1]! + w[3]! + w[5]!;
  if (w[0] === ALEF && w[3] === WAW && w[2] === w[4]) return w[1]! + w.slice(4);
  if (w[0] === TEH && w[2] === ALEF && w[4] === YEH) return w[1]! + w[3]! + w[5]!;
  const trimmed = removeSuffix1(w);
  return trimmed.length === 6 ? removePrefix1(trimmed) : trimmed;
}

/** Six-letter patterns with a four-letter root: افعلال، متفعلل. */
function root4From6(w: Letters): Letters {
  if (w[0] === ALEF && w[4] === ALEF) return w[1]! + w[2]! + w[3]! + w[5]!;
  if (w[0] === MEEM && w[1] === TEH) return w.slice(2);
  return w;
}

/** What is left of a six-letter word after {@link root3From6}. */
function finishSix(w: Letters): Letters {
  if (w.length === 5) return finishFive(root3From5(w));
  if (w.length === 6) return root4From6(w);
  return w;
}

/**
 * The ISRI root of one Arabic word, exactly as NLTK's `ISRIStemmer().stem(word)` gives it.
 *
 * Short vowels (U+064B–U+0652) are removed first; other marks (superscript alef U+0670, Quranic
 * signs) and tatweel are kept, as NLTK keeps them. Words outside 4–7 letters after affix removal
 * come back without their affixes but otherwise unchanged.
 *
 * @example
 * ```ts
 * isriStem('والكتاب'); // 'كتب'
 * isriStem('استخدام'); // 'خدم'
 * isriStem('مُحَمَّدٌ');  // 'حمد'
 * ```
 */
export function isriStem(word: string): string {
  requireText(word, 'isriStem');
  const bare = word.replace(SHORT_VOWELS, '');
  if (STOP_WORDS.has(bare)) return bare;
  if (!HAS_SURROGATE.test(bare)) return stemLetters(bare);
  // Python counts code points: stand each astral character in for a BMP character that is not in
  // the word and in no affix or pattern (private-use, then CJK), and put them back afterwards.
  const present = new Set(bare);
  const standIns = new Map<string, string>();
  const originals = new Map<string, string>();
  let candidate = 0xe000;
  const stood = bare.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, (pair) => {
    let standIn = standIns.get(pair);
    if (standIn === undefined) {
      while (present.has(String.fromCharCode(candidate))) candidate = nextStandIn(candidate);
      standIn = String.fromCharCode(candidate);
      candidate = nextStandIn(candidate);
      standIns.set(pair, standIn);
      originals.set(standIn, pair);
    }
    return standIn;
  });
  let stem = '';
  for (const char of stemLetters(stood)) stem += originals.get(char) ?? char;
  return stem;
}

const HAS_SURROGATE = /[\uD800-\uDFFF]/;

/** Stand-in characters: the private-use area, then CJK ideographs (a word never runs out of both). */
function nextStandIn(code: number): number {
  return code === 0xf8ff ? 0x4e00 : code + 1;
}

function stemLetters(letters: Letters): string {
  let w = letters;
  w = removePrefix32(w);
  w = removeSuffix32(w);
  w = removeDoubleWaw(w);
  if (w.length > 0 && INITIAL_HAMZA_ALEF.test(w[0]!)) w = ALEF + w.slice(1);
  switch (w.length) {
    case 4:
      return root3From4(w);
    case 5:
      return finishFive(root3From5(w));
    case 6:
      return finishSix(root3From6(w));
    case 7:
      w = removeSuffix1(w);
      if (w.length === 7) w = removePrefix1(w);
      if (w.length === 6) w = finishSix(root3From6(w));
      return w;
    default:
      return w;
  }
}

/**
 * NLTK's `ISRIStemmer` as a class, for code that passes stemmers around as objects.
 *
 * @example
 * ```ts
 * const stemmer = new ISRIStemmer();
 * ['المدرسة', 'سيلعبون'].map((word) => stemmer.stem(word)); // ['درس', 'لعب']
 * ```
 */
export class ISRIStemmer {
  /** The root of `word`; see {@link isriStem}. */
  stem(word: string): string {
    return isriStem(word);
  }
}
