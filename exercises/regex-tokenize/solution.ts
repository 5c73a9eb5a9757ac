// Reference solution of docs/exercises/regex-tokenize.md.

/**
 * Builds the seed's verbose pattern with `word` as the contents of the `\w` class:
 * abbreviations, words with inner hyphens, currency and percentages, the ellipsis, punctuation.
 */
function seedPattern(word: string, punctuation = ''): RegExp {
  const w = `[${word}]`;
  return new RegExp(
    [
      '(?:[A-Z]\\.)+', // abbreviations, e.g. U.S.A.
      `${w}+(?:-${w}+)*`, // words with optional internal hyphens
      '\\$?\\p{Nd}+(?:\\.\\p{Nd}+)?%?', // currency, percentages: Python's \d is any decimal digit
      '\\.{3}', // ellipsis
      `[\\]\\[.,;"#'?():_'${punctuation}-]`, // separate tokens: ] and [ need escaping in a JS class
    ].join('|'),
    'gu',
  );
}

/** The seed's pattern with Python's `\w`: letters, numbers and `_`, but no combining marks. */
export const NLTK_PATTERN = seedPattern('\\p{L}\\p{N}_');

/**
 * The same pattern with marks (`\p{M}`) inside words, so vowelled Arabic stays whole, and the
 * Arabic comma, semicolon and question mark (، ؛ ؟) as punctuation tokens.
 */
export const UNICODE_PATTERN = seedPattern('\\p{L}\\p{M}\\p{N}_', '،؛؟');

/** `nltk.regexp_tokenize(text, pattern)`: every match, in order. */
export function regexpTokenize(text: string, pattern: RegExp): string[] {
  return text.match(pattern) ?? [];
}

/** The characters no token covers, other than whitespace: what the tokenizer silently drops. */
export function droppedCharacters(text: string, pattern: RegExp): string[] {
  const covered = new Array<boolean>(text.length).fill(false);
  for (const match of text.matchAll(pattern)) covered.fill(true, match.index, match.index + match[0].length);
  const dropped: string[] = [];
  for (let i = 0; i < text.length; i++) if (!covered[i] && !/\s/u.test(text[i]!)) dropped.push(text[i]!);
  return dropped;
}
