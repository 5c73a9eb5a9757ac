import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { naturalLancasterStem, naturalPorterStem } from './stemmers.js';

interface StemRow {
  input: string;
  expected: string;
}

/** [word, NLTK's stem, natural's stem] wherever they differ. */
function differences(golden: string, stem: (word: string) => string): [string, string, string][] {
  return readGolden<StemRow>(golden)
    .map((row): [string, string, string] => [row.input, row.expected, stem(row.input)])
    .filter(([, expected, got]) => expected !== got);
}

// natural is not NLTK: these are natural's deviations, listed in the package README.
describe('natural PorterStemmer against NLTK PorterStemmer (NLTK_EXTENSIONS)', () => {
  it('agrees on 284 of 300 golden words; the 16 others are NLTK extensions natural lacks', () => {
    expect(readGolden('nltk_stem_porter')).toHaveLength(300);
    expect(differences('nltk_stem_porter', naturalPorterStem)).toEqual([
      ['ties', 'tie', 'ti'],
      ['dying', 'die', 'dy'],
      ['lying', 'lie', 'ly'],
      ['tying', 'tie', 'ty'],
      ['news', 'news', 'new'],
      ['innings', 'inning', 'in'],
      ['outing', 'outing', 'out'],
      ['canning', 'canning', 'can'],
      ['howe', 'howe', 'how'],
      ['proceed', 'proceed', 'proce'],
      ['exceed', 'exceed', 'exce'],
      ['succeed', 'succeed', 'succe'],
      ['painfully', 'pain', 'painfulli'],
      ['abbey', 'abbey', 'abbei'],
      ['fly', 'fli', 'fly'],
      ['play', 'play', 'plai'],
    ]);
  });
});

describe('natural LancasterStemmer against NLTK LancasterStemmer', () => {
  it('agrees on 295 of 300 golden words', () => {
    expect(readGolden('nltk_stem_lancaster')).toHaveLength(300);
    expect(differences('nltk_stem_lancaster', naturalLancasterStem)).toEqual([
      ['throat', 'throat', 'thro'],
      ['shrubs', 'shrubs', 'shrub'],
      ['scruple', 'scruple', 'scrupl'],
      ['three', 'three', 'thre'],
      ['threshingfloor', 'threshingfloor', 'threshingflo'],
    ]);
  });

  it('lowercases like NLTK', () => {
    expect(naturalLancasterStem('Ponies')).toBe('pony');
    expect(naturalPorterStem('Caresses')).toBe('caress');
  });
});

describe('natural stemmers, bad input', () => {
  it("name a word that is not a string (a number gave natural's own TypeError)", () => {
    expect(() => naturalPorterStem(42 as never)).toThrow(
      'naturalPorterStem: expected the text as a string, got a number',
    );
    expect(() => naturalLancasterStem(null as never)).toThrow(
      'naturalLancasterStem: expected the text as a string, got null',
    );
  });
});
