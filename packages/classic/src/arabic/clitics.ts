/**
 * Conservative clitic segmentation for Arabic words. Without a lexicon every rule is a guess
 * (وصل "arrived" is not و + صل, عربي "Arab" is not عرب + ي), so the rule prefers leaving a clitic
 * attached to cutting a stem wrongly:
 *
 * - Proclitics, in this order: a conjunction و or ف, a preposition ب ك ل, the article ال or ٱل
 *   (after ل the article is written ل, so لل is one proclitic token).
 * - Suffixes: the pronouns هما هم هن ها كم كن نا ه ك ي, longest first.
 * - The stem that stays keeps at least 3 letters (so never fewer than 2), and more where a cut is
 *   most often wrong: 4 when the suffix is ه or ك; 5 letters after و or ف or a preposition ب ل
 *   cut without the article, suffix included (بكم, لفنون, وكالة, فائدة stay whole; وكتابه is
 *   و + كتاب + ه); 6 for the suffix ي, which is far
 *   more often the nisba ending (عربي, أمريكي, إجمالي) than "my". ك is cut only before the article
 *   (كلينتون is a name), and a word ending in tanween takes no suffix (أحياناً, تشابهٍ).
 * - A word with the article takes no pronoun suffix (a definite noun cannot have one).
 * - The relative pronouns (الذي, التي, الذين …), الله and الآن keep their ال; the demonstratives
 *   أولئك and هنالك keep their ك.
 * - Words joined by a hyphen, underscore or apostrophe, and words with non-Arabic letters, are left
 *   whole.
 *
 * Letters are base letters: diacritics stay with the letter they sit on, and tatweel does not count.
 */

const WAW = 0x0648;
const FEH = 0x0641;
const BEH = 0x0628;
const KAF = 0x0643;
const LAM = 0x0644;
const ALEF = 0x0627;
const ALEF_WASLA = 0x0671;
const TATWEEL = 0x0640;

const MIN_STEM = 3;
const MIN_STEM_AFTER_CONJUNCTION = 5;
const MIN_STEM_AFTER_PREPOSITION = 5;

/** Pronoun suffixes, longest first, with the stem length each needs. */
const SUFFIXES: readonly { letters: readonly number[]; minStem: number }[] = [
  ['هما', MIN_STEM],
  ['هم', MIN_STEM],
  ['هن', MIN_STEM],
  ['ها', MIN_STEM],
  ['كم', MIN_STEM],
  ['كن', MIN_STEM],
  ['نا', MIN_STEM],
  ['ه', 4],
  ['ك', 4],
  ['ي', 6],
].map(([suffix, minStem]) => ({
  letters: Array.from(suffix as string, (char) => char.charCodeAt(0)),
  minStem: minStem as number,
}));

/** Words that begin with ال but are not article + noun; compared with ٱ read as ا. */
const FROZEN_ARTICLE = new Set([
  'الذي',
  'الذى',
  'التي',
  'الذين',
  'اللذين',
  'اللذان',
  'اللتين',
  'اللتان',
  'اللاتي',
  'اللائي',
  'اللواتي',
  'الله',
  'اللهم',
  'الآن',
]);

/** Words that end in a pronoun letter that is part of the word. */
const FROZEN_SUFFIX = new Set(['أولئك', 'اولئك', 'هنالك']);

function isBaseLetter(code: number): boolean {
  return (
    (code >= 0x0621 && code <= 0x064a && code !== TATWEEL) ||
    (code >= 0x066e && code <= 0x066f) ||
    (code >= 0x0671 && code <= 0x06d3) ||
    code === 0x06d5 ||
    code === 0x06e5 ||
    code === 0x06e6 ||
    (code >= 0x06fa && code <= 0x06ff)
  );
}

function isAlef(code: number): boolean {
  return code === ALEF || code === ALEF_WASLA;
}

/** Offsets of the base letters of the word being segmented, reused from word to word. */
let letterOffsets = new Int32Array(64);

/**
 * The `[start, end)` pieces of the word `text.slice(start, end)`: proclitics, stem and suffix, in
 * order, or null when the rule does not cut the word.
 */
export function segmentClitics(text: string, start: number, end: number): [number, number][] | null {
  if (letterOffsets.length < end - start) letterOffsets = new Int32Array(2 * (end - start));
  const letters = letterOffsets;
  let count = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (isBaseLetter(code)) letters[count++] = i;
    else if ((code < 0x0600 || code > 0x06ff) && code !== 0x200c && code !== 0x200d) {
      // Joined words, Latin letters: leave the word alone.
      if (code < 0x0300 || code > 0x036f) return null;
    }
  }
  // Every cut needs at least 5 letters: a 2-letter clitic and a 3-letter stem, or 1 and 4.
  if (count < 5) return null;
  const letterAt = (index: number) => (index < count ? text.charCodeAt(letters[index]!) : -1);
  const skeleton = (from: number) => {
    let word = '';
    for (let k = from; k < count; k++) {
      const code = text.charCodeAt(letters[k]!);
      word += code === ALEF_WASLA ? 'ا' : String.fromCharCode(code);
    }
    return word;
  };

  const first = letterAt(0);
  const conjunctions = first === WAW || first === FEH ? WITH_THEN_WITHOUT : ONLY_WITHOUT;
  const cuts: number[] = [];

  // The longest proclitic sequence that ends in the article and leaves 3 letters.
  let article = false;
  for (const conjunction of conjunctions) {
    for (const preposition of prepositionChoices(letterAt(conjunction))) {
      const stemStart = articleEnd(letterAt, skeleton, conjunction + preposition, preposition === 1);
      if (stemStart > 0 && count - stemStart >= MIN_STEM) {
        if (conjunction) cuts.push(1);
        // After ل the article's alef is not written: ل + ل is one proclitic, لل.
        const fused = preposition === 1 && letterAt(conjunction) === LAM && letterAt(conjunction + 1) === LAM;
        if (preposition && !fused) cuts.push(conjunction + 1);
        cuts.push(stemStart);
        article = true;
        break;
      }
    }
    if (article) break;
  }

  if (!article) {
    // The suffix first, so that فوقها is فوق + ها and not ف + وقها.
    let stemEnd = count;
    const frozen =
      letterAt(count - 1) === KAF && [...FROZEN_SUFFIX].some((word) => skeleton(0).endsWith(word));
    // A pronoun suffix never carries tanween: أحياناً and تشابهٍ end in a case ending, not نا or ه.
    if (!frozen && !endsWithTanween(text, end)) {
      for (const suffix of SUFFIXES) {
        const length = suffix.letters.length;
        if (count - length < suffix.minStem) continue;
        let fits = true;
        for (let k = 0; k < length && fits; k++) fits = letterAt(count - length + k) === suffix.letters[k];
        if (fits) {
          stemEnd = count - length;
          break;
        }
      }
    }
    // Then the longest conjunction/preposition sequence that leaves a long enough remainder.
    search: for (const conjunction of conjunctions) {
      for (const preposition of prepositionChoices(letterAt(conjunction))) {
        if (conjunction + preposition === 0) continue;
        // ك "like" is cut only before the article: كلينتون, كارولينا are names, not ك + stem.
        if (preposition && letterAt(conjunction) === KAF) continue;
        const minStem = preposition ? MIN_STEM_AFTER_PREPOSITION : MIN_STEM_AFTER_CONJUNCTION;
        // The length rule looks at the word after the proclitics, suffix included (وكتابه: و + كتابه),
        // and the stem between proclitics and suffix must still keep 3 letters.
        const stemStart = conjunction + preposition;
        if (count - stemStart >= minStem && stemEnd - stemStart >= MIN_STEM) {
          if (conjunction) cuts.push(1);
          if (preposition) cuts.push(conjunction + 1);
          break search;
        }
      }
    }
    if (stemEnd < count) cuts.push(stemEnd);
  }
  if (cuts.length === 0) return null;

  const pieces: [number, number][] = [];
  let pieceStart = start;
  for (const cut of cuts) {
    const offset = letters[cut]!;
    pieces.push([pieceStart, offset]);
    pieceStart = offset;
  }
  pieces.push([pieceStart, end]);
  return pieces;
}

/** Whether the word ending at `end` carries tanween (ً ٌ ٍ) on its last letter. */
function endsWithTanween(text: string, end: number): boolean {
  for (let i = end - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    if (code >= 0x064b && code <= 0x064d) return true;
    // Other marks and tatweel may sit after the tanween; a letter ends the search.
    const mark = (code >= 0x064e && code <= 0x065f) || code === 0x0670 || (code >= 0x06d6 && code <= 0x06ed);
    if (!mark && code !== TATWEEL) return false;
  }
  return false;
}

/** Try with the clitic, then without; or only without. */
const WITH_THEN_WITHOUT: readonly number[] = [1, 0];
const ONLY_WITHOUT: readonly number[] = [0];

/** Whether the letter can be read as a preposition: [1, 0] (try with, then without) or [0]. */
function prepositionChoices(letter: number): readonly number[] {
  return letter === BEH || letter === KAF || letter === LAM ? WITH_THEN_WITHOUT : ONLY_WITHOUT;
}

/**
 * Where the stem starts if the article follows the first `at` letters, or -1. After the
 * preposition ل the article is written ل alone (لل).
 */
function articleEnd(
  letterAt: (index: number) => number,
  skeleton: (from: number) => string,
  at: number,
  afterPreposition: boolean,
): number {
  if (afterPreposition && letterAt(at - 1) === LAM && letterAt(at) === LAM) return at + 1;
  if (isAlef(letterAt(at)) && letterAt(at + 1) === LAM && !FROZEN_ARTICLE.has(skeleton(at))) return at + 2;
  return -1;
}
