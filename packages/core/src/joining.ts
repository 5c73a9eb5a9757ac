import { JOINING_TYPE_RANGES } from './joining-types.js';
import { RangeTable } from './range-table.js';

/**
 * Cursive joining (Arabic, Syriac, N'Ko, Mandaic, Mongolian, Manichaean, Psalter Pahlavi, Hanifi
 * Rohingya, Sogdian, Adlam, …) across a cut between two token boxes.
 *
 * A browser shapes each inline box with padding on its own, so a letter at the edge of a token box
 * takes its isolated form even when, in the text, it joins the letter next to it. Knowing which cuts
 * fall inside a joined word lets a display add a zero-width joiner (U+200D) on each side of the
 * cut, in display only, so the letters keep their joined shapes.
 */

/**
 * A Unicode Joining_Type: `D` dual-joining, `R` right-joining (joins the character before it in
 * logical order only), `L` left-joining (joins the character after it only), `C` join-causing
 * (tatweel, ZWJ), `T` transparent (marks and format characters, skipped when looking for a
 * neighbour), `U` non-joining.
 *
 * @example
 * ```ts
 * const beh: JoiningType = joiningType(0x628); // 'D'
 * ```
 */
export type JoiningType = 'U' | 'T' | 'D' | 'R' | 'L' | 'C';

const JOINING_TYPES = new RangeTable(JOINING_TYPE_RANGES);

/**
 * The Joining_Type of a code point, from Unicode's ArabicShaping.txt (code points it does not list
 * are `T` when their general category is Mn, Me or Cf, `U` otherwise).
 *
 * @example
 * ```ts
 * joiningType(0x0628);  // 'D': ARABIC LETTER BEH
 * joiningType(0x0627);  // 'R': ARABIC LETTER ALEF
 * joiningType(0x0640);  // 'C': ARABIC TATWEEL
 * joiningType(0x064e);  // 'T': ARABIC FATHA
 * joiningType(0x200c);  // 'U': ZERO WIDTH NON-JOINER
 * joiningType(0x10acd); // 'L': MANICHAEAN HETH
 * ```
 */
export function joiningType(codePoint: number): JoiningType {
  // Below the combining marks only U+00AD SOFT HYPHEN (Cf, so transparent) is not U: no search.
  if (codePoint < 0x300 && codePoint !== 0xad) return 'U';
  return String.fromCharCode(JOINING_TYPES.letterAt(codePoint)) as JoiningType;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * Whether a cut at UTF-16 offset `cut` of `text` falls between two characters that join: the
 * nearest non-transparent character before the cut joins forward (`D`, `L` or `C`) and the nearest
 * after it joins backward (`D`, `R` or `C`). Marks between them do not count; a ZWNJ (U+200C) or
 * any non-joining character breaks the join. A cut inside a surrogate pair is not between two
 * characters and gives `false`.
 *
 * @example
 * ```ts
 * joinsAcross('كتب', 1);        // true: ك joins ت
 * joinsAcross('دار', 1);        // false: د never joins the letter after it
 * joinsAcross('بِسم', 2);       // true: the kasra is transparent
 * joinsAcross('ب\u200Cب', 1);   // false: ZWNJ breaks the join
 * ```
 */
export function joinsAcross(text: string, cut: number): boolean {
  if (cut <= 0 || cut >= text.length) return false;
  if (isLowSurrogate(text.charCodeAt(cut)) && isHighSurrogate(text.charCodeAt(cut - 1))) return false;
  let before: JoiningType = 'U';
  for (let at = cut; at > 0; ) {
    const code = text.charCodeAt(at - 1);
    const width = isLowSurrogate(code) && at > 1 && isHighSurrogate(text.charCodeAt(at - 2)) ? 2 : 1;
    at -= width;
    before = joiningType(text.codePointAt(at)!);
    if (before !== 'T') break;
  }
  if (before !== 'D' && before !== 'L' && before !== 'C') return false;
  for (let at = cut; at < text.length; ) {
    const codePoint = text.codePointAt(at)!;
    const type = joiningType(codePoint);
    if (type !== 'T') return type === 'D' || type === 'R' || type === 'C';
    at += codePoint > 0xffff ? 2 : 1;
  }
  return false;
}
