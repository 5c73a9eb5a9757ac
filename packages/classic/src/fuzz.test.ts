import type { Tokenizer } from '@tokenlab/core';
import { compilePythonPattern, PythonPatternError } from '@tokenlab/pattern';
import { FUZZ_RUNS, FUZZ_TIMEOUT, hostileText as hostileTextOf } from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArabicTokenizer } from './arabic/tokenizer.js';
import { englishPunkt } from './punkt/models.js';
import { WordTokenizer } from './punkt/word-tokenize.js';
import { BlanklineTokenizer } from './regexp/blankline.js';
import { RegexpTokenizer } from './regexp/regexp-tokenizer.js';
import { WhitespaceTokenizer } from './regexp/whitespace.js';
import { WordPunctTokenizer } from './regexp/wordpunct.js';
import { NLTKWordTokenizer } from './treebank/nltk-word-tokenizer.js';
import { TreebankWordTokenizer } from './treebank/treebank-tokenizer.js';

const RUNS = FUZZ_RUNS;
const TIMEOUT = FUZZ_TIMEOUT;

const hostileText = hostileTextOf({
  pieces: ['\u202e', '\udc00', 'ı', '\n\n', '. ', '"'],
  runs: [' ', '\n', '😀', 'a', '.'],
  runLength: 300,
});

const tokenizers: [string, Tokenizer][] = [
  ['whitespace', new WhitespaceTokenizer()],
  ['wordpunct', new WordPunctTokenizer()],
  ['blankline', new BlanklineTokenizer()],
  ['regexp gaps $', new RegexpTokenizer('$', { gaps: true })],
  ['regexp gaps \\B', new RegexpTokenizer(String.raw`\B`, { gaps: true })],
  ['treebank', new TreebankWordTokenizer()],
  ['nltk-word', new NLTKWordTokenizer()],
  ['word', new WordTokenizer()],
  ['punkt', englishPunkt()],
  ['arabic', new ArabicTokenizer()],
];

const QUOTE_REWRITES = new Set(['``', "''"]);

/** The first thing wrong with the tokens' spans (plain checks: one `expect` per text keeps long runs fast). */
function spanProblem(text: string, tokenizer: Tokenizer): string | undefined {
  let previousEnd = 0;
  for (const token of tokenizer.tokenize(text)) {
    const where = `token ${JSON.stringify(token)}`;
    if (token.start < previousEnd || token.end < token.start || token.end > text.length)
      return `${where}: span out of order or outside the text`;
    if (!QUOTE_REWRITES.has(token.text) && text.slice(token.start, token.end) !== token.text)
      return `${where}: text is not the slice of its span`;
    for (const edge of [token.start, token.end]) {
      const high = text.charCodeAt(edge - 1);
      const low = text.charCodeAt(edge);
      if (high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff)
        return `${where}: cuts a surrogate pair`;
    }
    previousEnd = token.end;
  }
  return undefined;
}

describe('fuzz: classic tokenizers on hostile Unicode', () => {
  it.each(tokenizers)(
    '%s: ordered spans inside the text, never cutting a surrogate pair',
    (_, tokenizer) => {
      fc.assert(
        fc.property(hostileText, (text) => {
          expect(spanProblem(text, tokenizer)).toBeUndefined();
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

/** Random pattern text from the pieces of Python syntax, balanced or not. */
const patternText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '(',
        ')',
        '(?:',
        '(?P<n>',
        '(?<=',
        '(?<!',
        '(?=',
        '(?i)',
        '(?x)',
        '(?a)',
        '[',
        ']',
        '[^',
      ),
      fc.constantFrom('\\w', '\\b', '\\B', '\\p{L}', '\\d', '\\s', '\\', '.', '^', '$', '|', '-', '#', ' '),
      fc.constantFrom('*', '+', '?', '{2}', '{1,', '*?', '++', '{9999999999}'),
      fc.string({ unit: 'binary', maxLength: 2 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('fuzz: the Python pattern translator', () => {
  it(
    'compiles or throws a PythonPatternError naming the position, in both dialects',
    () => {
      fc.assert(
        fc.property(
          patternText,
          fc.constantFrom<'re' | 'regex'>('re', 'regex'),
          fc.constantFrom('', 'msu'),
          (pattern, dialect, flags) => {
            try {
              const compiled = compilePythonPattern(pattern, { dialect, flags });
              'a😀 b\n'.match(compiled.regexp);
            } catch (error) {
              expect(error).toBeInstanceOf(PythonPatternError);
              expect((error as Error).message).toMatch(/at position \d+/);
            }
          },
        ),
        { numRuns: RUNS * 10 },
      );
    },
    TIMEOUT,
  );
});
