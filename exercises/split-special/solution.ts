// Reference solution of docs/exercises/split-special.md.

// Python's `regex` module (and Rust's) count U+0085 as whitespace and U+FEFF not; JavaScript's \s
// does the opposite. Spelling the class out gives the reference's chunks on every input.
const WS = '\\t-\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

/** GPT-2's split pattern: contractions, words and numbers with one leading space, punctuation runs, whitespace. */
export const GPT2_PATTERN = new RegExp(
  `'(?:[sdmt]|ll|ve|re)| ?\\p{L}+| ?\\p{N}+| ?[^${WS}\\p{L}\\p{N}]+|[${WS}]+(?![^${WS}])|[${WS}]+`,
  'gu',
);

/**
 * GPT-4's (cl100k's) split pattern. JavaScript has no possessive quantifiers (`?+`, `++`: drop
 * them, the alternatives never overlap) and no scoped `(?i:...)` (spell the cases out; Python
 * folds `ſ`, the long s, to `s`).
 */
export const GPT4_PATTERN = new RegExp(
  `'(?:[sSſdDmMtT]|[lL][lL]|[vV][eE]|[rR][eE])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^${WS}\\p{L}\\p{N}]+[\\r\\n]*|[${WS}]*[\\r\\n]|[${WS}]+(?![^${WS}])|[${WS}]+`,
  'gu',
);

/** The chunks of `text`: every match of `pattern`, in order (Python's `re.findall`). */
export function splitChunks(text: string, pattern: RegExp): string[] {
  return text.match(pattern) ?? [];
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/**
 * Cut `text` at the special tokens, keeping them: `[text, special, text, ..., text]` (Python's
 * `re.split` with a capturing group). At one position the token listed first wins.
 */
export function splitOnSpecial(text: string, specials: readonly string[]): string[] {
  if (specials.length === 0) return [text];
  return text.split(new RegExp(`(${specials.map(escapeRegExp).join('|')})`, 'u'));
}

/** Which special tokens `encode` may emit, as minbpe's `allowed_special`. */
export type Allowed = 'all' | 'none' | 'none_raise' | ReadonlySet<string>;

/**
 * Encode `text` with special tokens: under `'all'` (or a set) the allowed special tokens become
 * their ids and the text between them is encoded by `encodeOrdinary`; under `'none'` everything is
 * ordinary text; under `'none_raise'` a text containing a special token is an error.
 */
export function encodeWithSpecial(
  text: string,
  specials: ReadonlyMap<string, number>,
  allowed: Allowed,
  encodeOrdinary: (text: string) => number[],
): number[] {
  if (allowed === 'none_raise') {
    for (const token of specials.keys()) {
      if (text.includes(token))
        throw new Error(`the text contains the special token ${token}; pass allowed 'all' or 'none'`);
    }
    return encodeOrdinary(text);
  }
  if (allowed === 'none') return encodeOrdinary(text);
  const active = [...specials.keys()].filter((token) => allowed === 'all' || allowed.has(token));
  return splitOnSpecial(text, active).flatMap((part, i) =>
    i % 2 === 1 ? [specials.get(part)!] : encodeOrdinary(part),
  );
}
