import { WordPunctTokenizer } from '@tokenlab/classic';
import { replaceControlCharacters, type Tokenizer } from '@tokenlab/core';
import {
  BigramAssocMeasures,
  BigramCollocationFinder,
  type BigramScoreFn,
  FreqDist,
  lineChartSvg,
  ngrams,
  TfidfVectorizer,
  TrigramAssocMeasures,
  TrigramCollocationFinder,
  type TrigramScoreFn,
} from '@tokenlab/stats';
import { isolated } from '../bidi-isolate.js';
import { type Command, parseCommandArgs } from '../command.js';
import { INPUT_DECODING_HELP, INPUT_DECODING_OPTIONS } from '../input-decoding.js';
import { readInputDocuments } from '../input-text.js';
import {
  type CommandIO,
  inputLines,
  readJsonlRecords,
  stdoutIsTerminal,
  UsageError,
  writeLine,
  writeLines,
} from '../io.js';
import { TokenTexts } from '../token-text.js';
import {
  createTokenizer,
  findTokenizer,
  settingReaders,
  type TokenizerSettings,
  unreadSetting,
} from '../tokenizers/index.js';
import { lastSpaceCut } from '../tokenizers/stream-cuts.js';
import { type InputOptions, inputOptionsFrom, URL_INPUT_HELP, URL_INPUT_OPTIONS } from '../url-input.js';

const MEASURES = {
  'raw-freq': [BigramAssocMeasures.rawFreq, TrigramAssocMeasures.rawFreq],
  pmi: [BigramAssocMeasures.pmi, TrigramAssocMeasures.pmi],
  npmi: [BigramAssocMeasures.npmi, TrigramAssocMeasures.npmi],
  'likelihood-ratio': [BigramAssocMeasures.likelihoodRatio, TrigramAssocMeasures.likelihoodRatio],
  'chi-sq': [BigramAssocMeasures.chiSq, TrigramAssocMeasures.chiSq],
  'student-t': [BigramAssocMeasures.studentT, TrigramAssocMeasures.studentT],
  'poisson-stirling': [BigramAssocMeasures.poissonStirling, TrigramAssocMeasures.poissonStirling],
  jaccard: [BigramAssocMeasures.jaccard, TrigramAssocMeasures.jaccard],
  dice: [BigramAssocMeasures.dice, undefined],
  'phi-sq': [BigramAssocMeasures.phiSq, undefined],
} as const satisfies Record<string, readonly [BigramScoreFn, TrigramScoreFn | undefined]>;
type MeasureName = keyof typeof MEASURES;

/** `likelihood_ratio`, `likelihoodRatio` and `likelihood-ratio` all name the same measure. */
function measureByName(name: string): MeasureName {
  const key = name
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
  const aliases: Record<string, MeasureName> = {
    likelihood: 'likelihood-ratio',
    llr: 'likelihood-ratio',
    freq: 'raw-freq',
  };
  const found = (key in MEASURES ? key : aliases[key]) as MeasureName | undefined;
  if (!found)
    throw new UsageError(`unknown measure '${name}'. Available: ${Object.keys(MEASURES).join(', ')}`);
  return found;
}

/** A token as a row prints it: one line whatever it holds. */
const shown = (token: string): string => replaceControlCharacters(token);

/**
 * `fd.plot(top)` (NLTK's `FreqDist.plot` as SVG) with the tokens labelled as the rows print them:
 * control characters (NUL, U+0001, ...), which XML 1.0 cannot hold even escaped, and other invisible
 * ones shown as `\u0001`, so the SVG is well-formed XML and the label says what the token holds.
 */
function freqPlot(fd: FreqDist<string>, top: number, cumulative: boolean): string {
  const samples = fd.mostCommon(top).map(([sample]) => sample);
  const values = cumulative ? fd.cumulativeFrequencies(samples) : samples.map((sample) => fd.get(sample));
  return lineChartSvg({
    labels: samples.map(shown),
    series: [{ values }],
    yLabel: cumulative ? 'Cumulative Counts' : 'Counts',
  });
}

/**
 * An n-gram as a row shows it: its tokens joined by spaces, or, when a token holds white space or
 * is empty (a character tokenizer's ' ', a GPT token ' the'), as a tuple of quoted tokens, since
 * `b   c` could be any of several n-grams. Tokens keep the row's escapes (\u000a, \xd9). On a
 * terminal, a quoted token with Arabic letters stands in a bidi isolate, so that a terminal that lays
 * lines out right to left keeps the tuple's items in order.
 */
function shownGram(gram: readonly string[], terminal: boolean): string {
  if (!gram.some((token) => token === '' || /\s/u.test(token))) return gram.map(shown).join(' ');
  const items = gram.map((token) => {
    const text = shown(token);
    const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
    const item = quote + text.replaceAll(quote, `\\${quote}`) + quote;
    return terminal ? isolated(item) : item;
  });
  return `(${items.join(', ')})`;
}

function positiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new UsageError(`${name} must be a positive integer, got '${String(value)}'`);
  return number;
}

/** One document of the corpus and how the output names it. */
interface Document {
  /** `FILE`, `FILE:LINE` with --lines, `stdin:LINE` with --jsonl. */
  label: string;
  /** Its text. */
  text: string;
}

function nonNegativeDigits(value: unknown): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 20)
    throw new UsageError(`--precision must be an integer from 0 to 20, got '${String(value)}'`);
  return number;
}

/** The documents: one per file or URL (or stdin); one per non-empty line with --lines; JSON strings with --jsonl. */
async function readDocuments(
  files: string[],
  io: CommandIO,
  lines: boolean,
  jsonl: boolean,
  options: InputOptions,
): Promise<Document[]> {
  if (jsonl) {
    const documents: Document[] = [];
    for await (const { text, lineNumber, source } of readJsonlRecords(inputLines(files, io)))
      documents.push({ label: `${source === 'stdin' ? source : source.slice(1, -1)}:${lineNumber}`, text });
    return documents;
  }
  const documents: Document[] = [];
  for (const { label, text } of await readInputDocuments(files, io, options)) {
    if (!lines) {
      documents.push({ label, text });
      continue;
    }
    for (const [index, line] of text.split(/\r?\n/).entries())
      if (line.trim() !== '') documents.push({ label: `${label}:${index + 1}`, text: line });
  }
  return documents;
}

/** A score for people: `precision` digits after the point. */
function formatScore(score: number, precision: number): string {
  return Number.isFinite(score) ? score.toFixed(precision) : String(score);
}

/** An Arabic letter followed by a combining mark (harakat, shadda, superscript alef). */
const DIACRITIZED_ARABIC = /(?=\p{Script=Arabic})\p{L}\p{Mn}+/u;

/**
 * A hint when Python's `\w` (in scikit-learn's token pattern and in WordPunct) would cut Arabic
 * words at their diacritics: names an example from the input and the tokenizer that keeps it whole.
 */
function diacriticsHint(documents: readonly Document[], defaultName: string): string | undefined {
  for (const { text } of documents) {
    const match = DIACRITIZED_ARABIC.exec(text);
    if (!match) continue;
    // The whole word around the first diacritized letter.
    const before = /[\p{L}\p{M}]*$/u.exec(text.slice(0, match.index))![0];
    const word = before + /[\p{L}\p{M}]+/u.exec(text.slice(match.index))![0];
    const pieces = word.split(/\p{Mn}+/u).filter((piece) => piece !== '');
    return (
      `tokenlab stats: note: ${defaultName} uses Python's \\w, which leaves out Arabic diacritics, so ` +
      `'${word}' becomes ${pieces.map((piece) => `'${piece}'`).join(' ')}; -t arabic keeps such words whole`
    );
  }
  return undefined;
}

/** The options that only some statistics read, and which ones (the others would ignore them). */
const MODE_OPTIONS: ReadonlyArray<[option: string, modes: readonly string[]]> = [
  ['measure', ['collocations']],
  ['window', ['collocations']],
  ['n', ['ngrams', 'collocations']],
  ['min-freq', ['ngrams', 'collocations']],
  ['cumulative', ['freq']],
  ['svg', ['freq']],
  ['precision', ['collocations', 'tfidf']],
  ['stop-words', ['tfidf']],
];

/**
 * Refuse an option the statistic does not read (`stats freq --measure pmi`), and a tokenizer setting
 * without its tokenizer (`--pattern` without `-t regexp`): each was ignored, silently.
 */
function requireOptionsOfMode(values: Record<string, unknown>, mode: string): void {
  for (const [option, modes] of MODE_OPTIONS) {
    if (values[option] === undefined || values[option] === false || modes.includes(mode)) continue;
    const flag = option === 'n' ? '-n' : `--${option}`;
    throw new UsageError(`${flag} applies to ${modes.join(' and ')}, not to ${mode}: it would be ignored`);
  }
  // The default tokenizer, wordpunct, reads none of them.
  const chosen = values.tokenizer === undefined ? [] : [findTokenizer(String(values.tokenizer))];
  const setting = unreadSetting(values, chosen, ['pattern', 'gaps', 'model']);
  if (setting !== undefined)
    throw new UsageError(
      `--${setting} applies to --tokenizer ${settingReaders(setting).join(' or ')}: it would be ignored`,
    );
}

async function chooseTokenizer(values: Record<string, unknown>): Promise<Tokenizer> {
  // Default: NLTK's WordPunctTokenizer, words and punctuation runs — good for counting.
  if (values.tokenizer === undefined) return new WordPunctTokenizer();
  return createTokenizer(String(values.tokenizer), values as TokenizerSettings);
}

/** Where the chosen tokenizer may cut a text without changing a token (see `TokenizerEntry.lastCut`). */
function lastCutOf(values: Record<string, unknown>): ((text: string, from: number) => number) | undefined {
  return values.tokenizer === undefined ? lastSpaceCut : findTokenizer(String(values.tokenizer)).lastCut;
}

/** How long a piece of a text `freq` tokenizes at once, at most (see {@link piecesOf}). */
const PIECE = 1 << 20;

/**
 * `text` in pieces of about a million units, each ending where `lastCut` allows a cut (the whole text
 * when the tokenizer allows none, or a stretch holds none), so that the tokens of a long text are
 * counted piece by piece rather than all held at once: a token is a hundred bytes or more, some
 * seventy times the text it covers.
 *
 * @example
 * ```ts
 * [...piecesOf(text, lastSpaceCut)].join('') === text; // true, each piece at most 2 Mi units or so
 * ```
 */
export function* piecesOf(
  text: string,
  lastCut: ((text: string, from: number) => number) | undefined,
): Generator<string> {
  let from = 0;
  while (lastCut && text.length - from > PIECE) {
    // The last cut in the next million units; further on if they hold none.
    let cut = -1;
    for (let size = PIECE; cut < 0 && from + size < text.length; size *= 2)
      cut = lastCut(text.slice(from, from + size), 1);
    if (cut < 0) break;
    yield text.slice(from, from + cut);
    from += cut;
  }
  yield text.slice(from);
}

const HELP = `Usage: tokenlab stats freq|ngrams|collocations|tfidf [options] [FILE...]

Corpus statistics with NLTK's and scikit-learn's numbers. Reads the FILEs (or stdin).

  freq          the most common tokens (NLTK FreqDist): COUNT<TAB>TOKEN ('freqdist' works
                too); the sample size N and the number of distinct tokens B go to stderr
  ngrams        the most common n-grams: COUNT<TAB>W1 W2 ...
  collocations  the best-scoring bigrams (or trigrams with -n 3): SCORE<TAB>W1 W2
                (an n-gram with a token that holds white space, such as a character
                tokenizer's ' ', is shown as a tuple: ('b', ' ', 'c'))
  tfidf         the heaviest terms of each document (scikit-learn TfidfVectorizer
                defaults): DOC<TAB>TERM<TAB>WEIGHT. Each FILE is a document, named
                by its file name; with --lines each non-empty line is, named FILE:LINE.

Tokens are printed with control characters such as newlines escaped (\\u000a), as
'tokenlab tokenize' prints them, so that each row stays on one line; --json gives them as they are.
A byte-level token that holds part of a character (cl100k_base cuts some Arabic marks in two)
counts as its bytes (\\xd9), not as the character, which the token of its other bytes covers too.

Options:
  -t, --tokenizer NAME  tokenizer for freq/ngrams/collocations (default: NLTK wordpunct);
                        for tfidf, replaces scikit-learn's token pattern
      --pattern P       Python pattern for --tokenizer regexp
      --gaps            the pattern matches the gaps between tokens (--tokenizer regexp)
      --model FILE      a minbpe .model file for --tokenizer bpe
      --lowercase       lowercase the tokens first (freq/ngrams/collocations)
      --top N           how many rows (default 20; per document for tfidf)
  -n N                  n-gram size (ngrams: default 2; collocations: 2 or 3)
      --measure M       collocation measure: pmi (default), npmi, likelihood-ratio, chi-sq,
                        student-t, poisson-stirling, jaccard, dice, phi-sq, raw-freq
      --window W        collocation window (default n: adjacent words)
      --min-freq F      drop n-grams seen fewer than F times (default 1)
      --stop-words      tfidf: drop scikit-learn's English stop words
      --lines           one document per non-empty line
      --cumulative      freq: running totals
      --svg             freq: print an SVG plot instead of the table
      --precision N     digits after the point for scores and weights (default 4; --json
                        always gives them in full)
      --json            print one JSON value
      --jsonl           each line (of the FILEs, or stdin) is a JSON string (a document); results one JSON per line
${INPUT_DECODING_HELP}
${URL_INPUT_HELP}
  -h, --help            show this help

Diacritized Arabic: the default tokenizers use Python's \\w, which leaves the marks out and cuts
words at them; a note on stderr says so, and -t arabic keeps the words whole.

Examples:
  tokenlab stats freq --top 10 --lowercase book.txt
  tokenlab stats collocations --measure likelihood-ratio --min-freq 3 --window 5 book.txt
  tokenlab stats tfidf --lines --top 5 --json abstracts.txt`;

/** `tokenlab stats`: frequencies, n-grams, collocations and TF-IDF of a corpus. */
export const statsCommand: Command = {
  name: 'stats',
  help: HELP,
  async run(argv, io) {
    const [given, ...rest] = argv;
    const mode = given === 'freqdist' ? 'freq' : given;
    if (mode === undefined || !['freq', 'ngrams', 'collocations', 'tfidf'].includes(mode))
      throw new UsageError(
        `${mode === undefined ? 'missing' : `unknown`} statistic${mode ? ` '${mode}'` : ''}: use freq, ngrams, collocations or tfidf (see --help)`,
      );
    const { values, positionals } = parseCommandArgs('stats', rest, {
      tokenizer: { type: 'string', short: 't' },
      pattern: { type: 'string' },
      gaps: { type: 'boolean' },
      model: { type: 'string' },
      lowercase: { type: 'boolean' },
      top: { type: 'string' },
      n: { type: 'string', short: 'n' },
      measure: { type: 'string' },
      window: { type: 'string' },
      'min-freq': { type: 'string' },
      'stop-words': { type: 'boolean' },
      lines: { type: 'boolean' },
      cumulative: { type: 'boolean' },
      svg: { type: 'boolean' },
      json: { type: 'boolean' },
      jsonl: { type: 'boolean' },
      precision: { type: 'string' },
      ...INPUT_DECODING_OPTIONS,
      ...URL_INPUT_OPTIONS,
    });
    requireOptionsOfMode(values, mode);
    const top = positiveInteger(values.top, '--top', 20);
    const precision = values.precision === undefined ? 4 : nonNegativeDigits(values.precision);
    const documents = await readDocuments(
      positionals,
      io,
      Boolean(values.lines),
      Boolean(values.jsonl),
      inputOptionsFrom(values),
    );
    if (values.tokenizer === undefined) {
      const hint = diacriticsHint(
        documents,
        mode === 'tfidf' ? "scikit-learn's token pattern" : 'the default wordpunct tokenizer',
      );
      if (hint) await writeLine(io.stderr, hint);
    }
    const emit = async (rows: unknown[], lines: () => string[]) => {
      if (values.json) await writeLine(io.stdout, JSON.stringify(rows));
      else if (values.jsonl)
        await writeLines(
          io.stdout,
          rows.map((row) => JSON.stringify(row)),
        );
      else await writeLines(io.stdout, lines());
    };

    if (mode === 'tfidf') {
      const tokenizer = values.tokenizer === undefined ? undefined : await chooseTokenizer(values);
      const vectorizer = new TfidfVectorizer({
        ...(tokenizer
          ? { tokenizer: (text: string) => tokenizer.tokenize(text).map((token) => token.text) }
          : {}),
        ...(values['stop-words'] ? { stopWords: 'english' as const } : {}),
      });
      let matrix: ReturnType<TfidfVectorizer['fitTransform']>;
      // An empty vocabulary (no document has a term) is a fault of the input, exit code 1, as scikit-learn's
      // ValueError; it was a usage error.
      matrix = vectorizer.fitTransform(documents.map((document) => document.text));
      const names = vectorizer.getFeatureNamesOut();
      const rows = documents.map((_, d) => {
        const row = matrix.getRow(d);
        const terms = [...row.indices].map((column, k) => [names[column]!, row.data[k]!] as [string, number]);
        terms.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
        return { document: documents[d]!.label, index: d, terms: terms.slice(0, top) };
      });
      await emit(rows, () =>
        rows.flatMap(({ document, terms }) =>
          terms.map(([term, weight]) => `${document}\t${shown(term)}\t${formatScore(weight, precision)}`),
        ),
      );
      return 0;
    }

    const tokenizer = await chooseTokenizer(values);
    const terminal = stdoutIsTerminal(io);
    // A byte-level token that cuts a character counts as its bytes (`\xd9`), not as the character its
    // text covers, which the token that holds the character's other bytes covers too.
    const tokenTexts = (text: string) => {
      const texts = new TokenTexts(text);
      return tokenizer.tokenize(text).map((token) => {
        const own = texts.own(token);
        return values.lowercase ? own.toLowerCase() : own;
      });
    };
    if (mode === 'freq') {
      // Counted piece by piece: the tokens of a whole 100 MB text would take gigabytes.
      const fd = new FreqDist<string>();
      const lastCut = lastCutOf(values);
      for (const { text } of documents)
        for (const piece of piecesOf(text, lastCut))
          for (const token of tokenTexts(piece)) fd.increment(token);
      if (values.svg) {
        await writeLine(io.stdout, freqPlot(fd, top, Boolean(values.cumulative)));
        return 0;
      }
      const common = fd.mostCommon(top);
      const counts = values.cumulative ? fd.cumulativeFrequencies(common.map(([token]) => token)) : undefined;
      const rows = common.map(([token, count], i) => [token, counts ? counts[i]! : count]);
      await emit(rows, () => rows.map(([token, count]) => `${count}\t${shown(token as string)}`));
      // The totals describe the table; on stderr they stay out of a pipe that sorts or cuts it.
      if (!values.json && !values.jsonl) await writeLine(io.stderr, `# N=${fd.N()} B=${fd.B()}`);
      return 0;
    }
    const tokenDocuments = documents.map(({ text }) => tokenTexts(text));
    const n = positiveInteger(values.n, '-n', 2);
    const minFreq = positiveInteger(values['min-freq'], '--min-freq', 1);
    if (mode === 'ngrams') {
      const fd = new FreqDist<string>();
      for (const tokens of tokenDocuments)
        for (const gram of ngrams(tokens, n)) fd.increment(gram.join('\u0000'));
      const rows = fd
        .mostCommon()
        .filter(([, count]) => count >= minFreq)
        .slice(0, top)
        .map(([key, count]) => [key.split('\u0000'), count] as [string[], number]);
      await emit(rows, () => rows.map(([gram, count]) => `${count}\t${shownGram(gram, terminal)}`));
      return 0;
    }
    // collocations
    if (n !== 2 && n !== 3) throw new UsageError(`collocations need -n 2 or -n 3, got ${n}`);
    const measure = measureByName(String(values.measure ?? 'pmi'));
    const window = positiveInteger(values.window, '--window', n);
    if (window < n) throw new UsageError(`--window must be at least ${n} for ${n}-grams, got ${window}`);
    let scored: [string[], number][];
    if (n === 2) {
      const finder = BigramCollocationFinder.fromDocuments(tokenDocuments, window);
      finder.applyFreqFilter(minFreq);
      scored = finder.scoreNgrams(MEASURES[measure][0]);
    } else {
      const fn = MEASURES[measure][1];
      if (!fn) throw new UsageError(`the measure '${measure}' exists for bigrams only`);
      const finder = TrigramCollocationFinder.fromDocuments(tokenDocuments, window);
      finder.applyFreqFilter(minFreq);
      scored = finder.scoreNgrams(fn);
    }
    const rows = scored.slice(0, top);
    await emit(rows, () =>
      rows.map(([gram, score]) => `${formatScore(score, precision)}\t${shownGram(gram, terminal)}`),
    );
    return 0;
  },
};
