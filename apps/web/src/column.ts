import type { Token } from '@tokenlab/core';
import { type Direction, directionRuns, strongDirection } from './bidi-runs.js';
import { tokenColor } from './colors.js';
import { glyphRuns } from './glyphs.js';
import { layoutTokens, type Piece, upperBound } from './layout.js';

/** How many pieces a column draws at most; the counts always cover the whole text. */
export const MAX_DRAWN_PIECES = 2000;

/** Display options shared by every column. */
export interface DrawOptions {
  /** Show each token's id under it. */
  ids: boolean;
  /** Show spaces, tabs and newlines as glyphs. */
  whitespace: boolean;
}

/** What a column drew, kept to answer hovers. */
export interface Drawing {
  /** The text the tokens were cut from. */
  text: string;
  /** The tokens, as the tokenizer returned them. */
  tokens: Token[];
  /** The drawn pieces, in text order. */
  pieces: Piece[];
  /** `starts[i]` = `pieces[i].start`, for binary search. */
  starts: Int32Array;
  /** The element of each drawn piece (fewer than `pieces` when the text is long). */
  elements: HTMLElement[];
}

function appendText(parent: HTMLElement, text: string, options: DrawOptions): void {
  if (!options.whitespace) {
    // Lines are blocks of their own, so the newline characters themselves are not drawn.
    parent.append(text.replace(/\r?\n/g, ''));
    return;
  }
  for (const run of glyphRuns(text)) {
    if (!run.whitespace) {
      parent.append(run.text);
      continue;
    }
    const glyph = document.createElement('span');
    glyph.className = 'ws';
    glyph.textContent = run.text;
    parent.append(glyph);
  }
}

function pieceElement(drawing: Drawing, index: number, options: DrawOptions): HTMLElement {
  const piece = drawing.pieces[index]!;
  const element = document.createElement('span');
  element.dataset.piece = String(index);
  const text = drawing.text.slice(piece.start, piece.end);
  if (piece.tokens.length === 0) {
    element.className = 'piece gap';
  } else {
    const colors = piece.tokens.map((t) => tokenColor(drawing.tokens[t]!));
    element.className = piece.tokens.length > 1 ? 'piece tok shared' : 'piece tok';
    if (piece.start === piece.end) element.classList.add('empty');
    element.style.background =
      colors.length === 1
        ? colors[0]!
        : `linear-gradient(90deg, ${colors.map((c, i) => `${c} ${(i * 100) / colors.length}% ${((i + 1) * 100) / colors.length}%`).join(', ')})`;
  }
  const body = document.createElement('span');
  body.className = 't';
  if (piece.start === piece.end) body.textContent = '∅';
  else appendText(body, text, options);
  element.append(body);
  if (options.ids && piece.ending.length > 0) {
    const ids = piece.ending.map((t) => drawing.tokens[t]!.id).filter((id) => id !== undefined);
    if (ids.length > 0) {
      const label = document.createElement('span');
      label.className = 'id';
      label.textContent = ids.join(' ');
      element.append(label);
    }
  }
  return element;
}

/**
 * Draw `tokens` of `text` into `container`: one isolated span per piece of whole grapheme clusters,
 * coloured by token id (or text), whitespace as glyphs, pieces shared by two tokens striped with
 * both colours and outlined.
 */
export function drawTokens(
  container: HTMLElement,
  text: string,
  tokens: Token[],
  options: DrawOptions,
): Drawing {
  const pieces = layoutTokens(text, tokens);
  const drawing: Drawing = {
    text,
    tokens,
    pieces,
    starts: Int32Array.from(pieces, (piece) => piece.start),
    elements: [],
  };
  const fragment = document.createDocumentFragment();
  // One block per line of the text, each with dir="auto": an Arabic line runs right to left and an
  // English one left to right, even in the same column.
  let items: Array<{ node: HTMLElement; direction: Direction | undefined }> = [];
  const endLine = (className = 'line') => {
    const line = document.createElement('div');
    line.className = className;
    line.dir = 'auto';
    appendRuns(line, items);
    fragment.append(line);
    items = [];
  };
  const drawn = Math.min(pieces.length, MAX_DRAWN_PIECES);
  for (let i = 0; i < drawn; i++) {
    const element = pieceElement(drawing, i, options);
    drawing.elements.push(element);
    const piece = pieces[i]!;
    items.push({ node: element, direction: strongDirection(text.slice(piece.start, piece.end)) });
    const newlines = countNewlines(text, piece);
    if (newlines === 0) {
      // Spaces became glyphs, so <wbr> gives long lines their break opportunities, between tokens.
      items.push({ node: document.createElement('wbr'), direction: undefined });
      continue;
    }
    endLine();
    for (let n = 1; n < newlines; n++) endLine('line blank');
  }
  if (items.length > 0) endLine();
  if (drawn < pieces.length) {
    const more = document.createElement('p');
    more.className = 'more';
    more.textContent = `… ${pieces.length - drawn} more pieces not drawn (the counts cover the whole text)`;
    fragment.append(more);
  }
  container.replaceChildren(fragment);
  return drawing;
}

/** Append a line's items, wrapping the stretches that run against the line in an isolate of their direction. */
function appendRuns(
  line: HTMLElement,
  items: ReadonlyArray<{ node: HTMLElement; direction: Direction | undefined }>,
) {
  const { runs } = directionRuns(items.map((item) => item.direction));
  let next = 0;
  for (const run of runs) {
    for (; next < run.start; next++) line.append(items[next]!.node);
    const wrapper = document.createElement('span');
    wrapper.className = 'run';
    wrapper.dir = run.direction;
    for (; next < run.end; next++) wrapper.append(items[next]!.node);
    line.append(wrapper);
  }
  for (; next < items.length; next++) line.append(items[next]!.node);
}

function countNewlines(text: string, piece: Piece): number {
  let count = 0;
  for (let i = piece.start; i < piece.end; i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}

/**
 * The `[start, end)` text range a hovered piece stands for: the full spans of the tokens covering it
 * (so hovering any part of a token highlights all of it), or the piece itself for uncovered text.
 */
export function hoverRange(drawing: Drawing, pieceIndex: number): [number, number] {
  const piece = drawing.pieces[pieceIndex]!;
  if (piece.tokens.length === 0) return [piece.start, piece.end];
  let start = Number.POSITIVE_INFINITY;
  let end = 0;
  for (const t of piece.tokens) {
    start = Math.min(start, drawing.tokens[t]!.start);
    end = Math.max(end, drawing.tokens[t]!.end);
  }
  return [start, end];
}

/** Indices of the drawn pieces that overlap `[start, end)`. */
export function piecesInRange(drawing: Drawing, start: number, end: number): number[] {
  const found: number[] = [];
  if (end <= start) return found;
  // Pieces are in text order and do not overlap: start one before the first piece starting after `start`.
  let i = Math.max(0, upperBound(drawing.starts, start) - 1);
  for (; i < drawing.elements.length; i++) {
    const piece = drawing.pieces[i]!;
    if (piece.start >= end) break;
    if (piece.end > start) found.push(i);
  }
  return found;
}

/** A one-line description of a piece for its tooltip: its tokens with text, id, span and bytes. */
export function describePiece(drawing: Drawing, pieceIndex: number): string {
  const piece = drawing.pieces[pieceIndex]!;
  if (piece.tokens.length === 0)
    return `not in any token: ${JSON.stringify(drawing.text.slice(piece.start, piece.end))} [${piece.start}, ${piece.end})`;
  const lines = piece.tokens.map((t) => {
    const token = drawing.tokens[t]!;
    const id = token.id === undefined ? '' : ` id ${token.id}`;
    const bytes = token.bytes ? ` bytes [${token.bytes[0]}, ${token.bytes[1]})` : '';
    return `token ${t + 1}: ${JSON.stringify(token.text)}${id} span [${token.start}, ${token.end})${bytes}`;
  });
  if (piece.tokens.length > 1)
    lines.push('a token boundary falls inside this character: it is drawn once, shared by these tokens');
  return lines.join('\n');
}
