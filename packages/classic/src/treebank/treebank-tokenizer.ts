import {
  optionNames,
  requireOptionNames,
  requireOptions,
  requireText,
  type Token,
  type Tokenizer,
} from '@tokenlab/core';
import { scannedStrings } from '../offsets.js';
import { scanNonSpaceRuns } from '../regexp/runs.js';
import { alignTokens } from './align.js';
import { CONTRACTIONS2, CONTRACTIONS3 } from './contractions.js';
import { finalPeriodRewrite, spaceFinalColonComma } from './end-rules.js';
import { pythonRewrite, type Rewrite } from './rewrite.js';
import {
  APOSTROPHE,
  BACKTICK,
  BRACKET,
  COLON_COMMA,
  DASH,
  DOUBLE_NMT,
  EVERY_RULE,
  PERIOD,
  QUESTION_EXCLAMATION,
  QUOTE,
  SYMBOL,
  triggerMask,
} from './triggers.js';

const raw = String.raw;

/**
 * Options of the Treebank-style tokenizers.
 *
 * @example
 * ```ts
 * new TreebankWordTokenizer({ convertParentheses: true }).words('(a)'); // ['-LRB-', 'a', '-RRB-']
 * ```
 */
export interface TreebankOptions {
  /** Write brackets as the Penn Treebank symbols `-LRB-`, `-RRB-`, `-LSB-`, ... (default false). */
  convertParentheses?: boolean;
}

/** Every option of {@link TreebankOptions}, for the check of unknown names. */
const TREEBANK_OPTIONS = optionNames<TreebankOptions>()(['convertParentheses']);

/** The rule lists of a Treebank-style tokenizer, each a list of Python substitutions in NLTK's order. */
export interface TreebankRules {
  startingQuotes: TreebankRule[];
  punctuation: TreebankRule[];
  parensBrackets: TreebankRule;
  convertParentheses: Rewrite[];
  doubleDashes: TreebankRule;
  endingQuotes: TreebankRule[];
  contractions: TreebankRule;
}

/** A substitution and the trigger bits (see `triggers.ts`) without which it cannot match. */
export interface TreebankRule {
  needs: number;
  apply: Rewrite;
}

/** Rules from `[pattern, template, needs]` triples (Python substitutions) and hand-written rules, in order. */
export const treebankRules = (rules: ([string, string, number] | TreebankRule)[]): TreebankRule[] =>
  rules.map((rule) =>
    Array.isArray(rule) ? { needs: rule[2], apply: pythonRewrite(rule[0], rule[1]) } : rule,
  );

/** Shared by both Treebank tokenizers. */
export const PARENS_BRACKETS: TreebankRule = {
  needs: BRACKET,
  apply: pythonRewrite(raw`[\]\[\(\)\{\}\<\>]`, raw` \g<0> `),
};
export const CONVERT_PARENTHESES: Rewrite[] = [
  [raw`\(`, '-LRB-'],
  [raw`\)`, '-RRB-'],
  [raw`\[`, '-LSB-'],
  [raw`\]`, '-RSB-'],
  [raw`\{`, '-LCB-'],
  [raw`\}`, '-RCB-'],
].map(([pattern, template]) => pythonRewrite(pattern!, template!));
export const DOUBLE_DASHES: TreebankRule = { needs: DASH, apply: pythonRewrite('--', ' -- ') };
const CONTRACTION_RULES = [...CONTRACTIONS2, ...CONTRACTIONS3].map((pattern) =>
  pythonRewrite(pattern, raw` \1 \2 `),
);
// Unicode case folding, as Python's (?i) has it: 'ſ' matches 's'.
const ANY_CONTRACTION = /cannot|d'ye|gimme|gonna|gotta|lemme|more'n|wanna|'tis|'twas/iu;
/** The contraction rules, skipped together when the text has none of the contractions. */
export const CONTRACTION_REWRITES: TreebankRule = {
  // Every contraction has an apostrophe or a doubled n, m or t.
  needs: APOSTROPHE | DOUBLE_NMT,
  apply: (text) =>
    ANY_CONTRACTION.test(text) ? CONTRACTION_RULES.reduce((result, rule) => rule(result), text) : text,
};

/** The rules a tokenizer class applies; subclasses register theirs (kept off the public surface). */
const RULES_BY_CLASS = new WeakMap<object, TreebankRules>();

/** Make instances of `tokenizerClass` apply `rules`. */
export function registerTreebankRules(tokenizerClass: object, rules: TreebankRules): void {
  RULES_BY_CLASS.set(tokenizerClass, rules);
}

function rulesOf(tokenizer: TreebankWordTokenizer): TreebankRules {
  return RULES_BY_CLASS.get(tokenizer.constructor) ?? TREEBANK_RULES;
}

const TREEBANK_RULES: TreebankRules = {
  startingQuotes: treebankRules([
    [raw`^\"`, '``', QUOTE],
    ['(``)', ' \\1 ', BACKTICK],
    [raw`([ \(\[{<])(\"|\'{2})`, '\\1 `` ', QUOTE | APOSTROPHE],
  ]),
  punctuation: treebankRules([
    [raw`([:,])([^\d])`, raw` \1 \2`, COLON_COMMA],
    // ([:,])$ → ' \1 '
    { needs: COLON_COMMA, apply: spaceFinalColonComma },
    [raw`\.\.\.`, ' ... ', PERIOD],
    [raw`[;@#$%&]`, raw` \g<0> `, SYMBOL],
    // The final period of the text, possibly followed by closing brackets and quotes:
    // ([^\.])(\.)([\]\)}>"\']*)\s*$ → '\1 \2\3 '
    { needs: PERIOD, apply: finalPeriodRewrite(`])}>"'`, false) },
    [raw`[?!]`, raw` \g<0> `, QUESTION_EXCLAMATION],
    [raw`([^'])' `, raw`\1 ' `, APOSTROPHE],
  ]),
  parensBrackets: PARENS_BRACKETS,
  convertParentheses: CONVERT_PARENTHESES,
  doubleDashes: DOUBLE_DASHES,
  endingQuotes: treebankRules([
    ["''", " '' ", APOSTROPHE],
    ['"', " '' ", QUOTE],
    [raw`([^' ])('[sS]|'[mM]|'[dD]|') `, raw`\1 \2 `, APOSTROPHE],
    [raw`([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) `, raw`\1 \2 `, APOSTROPHE],
  ]),
  contractions: CONTRACTION_REWRITES,
};

/** Run the rules over `text` and split the result on Python whitespace: NLTK's `tokenize`. */
export function applyTreebankRules(
  rules: TreebankRules,
  text: string,
  convertParentheses: boolean,
): string[] {
  // Rules only add spaces and rewrite quotes, so the original text's triggers stay valid throughout;
  // converted parentheses add letters and dashes, so then every rule runs.
  const mask = convertParentheses ? EVERY_RULE : triggerMask(text);
  const run = (rule: TreebankRule) => {
    if (mask & rule.needs) text = rule.apply(text);
  };
  rules.startingQuotes.forEach(run);
  rules.punctuation.forEach(run);
  run(rules.parensBrackets);
  if (convertParentheses) for (const rule of rules.convertParentheses) text = rule(text);
  run(rules.doubleDashes);
  text = ` ${text} `;
  rules.endingQuotes.forEach(run);
  run(rules.contractions);
  // Python's `str.split()`: the runs of non-whitespace.
  scanNonSpaceRuns(text);
  return scannedStrings(text);
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
    requireOptions(options, 'TreebankWordTokenizer', '{ convertParentheses: true }');
    requireOptionNames(options, TREEBANK_OPTIONS, 'TreebankWordTokenizer');
    this.convertParentheses = options.convertParentheses ?? false;
  }

  /** The token strings, as NLTK's `tokenize` returns them. */
  words(text: string): string[] {
    return applyTreebankRules(rulesOf(this), text, this.convertParentheses);
  }

  tokenize(text: string): Token[] {
    requireText(text, 'TreebankWordTokenizer.tokenize');
    return alignTokens(this.words(text), text);
  }

  /** The `[start, end)` spans of the tokens, as NLTK's `span_tokenize` (in UTF-16 offsets). */
  spanTokenize(text: string): [number, number][] {
    requireText(text, 'TreebankWordTokenizer.spanTokenize');
    return this.tokenize(text).map((token) => [token.start, token.end]);
  }
}
