import { formatCount } from './counts.js';
import { SPEED_MIN_BYTES } from './measure.js';
import type {
  CompareReport,
  OutOfVocabulary,
  RatioRow,
  RatioSection,
  RoundTrip,
  TextSource,
  TokenizerRow,
} from './model.js';

/** The credit a bundled text asks for, with its licence unless the credit already names it. */
export function creditLine(source: TextSource): string {
  const { attribution = '', license = '' } = source;
  return attribution.includes(license) ? attribution : `${attribution} (${license})`;
}

/** The BPE compression table: one row per vocabulary size, one column per (trained on → applied to). */
export function bpeTable(report: CompareReport): { headers: string[]; rows: string[][] } {
  const { bpe } = report;
  const pairs = [...new Set(bpe.points.map((point) => `${point.trainedOn}→${point.appliedTo}`))];
  const headers = ['vocab size', ...pairs.map((pair) => `${pair} bytes/tok`)];
  const sizes = [...new Set(bpe.points.map((point) => point.vocabSize))].sort((a, b) => a - b);
  const rows = sizes.map((size) => [
    String(size),
    ...pairs.map((pair) => {
      const point = bpe.points.find((p) => p.vocabSize === size && `${p.trainedOn}→${p.appliedTo}` === pair);
      return point ? formatNumber(point.bytesPerToken) : '–';
    }),
  ]);
  return { headers, rows };
}

/**
 * What stopped BPE short, in words: training that ran out of pairs (the sizes not reached are not
 * shown) and languages without held-out lines.
 */
export function bpeNotes(report: CompareReport): string[] {
  const { bpe } = report;
  const notes = Object.entries(bpe.exhausted ?? {}).map(([language, size]) => {
    const skipped = bpe.notReached?.[language] ?? [];
    return skipped.length
      ? `${language}: training ran out of pairs at ${size} tokens, so ${skipped.map((s) => `bpe-${s}`).join(', ')} would equal bpe-${size}: the row is named bpe-${size} and shown once`
      : `${language}: training ran out of pairs at ${size} tokens`;
  });
  if (bpe.compressionNote) notes.push(`compression on held-out text ${bpe.compressionNote}`);
  return notes;
}

/** A date a person reads: `23 November 2026, 21:15 UTC`. */
export function humanDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

/** What the row names and columns of a language:English ratio table mean. */
export function ratioLegend(language: string, parallel: boolean): [string, string][] {
  return [
    ['tok/1k ch', 'tokens per 1,000 characters (code points) of each language’s main corpus'],
    [
      `${language}:en per ch`,
      `${language} tokens per character divided by English tokens per character, on the main corpora (which say different things)`,
    ],
    ...(parallel
      ? ([
          ['UDHR', 'the Universal Declaration of Human Rights: the same text in both languages'],
          [
            `${language}:en UDHR`,
            `tokens of the ${language} declaration divided by tokens of the English one: the extra cost of the same content`,
          ],
          ['(own language)', 'each language cut by the BPE trained on that language'],
          ['(en-trained)', 'both declarations cut by the BPE trained on English'],
          [`(${language}-trained)`, `both declarations cut by the BPE trained on ${language}`],
          [
            NOT_MEASURED,
            `not measured: the en-trained and ${language}-trained rows cut the declarations only, not the main corpora`,
          ],
        ] as [string, string][])
      : []),
  ];
}

/** A number with `digits` decimals. */
export function formatNumber(value: number | undefined, digits = 2): string {
  return value === undefined || !Number.isFinite(value) ? '' : value.toFixed(digits);
}

/** Throughput: more digits for slow tokenizers. */
export function formatSpeed(value: number | undefined): string {
  if (value === undefined) return '';
  return value >= 10 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(2);
}

const METHOD_WORDS: Record<RoundTrip['method'], string> = {
  decode: 'decode',
  'spans+detok': 'detok',
  spans: 'spans',
};

/** `✓ decode`, `96.5% detok`, `✗ detok`: share of lines given back, and how it was checked. */
export function formatRoundTrip(roundTrip: RoundTrip | undefined): string {
  if (!roundTrip) return '';
  const { passed, documents, method } = roundTrip;
  const share =
    passed === documents ? '✓' : passed === 0 ? '✗' : `${Math.floor((passed / documents) * 1000) / 10}%`;
  return `${share} ${METHOD_WORDS[method]}`;
}

/** The out-of-vocabulary rate as a percentage; byte-level tokenizers get `0*`. */
export function formatOov(oov: OutOfVocabulary | undefined): string {
  if (!oov) return '';
  if (oov.notComputed) return 'n/a';
  if (oov.byConstruction) return '0*';
  return `${(oov.rate * 100).toFixed(2)}%`;
}

/**
 * Throughput with its spread: `12 ±8%` (half the range of the timed passes, against the median);
 * `n/a` when each pass read fewer than {@link SPEED_MIN_BYTES} bytes.
 */
export function formatSpeedCell(row: TokenizerRow): string {
  const median = row.megabytesPerSecond;
  if (median === undefined) return '';
  // A pass over a few hundred bytes times the timer, not the tokenizer.
  if (row.speedBytes !== undefined && row.speedBytes < SPEED_MIN_BYTES) return 'n/a';
  if (!row.speedSpread || median <= 0) return formatSpeed(median);
  const spread = ((row.speedSpread[1] - row.speedSpread[0]) / 2 / median) * 100;
  return `${formatSpeed(median)} ±${spread < 10 ? spread.toFixed(1) : spread.toFixed(0)}%`;
}

/** The cells of a language table row, in {@link TABLE_HEADERS} order. */
export function rowCells(row: TokenizerRow): string[] {
  return [
    row.name,
    formatCount(row.tokens),
    formatCount(row.distinct),
    formatNumber(row.charsPerToken),
    formatNumber(row.bytesPerToken),
    formatNumber(row.tokensPerWord),
    formatRoundTrip(row.roundTrip),
    formatOov(row.oov),
    formatSpeedCell(row),
  ];
}

/** The columns of a language table. */
export const TABLE_HEADERS = [
  'tokenizer',
  'tokens',
  'distinct',
  'chars/tok',
  'bytes/tok',
  'tok/word',
  'round-trip',
  'OOV',
  'MB/s',
] as const;

/** Which columns are right-aligned (numbers). */
export const NUMERIC_COLUMNS = [false, true, true, true, true, true, false, true, true] as const;

/**
 * What each column means, for the top of every report (the same words in the terminal, Markdown
 * and HTML).
 */
export const LEGEND: readonly [string, string][] = [
  ['tokens', 'tokens over the whole corpus, tokenized line by line (empty lines skipped)'],
  ['distinct', 'different tokens (by id where the tokenizer has ids, else by text)'],
  ['chars/tok', 'Unicode characters (code points) per token: higher means fewer, longer tokens'],
  [
    'bytes/tok',
    'UTF-8 bytes per token: the compression (Arabic letters are 2 bytes each, English letters 1)',
  ],
  ['tok/word', 'tokens per whitespace-separated word (fertility): 1.0 means one token per word'],
  [
    'round-trip',
    'share of lines given back (✓ = all, ✗ = none): "decode" = decode(encode(line)) equals the line exactly; ' +
      '"detok" = the token spans cover every non-whitespace character and the Treebank detokenizer ' +
      'rebuilds the line up to whitespace; "spans" = span coverage only',
  ],
  [
    'OOV',
    'out-of-vocabulary rate: tokens of the held-out lines (every 10th line) never seen in the other lines; ' +
      '0* = byte-level tokenizers (BPE, GPT, utf8): all 256 bytes are in the vocabulary, so nothing is ever out of it; ' +
      'n/a = not measurable: a text of fewer than 10 lines has no held-out line',
  ],
  [
    'MB/s',
    'UTF-8 megabytes tokenized per second: the median of 5 timed passes over the first 24,000 characters ' +
      '(after 20 untimed lines), ± half the spread of the passes. Indicative only: measured inside this run on ' +
      'whatever else the machine is doing; `pnpm bench` gives the measured numbers',
  ],
  [
    'bpe-N',
    'byte-level BPE trained here to a vocabulary of N tokens (256 bytes + N−256 merges) on 9 of every 10 lines of ' +
      'the language; when training runs out of pairs early, N is the size reached',
  ],
  ['n/a', 'a measure this text is too small for; the reason is given next to the table and on stderr'],
];

/** What a ratio table shows where a row does not measure a column (see {@link ratioLegend}). */
export const NOT_MEASURED = '—';

/**
 * The cells of one row of a language:English ratio table, shared by every output format. A row that
 * measures the declarations only (a BPE trained on one language, applied to both) shows
 * {@link NOT_MEASURED} in the main corpora's columns, where an empty cell would read as missing data.
 */
export function ratioCells(row: RatioRow, ratio: RatioSection): string[] {
  const lang = ratio.language;
  const declarationsOnly =
    row.parallelTokens !== undefined && Object.keys(row.tokensPer1000Chars).length === 0;
  const perCorpus = (cell: string) => (declarationsOnly ? NOT_MEASURED : cell);
  return [
    row.name,
    perCorpus(formatNumber(row.tokensPer1000Chars.en, 1)),
    perCorpus(formatNumber(row.tokensPer1000Chars[lang], 1)),
    perCorpus(formatNumber(row.perCharacterRatio)),
    ...(ratio.parallel
      ? [
          formatCount(row.parallelTokens?.en),
          formatCount(row.parallelTokens?.[lang]),
          formatNumber(row.parallelRatio),
        ]
      : []),
  ];
}

export { countOf, formatCount } from './counts.js';
