import type { Token, Tokenizer } from '@tokenlab/core';
import { isPythonSpace } from '../punkt/sentence-tokenizer.js';
import { alignTokens } from './align.js';
import { CONTRACTIONS2, CONTRACTIONS3 } from './contractions.js';
import { pythonRewrite, type Rewrite } from './rewrite.js';

const raw = String.raw;

/** Options of the Treebank-style tokenizers. */
export interface TreebankOptions {
  /** Write brackets as the Penn Treebank symbols `-LRB-`, `-RRB-`, `-LSB-`, ... (default false). */
  convertParentheses?: boolean;
}

/** The rule lists of a Treebank-style tokenizer, each a list of Python substitutions in NLTK's order. */
export interface TreebankRules {
  startingQuotes: Rewrite[];
  punctuation: Rewrite[];
  parensBrackets: Rewrite;
  convertParentheses: Rewrite[];
  doubleDashes: Rewrite;
  endingQuotes: Rewrite[];
  contractions: Rewrite[];
}

const rewrites = (rules: [string, string, RegExp?][]) =>
  rules.map(([pattern, template, hint]) => pythonRewrite(pattern, template, hint));

/** Shared by both Treebank tokenizers. */
export const PARENS_BRACKETS = pythonRewrite(raw`[\]\[\(\)\{\}\<\>]`, raw` \g<0> `, /[\][(){}<>]/);
export const CONVERT_PARENTHESES = rewrites([
  [raw`\(`, '-LRB-'],
  [raw`\)`, '-RRB-'],
  [raw`\[`, '-LSB-'],
  [raw`\]`, '-RSB-'],
  [raw`\{`, '-LCB-'],
  [raw`\}`, '-RCB-'],
]);
export const DOUBLE_DASHES = pythonRewrite('--', ' -- ', /--/);
const CONTRACTION_RULES = [...CONTRACTIONS2, ...CONTRACTIONS3].map((pattern) =>
  pythonRewrite(pattern, raw` \1 \2 `),
);
// Unicode case folding, as Python's (?i) has it: 'ſ' matches 's'.
const ANY_CONTRACTION = /cannot|d'ye|gimme|gonna|gotta|lemme|more'n|wanna|'tis|'twas/iu;
/** The contraction rules, skipped together when the text has none of the contractions. */
export const CONTRACTION_REWRITES: Rewrite[] = [
  (text) =>
    ANY_CONTRACTION.test(text) ? CONTRACTION_RULES.reduce((result, rule) => rule(result), text) : text,
];

/** The rules a tokenizer class applies; subclasses register theirs (kept off the public surface). */
const RULES_BY_CLASS = new WeakMap<object, TreebankRules>();

/** Make instances of `constructor` apply `rules`. */
export function registerTreebankRules(constructor: object, rules: TreebankRules): void {
  RULES_BY_CLASS.set(constructor, rules);
}

function rulesOf(tokenizer: TreebankWordTokenizer): TreebankRules {
  return RULES_BY_CLASS.get(tokenizer.constructor) ?? TREEBANK_RULES;
}

const TREEBANK_RULES: TreebankRules = {
  startingQuotes: rewrites([
    [raw`^\"`, '``', /^"/],
    ['(``)', ' \\1 ', /``/],
    [raw`([ \(\[{<])(\"|\'{2})`, '\\1 `` ', /"|''/],
  ]),
  punctuation: rewrites([
    [raw`([:,])([^\d])`, raw` \1 \2`, /[:,]/],
    [raw`([:,])$`, raw` \1 `, /[:,]/],
    [raw`\.\.\.`, ' ... ', /\.\.\./],
    [raw`[;@#$%&]`, raw` \g<0> `, /[;@#$%&]/],
    // The final period of the text, possibly followed by closing brackets and quotes.
    [raw`([^\.])(\.)([\]\)}>"\']*)\s*$`, raw`\1 \2\3 `, /\./],
    [raw`[?!]`, raw` \g<0> `, /[?!]/],
    [raw`([^'])' `, raw`\1 ' `, /' /],
  ]),
  parensBrackets: PARENS_BRACKETS,
  convertParentheses: CONVERT_PARENTHESES,
  doubleDashes: DOUBLE_DASHES,
  endingQuotes: rewrites([
    ["''", " '' ", /''/],
    ['"', " '' ", /"/],
    [raw`([^' ])('[sS]|'[mM]|'[dD]|') `, raw`\1 \2 `, /'/],
    [raw`([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) `, raw`\1 \2 `, /'/],
  ]),
  contractions: CONTRACTION_REWRITES,
};

/** Python's `str.split()`: the runs of non-whitespace. */
function splitWords(text: string): string[] {
  const words: string[] = [];
  const length = text.length;
  let index = 0;
  while (index < length) {
    while (index < length && isPythonSpace(text.charCodeAt(index))) index++;
    if (index === length) break;
    const start = index;
    while (index < length && !isPythonSpace(text.charCodeAt(index))) index++;
    words.push(text.slice(start, index));
  }
  return words;
}

/** Run the rules over `text` and split the result on Python whitespace: NLTK's `tokenize`. */
export function applyTreebankRules(
  rules: TreebankRules,
  text: string,
  convertParentheses: boolean,
): string[] {
  for (const rule of rules.startingQuotes) text = rule(text);
  for (const rule of rules.punctuation) text = rule(text);
  text = rules.parensBrackets(text);
  if (convertParentheses) for (const rule of rules.convertParentheses) text = rule(text);
  text = rules.doubleDashes(text);
  text = ` ${text} `;
  for (const rule of rules.endingQuotes) text = rule(text);
  for (const rule of rules.contractions) text = rule(text);
  return splitWords(text);
}

/**
 * NLTK's `TreebankWordTokenizer`: Penn Treebank conventions. Splits contractions (`don't` → `do`,
 * `n't`), most punctuation, commas and single quotes before whitespace, and only the final period of
 * the text; turns `"` into ` `` ` and `''`. Tokens carry NLTK's text; their spans are those of NLTK's
 * `span_tokenize`, so a rewritten quote's span covers the original `"`.
 *
 * @example
 * ```ts
 * const tokenizer = new TreebankWordTokenizer();
 * tokenizer.words("They'll save and invest more."); // ['They', "'ll", 'save', 'and', 'invest', 'more', '.']
 * tokenizer.spanTokenize('"Hi," she said.');        // [[0, 1], [1, 3], [3, 4], [4, 5], [6, 9], [10, 14], [14, 15]]
 * ```
 */
export class TreebankWordTokenizer implements Tokenizer {
  readonly name: string = 'treebank';
  private readonly convertParentheses: boolean;

  /** By default brackets stay as they are. */
  constructor(options: TreebankOptions = {}) {
    this.convertParentheses = options.convertParentheses ?? false;
  }

  /** The token strings, as NLTK's `tokenize` returns them. */
  words(text: string): string[] {
    return applyTreebankRules(rulesOf(this), text, this.convertParentheses);
  }

  tokenize(text: string): Token[] {
    return alignTokens(this.words(text), text);
  }

  /** The `[start, end)` spans of the tokens, as NLTK's `span_tokenize` (in UTF-16 offsets). */
  spanTokenize(text: string): [number, number][] {
    return this.tokenize(text).map((token) => [token.start, token.end]);
  }
}
