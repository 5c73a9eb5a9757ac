import { isriStem } from '@tokenlab/classic';
import { naturalLancasterStem, naturalPorterStem } from '@tokenlab/natural';
import { type Command, parseCommandArgs } from '../command.js';
import { readInputText, readNumberedLines, UsageError, writeLine } from '../io.js';

const STEMMERS: Readonly<Record<string, (word: string) => string>> = {
  porter: naturalPorterStem,
  lancaster: naturalLancasterStem,
  isri: isriStem,
};

/** A JSONL line: a word, or an array of words. */
function wordsOf(line: string, lineNumber: number): string | string[] {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new UsageError(
      `stdin line ${lineNumber}: not valid JSON (expected a JSON string or an array of strings)`,
    );
  }
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((word) => typeof word === 'string')) return value;
  throw new UsageError(
    `stdin line ${lineNumber}: expected a JSON string or an array of strings, e.g. ["running", "ran"]`,
  );
}

/** `tokenlab stem`: the stem or root of each word. */
export const stemCommand: Command = {
  name: 'stem',
  summary: 'stem words: porter, lancaster (natural) or isri (Arabic roots, NLTK-exact)',
  help: `Usage: tokenlab stem --stemmer porter|lancaster|isri [--json | --jsonl] [FILE...]

Reads whitespace-separated words from the FILEs (or stdin) and prints the stem of each, one per line.

Stemmers:
  porter     natural's PorterStemmer (the original algorithm; 94.7% agreement with NLTK's default mode)
  lancaster  natural's LancasterStemmer (98.3% agreement with NLTK)
  isri       the ISRI Arabic root stemmer, equal to NLTK's ISRIStemmer

Options:
  -s, --stemmer NAME  which stemmer (required)
      --json          print one JSON array of [word, stem] pairs
      --jsonl         each stdin line is a JSON string (one word) or an array of words; each output
                      line is the JSON stem or array of stems
  -h, --help          show this help`,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('stem', argv, {
      stemmer: { type: 'string', short: 's' },
      json: { type: 'boolean' },
      jsonl: { type: 'boolean' },
    });
    const name = values.stemmer;
    if (typeof name !== 'string') throw new UsageError('choose a stemmer: --stemmer porter|lancaster|isri');
    const stem = STEMMERS[name];
    if (!stem)
      throw new UsageError(`unknown stemmer '${name}'. Available: ${Object.keys(STEMMERS).join(', ')}`);
    if (values.jsonl) {
      for await (const { line, lineNumber } of readNumberedLines(io.stdin)) {
        const words = wordsOf(line, lineNumber);
        await writeLine(io.stdout, JSON.stringify(typeof words === 'string' ? stem(words) : words.map(stem)));
      }
      return 0;
    }
    const words = (await readInputText(positionals, io)).split(/\s+/u).filter((word) => word !== '');
    if (values.json) {
      await writeLine(io.stdout, JSON.stringify(words.map((word) => [word, stem(word)])));
      return 0;
    }
    for (const word of words) await writeLine(io.stdout, stem(word));
    return 0;
  },
};
