import { SnowballStemmer, WordPunctTokenizer } from '@tokenlab/classic';
import { readGolden } from '@tokenlab/test-support';
import { describe, expect, it } from 'vitest';
import { parseStemmers, stemsLineLocal, stemTokenizer } from './stem-tokenizer.js';

interface StemRow {
  input: string;
  expected: string;
}

/** Golden words that WordPunct (Unicode) keeps whole, so that the column sees them as words. */
function wholeWords(rows: StemRow[]): StemRow[] {
  return rows.filter((row) => /^[\p{L}\p{M}\p{N}_]+$/u.test(row.input));
}

describe('stemTokenizer', () => {
  it("stems English words by the English stemmer and Arabic words by the Arabic one, as NLTK's", async () => {
    for (const [english, golden] of [
      ['porter', 'nltk_stem_porter'],
      ['lancaster', 'nltk_stem_lancaster'],
    ] as const) {
      const englishRows = wholeWords(readGolden<StemRow>(golden));
      const arabicRows = wholeWords(readGolden<StemRow>('nltk_stem_isri'));
      expect(englishRows.length).toBeGreaterThan(250);
      expect(arabicRows.length).toBeGreaterThan(250);
      // Both scripts mixed in one text, a few words a line, with punctuation between them.
      const rows = englishRows.flatMap((row, i) => [row, arabicRows[i % arabicRows.length]!]);
      const text = rows.map((row, i) => `${row.input}${i % 5 === 4 ? '.\n' : ' '}`).join('');
      const tokens = (await stemTokenizer(`${english} isri`)).tokenize(text);
      const words = tokens.filter((token) => token.text !== '.');
      expect(words.map((token) => text.slice(token.start, token.end))).toEqual(rows.map((row) => row.input));
      expect(words.map((token) => token.text)).toEqual(rows.map((row) => row.expected));
    }
  });

  it('keeps the spans of WordPunct (Unicode) and leaves punctuation and digits as they are', async () => {
    const text = 'The runners ran 3 races، والكتاب «جميل».';
    const stems = (await stemTokenizer('snowball-english isri')).tokenize(text);
    const words = new WordPunctTokenizer({ unicodeWord: true }).tokenize(text);
    expect(stems.map(({ start, end }) => [start, end])).toEqual(words.map(({ start, end }) => [start, end]));
    const english = new SnowballStemmer('english');
    for (const [i, token] of stems.entries()) {
      const word = words[i]!.text;
      if (!/\p{L}/u.test(word)) expect(token.text).toBe(word);
      else if (!/\p{Script=Arabic}/u.test(word)) expect(token.text).toBe(english.stem(word));
    }
  });

  it('stems a text with Snowball Arabic as one sequence, as one NLTK stemmer would', async () => {
    const text = 'سيكتبون الرسائل\nيكتبون والمكتبات كتبوا';
    const words = new WordPunctTokenizer({ unicodeWord: true }).tokenize(text).map((token) => token.text);
    const stemmer = new SnowballStemmer('arabic');
    const tokens = (await stemTokenizer('porter snowball-arabic')).tokenize(text);
    expect(tokens.map((token) => token.text)).toEqual(words.map((word) => stemmer.stem(word)));
    // The stemmer carries state from word to word, so the column does not stem line by line.
    expect(stemsLineLocal('porter snowball-arabic')).toBe(false);
    expect(stemsLineLocal('lancaster isri')).toBe(true);
  });

  it('names the stemmers it knows when given another', () => {
    expect(() => parseStemmers('krovetz isri')).toThrow(
      /unknown English stemmer 'krovetz'. Available: porter/,
    );
    expect(() => parseStemmers('porter khoja')).toThrow(/unknown Arabic stemmer 'khoja'. Available: isri/);
  });
});
