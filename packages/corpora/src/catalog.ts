/**
 * A language the bundled corpora cover.
 *
 * @example
 * ```ts
 * const language: CorpusLanguage = 'ar';
 * listCorpora(language).length; // 3 or more
 * ```
 */
export type CorpusLanguage = 'en' | 'ar';

/**
 * What is known about one bundled corpus: where it came from and under which terms it ships.
 *
 * @example
 * ```ts
 * const info: CorpusInfo = corpusInfo('quran-uthmani');
 * info.license; // 'CC BY 3.0 (verbatim copies only)'
 * ```
 */
export interface CorpusInfo {
  /** The id given to {@link loadCorpus}. */
  id: string;
  /** A human title. */
  title: string;
  /** Language of the text. */
  language: CorpusLanguage;
  /** What the text is. */
  description: string;
  /** The file in this package's `data/` folder, kept verbatim. */
  file: string;
  /** Size of that file in bytes. */
  bytes: number;
  /** Licence of the text. */
  license: string;
  /** The credit the licence asks for. */
  attribution: string;
  /** Where the text comes from. */
  source: string;
  /** How a file's framing is removed by {@link loadCorpus}, and how it is cut into documents. */
  format: CorpusFormat;
}

/**
 * How a corpus file is framed:
 * - `plain`: the text as it is; documents are paragraphs (blank-line separated).
 * - `tanzil`: `sura|aya|text` lines and a trailing `#` copyright block; documents are verses.
 * - `farasa`: `# category` heading lines; documents are articles (blank-line separated).
 *
 * @example
 * ```ts
 * const format: CorpusFormat = corpusInfo('quran-uthmani').format; // 'tanzil'
 * ```
 */
export type CorpusFormat = 'plain' | 'tanzil' | 'farasa';

const TANZIL_TERMS =
  'Tanzil Quran Text (Uthmani, Version 1.1), Copyright (C) 2007-2021 Tanzil Project, CC BY 3.0. ' +
  'Verbatim copy with its copyright block; source: Tanzil Project, https://tanzil.net';
const FARASA_TERMS =
  'Arabic Wikinews articles (CC BY 2.5) as diacritized by the Arabic Language Technologies group, Qatar ' +
  'Computing Research Institute (Farasa WikiNews corpus, "feel free to copy and distribute")';

const UDHR_TERMS =
  'Universal Declaration of Human Rights, United Nations General Assembly resolution 217 A (III), 1948; ' +
  'the UN texts are free to reproduce. Texts as collected in the NLTK data udhr corpus';

/**
 * The bundled corpora, in the order `listCorpora` reports them.
 *
 * @example
 * ```ts
 * CORPORA.map((corpus) => corpus.id);
 * // ['tinyshakespeare', 'taylorswift', 'quran-uthmani', 'wikinews-ar', 'wikinews-ar-plain',
 * //  'austen-emma', 'udhr-en', 'udhr-ar']
 * ```
 */
export const CORPORA: readonly CorpusInfo[] = [
  {
    id: 'tinyshakespeare',
    title: 'Tiny Shakespeare',
    language: 'en',
    description: 'About 40,000 lines of Shakespeare plays, the classic character-level modelling text.',
    file: 'en/tinyshakespeare.txt',
    bytes: 1115394,
    license: 'Public domain',
    attribution: 'William Shakespeare; collected by Andrej Karpathy for char-rnn',
    source: 'karpathy/char-rnn data/tinyshakespeare/input.txt',
    format: 'plain',
  },
  {
    id: 'taylorswift',
    title: 'Taylor Swift (Wikipedia article)',
    language: 'en',
    description:
      "A copy of the English Wikipedia article on Taylor Swift (Feb 2024), minbpe's training text.",
    file: 'en/taylorswift.txt',
    bytes: 185768,
    license: 'CC BY-SA 4.0',
    attribution: 'Wikipedia contributors, "Taylor Swift", English Wikipedia, CC BY-SA 4.0',
    source: 'karpathy/minbpe tests/taylorswift.txt',
    format: 'plain',
  },
  {
    id: 'quran-uthmani',
    title: 'The Quran (Tanzil Uthmani, fully vocalised)',
    language: 'ar',
    description: 'The Quran in Uthmani script with full tashkeel, one verse per line (6,236 verses).',
    file: 'ar/quran-uthmani.txt',
    bytes: 1409970,
    license: 'CC BY 3.0 (verbatim copies only)',
    attribution: TANZIL_TERMS,
    source: 'Tanzil Project, https://tanzil.net',
    format: 'tanzil',
  },
  {
    id: 'wikinews-ar',
    title: 'Arabic Wikinews (diacritized, MSA)',
    language: 'ar',
    description: 'Modern Standard Arabic news articles with full diacritics, grouped by section.',
    file: 'ar/farasa-wikinews.diacritized.txt',
    bytes: 307061,
    license: 'CC BY 2.5',
    attribution: FARASA_TERMS,
    source: 'kdarwish/Farasa WikiNewsTruth.txt',
    format: 'farasa',
  },
  {
    id: 'wikinews-ar-plain',
    title: 'Arabic Wikinews (undiacritized, MSA)',
    language: 'ar',
    description:
      'The same Wikinews articles with the diacritics (U+064B-U+0652, U+0670) removed, as news is written.',
    file: 'ar/farasa-wikinews.undiacritized.txt',
    bytes: 177411,
    license: 'CC BY 2.5',
    attribution: FARASA_TERMS,
    source: 'derived from kdarwish/Farasa WikiNewsTruth.txt',
    format: 'farasa',
  },
  {
    id: 'austen-emma',
    title: 'Emma, by Jane Austen (NLTK Gutenberg)',
    language: 'en',
    description:
      "Jane Austen's Emma (1816) as NLTK's gutenberg corpus ships it (austen-emma.txt), the text of the NLTK book's FreqDist examples.",
    file: 'en/austen-emma.txt',
    bytes: 887071,
    license: 'Public domain',
    attribution:
      'Jane Austen, Emma (1816); Project Gutenberg etext, as selected in the NLTK data gutenberg corpus',
    source: 'nltk_data corpora/gutenberg/austen-emma.txt',
    format: 'plain',
  },
  {
    id: 'udhr-en',
    title: 'Universal Declaration of Human Rights (English)',
    language: 'en',
    description:
      "The UDHR in English as NLTK's udhr corpus ships it (cut short in Article 29); parallel to 'udhr-ar'.",
    file: 'en/udhr-english.txt',
    bytes: 10000,
    license: 'Free to reproduce (United Nations)',
    attribution: UDHR_TERMS,
    source: 'nltk_data udhr English-Latin1, re-encoded to UTF-8',
    format: 'plain',
  },
  {
    id: 'udhr-ar',
    title: 'Universal Declaration of Human Rights (Arabic)',
    language: 'ar',
    description: "The UDHR in Arabic (the UN's official text, complete); parallel to 'udhr-en'.",
    file: 'ar/udhr-arabic.txt',
    bytes: 13895,
    license: 'Free to reproduce (United Nations)',
    attribution: UDHR_TERMS,
    source: 'nltk_data udhr Arabic_Alarabia-Arabic, re-encoded from cp1256 to UTF-8',
    format: 'plain',
  },
];

/**
 * All bundled corpora, or those of one language.
 *
 * @example
 * ```ts
 * listCorpora('ar').map((corpus) => corpus.id);
 * // ['quran-uthmani', 'wikinews-ar', 'wikinews-ar-plain', 'udhr-ar']
 * ```
 */
export function listCorpora(language?: CorpusLanguage): CorpusInfo[] {
  return CORPORA.filter((corpus) => language === undefined || corpus.language === language);
}

/**
 * The catalogue entry for `id`; an unknown id is an error that lists the known ones.
 *
 * @example
 * ```ts
 * corpusInfo('taylorswift').license; // 'CC BY-SA 4.0'
 * ```
 */
export function corpusInfo(id: string): CorpusInfo {
  const corpus = CORPORA.find((candidate) => candidate.id === id);
  if (!corpus) throw new Error(`unknown corpus '${id}'. Available: ${CORPORA.map((c) => c.id).join(', ')}`);
  return corpus;
}
