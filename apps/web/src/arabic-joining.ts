/**
 * Arabic cursive joining across a cut between two token boxes.
 *
 * A browser shapes each inline box with padding on its own, so a letter at the edge of a token box
 * takes its isolated form even when, in the text, it joins the letter next to it. Knowing which cuts
 * fall inside a joined word lets the column add a zero-width joiner (U+200D) on each side of the cut,
 * in display only, so the letters keep their joined shapes.
 */

// Joining types of the Arabic block and Arabic Supplement, from Unicode's ArabicShaping.txt:
// D joins on both sides, R only to the letter before it (on its right), C (tatweel, ZWJ) causes joining.
const DUAL =
  /[\u0620\u0626\u0628\u062a-\u062e\u0633-\u063f\u0641-\u0647\u0649\u064a\u066e\u066f\u0678-\u0687\u069a-\u06bf\u06c1\u06c2\u06cc\u06ce\u06d0\u06d1\u06fa-\u06fc\u06ff\u0750-\u0758\u075c-\u076a\u076d-\u0770\u0772\u0775-\u0777\u077a-\u077f]/;
const RIGHT =
  /[\u0622-\u0625\u0627\u0629\u062f-\u0632\u0648\u0671-\u0673\u0675-\u0677\u0688-\u0699\u06c0\u06c3-\u06cb\u06cd\u06cf\u06d2\u06d3\u06d5\u06ee\u06ef\u0759-\u075b\u076b\u076c\u0771\u0773\u0774\u0778\u0779]/;
const CAUSING = /[\u0640\u200d]/;
// Marks are transparent: a letter joins across its harakat to the next letter.
const TRANSPARENT = /[\p{Mn}\p{Me}]/u;

/** Whether `char` can join the letter that follows it in logical order. */
function joinsForward(char: string): boolean {
  return DUAL.test(char) || CAUSING.test(char);
}

/** Whether `char` can join the letter that precedes it in logical order. */
function joinsBackward(char: string): boolean {
  return DUAL.test(char) || RIGHT.test(char) || CAUSING.test(char);
}

/**
 * Whether a cut at UTF-16 offset `cut` of `text` falls between two Arabic letters that join (marks
 * between them do not count), so each side of the cut should be drawn with a joiner.
 *
 * @example
 * ```ts
 * joinsAcross('كتب', 1);  // true: ك joins ت
 * joinsAcross('دار', 1);  // false: د never joins the letter after it
 * joinsAcross('بِسم', 2); // true: the kasra is transparent
 * ```
 */
export function joinsAcross(text: string, cut: number): boolean {
  let before = cut - 1;
  while (before >= 0 && TRANSPARENT.test(text[before]!)) before--;
  let after = cut;
  while (after < text.length && TRANSPARENT.test(text[after]!)) after++;
  if (before < 0 || after >= text.length) return false;
  return joinsForward(text[before]!) && joinsBackward(text[after]!);
}
