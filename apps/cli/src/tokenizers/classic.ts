import {
  ArabicTokenizer,
  BlanklineTokenizer,
  loadPunktModel,
  NLTKWordTokenizer,
  PythonPatternError,
  RegexpTokenizer,
  TreebankWordTokenizer,
  WhitespaceTokenizer,
  WordPunctTokenizer,
  WordTokenizer,
} from '@tokenlab/classic';
import { UsageError } from '../io.js';
import type { TokenizerEntry } from './registry.js';
import { lastSpaceCut } from './stream-cuts.js';

/** NLTK's own `regexp_tokenize` example pattern: words, money amounts, any other non-space run. */
export const REGEXP_DEFAULT_PATTERN = String.raw`\w+|\$[\d\.]+|\S+`;

/** The NLTK-style tokenizers of @tokenlab/classic (one array; the Arabic entries join it here too). */
export const classicTokenizers: TokenizerEntry[] = [
  {
    name: 'whitespace',
    family: 'classic',
    lastCut: lastSpaceCut,
    description: "NLTK WhitespaceTokenizer: split on Python's whitespace",
    create: () => new WhitespaceTokenizer(),
  },
  {
    name: 'wordpunct',
    family: 'classic',
    lastCut: lastSpaceCut,
    description: 'NLTK WordPunctTokenizer: \\w+|[^\\w\\s]+ (Python \\w, so Arabic marks split words)',
    create: () => new WordPunctTokenizer(),
  },
  {
    name: 'wordpunct-unicode',
    family: 'classic',
    lastCut: lastSpaceCut,
    description: 'WordPunct with combining marks as word characters, so diacritics stay inside words',
    create: () => new WordPunctTokenizer({ unicodeWord: true }),
  },
  {
    name: 'blankline',
    family: 'classic',
    description: 'NLTK BlanklineTokenizer: paragraphs separated by blank lines',
    create: () => new BlanklineTokenizer(),
  },
  {
    name: 'treebank',
    family: 'classic',
    description: "NLTK TreebankWordTokenizer: Penn Treebank conventions (quotes become `` and '')",
    create: () => new TreebankWordTokenizer(),
  },
  {
    name: 'nltk-word',
    family: 'classic',
    description: 'NLTK NLTKWordTokenizer: the improved Treebank tokenizer, one sentence at a time',
    create: () => new NLTKWordTokenizer(),
  },
  {
    name: 'word',
    family: 'classic',
    description: 'NLTK word_tokenize: Punkt sentences, then NLTKWordTokenizer',
    create: () => new WordTokenizer(),
  },
  {
    name: 'punkt-en',
    family: 'classic',
    description: 'NLTK sent_tokenize with the English Punkt model: one token per sentence',
    create: () => loadPunktModel('english'),
  },
  {
    name: 'punkt-ar',
    family: 'classic',
    description: 'Punkt with the Arabic model and Arabic sentence ends (؟ ۔): one token per sentence',
    create: () => loadPunktModel('arabic'),
  },
  {
    name: 'regexp',
    family: 'classic',
    description: `NLTK RegexpTokenizer with a Python pattern: --pattern P [--gaps] (default: NLTK's example '${REGEXP_DEFAULT_PATTERN}')`,
    defaults: { pattern: REGEXP_DEFAULT_PATTERN },
    reads: ['pattern', 'gaps'],
    create: (settings) => {
      const pattern = settings.pattern;
      if (typeof pattern !== 'string' || pattern === '')
        throw new UsageError(
          "the regexp tokenizer needs --pattern P (a Python regular expression, e.g. --pattern '\\w+')",
        );
      try {
        return new RegexpTokenizer(pattern, { gaps: Boolean(settings.gaps) });
      } catch (error) {
        if (error instanceof PythonPatternError || error instanceof RangeError)
          throw new UsageError(error.message);
        throw error;
      }
    },
  },
  {
    name: 'arabic',
    family: 'classic',
    description: 'Arabic and mixed text: diacritics stay in words, Arabic punctuation and digits (--clitics)',
    reads: ['clitics'],
    lastCut: lastSpaceCut,
    create: (settings) => new ArabicTokenizer({ clitics: Boolean(settings.clitics) }),
  },
  {
    name: 'arabic-clitics',
    family: 'classic',
    description: 'the arabic tokenizer splitting clitics: و+ال+كتاب (the same as -t arabic --clitics)',
    lastCut: lastSpaceCut,
    create: () => new ArabicTokenizer({ clitics: true }),
  },
];
