/**
 * The split patterns of the OpenAI encodings as JavaScript regular expressions that cut text exactly
 * where tiktoken's Rust regex does. Three translations make them equal:
 *
 * - `\s` is Rust's Unicode `White_Space` (with U+0085, without U+FEFF), not JavaScript's `\s` (the
 *   reverse on both), so it is spelled out as {@link WHITE_SPACE}.
 * - `(?i:'s|'t|...)` becomes explicit case classes; Rust folds `s` to `S` and to `ſ` (U+017F), so
 *   `[sSſ]`.
 * - Possessive quantifiers (in newer tiktoken releases) are dropped: every alternative's loops
 *   consume classes the next part cannot match, so backtracking never finds a different match.
 *
 * The patterns are the ones the `tiktoken` npm package (the Rust core) runs.
 */

/**
 * The characters of Rust's `\s` (Unicode White_Space), as the inside of a character class.
 *
 * @example
 * ```ts
 * new RegExp(`[${WHITE_SPACE}]`).test('\x85'); // true (JavaScript's \s says false)
 * ```
 */
export const WHITE_SPACE = '\\t-\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

const S = `[${WHITE_SPACE}]`;
const NOT_S = `[^${WHITE_SPACE}]`;
const PUNCT = `[^${WHITE_SPACE}\\p{L}\\p{N}]`;
const CONTRACTION_ANY_CASE = "'(?:[sS\\u017f]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD])";

/**
 * GPT-2's pattern source, shared by `gpt2`, `r50k_base`, `p50k_base` and `p50k_edit` (contractions in
 * lower case only).
 *
 * @example
 * ```ts
 * new RegExp(R50K_PATTERN_SOURCE, 'gu');
 * ```
 */
export const R50K_PATTERN_SOURCE = `'(?:s|t|re|ve|m|ll|d)| ?\\p{L}+| ?\\p{N}+| ?${PUNCT}+|${S}+(?!${NOT_S})|${S}+`;

/**
 * `cl100k_base`'s pattern source: contractions in any case, numbers in groups of up to three digits.
 *
 * @example
 * ```ts
 * new RegExp(CL100K_PATTERN_SOURCE, 'gu');
 * ```
 */
export const CL100K_PATTERN_SOURCE = [
  CONTRACTION_ANY_CASE,
  `[^\\r\\n\\p{L}\\p{N}]?\\p{L}+`,
  `\\p{N}{1,3}`,
  ` ?${PUNCT}+[\\r\\n]*`,
  `${S}*[\\r\\n]+`,
  `${S}+(?!${NOT_S})`,
  `${S}+`,
].join('|');

const UPPER = '[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]';
const LOWER = '[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]';

/**
 * `o200k_base`'s pattern source: words split at case changes, contractions attached to the word.
 *
 * @example
 * ```ts
 * new RegExp(O200K_PATTERN_SOURCE, 'gu');
 * ```
 */
export const O200K_PATTERN_SOURCE = [
  `[^\\r\\n\\p{L}\\p{N}]?${UPPER}*${LOWER}+(?:${CONTRACTION_ANY_CASE})?`,
  `[^\\r\\n\\p{L}\\p{N}]?${UPPER}+${LOWER}*(?:${CONTRACTION_ANY_CASE})?`,
  `\\p{N}{1,3}`,
  ` ?${PUNCT}+[\\r\\n/]*`,
  `${S}*[\\r\\n]+`,
  `${S}+(?!${NOT_S})`,
  `${S}+`,
].join('|');

/**
 * GPT-2 / r50k / p50k split pattern (flags `gu`: use with `matchAll` or `exec`).
 *
 * @example
 * ```ts
 * "I'm here  now".match(R50K_PATTERN); // ['I', "'m", ' here', ' ', ' now']
 * ```
 */
export const R50K_PATTERN = new RegExp(R50K_PATTERN_SOURCE, 'gu');

/**
 * cl100k_base split pattern (flags `gu`).
 *
 * @example
 * ```ts
 * 'Hello 12345!\n\n'.match(CL100K_PATTERN); // ['Hello', ' ', '123', '45', '!\n\n']
 * ```
 */
export const CL100K_PATTERN = new RegExp(CL100K_PATTERN_SOURCE, 'gu');

/**
 * o200k_base split pattern (flags `gu`).
 *
 * @example
 * ```ts
 * "HelloWORLD they're".match(O200K_PATTERN); // ['Hello', 'WORLD', " they're"]
 * ```
 */
export const O200K_PATTERN = new RegExp(O200K_PATTERN_SOURCE, 'gu');
