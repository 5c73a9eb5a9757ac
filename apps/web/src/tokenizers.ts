import {
  CharTokenizer,
  CodePointTokenizer,
  type Token,
  type Tokenizer,
  Utf8ByteTokenizer,
} from '@tokenlab/core';
import {
  ARABIC_STEMMERS,
  DEFAULT_STEMMERS,
  ENGLISH_STEMMERS,
  stemsLineLocal,
  stemTokenizer,
} from './stem-tokenizer.js';
import type { LineCuts } from './token-store.js';

/** The package a tokenizer comes from, used to group the picker. */
export type Family = 'core' | 'classic' | 'bpe' | 'gpt' | 'natural';

/** One tokenizer the playground can show as a column. */
export interface PlaygroundTokenizer {
  /** Stable id, used in share links and by the tests. */
  id: string;
  /** Short name shown in the column header. */
  label: string;
  /** Where it comes from. */
  family: Family;
  /** One line on what it does. */
  description: string;
  /** Build it; packages and data load only now, so unused tokenizers cost nothing. */
  load(): Promise<Tokenizer>;
  /** For tokenizers driven by a pattern the user can edit: the pattern `load` uses. */
  defaultPattern?: string;
  /** Build it with another pattern (a bad pattern rejects with an error that explains it). */
  withPattern?(pattern: string): Promise<Tokenizer>;
  /**
   * `true` when it cuts each part of `segmentStarts` (the text cut at `x\nY` newlines) exactly as it
   * cuts the whole text, so that a long text is tokenized part by part (tested for every such entry).
   */
  lineLocal?: boolean;
  /**
   * `true` when a long line may also be cut at word edges (an ASCII letter or digit, then punctuation
   * such as `"` or `}`: see `cutFrom`), because every token ends there; a minified JSON megabyte has
   * no spaces to cut at. Tested at every such place of many lines for each entry that says so.
   */
  cutsAtWordEdges?: boolean;
  /** Whether the tokenizer made with this pattern is line-local (a pattern-driven one is not, unless this says so). */
  lineLocalWith?(pattern: string): boolean;
  /**
   * For a setting chosen from lists rather than typed: the choices of each part of the pattern
   * (the parts joined by a space make the pattern), drawn as menus in the column.
   */
  choices?: ReadonlyArray<{ label: string; values: readonly string[] }>;
  /** Draw each token's own text (a stem) instead of the text it spans. */
  showTokenText?: boolean;
}

/**
 * The NLTK book's regular expression tokenizer pattern (chapter 3), on one line: abbreviations,
 * hyphenated words, money and percentages, ellipses, and punctuation, with Python's `[][...]` class.
 */
export const NLTK_BOOK_PATTERN =
  '(?:[A-Z]\\.)+|\\w+(?:-\\w+)*|\\$?\\d+(?:\\.\\d+)?%?|\\.\\.\\.|[][.,;"\'?():_`-]';

/**
 * A GPT encoding as a column: special tokens in the text (`<|endoftext|>`) are read as special tokens,
 * one id each, as `tokenlab tokenize` reads them; tiktoken's `encode` would refuse the whole text,
 * with a fix (an option to pass) that a page cannot take.
 */
function specialsAllowed(encoding: {
  name: string;
  encodeWithOffsets(text: string, options: { allowedSpecial: 'all' }): Token[];
}): Tokenizer {
  return {
    name: encoding.name,
    tokenize: (text) => encoding.encodeWithOffsets(text, { allowedSpecial: 'all' }),
  };
}

async function regexpTokenizer(pattern: string): Promise<Tokenizer> {
  const { RegexpTokenizer } = await import('@tokenlab/classic');
  return new RegexpTokenizer(pattern);
}

/** Human titles of the families, in picker order. */
export const FAMILIES: Readonly<Record<Family, string>> = {
  core: 'Characters and bytes',
  classic: 'Classic (NLTK-style)',
  bpe: 'Byte-level BPE',
  gpt: 'GPT encodings',
  natural: 'natural (baselines)',
};

/** The character tokenizer of the seeds, its vocabulary learned from the very text it cuts. */
class LearnedCharTokenizer implements Tokenizer {
  readonly name = 'chars';
  tokenize(text: string): Token[] {
    return CharTokenizer.fromText(text).tokenize(text);
  }
}

/** Every tokenizer in the playground, in picker order. */
export const TOKENIZERS: readonly PlaygroundTokenizer[] = [
  {
    id: 'chars',
    label: 'chars',
    family: 'core',
    description: 'one token per character; ids index the sorted characters of this text',
    load: async () => new LearnedCharTokenizer(),
  },
  {
    id: 'codepoints',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'code points',
    family: 'core',
    description: 'one token per Unicode code point, id = the code point',
    load: async () => new CodePointTokenizer(),
  },
  {
    id: 'utf8',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'UTF-8 bytes',
    family: 'core',
    description: 'one token per UTF-8 byte, id = the byte; an Arabic letter is two',
    load: async () => new Utf8ByteTokenizer(),
  },
  {
    id: 'whitespace',
    lineLocal: true,
    label: 'whitespace',
    family: 'classic',
    description: "NLTK's WhitespaceTokenizer: runs of non-space characters",
    load: async () => new (await import('@tokenlab/classic')).WhitespaceTokenizer(),
  },
  {
    id: 'wordpunct',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'WordPunct',
    family: 'classic',
    description:
      "NLTK's WordPunctTokenizer, \\w+|[^\\w\\s]+ with Python's \\w: Arabic diacritics cut words apart",
    load: async () => new (await import('@tokenlab/classic')).WordPunctTokenizer(),
  },
  {
    id: 'wordpunct-unicode',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'WordPunct (Unicode)',
    family: 'classic',
    description: 'WordPunct with combining marks counted as word characters, so diacritics stay inside words',
    load: async () => new (await import('@tokenlab/classic')).WordPunctTokenizer({ unicodeWord: true }),
  },
  {
    id: 'regexp',
    label: 'RegexpTokenizer',
    family: 'classic',
    description: "NLTK's RegexpTokenizer with a Python pattern, as written (edit it below)",
    load: () => regexpTokenizer(NLTK_BOOK_PATTERN),
    defaultPattern: NLTK_BOOK_PATTERN,
    withPattern: regexpTokenizer,
  },
  {
    id: 'treebank',
    label: 'Treebank',
    family: 'classic',
    description: "NLTK's TreebankWordTokenizer: Penn Treebank rules (n't, quotes as `` and '')",
    load: async () => new (await import('@tokenlab/classic')).TreebankWordTokenizer(),
  },
  {
    id: 'nltk-word',
    label: 'NLTKWord',
    family: 'classic',
    description: "NLTK's NLTKWordTokenizer, the improved Treebank rules, on the text as one sentence",
    load: async () => new (await import('@tokenlab/classic')).NLTKWordTokenizer(),
  },
  {
    id: 'word',
    label: 'word_tokenize',
    family: 'classic',
    description: "NLTK's word_tokenize: Punkt sentences (English model), then NLTKWordTokenizer",
    load: async () => new (await import('@tokenlab/classic')).WordTokenizer(),
  },
  {
    id: 'arabic',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'Arabic',
    family: 'classic',
    description: 'words with their diacritics, Arabic punctuation and digits split off; English works too',
    load: async () => new (await import('@tokenlab/classic')).ArabicTokenizer(),
  },
  {
    id: 'arabic-clitics',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'Arabic + clitics',
    family: 'classic',
    description: 'the Arabic tokenizer, also splitting و ف ب ك ل, the article ال and pronoun suffixes',
    load: async () => new (await import('@tokenlab/classic')).ArabicTokenizer({ clitics: true }),
  },
  {
    id: 'stems',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'stems',
    family: 'classic',
    description:
      "each word's stem by NLTK's stemmers (exact): words with Arabic letters by the Arabic stemmer, the others by the English one",
    load: () => stemTokenizer(DEFAULT_STEMMERS),
    defaultPattern: DEFAULT_STEMMERS,
    withPattern: stemTokenizer,
    lineLocalWith: stemsLineLocal,
    choices: [
      { label: 'English stemmer', values: ENGLISH_STEMMERS },
      { label: 'Arabic stemmer', values: ARABIC_STEMMERS },
    ],
    showTokenText: true,
  },
  {
    id: 'punkt-en',
    label: 'Punkt sentences (en)',
    family: 'classic',
    description: "NLTK's sent_tokenize with the English Punkt model: one token per sentence",
    load: async () => (await import('@tokenlab/classic')).englishPunkt(),
  },
  {
    id: 'punkt-ar',
    label: 'Punkt sentences (ar)',
    family: 'classic',
    description: 'Punkt with the Arabic model and Arabic sentence ends (؟ ۔): one token per sentence',
    load: async () => (await import('@tokenlab/classic')).loadPunktModel('arabic'),
  },
  {
    id: 'bpe-basic-en',
    label: 'BPE basic 512 (en)',
    family: 'bpe',
    description:
      "minbpe's BasicTokenizer trained to 512 ids on the Taylor Swift article, as minbpe's train.py",
    load: () => trainedBpe('basic', 'taylorswift'),
  },
  {
    id: 'bpe-regex-en',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'BPE regex 512 (en)',
    family: 'bpe',
    description: "minbpe's RegexTokenizer (GPT-4 pattern) trained to 512 ids on the Taylor Swift article",
    load: () => trainedBpe('regex', 'taylorswift'),
  },
  {
    id: 'bpe-regex-ar',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'BPE regex 512 (ar)',
    family: 'bpe',
    description:
      "minbpe's RegexTokenizer (GPT-4 pattern) trained to 512 ids on Arabic Wikinews (undiacritized)",
    load: () => trainedBpe('regex', 'wikinews-ar-plain'),
  },
  {
    id: 'r50k_base',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'r50k_base (GPT-2, GPT-3)',
    family: 'gpt',
    description: "tiktoken's r50k_base, GPT-2's byte-level BPE (50,257 ids); rank data loads when chosen",
    load: async () => specialsAllowed((await import('@tokenlab/gpt/encodings/r50k_base')).r50kBase),
  },
  {
    id: 'p50k_base',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'p50k_base (Codex)',
    family: 'gpt',
    description: "tiktoken's p50k_base: r50k plus runs of spaces for code; rank data loads when chosen",
    load: async () => specialsAllowed((await import('@tokenlab/gpt/encodings/p50k_base')).p50kBase),
  },
  {
    id: 'cl100k_base',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'cl100k_base (GPT-4)',
    family: 'gpt',
    description: "tiktoken's cl100k_base, GPT-4 and GPT-3.5-turbo (100k ids); rank data loads when chosen",
    load: async () => specialsAllowed((await import('@tokenlab/gpt/encodings/cl100k_base')).cl100kBase),
  },
  {
    id: 'o200k_base',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'o200k_base (GPT-4o)',
    family: 'gpt',
    description:
      "tiktoken's o200k_base, GPT-4o (200k ids, far fewer Arabic tokens); rank data loads when chosen",
    load: async () => specialsAllowed((await import('@tokenlab/gpt/encodings/o200k_base')).o200kBase),
  },
  {
    id: 'natural-word',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'natural Word',
    family: 'natural',
    description: "natural's WordTokenizer: [A-Za-zА-Яа-я0-9_]+ only, so Arabic and accented letters vanish",
    load: async () => (await import('@tokenlab/natural')).naturalWordTokenizer(),
  },
  {
    id: 'natural-wordpunct',
    lineLocal: true,
    cutsAtWordEdges: true,
    label: 'natural WordPunct',
    family: 'natural',
    description: "natural's WordPunctTokenizer: Latin words, digit runs, and every other character alone",
    load: async () => (await import('@tokenlab/natural')).naturalWordPunctTokenizer(),
  },
  {
    id: 'natural-treebank',
    label: 'natural Treebank',
    family: 'natural',
    description: "natural's TreebankWordTokenizer, a rough NLTK look-alike that cuts Arabic into letters",
    load: async () => (await import('@tokenlab/natural')).naturalTreebankTokenizer(),
  },
  {
    id: 'natural-aggressive',
    lineLocal: true,
    label: 'natural Aggressive',
    family: 'natural',
    description: "natural's AggressiveTokenizer: splits on every non-word character",
    load: async () => (await import('@tokenlab/natural')).naturalAggressiveTokenizer(),
  },
];

/**
 * A small BPE trained here on a bundled corpus: training to 512 ids takes about a tenth of a second,
 * less than fetching a model file would.
 */
async function trainedBpe(kind: 'basic' | 'regex', corpus: string): Promise<Tokenizer> {
  const [{ BasicTokenizer, RegexTokenizer }, { loadCorpus }] = await Promise.all([
    import('@tokenlab/bpe'),
    import('@tokenlab/corpora'),
  ]);
  const tokenizer = kind === 'basic' ? new BasicTokenizer() : new RegexTokenizer('gpt4');
  tokenizer.train(await loadCorpus(corpus), 512);
  return tokenizer;
}

/** The columns shown on a first visit. */
export const DEFAULT_TOKENIZERS: readonly string[] = ['wordpunct', 'arabic', 'bpe-regex-en', 'cl100k_base'];

/** The tokenizer with this id, or `undefined`. */
export function findTokenizer(id: string): PlaygroundTokenizer | undefined {
  return TOKENIZERS.find((entry) => entry.id === id);
}

/**
 * Whether tokenizer `id` takes a pattern typed in a box (RegexpTokenizer), not one chosen from menus
 * (the stems view): such a pattern is anyone's input and may backtrack without end, or make tokens
 * that hold spaces.
 */
export function takesTypedPattern(id: string): boolean {
  const entry = findTokenizer(id);
  return entry?.withPattern !== undefined && entry.choices === undefined;
}

/**
 * Where a long line of column `id` may be cut (see `cutFrom`): before spaces, and at word edges when
 * the entry allows it. The BPE trained in the page (`bpe-trained`) splits with the GPT-4 pattern, as
 * `bpe-regex-en` does.
 *
 * @example
 * ```ts
 * lineCutsOf('cl100k_base'); // { wordEdges: true }
 * lineCutsOf('whitespace');  // { wordEdges: false }
 * ```
 */
export function lineCutsOf(id: string): LineCuts {
  const entry = findTokenizer(id === 'bpe-trained' ? 'bpe-regex-en' : id);
  return { wordEdges: entry?.cutsAtWordEdges === true };
}

const loaded = new Map<string, Promise<Tokenizer>>();

/** Load (once) the tokenizer with this id; an unknown id is an error listing the known ones. */
export function loadTokenizer(id: string): Promise<Tokenizer> {
  const entry = findTokenizer(id);
  if (!entry) {
    return Promise.reject(
      new Error(`unknown tokenizer '${id}'. Available: ${TOKENIZERS.map((t) => t.id).join(', ')}`),
    );
  }
  let promise = loaded.get(id);
  if (!promise) {
    promise = entry.load();
    // A failed load (offline, say) may be retried later.
    promise.catch(() => loaded.delete(id));
    loaded.set(id, promise);
  }
  return promise;
}
