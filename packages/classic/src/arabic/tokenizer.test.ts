import { readFileSync } from 'node:fs';
import { readGolden } from '@tokenlab/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArabicTokenizer } from './tokenizer.js';

interface ExpectedRow {
  source: string;
  input: string;
  tokens: string[];
  clitics: string[];
}

/** Expected outputs written from the Arabic texts of the shared corpora (Quran, Wikinews, UD PUD, mixed). */
const EXPECTED: ExpectedRow[] = JSON.parse(
  readFileSync(new URL('./expected-tokens.json', import.meta.url), 'utf8'),
);

const plain = new ArabicTokenizer();
const clitics = new ArabicTokenizer({ clitics: true });
const texts = (tokens: { text: string }[]) => tokens.map((token) => token.text);

describe('ArabicTokenizer on the corpus table', () => {
  it('covers every kind of Arabic text in the corpora', () => {
    const sources = EXPECTED.map((row) => row.source).join('\n');
    for (const kind of [
      'quran-uthmani',
      'quran-simple ',
      'quran-simple-clean',
      'diacritized',
      'undiacritized',
      'ud-arabic-pud',
      'mixed',
    ]) {
      expect(sources).toContain(kind);
    }
  });

  for (const row of EXPECTED) {
    it(`tokenizes ${row.source}`, () => {
      expect(texts(plain.tokenize(row.input))).toEqual(row.tokens);
      expect(texts(clitics.tokenize(row.input))).toEqual(row.clitics);
    });
  }

  it('gives spans that slice back to each token, with and without clitics', () => {
    for (const row of EXPECTED) {
      for (const tokenizer of [plain, clitics]) {
        for (const token of tokenizer.tokenize(row.input)) {
          expect(row.input.slice(token.start, token.end)).toBe(token.text);
        }
      }
    }
  });
});

describe('ArabicTokenizer rules', () => {
  it('keeps tashkeel, shadda, superscript alef, tatweel and hamza inside words', () => {
    expect(texts(plain.tokenize('ٱلرَّحْمَـٰنِ العـــربية ءَامَنُوا۟ مُؤْتَمَرِ'))).toEqual([
      'ٱلرَّحْمَـٰنِ',
      'العـــربية',
      'ءَامَنُوا۟',
      'مُؤْتَمَرِ',
    ]);
  });

  it('splits off Arabic and Latin punctuation, keeping runs of one mark together', () => {
    expect(texts(plain.tokenize('نعم،لا؛ماذا؟«قال»﴿الم﴾ ۔ ٪ (yes)... !!'))).toEqual([
      'نعم',
      '،',
      'لا',
      '؛',
      'ماذا',
      '؟',
      '«',
      'قال',
      '»',
      '﴿',
      'الم',
      '﴾',
      '۔',
      '٪',
      '(',
      'yes',
      ')',
      '...',
      '!!',
    ]);
  });

  it('reads Arabic-Indic and Persian digits as numbers with their separators', () => {
    expect(texts(plain.tokenize('١٢٫٥٠ ٣٠٬٠٠٠ ۱۴۰۲ 1,234.5 ٢٠٢٤م ١٢٫'))).toEqual([
      '١٢٫٥٠',
      '٣٠٬٠٠٠',
      '۱۴۰۲',
      '1,234.5',
      '٢٠٢٤',
      'م',
      '١٢',
      '٫',
    ]);
  });

  it('never makes a token of a bidi control, nor glues one into a word', () => {
    const marks = '\u200E\u200F\u061C\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
    for (const mark of marks) {
      expect(texts(plain.tokenize(`قال${mark}محمد`))).toEqual(['قال', 'محمد']);
      expect(texts(plain.tokenize(`${mark}hello${mark}`))).toEqual(['hello']);
    }
  });

  it('handles mixed Arabic and English', () => {
    expect(texts(plain.tokenize("I love NLP و أحب don't state-of-the-art"))).toEqual([
      'I',
      'love',
      'NLP',
      'و',
      'أحب',
      "don't",
      'state-of-the-art',
    ]);
  });

  it('segments clitics only where the stem stays long enough', () => {
    expect(texts(clitics.tokenize('كلينتون وكالة أحياناً'))).toEqual(['كلينتون', 'وكالة', 'أحياناً']);
    expect(texts(clitics.tokenize('والكتاب وكتابه فوقها للمدرسة بكم وصل عربي الله الذين'))).toEqual([
      'و',
      'ال',
      'كتاب',
      'و',
      'كتاب',
      'ه',
      'فوق',
      'ها',
      'لل',
      'مدرسة',
      'بكم',
      'وصل',
      'عربي',
      'الله',
      'الذين',
    ]);
  });

  it('keeps the diacritics of a clitic with the clitic', () => {
    expect(texts(clitics.tokenize('وَٱلْكِتَـٰبِ'))).toEqual(['وَ', 'ٱلْ', 'كِتَـٰبِ']);
  });

  it('is named after its settings', () => {
    expect(plain.name).toBe('arabic');
    expect(clitics.name).toBe('arabic-clitics');
  });
});

describe('ArabicTokenizer where NLTK goes wrong', () => {
  // Python's \w has no combining marks, so NLTK cuts Arabic words at their diacritics.
  const verbose = new Map(
    readGolden<{ id: string; expected: string[] }>('nltk_regexp_verbose').map((row) => [
      row.id,
      row.expected,
    ]),
  );
  const wordpunct = new Map(
    readGolden<{ id: string; expected: string[] }>('nltk_wordpunct').map((row) => [row.id, row.expected]),
  );

  it('keeps محمد-النَّبي whole where regexp_tokenize gives محمد-الن, بي', () => {
    const input = 'محمدٌ سيد     #الكونين [والثقلين]، بنور محمد-النَّبي الأمي- $12.51....';
    expect(verbose.get('pub-hc-001')).toContain('محمد-الن');
    expect(verbose.get('pub-hc-001')).toContain('بي');
    const ours = texts(plain.tokenize(input));
    expect(ours).toContain('محمد-النَّبي');
    expect(ours).toContain('محمدٌ');
    expect(ours).toContain('،');
  });

  it('keeps diacritized words whole where WordPunctTokenizer makes the marks punctuation', () => {
    const input = 'ذَهَبَ الطَّالِبُ إِلَى الْمَدْرَسَةِ مُبَكِّرًا.';
    expect(wordpunct.get('pub-hc-015')!.slice(0, 6)).toEqual(['ذ', 'َ', 'ه', 'َ', 'ب', 'َ']);
    expect(texts(plain.tokenize(input))).toEqual(['ذَهَبَ', 'الطَّالِبُ', 'إِلَى', 'الْمَدْرَسَةِ', 'مُبَكِّرًا', '.']);
  });
});

describe('ArabicTokenizer on bad input', () => {
  it('returns nothing for empty and whitespace-only text', () => {
    expect(plain.tokenize('')).toEqual([]);
    expect(plain.tokenize(' \t\n\u00A0\u200F ')).toEqual([]);
  });

  it('keeps lone surrogates and orphan marks as tokens instead of dropping them', () => {
    expect(texts(plain.tokenize('a\uD800b \uDC00'))).toEqual(['a', '\uD800', 'b', '\uDC00']);
    expect(texts(plain.tokenize(' \u064Eكتب'))).toEqual(['\u064E', 'كتب']);
  });

  it('scans a 50 MB line without separators in linear time and one token', () => {
    const line = 'ب'.repeat(50 * 1024 * 1024);
    const tokens = plain.tokenize(line);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.end).toBe(line.length);
  });

  it('covers every non-separator character with some token (property)', () => {
    const alphabet = fc.constantFrom(
      ..."ابتثجحخدذرزسشصضطظعغفقكلمنهويءأإآٱةى ـًٌٍَُِّْٰٓٔ۟ۛۖ،؛؟«»٪٫٬٠١٢۰۱abcXYZ09 .,-'_!?\n\t\u200E\u200F\u061C\u2067\u2069\uD800".split(
        '',
      ),
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (chars) => {
        const text = chars.join('');
        for (const tokenizer of [plain, clitics]) {
          const tokens = tokenizer.tokenize(text);
          let covered = '';
          let last = 0;
          for (const token of tokens) {
            expect(text.slice(token.start, token.end)).toBe(token.text);
            expect(token.start).toBeGreaterThanOrEqual(last);
            covered += text
              .slice(last, token.start)
              .replace(/[\s\u200B\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g, '');
            last = token.end;
          }
          covered += text.slice(last).replace(/[\s\u200B\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g, '');
          // Only separators may fall between tokens.
          expect(covered).toBe('');
        }
      }),
      { numRuns: 300 },
    );
  });
});
