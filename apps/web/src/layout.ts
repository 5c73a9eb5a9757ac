import type { Token } from '@tokenlab/core';

/**
 * A run of whole grapheme clusters that the same tokens cover, the unit the playground draws.
 *
 * Drawing by clusters keeps an Arabic letter and its harakat (or an emoji and its modifiers) in one
 * piece even when a token boundary falls between them: the cluster is then covered by two tokens and
 * drawn once, as a shared piece, instead of showing a mark torn from its letter.
 */
export interface Piece {
  /** First UTF-16 unit of the run (a cluster boundary). */
  start: number;
  /** One past its last UTF-16 unit (a cluster boundary); equals `start` for an empty token. */
  end: number;
  /** Indices of the tokens covering the run, ascending: none for text no token covers. */
  tokens: number[];
  /** Indices of the tokens whose last cluster is in this run (each token ends in exactly one piece). */
  ending: number[];
}

// Characters that never end a cluster (Unicode's Prepend class): a cut right after one is not safe.
const PREPEND = /[\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u0d4e]/;

/** Segments per call: V8's grapheme segmenter slows down more than linearly on long strings. */
const CHUNK = 256;

/**
 * A cut point at or after `from` where a grapheme cluster boundary is certain: before a printable
 * ASCII character that follows neither a CR nor a Prepend character (no rule of UAX #29 joins those).
 */
function safeCut(text: string, from: number): number {
  for (let i = Math.max(1, from); i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x20 && unit <= 0x7e && text.charCodeAt(i - 1) !== 13 && !PREPEND.test(text[i - 1]!))
      return i;
  }
  return text.length;
}

const PLAIN_ASCII = /^[\x20-\x7e\t\n]*$/;

/** UTF-16 offsets where grapheme clusters start, plus `text.length` at the end. */
export function clusterBoundaries(text: string): number[] {
  const boundaries: number[] = [];
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let start = 0;
  while (start < text.length) {
    const end = safeCut(text, start + CHUNK);
    const chunk = text.slice(start, end);
    if (PLAIN_ASCII.test(chunk)) {
      // Without CR, every printable ASCII character, tab and newline is a cluster of its own.
      for (let i = start; i < end; i++) boundaries.push(i);
    } else {
      for (const { index } of segmenter.segment(chunk)) boundaries.push(start + index);
    }
    start = end;
  }
  boundaries.push(text.length);
  return boundaries;
}

/** Raised when a token's span does not fit the text: the column shows it instead of a wrong picture. */
export class SpanError extends Error {
  /** Creates the error naming the token and its span. */
  constructor(index: number, token: Token, length: number) {
    super(
      `token ${index} (${JSON.stringify(token.text)}) has span [${token.start}, ${token.end}), ` +
        `outside the text of length ${length}`,
    );
    this.name = 'SpanError';
  }
}

/**
 * Cut `text` into {@link Piece}s from the tokens' `[start, end)` spans, widened to whole grapheme
 * clusters. Text outside every token becomes pieces with no tokens, so the whole text is drawn.
 */
export function layoutTokens(text: string, tokens: readonly Token[]): Piece[] {
  const { boundaries, clusterOf } = clusterMap(text);
  const clusterCount = boundaries.length - 1;

  // Which tokens cover each cluster: almost always one, so one slot per cluster and a map for the rest.
  const single = new Int32Array(clusterCount).fill(UNCOVERED);
  const several = new Map<number, number[]>();
  const lastCluster = new Int32Array(tokens.length);
  const empties: Array<{ cluster: number; token: number }> = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (!(token.start >= 0 && token.end <= text.length && token.start <= token.end))
      throw new SpanError(index, token, text.length);
    if (token.start === token.end) {
      // An empty token sits before the cluster that starts at (or holds) its position.
      empties.push({ cluster: clusterOf[token.start]!, token: index });
      lastCluster[index] = -1;
      continue;
    }
    const last = clusterOf[token.end - 1]!;
    for (let c = clusterOf[token.start]!; c <= last; c++) {
      const only = single[c]!;
      if (only === UNCOVERED) single[c] = index;
      else if (only === SHARED) several.get(c)!.push(index);
      else {
        several.set(c, [only, index]);
        single[c] = SHARED;
      }
    }
    lastCluster[index] = last;
  }

  const pieces: Piece[] = [];
  const pieceOfCluster = new Int32Array(clusterCount);
  let empty = 0;
  empties.sort((a, b) => a.cluster - b.cluster || a.token - b.token);
  for (let c = 0; c < clusterCount; c++) {
    while (empty < empties.length && empties[empty]!.cluster === c) {
      const { token } = empties[empty++]!;
      pieces.push({ start: boundaries[c]!, end: boundaries[c]!, tokens: [token], ending: [token] });
    }
    const only = single[c]!;
    const previous = pieces[pieces.length - 1];
    // Uncovered text is cut after each newline, so that every drawn line can take its own direction.
    const gapLineEnd = only === UNCOVERED && text.charCodeAt(boundaries[c]! - 1) === 10;
    if (
      previous &&
      previous.end === boundaries[c] &&
      previous.start < previous.end &&
      !gapLineEnd &&
      coversSame(previous.tokens, only, several.get(c))
    ) {
      previous.end = boundaries[c + 1]!;
    } else {
      const covering = only === UNCOVERED ? [] : only === SHARED ? several.get(c)! : [only];
      pieces.push({ start: boundaries[c]!, end: boundaries[c + 1]!, tokens: covering, ending: [] });
    }
    pieceOfCluster[c] = pieces.length - 1;
  }
  for (; empty < empties.length; empty++) {
    const { token } = empties[empty]!;
    pieces.push({ start: text.length, end: text.length, tokens: [token], ending: [token] });
  }

  // Each token ends in the piece holding its last cluster.
  for (let index = 0; index < tokens.length; index++) {
    const last = lastCluster[index]!;
    if (last >= 0) pieces[pieceOfCluster[last]!]!.ending.push(index);
  }
  return pieces;
}

const UNCOVERED = -1;
const SHARED = -2;

/** Whether a piece covered by `tokens` goes on into a cluster covered by `only` (or by `shared`). */
function coversSame(tokens: readonly number[], only: number, shared: readonly number[] | undefined): boolean {
  if (only === UNCOVERED) return tokens.length === 0;
  if (only !== SHARED) return tokens.length === 1 && tokens[0] === only;
  return tokens.length === shared!.length && tokens.every((value, i) => value === shared![i]);
}

/** How many grapheme clusters (user-perceived characters) `text` has. */
export function graphemeCount(text: string): number {
  return clusterMap(text).boundaries.length - 1;
}

let lastMap: { text: string; boundaries: Int32Array; clusterOf: Int32Array } | undefined;

/**
 * The cluster boundaries of `text` and, for each UTF-16 unit, the index of its cluster. The last text's
 * map is kept: every column of the page lays out the same text.
 */
function clusterMap(text: string): { boundaries: Int32Array; clusterOf: Int32Array } {
  if (lastMap?.text === text) return lastMap;
  const boundaries = Int32Array.from(clusterBoundaries(text));
  const clusterCount = boundaries.length - 1;
  const clusterOf = new Int32Array(text.length + 1);
  for (let c = 0; c < clusterCount; c++) clusterOf.fill(c, boundaries[c]!, boundaries[c + 1]!);
  clusterOf[text.length] = clusterCount;
  lastMap = { text, boundaries, clusterOf };
  return lastMap;
}

/** Index of the first element greater than `value` in the ascending array `sorted`. */
export function upperBound(sorted: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}
