import { findall } from '@tokenlab/pattern';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PunktLanguageVars } from './language-vars.js';

// Everything the word pattern treats specially, plus letters, digits, exotic spaces and surrogates.
const PIECES = [
  ...'.-,()"`{[:;&#*@)}]\'?!؟',
  '--',
  '..',
  '. ',
  ' ',
  '  ',
  '\n',
  '\t',
  '\u00a0',
  '\u3000',
  'a',
  'Mr',
  'ب',
  '٣',
  '1',
  '😀',
  '\ud800',
  '\udc00',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((pieces) => pieces.join(''));

describe("Punkt's hand-read word segmentation equals its word pattern", () => {
  it.each([
    ['English', new PunktLanguageVars()],
    ['Arabic', new PunktLanguageVars({ sentEndChars: ['.', '?', '!', '؟'], internalPunctuation: ',:;،؛' })],
  ])('%s', (_, vars) => {
    const viaPattern = (input: string) => findall(vars.wordPattern, input);
    for (const example of [
      'He said--"no," then left...',
      '. . . x',
      '. . .. y',
      'a. . b',
      'end,',
      'x,"y',
      'Mr. Smith. . . .',
    ])
      expect(vars.wordTokenize(example)).toEqual(viaPattern(example));
    fc.assert(
      fc.property(text, (input) => {
        expect(vars.wordTokenize(input)).toEqual(viaPattern(input));
      }),
      { numRuns: 3000 },
    );
  });
});
