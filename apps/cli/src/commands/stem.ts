import { isriStem, LancasterStemmer, PorterStemmer, SnowballStemmer } from '@tokenlab/classic';
import { naturalLancasterStem, naturalPorterStem } from '@tokenlab/natural';
import { type Command, parseCommandArgs } from '../command.js';
import { INPUT_DECODING_HELP, INPUT_DECODING_OPTIONS } from '../input-decoding.js';
import { readInputText } from '../input-text.js';
import { inputLines, lineName, type NumberedLine, UsageError, writeLine, writeLines } from '../io.js';
import { splitPythonWords } from '../python-split.js';
import { inputOptionsFrom, URL_INPUT_HELP, URL_INPUT_OPTIONS } from '../url-input.js';

/**
 * Each stemmer by name, made fresh per run: NLTK's Arabic Snowball stemmer carries state from word to
 * word, so one run stems a sequence exactly as one NLTK stemmer would.
 */
const STEMMERS: Readonly<Record<string, () => (word: string) => string>> = {
  porter: () => {
    const stemmer = new PorterStemmer();
    return (word) => stemmer.stem(word);
  },
  'porter-martin': () => {
    const stemmer = new PorterStemmer({ mode: 'MARTIN_EXTENSIONS' });
    return (word) => stemmer.stem(word);
  },
  'porter-original': () => {
    const stemmer = new PorterStemmer({ mode: 'ORIGINAL_ALGORITHM' });
    return (word) => stemmer.stem(word);
  },
  lancaster: () => {
    const stemmer = new LancasterStemmer();
    return (word) => stemmer.stem(word);
  },
  'snowball-english': () => {
    const stemmer = new SnowballStemmer('english');
    return (word) => stemmer.stem(word);
  },
  'snowball-arabic': () => {
    const stemmer = new SnowballStemmer('arabic');
    return (word) => stemmer.stem(word);
  },
  isri: () => isriStem,
  'natural-porter': () => naturalPorterStem,
  'natural-lancaster': () => naturalLancasterStem,
};

const STEMMER_NAMES = Object.keys(STEMMERS).join('|');

/** A JSONL line: a word, or an array of words. */
function wordsOf(numbered: NumberedLine): string | string[] {
  let value: unknown;
  try {
    value = JSON.parse(numbered.line);
  } catch {
    throw new UsageError(
      `${lineName(numbered)}: not valid JSON (expected a JSON string or an array of strings)`,
    );
  }
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((word) => typeof word === 'string')) return value;
  throw new UsageError(
    `${lineName(numbered)}: expected a JSON string or an array of strings, e.g. ["running", "ran"]`,
  );
}

/** `tokenlab stem`: the stem or root of each word. */
export const stemCommand: Command = {
  name: 'stem',
  help: `Usage: tokenlab stem --stemmer NAME [--json | --jsonl] [FILE...]

Reads whitespace-separated words from the FILEs (or stdin) and prints the stem of each, one per
line. Words are split as Python's str.split() splits them (U+001C-U+001F and U+0085 are white space
too), as NLTK's examples read them.

Stemmers (all equal to NLTK 3.8 unless marked natural):
  porter             NLTK's PorterStemmer(), mode NLTK_EXTENSIONS
  porter-martin      PorterStemmer(mode=MARTIN_EXTENSIONS), as on Martin Porter's site
  porter-original    PorterStemmer(mode=ORIGINAL_ALGORITHM), the 1980 paper
  lancaster          NLTK's LancasterStemmer()
  snowball-english   SnowballStemmer('english'), Porter2
  snowball-arabic    SnowballStemmer('arabic'), light stemming; like NLTK, one run carries
                     state from word to word
  isri               the ISRI Arabic root stemmer, NLTK's ISRIStemmer()
  natural-porter     natural's PorterStemmer (a baseline; differs from NLTK on about 5% of words)
  natural-lancaster  natural's LancasterStemmer (a baseline)

Options:
  -s, --stemmer NAME  which stemmer (required)
      --json          print one JSON array of [word, stem] pairs
      --jsonl         each line (of the FILEs, or stdin) is a JSON string (one word) or an array of words; each output
                      line is the JSON stem or array of stems
${INPUT_DECODING_HELP}
${URL_INPUT_HELP}
  -h, --help          show this help`,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('stem', argv, {
      stemmer: { type: 'string', short: 's' },
      json: { type: 'boolean' },
      jsonl: { type: 'boolean' },
      ...INPUT_DECODING_OPTIONS,
      ...URL_INPUT_OPTIONS,
    });
    const name = values.stemmer;
    if (typeof name !== 'string') throw new UsageError(`choose a stemmer: --stemmer ${STEMMER_NAMES}`);
    const makeStemmer = STEMMERS[name];
    if (!makeStemmer)
      throw new UsageError(`unknown stemmer '${name}'. Available: ${Object.keys(STEMMERS).join(', ')}`);
    const stem = makeStemmer();
    if (values.jsonl) {
      for await (const numbered of inputLines(positionals, io)) {
        const words = wordsOf(numbered);
        await writeLine(io.stdout, JSON.stringify(typeof words === 'string' ? stem(words) : words.map(stem)));
      }
      return 0;
    }
    const words = splitPythonWords(await readInputText(positionals, io, inputOptionsFrom(values)));
    if (values.json) {
      await writeLine(io.stdout, JSON.stringify(words.map((word) => [word, stem(word)])));
      return 0;
    }
    await writeLines(
      io.stdout,
      words.map((word) => stem(word)),
    );
    return 0;
  },
};
