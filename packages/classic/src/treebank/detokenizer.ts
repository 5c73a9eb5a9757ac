import { optionNames, requireOptionNames, requireOptions } from '@tokenlab/core';
import { CONTRACTIONS2, CONTRACTIONS3 } from './contractions.js';
import { pythonRewrite, type Rewrite } from './rewrite.js';

const raw = String.raw;
const rewrites = (pairs: [string, string][]): Rewrite[] =>
  pairs.map(([pattern, template]) => pythonRewrite(pattern, template));

// The contraction patterns with their split point turned into a space to be removed.
const JOIN_CONTRACTIONS = [...CONTRACTIONS3, ...CONTRACTIONS2].map((pattern) =>
  pythonRewrite(pattern.replace('(?#X)', raw`\s`), raw`\1\2`),
);

const ENDING_QUOTES = rewrites([
  [raw`([^' ])\s('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) `, raw`\1\2 `],
  [raw`([^' ])\s('[sS]|'[mM]|'[dD]|') `, raw`\1\2 `],
  [raw`(\S)\s(\'\')`, raw`\1\2`],
  // Closing quotes followed by punctuation that takes no space before it.
  [raw`(\'\')\s([.,:)\]>};%])`, raw`\1\2`],
  ["''", '"'],
]);
const DOUBLE_DASHES = pythonRewrite(' -- ', '--');
const CONVERT_PARENTHESES = rewrites([
  ['-LRB-', '('],
  ['-RRB-', ')'],
  ['-LSB-', '['],
  ['-RSB-', ']'],
  ['-LCB-', '{'],
  ['-RCB-', '}'],
]);
const PARENS_BRACKETS = rewrites([
  [raw`([\[\(\{\<])\s`, raw`\g<1>`],
  [raw`\s([\]\)\}\>])`, raw`\g<1>`],
  [raw`([\]\)\}\>])\s([:;,.])`, raw`\1\2`],
]);
const PUNCTUATION = rewrites([
  [raw`([^'])\s'\s`, raw`\1' `],
  [raw`\s([?!])`, raw`\g<1>`],
  [raw`([^\.])\s(\.)([\]\)}>"\']*)\s*$`, raw`\1\2\3`],
  [raw`([#$])\s`, raw`\g<1>`],
  [raw`\s([;%])`, raw`\g<1>`],
  [raw`\s\.\.\.\s`, '...'],
  [raw`\s([:,])`, raw`\1`],
]);
const STARTING_QUOTES = rewrites([
  ['([ (\\[{<])\\s``', '\\1``'],
  ['(``)\\s', '\\1'],
  ['``', '"'],
]);

// Python's str.strip() with no argument strips Unicode whitespace. The ends are scanned by hand:
// an anchored `\s+$` alternative would rescan every long whitespace run inside the text (quadratic).
const PYTHON_SPACE_CHAR =
  /^[\t-\r\u{1c}-\u{20}\u{85}\u{a0}\u{1680}\u{2000}-\u{200a}\u{2028}\u{2029}\u{202f}\u{205f}\u{3000}]$/u;

function pythonStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && PYTHON_SPACE_CHAR.test(text[start]!)) start++;
  while (end > start && PYTHON_SPACE_CHAR.test(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/**
 * Options of {@link TreebankWordDetokenizer}.
 *
 * @example
 * ```ts
 * const detokenizer = new TreebankWordDetokenizer();
 * detokenizer.detokenize(['-LRB-', 'a', '-RRB-'], { convertParentheses: true }); // '(a)'
 * ```
 */
export interface DetokenizeOptions {
  /** Turn `-LRB-`, `-RRB-`, ... back into brackets (default false). */
  convertParentheses?: boolean;
}

/** Every option of {@link DetokenizeOptions}, for the check of unknown names. */
const DETOKENIZE_OPTIONS = optionNames<DetokenizeOptions>()(['convertParentheses']);

/**
 * NLTK's `TreebankWordDetokenizer`: joins Treebank tokens back into text by undoing the tokenizer's
 * padding. Whitespace is not restored as it was, and quotes come back as `"`.
 *
 * @example
 * ```ts
 * new TreebankWordDetokenizer().detokenize(['``', 'Hi', ',', "''", 'she', 'said', '.']); // '"Hi," she said.'
 * ```
 */
export class TreebankWordDetokenizer {
  /** Join `tokens` into text. */
  detokenize(tokens: readonly string[], options: DetokenizeOptions = {}): string {
    requireOptions(options, 'detokenize', '{ convertParentheses: true }');
    requireOptionNames(options, DETOKENIZE_OPTIONS, 'detokenize');
    let text = ` ${tokens.join(' ')} `;
    for (const rule of JOIN_CONTRACTIONS) text = rule(text);
    for (const rule of ENDING_QUOTES) text = rule(text);
    text = pythonStrip(text);
    text = DOUBLE_DASHES(text);
    if (options.convertParentheses) for (const rule of CONVERT_PARENTHESES) text = rule(text);
    for (const rule of PARENS_BRACKETS) text = rule(text);
    for (const rule of PUNCTUATION) text = rule(text);
    for (const rule of STARTING_QUOTES) text = rule(text);
    return pythonStrip(text);
  }
}
