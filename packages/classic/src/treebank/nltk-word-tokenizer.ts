import { pythonRewrite, type Rewrite } from './rewrite.js';
import {
  CONTRACTION_REWRITES,
  CONVERT_PARENTHESES,
  DOUBLE_DASHES,
  PARENS_BRACKETS,
  registerTreebankRules,
  type TreebankRules,
  TreebankWordTokenizer,
} from './treebank-tokenizer.js';

const raw = String.raw;
const rewrites = (rules: [string, string, RegExp?][]): Rewrite[] =>
  rules.map(([pattern, template, hint]) => pythonRewrite(pattern, template, hint));

const NLTK_WORD_RULES: TreebankRules = {
  startingQuotes: rewrites([
    ['([«“‘„]|[`]+)', raw` \1 `, /[«“‘„`]/],
    [raw`^\"`, '``', /^"/],
    ['(``)', ' \\1 ', /``/],
    [raw`([ \(\[{<])(\"|\'{2})`, '\\1 `` ', /"|''/],
    [raw`(?i)(\')(?!re|ve|ll|m|t|s|d|n)(\w)\b`, raw`\1 \2`, /'/],
  ]),
  punctuation: rewrites([
    [`([^\\.])(\\.)([\\]\\)}>"\\'»”’ ]*)\\s*$`, raw`\1 \2 \3 `, /\./],
    [raw`([:,])([^\d])`, raw` \1 \2`, /[:,]/],
    [raw`([:,])$`, raw` \1 `, /[:,]/],
    [raw`\.{2,}`, raw` \g<0> `, /\.\./],
    [raw`[;@#$%&]`, raw` \g<0> `, /[;@#$%&]/],
    [raw`([^\.])(\.)([\]\)}>"\']*)\s*$`, raw`\1 \2\3 `, /\./],
    [raw`[?!]`, raw` \g<0> `, /[?!]/],
    [raw`([^'])' `, raw`\1 ' `, /' /],
    [raw`[*]`, raw` \g<0> `, /\*/],
  ]),
  parensBrackets: PARENS_BRACKETS,
  convertParentheses: CONVERT_PARENTHESES,
  doubleDashes: DOUBLE_DASHES,
  endingQuotes: rewrites([
    ['([»”’])', raw` \1 `, /[»”’]/],
    ["''", " '' ", /''/],
    ['"', " '' ", /"/],
    [raw`([^' ])('[sS]|'[mM]|'[dD]|') `, raw`\1 \2 `, /'/],
    [raw`([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) `, raw`\1 \2 `, /'/],
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
