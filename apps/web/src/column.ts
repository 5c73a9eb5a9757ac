import type { Token } from '@tokenlab/core';
import { joinsAcross } from './arabic-joining.js';
import { tokenColor } from './colors.js';
import { glyphRuns } from './glyphs.js';
import { layoutTokens, type Piece, upperBound } from './layout.js';

/** Display options shared by every column. */
export interface DrawOptions {
  /** Show each token's id under it. */
  ids: boolean;
  /** Show spaces, tabs and newlines as glyphs. */
  whitespace: boolean;
  /** Draw each token's own text (a stem) where it differs from the text it spans. */
  tokenText?: boolean;
}

/** What a column drew, kept to answer hovers and copies. */
export interface Drawing {
  /** The whole text the tokens were cut from. */
  text: string;
  /** The tokens overlapping the drawn range, spans into the whole text. */
  tokens: Token[];
  /** The drawn pieces, in text order, spans into the whole text. */
  pieces: Piece[];
  /** `starts[i]` = `pieces[i].start`, for binary search. */
  starts: Int32Array;
  /** The element of each piece. */
  elements: HTMLElement[];
  /** The piece each element draws (the inverse of `elements`). */
  indexOf: Map<HTMLElement, number>;
  /**
   * The drawn lines by what they show (several lines can show the same, an empty line say), so that
   * the next drawing reuses the lines an edit left alone.
   */
  lines: Map<string, HTMLElement[]>;
  /** Each drawn line's place among the container's children. */
  order: Map<HTMLElement, number>;
  /** The drawn lines (blank ones included) in their order. */
  placed: HTMLElement[];
  /** Each drawn line's pieces (`first..last`) and key, so that the next drawing can patch a changed line. */
  lineInfo: Map<HTMLElement, { first: number; last: number; key: string }>;
  /** What the options the pieces were drawn with are (ids, whitespace, token text). */
  optionsKey: string;
}

const HAS_LETTER = /\p{L}/u;
const WRAP = '\u200b';
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/** Whether offset `cut` of `text` falls inside a word or number (a word character on each side). */
function insideWord(text: string, cut: number): boolean {
  if (cut <= 0 || cut >= text.length) return false;
  const lowSurrogate = cut >= 2 && /[\udc00-\udfff]/.test(text[cut - 1]!);
  const before = String.fromCodePoint(text.codePointAt(lowSurrogate ? cut - 2 : cut - 1)!);
  const after = String.fromCodePoint(text.codePointAt(cut)!);
  return WORD_CHAR.test(before) && WORD_CHAR.test(after);
}

function appendText(parent: HTMLElement, text: string, options: DrawOptions): void {
  if (!options.whitespace) {
    // Lines are blocks of their own, so the newline characters themselves are not drawn.
    parent.append(text.replace(/\r?\n/g, ''));
    return;
  }
  const runs = glyphRuns(text);
  if (runs.length === 1 && runs[0]!.whitespace && !HAS_LETTER.test(runs[0]!.text)) {
    // Only whitespace (a gap, a newline token): dimmed as a whole, one element fewer.
    parent.classList.add('ws-only');
    parent.append(runs[0]!.text);
    return;
  }
  for (const run of runs) {
    if (!run.whitespace) {
      parent.append(run.text);
      continue;
    }
    const glyph = document.createElement('span');
    glyph.className = 'ws';
    // A glyph spelled in Latin letters (‹ZWJ›) must neither set an Arabic line's direction nor join its words.
    if (HAS_LETTER.test(run.text)) glyph.dir = 'ltr';
    glyph.textContent = run.text;
    parent.append(glyph);
  }
}

function pieceElement(drawing: Drawing, index: number, options: DrawOptions): HTMLElement {
  const piece = drawing.pieces[index]!;
  const element = document.createElement('span');
  const text = drawing.text.slice(piece.start, piece.end);
  let className: string;
  if (piece.tokens.length === 0) {
    className = 'piece gap';
  } else {
    const colors = piece.tokens.map((t) => tokenColor(drawing.tokens[t]!));
    className = piece.tokens.length > 1 ? 'piece tok shared' : 'piece tok';
    if (piece.start === piece.end) className += ' empty';
    element.style.background =
      colors.length === 1
        ? colors[0]!
        : `linear-gradient(90deg, ${colors.map((c, i) => `${c} ${(i * 100) / colors.length}% ${((i + 1) * 100) / colors.length}%`).join(', ')})`;
  }
  // A cut inside a joined Arabic word: joiners drawn by CSS (::before, ::after) keep the letters'
  // joined shapes; they are not text, so copying gives the original characters.
  if (piece.start < piece.end) {
    if (joinsAcross(drawing.text, piece.start)) className += ' join-start';
    if (joinsAcross(drawing.text, piece.end)) className += ' join-end';
  }
  element.className = className;
  const own = options.tokenText ? ownText(drawing, piece) : undefined;
  if (piece.start === piece.end) element.append('∅');
  else if (own !== undefined) {
    element.classList.add('own-text');
    element.append(own);
  } else appendText(element, text, options);
  if (options.ids && piece.ending.length > 0) {
    const ids = piece.ending.map((t) => drawing.tokens[t]!.id).filter((id) => id !== undefined);
    // Drawn under the token by placeIdLabels, outside the line (see id-labels.ts).
    if (ids.length > 0) element.dataset.ids = ids.join(' ');
  }
  return element;
}

/** The text of the one token that spans exactly `piece`, when it differs from the text spanned. */
function ownText(drawing: Drawing, piece: Piece): string | undefined {
  if (piece.tokens.length !== 1) return undefined;
  const token = drawing.tokens[piece.tokens[0]!]!;
  if (token.start !== piece.start || token.end !== piece.end) return undefined;
  return token.text === drawing.text.slice(piece.start, piece.end) ? undefined : token.text;
}

/** The tokens' spans clipped to `[start, end)` and made relative to it, to lay out that range alone. */
function clipTokens(tokens: readonly Token[], start: number, end: number): Token[] {
  return tokens.map((token) => {
    const clippedStart = Math.min(Math.max(token.start, start), end) - start;
    const clippedEnd = Math.min(Math.max(token.end, start), end) - start;
    return { text: token.text, start: clippedStart, end: clippedEnd };
  });
}

/**
 * Draw the `[start, end)` range of `text` (whole lines, see `windowAround`) with the `tokens` that
 * overlap it into `container`: one block per line with `dir="auto"`, so that each line takes the
 * direction of its first letter, and one plain inline span per piece of whole grapheme clusters,
 * coloured by token id (or text). The spans are not bidi isolates: the browser runs the Unicode
 * Bidirectional Algorithm over each line as one paragraph, so numbers and Latin words inside an
 * Arabic line appear in the order they have in the plain text, however the tokens cut them.
 * Lines of the `previous` drawing that show the same text cut the same way are reused, so an edit
 * redraws only the lines it changed.
 */
export function drawRange(
  container: HTMLElement,
  text: string,
  start: number,
  end: number,
  tokens: Token[],
  options: DrawOptions,
  previous?: Drawing,
): Drawing {
  const pieces = layoutTokens(text.slice(start, end), clipTokens(tokens, start, end));
  for (const piece of pieces) {
    piece.start += start;
    piece.end += start;
  }
  const optionsKey = `${options.ids ? 'i' : ''}${options.whitespace ? 'w' : ''}${options.tokenText ? 't' : ''}`;
  const drawing: Drawing = {
    text,
    tokens,
    pieces,
    starts: Int32Array.from(pieces, (piece) => piece.start),
    elements: [],
    indexOf: new Map(),
    lines: new Map(),
    order: new Map(),
    placed: [],
    lineInfo: new Map(),
    optionsKey,
  };
  // The place of the last line reused: a line is reused only after it, so that reused lines keep
  // their order and none is moved (a moved line is laid out again; with many lines showing the same,
  // empty lines say, taking them in any other order would move every line in between).
  let after = -1;
  const take = (key: string): HTMLElement | undefined => {
    const same = previous?.lines.get(key);
    while (same && same.length > 0) {
      const line = same.shift()!;
      const place = previous!.order.get(line)!;
      if (place > after) {
        after = place;
        return line;
      }
    }
    return undefined;
  };
  // The lines to draw: pieces first..last, the blank lines after them, and what they show.
  const planned: { first: number; last: number; newlines: number; key: string }[] = [];
  let first = 0;
  for (let i = 0; i < pieces.length; i++) {
    const newlines = countNewlines(text, pieces[i]!);
    if (newlines === 0 && i < pieces.length - 1) continue;
    planned.push({ first, last: i, newlines, key: lineKey(drawing, first, i, optionsKey) });
    first = i + 1;
  }
  const keys = new Set(planned.map((each) => each.key));
  const drawn = drawing.placed;
  for (const { first, last, newlines, key } of planned) {
    let line = take(key);
    if (line) {
      const reused = line.querySelectorAll<HTMLElement>('.piece');
      for (let n = first; n <= last; n++) drawing.elements.push(reused[n - first]!);
    } else {
      // The line an edit changed (the old line in this place, which no line of the new drawing
      // shows) is patched: its unchanged pieces at either end stay, with their layout and style, so
      // a key typed in a long paragraph rebuilds only the pieces around it.
      const old = previous?.optionsKey === optionsKey ? previous.placed[after + 1] : undefined;
      const oldInfo = old ? previous!.lineInfo.get(old) : undefined;
      if (old && oldInfo && !keys.has(oldInfo.key)) {
        after += 1;
        line = old;
        patchLine(line, previous!, oldInfo.first, oldInfo.last, drawing, first, last, options);
      } else {
        line = newLine();
        for (let n = first; n <= last; n++) {
          const element = pieceElement(drawing, n, options);
          drawing.elements.push(element);
          line.append(element);
          if (wrapsAfter(drawing, n, last)) line.append(WRAP);
        }
      }
    }
    keep(drawing.lines, key, line);
    drawing.lineInfo.set(line, { first, last, key });
    drawing.order.set(line, drawn.length);
    drawn.push(line);
    // The blank lines after it go with it, reused with it (each redrawn would be laid out again).
    for (let n = 1; n < newlines; n++) {
      const blankKey = `${key}\u0001${n}`;
      const blank = take(blankKey) ?? newLine('line blank');
      keep(drawing.lines, blankKey, blank);
      drawing.order.set(blank, drawn.length);
      drawn.push(blank);
    }
  }
  drawing.elements.forEach((element, index) => {
    drawing.indexOf.set(element, index);
  });
  patchChildren(container, drawn);
  return drawing;
}

/**
 * Whether a place to wrap follows piece `n` of a line ending at piece `last`. Whitespace shows as
 * glyphs, so there are few spaces to wrap at: U+200B, outside the box, so that its bidi level never
 * stretches the box; none inside a word or number, where the plain text would not wrap either
 * ("2014" cut into "201" and "4" stays on one line) and where it would break the joining. Longer
 * words still wrap anywhere.
 */
function wrapsAfter(drawing: Drawing, n: number, last: number): boolean {
  if (n >= last) return false;
  const piece = drawing.pieces[n]!;
  if (piece.start < piece.end && joinsAcross(drawing.text, piece.end)) return false;
  return !insideWord(drawing.text, piece.end);
}

/**
 * Redraw line `line` of the `previous` drawing (its pieces `oldFirst..oldLast`) as pieces
 * `first..last` of `drawing`: the pieces that look the same at the start and at the end of the line
 * keep their elements (and the wrap place after them); one between takes an old element between
 * that looks the same, if any is left, and the others are drawn anew.
 */
function patchLine(
  line: HTMLElement,
  previous: Drawing,
  oldFirst: number,
  oldLast: number,
  drawing: Drawing,
  first: number,
  last: number,
  options: DrawOptions,
): void {
  const oldCount = oldLast - oldFirst + 1;
  const count = last - first + 1;
  const same = (oldIndex: number, index: number) =>
    pieceLook(previous, oldIndex, oldLast, options) === pieceLook(drawing, index, last, options);
  let prefix = 0;
  while (prefix < oldCount && prefix < count && same(oldFirst + prefix, first + prefix)) prefix++;
  let suffix = 0;
  while (suffix < oldCount - prefix && suffix < count - prefix && same(oldLast - suffix, last - suffix))
    suffix++;
  // The old pieces between, by look: a new piece between takes the first unused one that looks the
  // same. A window of a long line that moved by a character (an edit before it shifts every offset)
  // changes the pieces at both of its ends, and without this every piece of it would be drawn anew.
  const spare = new Map<string, HTMLElement[]>();
  for (let o = oldFirst + prefix; o <= oldLast - suffix; o++) {
    const look = pieceLook(previous, o, oldLast, options);
    const same = spare.get(look);
    if (same) same.push(previous.elements[o]!);
    else spare.set(look, [previous.elements[o]!]);
  }
  const nodes: ChildNode[] = [];
  for (let k = 0; k < count; k++) {
    const n = first + k;
    const kept =
      k < prefix
        ? previous.elements[oldFirst + k]!
        : k >= count - suffix
          ? previous.elements[oldLast - (count - 1 - k)]!
          : spare.get(pieceLook(drawing, n, last, options))?.shift();
    const element = kept ?? pieceElement(drawing, n, options);
    drawing.elements.push(element);
    nodes.push(element);
    if (!wrapsAfter(drawing, n, last)) continue;
    // A kept piece that wraps after kept its wrap place too (it is part of the piece's look).
    const next = kept?.nextSibling;
    nodes.push(next && next.nodeType === Node.TEXT_NODE ? next : document.createTextNode(WRAP));
  }
  patchChildren(line, nodes);
}

/**
 * Everything piece `n` (of a line ending at piece `last`) is drawn from: two pieces with the same
 * look have the same element and the same wrap place after them.
 */
function pieceLook(drawing: Drawing, n: number, last: number, options: DrawOptions): string {
  const { pieces, tokens, text } = drawing;
  const piece = pieces[n]!;
  let look = `${text.slice(piece.start, piece.end)}\u0000`;
  for (const t of piece.tokens) {
    const token = tokens[t]!;
    look += `${token.id ?? token.text},`;
  }
  look += `\u0000${piece.ending.map((t) => tokens[t]!.id).join(' ')}\u0000`;
  if (piece.start < piece.end) {
    if (joinsAcross(text, piece.start)) look += 's';
    if (joinsAcross(text, piece.end)) look += 'e';
  }
  if (wrapsAfter(drawing, n, last)) look += 'w';
  if (options.tokenText) look += `\u0000${ownText(drawing, piece) ?? ''}`;
  return look;
}

function keep(lines: Map<string, HTMLElement[]>, key: string, line: HTMLElement): void {
  const same = lines.get(key);
  if (same) same.push(line);
  else lines.set(key, [line]);
}

/**
 * What a line of pieces `first..last` shows: its text, its cuts, and the colour, ids and sharing of
 * each piece; two lines with the same key look the same. Joins never cross a newline, so a line's
 * look depends on nothing outside it.
 */
function lineKey(drawing: Drawing, first: number, last: number, options: string): string {
  const { pieces, tokens, text } = drawing;
  const lineStart = pieces[first]!.start;
  let key = `${options}\u0000${text.slice(lineStart, pieces[last]!.end)}`;
  for (let n = first; n <= last; n++) {
    const piece = pieces[n]!;
    key += `\u0000${piece.end - lineStart}`;
    for (const t of piece.tokens) {
      const token = tokens[t]!;
      key += `,${token.id ?? token.text}`;
    }
    if (piece.start === piece.end) key += ',empty';
    if (piece.ending.length > 0) key += `;${piece.ending.map((t) => tokens[t]!.id).join(' ')}`;
  }
  return key;
}

/**
 * Make `nodes` the children of `container`, leaving in place the ones already there in that order:
 * lines that stay attached keep their layout, so an edit lays out only the lines it changed.
 */
function patchChildren(container: HTMLElement, nodes: readonly ChildNode[]): void {
  const kept = new Set<Node>(nodes);
  let cursor = container.firstChild;
  for (const node of nodes) {
    // Children that are not drawn any more go first, so that the kept ones meet the cursor in order.
    while (cursor && !kept.has(cursor)) {
      const next: ChildNode | null = cursor.nextSibling;
      cursor.remove();
      cursor = next;
    }
    if (node === cursor) {
      cursor = cursor.nextSibling;
      continue;
    }
    container.insertBefore(node, cursor);
  }
  while (cursor) {
    const next: ChildNode | null = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

function newLine(className = 'line'): HTMLElement {
  const line = document.createElement('div');
  line.className = className;
  line.dir = 'auto';
  return line;
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
    return `token ${JSON.stringify(token.text)}${id} span [${token.start}, ${token.end})${bytes}`;
  });
  if (piece.tokens.length > 1)
    lines.push('a token boundary falls inside this character: it is drawn once, shared by these tokens');
  return lines.join('\n');
}
