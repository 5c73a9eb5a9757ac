import { finalPeriodRewrite, spaceFinalColonComma } from './end-rules.js';
import {
  CONTRACTION_REWRITES,
  CONVERT_PARENTHESES,
  DOUBLE_DASHES,
  PARENS_BRACKETS,
  registerTreebankRules,
  type TreebankRules,
  TreebankWordTokenizer,
  treebankRules,
} from './treebank-tokenizer.js';
import {
  APOSTROPHE,
  BACKTICK,
  CLOSING_QUOTE,
  COLON_COMMA,
  OPENING_QUOTE,
  PERIOD,
  QUESTION_EXCLAMATION,
  QUOTE,
  STAR,
  SYMBOL,
} from './triggers.js';

const raw = String.raw;

const NLTK_WORD_RULES: TreebankRules = {
  startingQuotes: treebankRules([
    ['([«“‘„]|[`]+)', raw` \1 `, OPENING_QUOTE | BACKTICK],
    [raw`^\"`, '``', QUOTE],
    ['(``)', ' \\1 ', BACKTICK],
    [raw`([ \(\[{<])(\"|\'{2})`, '\\1 `` ', QUOTE | APOSTROPHE],
    [raw`(?i)(\')(?!re|ve|ll|m|t|s|d|n)(\w)\b`, raw`\1 \2`, APOSTROPHE],
  ]),
  punctuation: treebankRules([
    // ([^\.])(\.)([\]\)}>"\'»”’ ]*)\s*$ → '\1 \2 \3 '
    { needs: PERIOD, apply: finalPeriodRewrite(`])}>"'»”’ `, true) },
    [raw`([:,])([^\d])`, raw` \1 \2`, COLON_COMMA],
    // ([:,])$ → ' \1 '
    { needs: COLON_COMMA, apply: spaceFinalColonComma },
    [raw`\.{2,}`, raw` \g<0> `, PERIOD],
    [raw`[;@#$%&]`, raw` \g<0> `, SYMBOL],
    // ([^\.])(\.)([\]\)}>"\']*)\s*$ → '\1 \2\3 '
    { needs: PERIOD, apply: finalPeriodRewrite(`])}>"'`, false) },
    [raw`[?!]`, raw` \g<0> `, QUESTION_EXCLAMATION],
    [raw`([^'])' `, raw`\1 ' `, APOSTROPHE],
    [raw`[*]`, raw` \g<0> `, STAR],
  ]),
  parensBrackets: PARENS_BRACKETS,
  convertParentheses: CONVERT_PARENTHESES,
  doubleDashes: DOUBLE_DASHES,
  endingQuotes: treebankRules([
    ['([»”’])', raw` \1 `, CLOSING_QUOTE],
    ["''", " '' ", APOSTROPHE],
    ['"', " '' ", QUOTE],
    [raw`([^' ])('[sS]|'[mM]|'[dD]|') `, raw`\1 \2 `, APOSTROPHE],
    [raw`([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) `, raw`\1 \2 `, APOSTROPHE],
  ]),
  contractions: CONTRACTION_REWRITES,
};

/**
 * NLTK's `NLTKWordTokenizer`, the improved Treebank tokenizer behind `word_tokenize`: it also splits
 * Unicode quotes (`«»“”‘’„`), backticks, runs of periods and `*`, and a quote before a one-letter
 * word. It expects one sentence at a time (see {@link wordTokenize} for whole texts).
 *
 * @example
 * ```ts
 * new NLTKWordTokenizer().words('«Hello», he said… *twice*.');
 * // ['«', 'Hello', '»', ',', 'he', 'said…', '*', 'twice', '*', '.']
 * ```
 */
export class NLTKWordTokenizer extends TreebankWordTokenizer {
  override readonly name: string = 'nltk-word';
}

registerTreebankRules(NLTKWordTokenizer, NLTK_WORD_RULES);
