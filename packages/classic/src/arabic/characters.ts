/**
 * The Arabic character classes the tokenizer and the normalizer share, in one place so that a
 * question such as "is U+0670 a diacritic here?" has one answer.
 */

/**
 * Bidirectional controls: LRM, RLM, the Arabic letter mark, the embeddings and overrides
 * (U+202A–U+202E) and the isolates (U+2066–U+2069). They steer display only, so the tokenizer
 * treats them like spaces: never a token, never part of one.
 *
 * @example
 * ```ts
 * BIDI_CONTROLS.includes('\u200F'); // true
 * ```
 */
export const BIDI_CONTROLS = '\u200E\u200F\u061C\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';

/**
 * Arabic punctuation the tokenizer always splits off: comma ، semicolon ؛ question mark ؟ percent ٪
 * guillemets « » the Urdu/Arabic full stop ۔ and the ornate parentheses ﴿ ﴾ of Quran editions.
 *
 * @example
 * ```ts
 * ARABIC_PUNCTUATION.includes('،'); // true
 * ```
 */
export const ARABIC_PUNCTUATION = '\u060C\u061B\u061F\u066A\u00AB\u00BB\u06D4\uFD3E\uFD3F';

/**
 * Tatweel (kashida), the stretching stroke; a letter (Lm) that only lengthens the line.
 *
 * @example
 * ```ts
 * 'العـــربية'.split(TATWEEL).join(''); // 'العربية'
 * ```
 */
export const TATWEEL = '\u0640';

/**
 * A regular expression source for the Arabic diacritics (tashkeel) the normalizer strips: the
 * honorific marks U+0610–U+061A, the harakat, tanween, shadda and sukun with the other combining
 * marks U+064B–U+065F, the superscript (dagger) alef U+0670, and the Quranic annotation marks in
 * U+06D6–U+06ED that combine with a letter. The small waw and yeh (U+06E5, U+06E6) are letters,
 * and ۞ ۩ are symbols, so they stay.
 *
 * @example
 * ```ts
 * new RegExp(`[${TASHKEEL_CLASS}]`, 'u').test('\u064E'); // true (fatha)
 * ```
 */
export const TASHKEEL_CLASS =
  '\\u0610-\\u061A\\u064B-\\u065F\\u0670\\u06D6-\\u06DC\\u06DF-\\u06E4\\u06E7\\u06E8\\u06EA-\\u06ED';
