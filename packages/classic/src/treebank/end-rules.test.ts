import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finalPeriodRewrite, spaceFinalColonComma } from './end-rules.js';
import { pythonRewrite } from './rewrite.js';

const raw = String.raw;
// Periods, every closer, whitespace of several kinds, letters, and surrogates whole and lone.
const PIECES = [
  '.',
  '..',
  ']',
  ')',
  '}',
  '>',
  '"',
  "'",
  '»',
  '”',
  '’',
  ':',
  ',',
  ' ',
  '  ',
  '\n',
  '\t',
  '\u00a0',
  '\u3000',
  'a',
  'B',
  'ب',
  '😀',
  '\ud800',
  '\udc00',
  '1',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((pieces) => pieces.join(''));

describe('the hand-written end rules equal the Python substitutions they replace', () => {
  it.each([
    ['([:,])$', spaceFinalColonComma, pythonRewrite(raw`([:,])$`, raw` \1 `)],
    [
      'Treebank final period',
      finalPeriodRewrite(`])}>"'`, false),
      pythonRewrite(raw`([^\.])(\.)([\]\)}>"\']*)\s*$`, raw`\1 \2\3 `),
    ],
    [
      'NLTKWord final period',
      finalPeriodRewrite(`])}>"'»”’ `, true),
      pythonRewrite(`([^\\.])(\\.)([\\]\\)}>"\\'»”’ ]*)\\s*$`, raw`\1 \2 \3 `),
    ],
  ])('%s', (_, handWritten, substitution) => {
    for (const example of ['He left.) ', 'a.\n', '..', 'x.” \n', 'so,', 'so:\n', '', '.', 'a. b.'])
      expect(handWritten(example)).toBe(substitution(example));
    fc.assert(
      fc.property(text, (input) => {
        expect(handWritten(input)).toBe(substitution(input));
      }),
      { numRuns: 3000 },
    );
  });
});
