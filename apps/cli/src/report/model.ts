/**
 * The numbers of a comparison report, exactly as `tokenlab compare --json` prints them. The terminal
 * tables, the Markdown and the HTML report are all drawn from one {@link CompareReport}, so they can
 * never disagree.
 */

/** Where a tokenizer comes from; decides how round-trip and out-of-vocabulary are measured. */
export type TokenizerFamily = 'core' | 'classic' | 'natural' | 'bpe' | 'gpt';

/** How "the tokens give the text back" was checked for one tokenizer. */
export type RoundTripMethod =
  /** `decode(ids)` must equal the document exactly. */
  | 'decode'
  /** Token spans cover every non-whitespace character, and the Treebank detokenizer's output equals the document once whitespace is removed. */
  | 'spans+detok'
  /** Token spans cover every non-whitespace character (no detokenizer available). */
  | 'spans';

/** The outcome of the round-trip check over a corpus, document by document. */
export interface RoundTrip {
  /** What was checked. */
  method: RoundTripMethod;
  /** Documents that passed. */
  passed: number;
  /** Documents checked. */
  documents: number;
  /** The start of the first document that failed, with what went wrong. */
  firstFailure?: string;
}

/** Out-of-vocabulary rate on held-out text. */
export interface OutOfVocabulary {
  /** Share of held-out tokens (every tenth line) never seen in the training lines (0..1). */
  rate: number;
  /** Tokens in the held-out documents. */
  heldOutTokens: number;
  /** Held-out tokens not seen in training. */
  unseen: number;
  /** `true` for byte-level tokenizers: every byte is in the vocabulary, so the rate is 0 by construction. */
  byConstruction: boolean;
  /** Why the rate could not be measured (then `rate` means nothing and is shown as n/a). */
  notComputed?: string;
}

/** One row of a language table: what one tokenizer did to one corpus. */
export interface TokenizerRow {
  /** The tokenizer's name (a registry name, or `bpe-<vocab size>` for the BPE trained here). */
  name: string;
  /** Its family. */
  family: TokenizerFamily;
  /** A one-line description. */
  description: string;
  /** `false` when the tokenizer could not be built or run; `error` says why and the numbers are absent. */
  available: boolean;
  /** Why the row is not available. */
  error?: string;
  /** Tokens over the whole corpus. */
  tokens?: number;
  /** Different tokens (by id where there are ids, else by text). */
  distinct?: number;
  /** Unicode code points per token. */
  charsPerToken?: number;
  /** UTF-8 bytes per token: the compression. */
  bytesPerToken?: number;
  /** Tokens per whitespace-separated word: the fertility. */
  tokensPerWord?: number;
  /** Whether the tokens give the text back. */
  roundTrip?: RoundTrip;
  /** Out-of-vocabulary rate on the held-out documents. */
  oov?: OutOfVocabulary;
  /** UTF-8 megabytes (10^6 bytes) tokenized per second: the median of {@link speedPasses} timed passes. */
  megabytesPerSecond?: number;
  /** The slowest and fastest of the timed passes, in MB/s. */
  speedSpread?: [number, number];
  /** How many timed passes. */
  speedPasses?: number;
  /** UTF-8 bytes tokenized in each timed pass (the start of the corpus). */
  speedBytes?: number;
  /** Seconds spent tokenizing the whole corpus once. */
  seconds?: number;
}

/** Where a language's text came from. */
export interface TextSource {
  /** A bundled corpus id, or `file`. */
  kind: 'corpus' | 'file';
  /** The corpus id or the file path. */
  id: string;
  /** A human title. */
  title: string;
  /** The licence of a bundled corpus. */
  license?: string;
  /** The credit a bundled corpus asks for. */
  attribution?: string;
}

/** The size of a language's corpus. */
export interface CorpusSize {
  /** Documents: the non-empty lines. */
  documents: number;
  /** Documents that train vocabularies and BPE (all but every tenth, which is held out). */
  trainingDocuments: number;
  /** Unicode code points. */
  characters: number;
  /** UTF-8 bytes. */
  bytes: number;
  /** Whitespace-separated words. */
  words: number;
  /** Sentences. */
  sentences: number;
}

/** One token of a sample segmentation, as drawn: the characters it shows and the tokens behind them. */
export interface SampleSegment {
  /** Characters shown for this token (whitespace between tokens is a segment with `gap: true`). */
  text: string;
  /** `true` for text no token covers (whitespace a classic tokenizer drops). */
  gap?: boolean;
  /** Index of the token among the sentence's tokens (for colours). */
  index?: number;
  /** The token ids behind the segment, when the tokenizer has ids. */
  ids?: number[];
  /** How many tokens share this segment: more than 1 when a byte-level token ends inside a character. */
  tokens?: number;
  /** `true` when a token boundary falls inside a character at this segment's start. */
  partial?: boolean;
}

/** One sample sentence cut by every tokenizer. */
export interface SampleSentence {
  /** The language code. */
  language: string;
  /** The sentence. */
  text: string;
  /** Where it comes from. */
  source: string;
  /** Per tokenizer: its segments, or why it is missing. */
  segmentations: { name: string; tokens: number; segments: SampleSegment[]; error?: string }[];
}

/** A point of the BPE compression chart. */
export interface BpePoint {
  /** Language the BPE was trained on. */
  trainedOn: string;
  /** Language it was applied to (its held-out lines). */
  appliedTo: string;
  /** The vocabulary size. */
  vocabSize: number;
  /** UTF-8 bytes per token on the held-out text. */
  bytesPerToken: number;
  /** Tokens on the held-out text. */
  tokens: number;
}

/** BPE training and its cross-lingual compression. */
export interface BpeSection {
  /** `false` when @tokenlab/bpe is missing; `error` says why. */
  available: boolean;
  /** Why BPE is missing. */
  error?: string;
  /** The trainer used. */
  trainer: string;
  /** The vocabulary sizes trained. */
  vocabSizes: number[];
  /** Seconds spent training, per language. */
  trainingSeconds: Record<string, number>;
  /**
   * Languages whose training text ran out of pairs before the largest size, with the size reached
   * (the larger sizes then equal it).
   */
  exhausted: Record<string, number>;
  /**
   * Per language, the requested sizes that training never reached: they would equal the size
   * reached, so they are not trained or shown twice.
   */
  notReached: Record<string, number[]>;
  /** Compression of every (trained on, applied to, vocab size). */
  points: BpePoint[];
  /** Why some compression points are missing (a language with no held-out lines). */
  compressionNote?: string;
}

/** Rank-frequency data for a Zipf plot. */
export interface ZipfSeries {
  /** What was counted (`words (treebank)`, `cl100k_base`...). */
  label: string;
  /** `[rank, frequency]` pairs, thinned to about 60 points on a log scale. */
  points: [number, number][];
  /** Distinct samples. */
  types: number;
  /** Samples counted. */
  tokens: number;
  /**
   * Least-squares slope of log frequency on log rank, over the ranks seen at least twice (Zipf's
   * law predicts about −1); absent when there are too few samples to fit.
   */
  slope?: number;
  /** Why there is no slope. */
  slopeNote?: string;
}

/** A bigram with its PMI score. */
export interface Collocation {
  /** The two words. */
  words: [string, string];
  /** Pointwise mutual information, in bits. */
  pmi: number;
  /** How often the bigram occurs. */
  count: number;
}

/** Tokens per sentence for one tokenizer, summarised for a box plot. */
export interface SentenceLengths {
  /** The tokenizer. */
  name: string;
  /** Minimum, quartiles and maximum of tokens per sentence. */
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  /** Mean tokens per sentence. */
  mean: number;
}

/** The statistics of one language's corpus. */
export interface LanguageStats {
  /** The word tokenizer used for Zipf and collocations. */
  wordTokenizer: string;
  /** Zipf series (words, and some subword tokenizers). */
  zipf: ZipfSeries[];
  /** Top bigrams by PMI among those seen at least {@link minCount} times. */
  collocations: Collocation[];
  /** The frequency filter applied before ranking collocations. */
  minCount: number;
  /** How sentences were found. */
  sentenceSplitter: string;
  /** Tokens per sentence per tokenizer. */
  sentenceLengths: SentenceLengths[];
  /** Why a statistic is missing. */
  errors: string[];
}

/** Everything measured for one language. */
export interface LanguageSection {
  /** Language code (`en`, `ar`, or as given to `--text`). */
  language: string;
  /** Human name. */
  label: string;
  /** `rtl` for Arabic-script languages. */
  direction: 'ltr' | 'rtl';
  /** Where the text came from. */
  source: TextSource;
  /** Its size. */
  size: CorpusSize;
  /** One row per tokenizer. */
  rows: TokenizerRow[];
  /** Corpus statistics. */
  stats: LanguageStats;
}

/** One row of the Arabic:English table. */
export interface RatioRow {
  /** The tokenizer. */
  name: string;
  /** Tokens per 1,000 characters in each language's main corpus. */
  tokensPer1000Chars: Record<string, number>;
  /** Tokens for the parallel text (UDHR), per language. */
  parallelTokens?: Record<string, number>;
  /** Arabic tokens / English tokens for the same declaration. */
  parallelRatio?: number;
  /** (Arabic tokens per character) / (English tokens per character) on the main corpora. */
  perCharacterRatio?: number;
}

/** The token ratio of one language against English. */
export interface RatioSection {
  /** The language compared with English. */
  language: string;
  /** The parallel text used, if any. */
  parallel?: { title: string; characters: Record<string, number>; note: string };
  /** One row per tokenizer. */
  rows: RatioRow[];
}

/** One finding of the summary. */
export interface Finding {
  /** The sentence. */
  text: string;
  /** The number it rests on. */
  value: number;
}

/** A whole comparison report. */
export interface CompareReport {
  /** When it was made (ISO 8601). */
  created: string;
  /** The tokenlab version. */
  version: string;
  /** Machine and run facts. */
  run: { node: string; platform: string; cpus: number; seconds: number; steps: Record<string, number> };
  /** The languages, in order. */
  languages: LanguageSection[];
  /** BPE training and compression. */
  bpe: BpeSection;
  /** Each non-English language against English. */
  ratios: RatioSection[];
  /** Sample sentences. */
  samples: SampleSentence[];
  /** Why these texts, when the bundled defaults are used. */
  textChoice?: string;
  /** What this run found, in plain words, each with its number. */
  findings: Finding[];
  /** Measures that could not be computed or mean little on these texts, with the minimum they need. */
  warnings: string[];
  /** Packages or tokenizers that were not available. */
  missing: string[];
  /** Registered tokenizers left out, with the reason. */
  skipped: string[];
}
