import type { Token, Tokenizer } from '@tokenlab/core';

/** The stemmers a stemmed column can use for English words, NLTK's, by the CLI's names. */
export const ENGLISH_STEMMERS = [
  'porter',
  'porter-martin',
  'porter-original',
  'lancaster',
  'snowball-english',
] as const;

/** The stemmers a stemmed column can use for Arabic words. */
export const ARABIC_STEMMERS = ['isri', 'snowball-arabic'] as const;

/** The stemmers of a stemmed column on a first visit: Porter (the NLTK book's) and ISRI. */
export const DEFAULT_STEMMERS = 'porter isri';

const ARABIC_LETTER = /\p{Script=Arabic}/u;
const LETTER = /\p{L}/u;

/**
 * The two stemmer names of a stemmed column's setting (`'porter isri'`), checked.
 *
 * @example
 * ```ts
 * parseStemmers('lancaster snowball-arabic'); // { english: 'lancaster', arabic: 'snowball-arabic' }
 * ```
 */
export function parseStemmers(setting: string): { english: string; arabic: string } {
  const [english = '', arabic = ''] = setting.trim().split(/\s+/);
  if (!(ENGLISH_STEMMERS as readonly string[]).includes(english))
    throw new Error(`unknown English stemmer '${english}'. Available: ${ENGLISH_STEMMERS.join(', ')}`);
  if (!(ARABIC_STEMMERS as readonly string[]).includes(arabic))
    throw new Error(`unknown Arabic stemmer '${arabic}'. Available: ${ARABIC_STEMMERS.join(', ')}`);
  return { english, arabic };
}

/**
 * Whether a stemmed column with this setting stems each line as it stems the whole text. NLTK's
 * Snowball Arabic stemmer carries a verb state from one word to the next, so with it the column
 * stems the text as one sequence (in the worker), as `tokenlab stem` does.
 *
 * @example
 * ```ts
 * stemsLineLocal('porter isri');            // true
 * stemsLineLocal('porter snowball-arabic'); // false
 * ```
 */
export function stemsLineLocal(setting: string): boolean {
  return parseStemmers(setting).arabic !== 'snowball-arabic';
}

/** The stem function of the stemmer with this name (a fresh stemmer, for the stateful ones). */
async function stemmer(name: string): Promise<(word: string) => string> {
  const classic = await import('@tokenlab/classic');
  switch (name) {
    case 'porter':
      return porter(new classic.PorterStemmer());
    case 'porter-martin':
      return porter(new classic.PorterStemmer({ mode: 'MARTIN_EXTENSIONS' }));
    case 'porter-original':
      return porter(new classic.PorterStemmer({ mode: 'ORIGINAL_ALGORITHM' }));
    case 'lancaster': {
      const lancaster = new classic.LancasterStemmer();
      return (word) => lancaster.stem(word);
    }
    case 'snowball-english':
    case 'snowball-arabic': {
      const snowball = new classic.SnowballStemmer(name === 'snowball-english' ? 'english' : 'arabic');
      return (word) => snowball.stem(word);
    }
    case 'isri':
      return classic.isriStem;
    default:
      throw new Error(`unknown stemmer '${name}'`);
  }
}

function porter(stemmer: { stem(word: string): string }): (word: string) => string {
  return (word) => stemmer.stem(word);
}

/**
 * A stemmed view as a tokenizer: the words of WordPunct (Unicode: marks stay in their words), each
 * token's `text` being the word's stem, by the English stemmer for words without Arabic letters and
 * by the Arabic one for words with; punctuation and digits are kept as they are. Spans are the
 * words', so the column draws each stem where its word is.
 *
 * @example
 * ```ts
 * const stems = await stemTokenizer('porter isri');
 * stems.tokenize('running والكتاب').map((token) => token.text); // ['run', 'كتب']
 * ```
 */
export async function stemTokenizer(setting: string): Promise<Tokenizer> {
  const names = parseStemmers(setting);
  const [{ WordPunctTokenizer }, english, arabic] = await Promise.all([
    import('@tokenlab/classic'),
    stemmer(names.english),
    stemmer(names.arabic),
  ]);
  const words = new WordPunctTokenizer({ unicodeWord: true });
  return {
    name: `stems (${names.english}, ${names.arabic})`,
    tokenize(text: string): Token[] {
      return words.tokenize(text).map((token) => {
        if (!LETTER.test(token.text)) return token;
        const stem = ARABIC_LETTER.test(token.text) ? arabic(token.text) : english(token.text);
        return { ...token, text: stem };
      });
    },
  };
}
