import type { LanguageText } from './inputs.js';
import type { Collocation, LanguageStats, SentenceLengths, ZipfSeries } from './model.js';
import type { ClassicApi, Loaded, StatsApi } from './packages.js';

/** Word tokenizers for Zipf and collocations, best first, per language (others use the English list). */
const WORD_TOKENIZERS: Readonly<Record<string, readonly string[]>> = {
  en: ['word', 'nltk-word', 'treebank', 'wordpunct', 'whitespace'],
  ar: ['arabic', 'word', 'nltk-word', 'wordpunct', 'whitespace'],
};

/** Bigrams seen fewer times than this are not ranked: PMI favours pairs of rare words. */
export const COLLOCATION_MIN_COUNT = 5;
const TOP_COLLOCATIONS = 12;
const LETTER = /\p{L}/u;

/**
 * What the statistics keep of one tokenizer's tokens, in corpus order: their texts (for the words of
 * the word tokenizer) and their keys, the id or else the text (for a Zipf series). Flat arrays, not
 * the token objects: those of a large corpus would take gigabytes.
 */
export interface KeptTokens {
  /** Each token's text. */
  texts?: string[];
  /** Each token's id as a string, or its text where it has no id. */
  keys?: string[];
}

/** Which tokens of which tokenizers the statistics may use: what was kept of them, per tokenizer name. */
export type MeasuredTokens = ReadonlyMap<string, KeptTokens>;

/** The tokenizers whose tokens the statistics of `language` may need (the rest can be dropped early). */
export function statsTokenizers(language: string): readonly string[] {
  return WORD_TOKENIZERS[language] ?? WORD_TOKENIZERS.en!;
}

/** The word tokenizer for `language` among those measured. */
export function chooseWordTokenizer(language: string, measured: MeasuredTokens): string | undefined {
  const preferences = WORD_TOKENIZERS[language] ?? WORD_TOKENIZERS.en!;
  const withTexts = [...measured].filter(([, kept]) => kept.texts !== undefined).map(([name]) => name);
  return preferences.find((name) => withTexts.includes(name)) ?? withTexts.find((name) => name !== 'chars');
}

/** The words for statistics: lower-cased tokens that contain a letter, in text order. */
export function wordsOf(texts: readonly string[]): string[] {
  const words: string[] = [];
  for (const text of texts) if (LETTER.test(text)) words.push(text.toLowerCase());
  return words;
}

/** Ranks 1, 2, 3, ... then spaced about 12% apart, and the last one: even on a log axis. */
function thinRanks(count: number): number[] {
  const ranks: number[] = [];
  for (let rank = 1; rank <= count; rank = Math.max(rank + 1, Math.floor(rank * 1.12))) ranks.push(rank);
  if (ranks.at(-1) !== count && count > 0) ranks.push(count);
  return ranks;
}

/** Fewer samples than this give no Zipf slope: a few hundred words are mostly seen once. */
export const ZIPF_MIN_SAMPLES = 1000;
/** Fewer distinct ranks seen at least twice than this give no slope either. */
const ZIPF_MIN_RANKS = 20;

/**
 * The least-squares slope of log frequency on log rank, over the ranks seen at least twice (the
 * long plateau of words seen once would flatten the fit). Zipf's law predicts about −1.
 */
export function zipfSlope(frequencies: readonly number[]): number | undefined {
  const ranks = frequencies.filter((frequency) => frequency >= 2).length;
  if (ranks < ZIPF_MIN_RANKS) return undefined;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < ranks; i++) {
    const x = Math.log10(i + 1);
    const y = Math.log10(frequencies[i]!);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  return (ranks * sxy - sx * sy) / (ranks * sxx - sx * sx);
}

function zipfSeries(label: string, samples: readonly string[], stats: StatsApi): ZipfSeries {
  const frequencies = stats.freqDist(samples).mostCommon();
  const series: ZipfSeries = {
    label,
    points: thinRanks(frequencies.length).map((rank) => [rank, frequencies[rank - 1]![1]]),
    types: frequencies.length,
    tokens: samples.length,
  };
  const slope =
    samples.length >= ZIPF_MIN_SAMPLES ? zipfSlope(frequencies.map(([, count]) => count)) : undefined;
  if (slope === undefined)
    series.slopeNote = `too few to fit a slope: ${samples.length} samples, at least ${ZIPF_MIN_SAMPLES} needed, with ${ZIPF_MIN_RANKS} types seen twice`;
  else series.slope = slope;
  return series;
}

function bigramCounts(words: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < words.length; i++) {
    const key = `${words[i]}\u0000${words[i + 1]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function topCollocations(words: readonly string[], stats: StatsApi): Collocation[] {
  const finder = stats.bigramFinder(words);
  finder.applyFreqFilter(COLLOCATION_MIN_COUNT);
  const counts = bigramCounts(words);
  return finder
    .scoreNgrams(stats.pmi)
    .slice(0, TOP_COLLOCATIONS)
    .map(([ngram, pmi]) => {
      const [first, second] = ngram as [string, string];
      return { words: [first, second], pmi, count: counts.get(`${first}\u0000${second}`) ?? 0 };
    });
}

/** Where a sentence ends without a sentence model: after . ! ? ؟ ۔ … followed by whitespace, and at line ends. */
const SENTENCE_END = /[.!?؟۔…]+["'»”’)\]]*(?=\s)|\n/gu;

/** Sentence ranges of `text` by the punctuation rule. */
export function ruleSentences(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  let start = 0;
  const push = (end: number) => {
    const slice = text.slice(start, end);
    const lead = slice.length - slice.trimStart().length;
    const trail = slice.length - slice.trimEnd().length;
    if (slice.trim() !== '') ranges.push([start + lead, end - trail]);
    start = end;
  };
  for (const match of text.matchAll(SENTENCE_END)) push(match.index + match[0].length);
  push(text.length);
  return ranges;
}

/** Sentence ranges from a splitter that returns sentence strings: each found in order in the text. */
function locateSentences(text: string, sentences: readonly string[]): [number, number][] {
  const ranges: [number, number][] = [];
  let cursor = 0;
  for (const sentence of sentences) {
    const at = text.indexOf(sentence, cursor);
    if (at < 0) continue;
    ranges.push([at, at + sentence.length]);
    cursor = at + sentence.length;
  }
  return ranges;
}

const PUNKT_MODEL_NAMES: Readonly<Record<string, string>> = { en: 'English', ar: 'Arabic' };

/**
 * The sentence splitter for a language: the Punkt model @tokenlab/classic ships for it (English,
 * Arabic), else the punctuation rule.
 */
export function sentenceSplitter(
  language: string,
  classic: Loaded<ClassicApi>,
): { name: string; split: (text: string) => [number, number][] } {
  const spans = classic.ok ? classic.api.sentenceSpans[language] : undefined;
  if (spans) return { name: `@tokenlab/classic Punkt, ${PUNKT_MODEL_NAMES[language]} model`, split: spans };
  const punkt = classic.ok ? classic.api.sentTokenize : undefined;
  if (language === 'en' && punkt)
    return {
      name: '@tokenlab/classic sentTokenize (Punkt, English)',
      split: (text) => locateSentences(text, punkt(text)),
    };
  return {
    name: 'punctuation rule: a sentence ends after . ! ? ؟ … (or the Urdu full stop) before whitespace, or at a line break',
    split: ruleSentences,
  };
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** Box-plot summary of `values`. */
export function summarise(name: string, values: readonly number[]): SentenceLengths {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
  return {
    name,
    min: sorted[0] ?? 0,
    q1: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    q3: quantile(sorted, 0.75),
    max: sorted.at(-1) ?? 0,
    mean,
  };
}

/** Zipf series and collocations for one language from the measured tokens, with the sentence lengths found while measuring. */
export function languageStats(
  corpus: LanguageText,
  measured: MeasuredTokens,
  zipfExtras: readonly string[],
  sentences: { splitter: string; lengths: SentenceLengths[] },
  stats: Loaded<StatsApi>,
): LanguageStats {
  const errors: string[] = [];
  const wordTokenizer = chooseWordTokenizer(corpus.language, measured);
  const zipf: ZipfSeries[] = [];
  let collocations: Collocation[] = [];
  if (!stats.ok) errors.push(`Zipf plot and collocations: ${stats.error}`);
  else if (wordTokenizer) {
    const words = wordsOf(measured.get(wordTokenizer)!.texts!);
    zipf.push(zipfSeries(`words (${wordTokenizer})`, words, stats.api));
    for (const name of zipfExtras) {
      const keys = measured.get(name)?.keys;
      if (keys) zipf.push(zipfSeries(name, keys, stats.api));
    }
    collocations = topCollocations(words, stats.api);
  }
  return {
    wordTokenizer: wordTokenizer ?? '',
    zipf,
    collocations,
    minCount: COLLOCATION_MIN_COUNT,
    sentenceSplitter: sentences.splitter,
    sentenceLengths: sentences.lengths,
    errors,
  };
}
