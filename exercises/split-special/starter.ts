// biome-ignore-all lint/correctness/noUnusedFunctionParameters: the parameters are there for you to use.
// Exercise: GPT split patterns and special tokens.
// The task, background and hints: docs/exercises/split-special.md
// Check your work with: pnpm exercise split-special
import { Todo } from '../implementation.js';

/** GPT-2's split pattern: contractions, words and numbers with one leading space, punctuation runs, whitespace. */
// TODO step 1: translate GPT-2's Python pattern (see the task page) into a JavaScript RegExp with flags 'gu'.
export const GPT2_PATTERN = /TODO step 1: write GPT-2's split pattern/gu;

/**
 * GPT-4's (cl100k's) split pattern. JavaScript has no possessive quantifiers (`?+`, `++`: drop
 * them, the alternatives never overlap) and no scoped `(?i:...)` (spell the cases out; Python
 * folds `ſ`, the long s, to `s`).
 */
// TODO step 2: translate GPT-4's Python pattern.
export const GPT4_PATTERN = /TODO step 2: write GPT-4's split pattern/gu;

/** The chunks of `text`: every match of `pattern`, in order (Python's `re.findall`). */
export function splitChunks(text: string, pattern: RegExp): string[] {
  // TODO step 1: every match of the (global) pattern.
  throw new Todo(
    "step 1, splitChunks: return every match of the pattern (String.prototype.match with a 'g' regex)",
  );
}

/**
 * Cut `text` at the special tokens, keeping them: `[text, special, text, ..., text]` (Python's
 * `re.split` with a capturing group). At one position the token listed first wins.
 */
export function splitOnSpecial(text: string, specials: readonly string[]): string[] {
  // TODO step 3: split on an alternation of the escaped special tokens, inside a capturing group.
  throw new Todo('step 3, splitOnSpecial: split the text at the special tokens, keeping them');
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
  // TODO step 4: pick the allowed special tokens, split on them, encode the pieces between them.
  throw new Todo('step 4, encodeWithSpecial: special tokens become their ids, the rest is ordinary text');
}
