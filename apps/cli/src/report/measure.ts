import type { Token, Tokenizer } from '@tokenlab/core';
import type { KeptTokens } from './corpus-stats.js';
import { countOf } from './counts.js';
import { isHeldOut, type LanguageText } from './inputs.js';
import type { OutOfVocabulary, RoundTrip, TokenizerFamily, TokenizerRow } from './model.js';
import { countCodePoints, countUtf8Bytes, countWords } from './text-size.js';

/** What measuring one tokenizer on one language gives: the table row, and what the statistics need. */
export interface Measurement {
  /** The table row. */
  row: TokenizerRow;
  /** Tokens in each sentence of {@link MeasureOptions.sentenceRanges}, in order (for the sentence lengths). */
  sentenceTokens: number[];
}

/** What {@link measureTokenizer} measures besides the row. */
export interface MeasureOptions {
  /** Each document's sentences as `[start, end)` offsets: their token counts are measured too. */
  sentenceRanges?: readonly (readonly [number, number][])[];
  /** Where to append every token's text and key, in corpus order (for the few tokenizers the statistics use). */
  keep?: KeptTokens;
  /** Called every 64 documents with how many are done. */
  onProgress?: (done: number, total: number) => void;
}

/** A tokenizer to measure, with what the report knows about it. */
export interface Candidate {
  /** The row name. */
  name: string;
  /** Its family. */
  family: TokenizerFamily;
  /** One line about it. */
  description: string;
  /** The tokenizer. */
  tokenizer: Tokenizer;
}

/** Helpers the measures need that may be unavailable. */
export interface MeasureTools {
  /** Treebank detokenizer, for the round-trip check of tokenizers without `decode`. */
  detokenize?: (tokens: string[]) => string;
}

const WHITESPACE = /\s/u;
const WARM_UP_LINES = 20;
/** Timed passes for throughput; the median is reported with the spread. */
export const SPEED_PASSES = 5;
/** Each timed pass reads the first documents of the corpus up to this many UTF-16 code units. */
export const SPEED_SLICE = 24_000;
/** Below this many UTF-8 bytes per pass, throughput is dominated by timer and call overheads. */
export const SPEED_MIN_BYTES = 10_000;

/** Byte-level tokenizers have every byte in their vocabulary: nothing is ever out of vocabulary. */
function isByteLevel(candidate: Candidate, sample: readonly Token[]): boolean {
  return candidate.family === 'bpe' || candidate.family === 'gpt' || sample.some((token) => token.bytes);
}

/** Why the spans do not cover `text`: the first non-whitespace character no token covers. */
function uncoveredCharacter(text: string, tokens: readonly Token[]): string | undefined {
  const covered = new Uint8Array(text.length);
  for (const token of tokens) covered.fill(1, token.start, token.end);
  for (let i = 0; i < text.length; i++) {
    if (covered[i] || WHITESPACE.test(text[i]!)) continue;
    return `no token covers ${JSON.stringify(text.slice(i, i + 1))} at offset ${i}`;
  }
  return undefined;
}

function withoutWhitespace(text: string): string {
  return text.replace(/\s+/gu, '');
}

function idsOf(tokenizer: Tokenizer, text: string, tokens: readonly Token[]): number[] {
  if (tokens.every((token) => token.id !== undefined)) return tokens.map((token) => token.id!);
  return tokenizer.encode!(text);
}

/** The round-trip check of one document: `undefined` when it passes, else what went wrong. */
type DocumentCheck = (text: string, tokens: readonly Token[]) => string | undefined;

function chooseRoundTrip(
  candidate: Candidate,
  tools: MeasureTools,
  probe: string,
): { method: RoundTrip['method']; check: DocumentCheck } {
  const { tokenizer } = candidate;
  if (tokenizer.decode && tokenizer.encode) {
    try {
      tokenizer.decode(tokenizer.encode(probe));
      return {
        method: 'decode',
        check: (text, tokens) => {
          const back = tokenizer.decode!(idsOf(tokenizer, text, tokens));
          return back === text ? undefined : 'decode(encode(text)) differs from the text';
        },
      };
    } catch {
      // A tokenizer whose vocabulary is empty until trained (chars) cannot encode: check its spans.
    }
  }
  const detokenize = tools.detokenize;
  if (!detokenize) return { method: 'spans', check: uncoveredCharacter };
  return {
    method: 'spans+detok',
    check: (text, tokens) => {
      const uncovered = uncoveredCharacter(text, tokens);
      if (uncovered) return uncovered;
      const back = withoutWhitespace(detokenize(tokens.map((token) => token.text)));
      const original = withoutWhitespace(text);
      return back === original ? undefined : describeDifference(original, back);
    },
  };
}

/** Where the detokenized text first differs from the original (both without whitespace). */
function describeDifference(original: string, back: string): string {
  let at = 0;
  while (at < original.length && original[at] === back[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 12), at + 12));
  return `the detokenizer gives ${around(back)} where the text has ${around(original)} (whitespace removed)`;
}

function describeFailure(text: string, reason: string): string {
  const start = text.slice(0, 60).replace(/\s+/g, ' ');
  return `${reason}, in "${start}${text.length > 60 ? '…' : ''}"`;
}

/**
 * Run `candidate` over every document of `corpus` once and derive all the measures of its row from
 * those tokens: counts over the whole corpus, the vocabulary of the training documents against the
 * held-out ones, the round trip per document, and the time spent in `tokenize`. Each document's tokens
 * are measured as they come and then dropped (only their texts or keys are kept, where asked): held
 * for a whole large corpus, they kept the garbage collector busy for a quarter of the report's time.
 */
export function measureTokenizer(
  candidate: Candidate,
  corpus: LanguageText,
  tools: MeasureTools,
  options: MeasureOptions = {},
): Measurement {
  const { tokenizer } = candidate;
  const { documents } = corpus;
  const { keep } = options;
  const sentenceTokens: number[] = [];
  // An untimed pass over a few lines first, so that throughput is not the JIT compiler's warm-up.
  const slice = speedSlice(documents);
  for (const document of slice.slice(0, WARM_UP_LINES)) tokenizer.tokenize(document);
  const roundTrip = chooseRoundTrip(candidate, tools, documents[0] ?? '');
  let seconds = 0;
  let tokens = 0;
  const distinct = new Set<string | number>();
  let byteLevel = isByteLevel(candidate, []);
  const seen = new Set<string>();
  const heldOut: string[] = [];
  let heldOutDocuments = 0;
  let passed = 0;
  let firstFailure: string | undefined;
  documents.forEach((document, index) => {
    const started = performance.now();
    const list = tokenizer.tokenize(document);
    seconds += (performance.now() - started) / 1000;
    if (index === 0) byteLevel = isByteLevel(candidate, list);
    tokens += list.length;
    for (const token of list) distinct.add(token.id ?? token.text);
    if (isHeldOut(index)) {
      heldOutDocuments++;
      for (const token of list) heldOut.push(token.text);
    } else if (!byteLevel) for (const token of list) seen.add(token.text);
    const failure = roundTrip.check(document, list);
    if (failure === undefined) passed++;
    else firstFailure ??= describeFailure(document, failure);
    const ranges = options.sentenceRanges?.[index];
    if (ranges) countSentenceTokens(ranges, list, sentenceTokens);
    if (keep?.texts) for (const token of list) keep.texts.push(token.text);
    if (keep?.keys) for (const token of list) keep.keys.push(keyOf(token));
    if (options.onProgress && index % 64 === 0) options.onProgress(index, documents.length);
  });
  const speed = timedPasses(tokenizer, slice);
  const oov = outOfVocabulary(documents.length, heldOutDocuments, heldOut, seen, byteLevel);

  const { characters, bytes, words } = sizeOf(corpus);
  const row: TokenizerRow = {
    name: candidate.name,
    family: candidate.family,
    description: candidate.description,
    available: true,
    tokens,
    distinct: distinct.size,
    charsPerToken: characters / tokens,
    bytesPerToken: bytes / tokens,
    tokensPerWord: tokens / words,
    roundTrip: {
      method: roundTrip.method,
      passed,
      documents: documents.length,
      ...(firstFailure === undefined ? {} : { firstFailure }),
    },
    oov,
    megabytesPerSecond: speed.median,
    speedSpread: speed.spread,
    speedPasses: SPEED_PASSES,
    speedBytes: speed.bytes,
    seconds,
  };
  return { row, sentenceTokens };
}

/** Ids as strings, made once per id: a corpus repeats a few thousand ids millions of times. */
const idKeys = new Map<number, string>();

/** A token's key for counting: its id (as a string), or else its text. */
function keyOf(token: Token): string {
  if (token.id === undefined) return token.text;
  let key = idKeys.get(token.id);
  if (key === undefined) {
    key = String(token.id);
    idKeys.set(token.id, key);
  }
  return key;
}

/**
 * Append to `out` how many of a document's `tokens` fall in each of its sentences (`ranges`, in order):
 * each token counts for the sentence its first character is in.
 */
export function countSentenceTokens(
  ranges: readonly (readonly [number, number])[],
  tokens: readonly Token[],
  out: number[],
): void {
  let next = 0;
  for (const [start, end] of ranges) {
    while (next < tokens.length && tokens[next]!.start < start) next++;
    let count = 0;
    while (next < tokens.length && tokens[next]!.start < end) {
      count++;
      next++;
    }
    out.push(count);
  }
}

/** Each corpus's characters, bytes and words, counted once for all the tokenizers measured on it. */
const corpusSizes = new WeakMap<LanguageText, { characters: number; bytes: number; words: number }>();

function sizeOf(corpus: LanguageText): { characters: number; bytes: number; words: number } {
  let size = corpusSizes.get(corpus);
  if (size === undefined) {
    const { documents } = corpus;
    size = {
      characters: documents.reduce((sum, document) => sum + countCodePoints(document), 0),
      bytes: documents.reduce((sum, document) => sum + countUtf8Bytes(document), 0),
      words: documents.reduce((sum, document) => sum + countWords(document), 0),
    };
    corpusSizes.set(corpus, size);
  }
  return size;
}

/**
 * The start of the corpus, about {@link SPEED_SLICE} UTF-16 units of it, that the warm-up and the
 * timed passes run on. A document longer than the slice itself (a text on one line, one enormous
 * word) is cut to the room left: warmed up and timed whole, five times over, it made a report on a
 * few megabytes take minutes.
 */
function speedSlice(documents: readonly string[]): string[] {
  const slice: string[] = [];
  let length = 0;
  for (const document of documents) {
    if (length >= SPEED_SLICE) break;
    const part = document.length > SPEED_SLICE ? startOf(document, SPEED_SLICE - length) : document;
    slice.push(part);
    length += part.length;
  }
  return slice;
}

/**
 * Throughput from several timed passes over the start of the corpus (`slice`): one pass over a whole
 * corpus is at the mercy of one garbage collection or one busy neighbour, and a median of a few is not.
 */
function timedPasses(
  tokenizer: Tokenizer,
  slice: readonly string[],
): { median: number; spread: [number, number]; bytes: number } {
  const bytes = slice.reduce((sum, document) => sum + countUtf8Bytes(document), 0);
  const speeds: number[] = [];
  for (let pass = 0; pass < SPEED_PASSES; pass++) {
    const started = performance.now();
    for (const document of slice) tokenizer.tokenize(document);
    speeds.push(bytes / 1e6 / Math.max((performance.now() - started) / 1000, 1e-9));
  }
  speeds.sort((a, b) => a - b);
  return { median: speeds[Math.floor(speeds.length / 2)]!, spread: [speeds[0]!, speeds.at(-1)!], bytes };
}

/**
 * The first `room` UTF-16 units of `text` or a little fewer: up to its last white space in the final
 * 1,000 units if it has one there (no word cut in two), and never half of a surrogate pair.
 */
export function startOf(text: string, room: number): string {
  let end = Math.max(1, room);
  if (end >= text.length) return text;
  const from = Math.max(0, end - 1000);
  const space = text.slice(from, end).search(/\s\S*$/u);
  if (space >= 0) return text.slice(0, from + space + 1);
  if (isHighSurrogate(text.charCodeAt(end - 1))) end += end > 1 ? -1 : 1;
  return text.slice(0, end);
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/**
 * The out-of-vocabulary rate: the held-out documents' tokens (`heldOut`, their texts) never `seen` in
 * the others'. Byte-level tokenizers have every byte: nothing is out of their vocabulary.
 */
function outOfVocabulary(
  documents: number,
  heldOutDocuments: number,
  heldOut: readonly string[],
  seen: ReadonlySet<string>,
  byteLevel: boolean,
): OutOfVocabulary {
  const heldOutTokens = heldOut.length;
  if (heldOutDocuments === 0 && !byteLevel)
    return {
      rate: 0,
      heldOutTokens: 0,
      unseen: 0,
      byConstruction: false,
      notComputed: `no held-out lines: the text has ${countOf(documents, 'line')} and every 10th is held out, so at least 10 are needed`,
    };
  if (byteLevel) return { rate: 0, heldOutTokens, unseen: 0, byConstruction: true };
  let unseen = 0;
  for (const text of heldOut) if (!seen.has(text)) unseen++;
  return {
    rate: heldOutTokens === 0 ? 0 : unseen / heldOutTokens,
    heldOutTokens,
    unseen,
    byConstruction: false,
  };
}

/** A row for a tokenizer that could not be built or run. */
export function unavailableRow(
  name: string,
  family: TokenizerFamily,
  description: string,
  error: string,
): TokenizerRow {
  return { name, family, description, available: false, error };
}
