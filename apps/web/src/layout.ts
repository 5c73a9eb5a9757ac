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

/** UTF-16 offsets where grapheme clusters start, plus `text.length` at the end. */
export function clusterBoundaries(text: string): number[] {
  const boundaries: number[] = [];
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { index } of segmenter.segment(text)) boundaries.push(index);
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
  const boundaries = clusterBoundaries(text);
  const clusterCount = boundaries.length - 1;
  // clusterOf[u] = index of the cluster holding UTF-16 unit u.
  const clusterOf = new Int32Array(text.length + 1);
  for (let c = 0; c < clusterCount; c++) clusterOf.fill(c, boundaries[c]!, boundaries[c + 1]!);
  clusterOf[text.length] = clusterCount;

  const cover: number[][] = Array.from({ length: clusterCount }, () => []);
  const lastCluster = new Int32Array(tokens.length);
  const empties: Array<{ cluster: number; token: number }> = [];
  tokens.forEach((token, index) => {
    if (!(token.start >= 0 && token.end <= text.length && token.start <= token.end))
      throw new SpanError(index, token, text.length);
    if (token.start === token.end) {
      // An empty token sits before the cluster that starts at (or holds) its position.
      empties.push({ cluster: clusterOf[token.start]!, token: index });
      lastCluster[index] = -1;
      return;
    }
    const first = clusterOf[token.start]!;
    const last = clusterOf[token.end - 1]!;
    for (let c = first; c <= last; c++) cover[c]!.push(index);
    lastCluster[index] = last;
  });

  const pieces: Piece[] = [];
  let empty = 0;
  empties.sort((a, b) => a.cluster - b.cluster || a.token - b.token);
  for (let c = 0; c < clusterCount; c++) {
    while (empty < empties.length && empties[empty]!.cluster === c) {
      const { token } = empties[empty++]!;
      pieces.push({ start: boundaries[c]!, end: boundaries[c]!, tokens: [token], ending: [token] });
    }
    const covering = cover[c]!.sort((a, b) => a - b);
    const previous = pieces[pieces.length - 1];
    // Uncovered text is cut after each newline, so that every drawn line can take its own direction.
    const gapLineEnd = covering.length === 0 && text.charCodeAt(boundaries[c]! - 1) === 10;
    if (
      previous &&
      previous.end === boundaries[c] &&
      previous.start < previous.end &&
      !gapLineEnd &&
      sameTokens(previous.tokens, covering)
    ) {
      previous.end = boundaries[c + 1]!;
    } else {
      pieces.push({ start: boundaries[c]!, end: boundaries[c + 1]!, tokens: covering, ending: [] });
    }
  }
  for (; empty < empties.length; empty++) {
    const { token } = empties[empty]!;
    pieces.push({ start: text.length, end: text.length, tokens: [token], ending: [token] });
  }

  // Each token ends in the piece holding its last cluster; pieces are in text order, so search.
  const pieceStarts = pieces.map((piece) => piece.start);
  tokens.forEach((_, index) => {
    const last = lastCluster[index]!;
    if (last < 0) return;
    const at = boundaries[last]!;
    let p = upperBound(pieceStarts, at) - 1;
    while (p >= 0 && (pieces[p]!.start === pieces[p]!.end || !pieces[p]!.tokens.includes(index))) p--;
    if (p >= 0) pieces[p]!.ending.push(index);
  });
  return pieces;
}

function sameTokens(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
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
