import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { ISRIStemmer, isriStem } from './isri.js';

interface StemRow {
  id: string;
  input: string;
  expected: string;
}

describe('isriStem', () => {
  const rows = readGolden('nltk_stem_isri') as StemRow[];

  it('equals NLTK ISRIStemmer on every golden row', () => {
    expect(rows.length).toBeGreaterThan(250);
    const mismatches = rows
      .map((row) => ({ id: row.id, input: row.input, expected: row.expected, got: isriStem(row.input) }))
      .filter((row) => row.got !== row.expected);
    expect(mismatches).toEqual([]);
  });

  it('extracts roots through the pattern tables', () => {
    const stemmer = new ISRIStemmer();
    expect(stemmer.stem('والكتاب')).toBe('كتب');
    expect(stemmer.stem('استخدام')).toBe('خدم');
    expect(stemmer.stem('سيلعبون')).toBe('لعب');
  });

  it('returns stop words and short words unchanged apart from short vowels', () => {
    expect(isriStem('الذين')).toBe('الذين');
    expect(isriStem('عَنْهُم')).toBe('عنهم');
    expect(isriStem('')).toBe('');
  });

  it('counts letters by code point, so astral characters do not shift the rules', () => {
    expect(isriStem('😀')).toBe('😀');
    expect(isriStem('ال😀😀😀')).toBe('😀😀😀');
  });
});

describe('isriStem with characters outside the BMP', () => {
  it('treats each astral character as one letter, even next to private-use characters', () => {
    // 6 code points: ال + 4 → the 2-letter prefix goes, 4 remain, pattern فعال keeps letters 0, 1, 3.
    expect(isriStem('ال😀\uE000ا😁')).toBe('😀\uE000😁');
    expect(isriStem('😀😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀😀😀😀');
  });
});
