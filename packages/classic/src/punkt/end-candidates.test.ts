import { finditer } from '@tokenlab/pattern';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PunktLanguageVars } from './language-vars.js';
import { findEndCandidate } from './sentence-tokenizer.js';

const PIECES = [
  '.',
  '?',
  '!',
  '؟',
  '...',
  ' ',
  '  ',
  '\n',
  '\t',
  '\u00a0',
  '\u0085',
  '\u3000',
  '"',
  ')',
  '(',
  "'",
  ';',
  ':',
  '@',
  '*',
  '{',
  ']',
  ',',
  '-',
  'Mr',
  'a',
  'B',
  'نعم',
  '😀',
  '\ud800',
  'x1',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((pieces) => pieces.join(''));

/** Every candidate the hand reader finds, left to right, in the shape of the pattern's matches. */
function candidates(input: string, vars: PunktLanguageVars) {
  const found = [];
  for (let match = findEndCandidate(input, 0, vars); match; match = findEndCandidate(input, match.end, vars))
    found.push([match.start, match.end, match.contextEnd, match.nextTokStart]);
  return found;
}

/** The same from NLTK's period context pattern, run through the Python pattern engine. */
function patternMatches(input: string, vars: PunktLanguageVars) {
  const pattern = vars.periodContextPattern;
  const afterTok = pattern.groupNames.get('after_tok')!;
  const nextTok = pattern.groupNames.get('next_tok')!;
  return [...finditer(pattern, input)].map((match) => [
    match.start,
    match.end,
    match.spans[afterTok - 1]![1],
    match.spans[nextTok - 1]?.[0] ?? -1,
  ]);
}

describe('the hand-read period contexts equal the period context pattern', () => {
  it.each([
    ['English', new PunktLanguageVars()],
    ['Arabic', new PunktLanguageVars({ sentEndChars: ['.', '?', '!', '؟'], internalPunctuation: ',:;،؛' })],
  ])('%s', (_, vars) => {
    expect(candidates('Hi. "Yes!" she said.\tOk?  x', vars)).toEqual(
      patternMatches('Hi. "Yes!" she said.\tOk?  x', vars),
    );
    fc.assert(
      fc.property(text, (input) => {
        expect(candidates(input, vars)).toEqual(patternMatches(input, vars));
      }),
      { numRuns: 500 },
    );
  });
});
