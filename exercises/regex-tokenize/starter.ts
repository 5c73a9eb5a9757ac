// biome-ignore-all lint/correctness/noUnusedFunctionParameters: the parameters are there for you to use.
// Exercise: regex tokenization, and why Python's \w splits Arabic words.
// The task, background and hints: docs/exercises/regex-tokenize.md
// Check your work with: pnpm exercise regex-tokenize
import { Todo } from '../implementation.js';

/** The seed's pattern with Python's `\w`: letters, numbers and `_`, but no combining marks. */
// TODO step 1: translate the seed's verbose pattern (see the task page) into a JavaScript RegExp
// with flags 'gu', writing Python's \w as [\p{L}\p{N}_].
export const NLTK_PATTERN = /TODO step 1: the seed's pattern with Python's \w/gu;

/**
 * The same pattern with marks (`\p{M}`) inside words, so vowelled Arabic stays whole, and the
 * Arabic comma, semicolon and question mark (، ؛ ؟) as punctuation tokens.
 */
// TODO step 3: the same pattern with \p{M} added to the word class and ، ؛ ؟ to the punctuation.
export const UNICODE_PATTERN = /TODO step 3: the seed's pattern with combining marks in words/gu;

/** `nltk.regexp_tokenize(text, pattern)`: every match, in order. */
export function regexpTokenize(text: string, pattern: RegExp): string[] {
  // TODO step 1: every match of the pattern.
  throw new Todo('step 1, regexpTokenize: return every match of the pattern, in order');
}

/** The characters no token covers, other than whitespace: what the tokenizer silently drops. */
export function droppedCharacters(text: string, pattern: RegExp): string[] {
  // TODO step 2: mark the characters each match covers (text.matchAll gives match.index), then
  // return the ones left over that are not whitespace.
  throw new Todo('step 2, droppedCharacters: the non-space characters that no token covers');
}
