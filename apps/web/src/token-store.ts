import { type Token, type Tokenizer, utf8ByteLength } from '@tokenlab/core';
import { upperBound } from './layout.js';
import { type Segmented, segmented } from './segments.js';

/**
 * The tokens of one column for the current text, handed out by range so that a column draws only
 * what is visible, and counted in slices so that a long text never blocks the page for long.
 */
export interface TokenStore {
  /** Take a new text; cheap, the work happens in {@link TokenStore.tokensIn} and {@link TokenStore.countUntil}. */
  setText(text: string): void;
  /** The tokens that overlap `[start, end)` (and empty tokens inside it), spans into the whole text, in order. */
  tokensIn(start: number, end: number): Token[];
  /** How many tokens the whole text has, once counted; `undefined` while counting. */
  readonly count: number | undefined;
  /** Count on until `deadline` (a `performance.now()` time); `true` once the count is known. */
  countUntil(deadline: number): boolean;
}

/** The UTF-8 offset of part `index`, summing the parts before it once (and only as far as asked). */
function byteStart(cut: Segmented, index: number): number {
  if (!cut.byteStarts) {
    cut.byteStarts = new Float64Array(cut.starts.length).fill(-1);
    cut.byteStarts[0] = 0;
  }
  const offsets = cut.byteStarts;
  let known = index;
  while (offsets[known]! < 0) known--;
  for (let i = known + 1; i <= index; i++)
    offsets[i] = offsets[i - 1]! + utf8ByteLength(cut.text, cut.starts[i - 1]!, cut.starts[i]!);
  return offsets[index]!;
}

/** Whether a token lies in `[start, end)`, an empty one counting when it sits inside it (or at the text's end). */
function overlaps(token: Token, start: number, end: number, textLength: number): boolean {
  if (token.start === token.end)
    return token.start >= start && (token.start < end || token.start === textLength);
  return token.end > start && token.start < end;
}

/**
 * Push to `found` the `tokens` of a string that starts at `shift` in the text (and at UTF-8 offset
 * `byteShift()`, asked only for tokens with byte spans) that overlap `[start, end)`, shifted to the
 * whole text.
 */
function pushOverlapping(
  found: Token[],
  tokens: readonly Token[],
  shift: number,
  byteShift: () => number,
  start: number,
  end: number,
  textLength: number,
): void {
  let bytes: number | undefined;
  for (const token of tokens) {
    const shifted: Token = { ...token, start: token.start + shift, end: token.end + shift };
    if (!overlaps(shifted, start, end, textLength)) continue;
    if (token.bytes) {
      bytes ??= byteShift();
      shifted.bytes = [token.bytes[0] + bytes, token.bytes[1] + bytes];
    }
    found.push(shifted);
  }
}

/** How many parts' tokens a store keeps at most (only the visible ones are asked for). */
const KEPT_PARTS = 4096;

/** Parts longer than this are tokenized piece by piece, only around the range asked for (see `PartStore`). */
const LONG_PART = 8192;
/** The length a piece of a long part reaches before it ends, at its next cut (see {@link cutFrom}). */
const PIECE = 2048;

/**
 * The ASCII punctuation a long line may be cut before when it follows an ASCII letter or digit, for
 * the tokenizers that allow such cuts (`cutsAtWordEdges`). Left out: the apostrophe, hyphen,
 * underscore, full stop and comma, which join words or numbers in some tokenizer (`don't`,
 * `3.14`), and `|`, which sits next to letters inside the GPT encodings' special tokens.
 */
const EDGE_PUNCTUATION = '!"#$%&()*+/:;<=>?@[\\]^`{}~';
const CUT_BEFORE = new Uint8Array(128);
for (const mark of EDGE_PUNCTUATION) CUT_BEFORE[mark.charCodeAt(0)] = 1;

function isAsciiLetterOrDigit(unit: number): boolean {
  return (unit >= 0x30 && unit <= 0x39) || ((unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7a);
}

/**
 * Where a long line may be cut: what each line-local tokenizer allows (see {@link cutFrom}).
 *
 * @example
 * ```ts
 * const cuts: LineCuts = { wordEdges: true }; // before spaces, and between 'a' and '"'
 * ```
 */
export interface LineCuts {
  /** Also cut at word edges: between an ASCII letter or digit and the punctuation that follows it. */
  wordEdges?: boolean;
}

/**
 * The first place at or after `from` where a line-local tokenizer may cut a line: before a space
 * that follows a character other than white space (`x y` cut as `x` and ` y`), or, with
 * `wordEdges`, before ASCII punctuation such as `"`, `:` or `}` that follows an ASCII letter or digit
 * (`{"a":1}` cut as `{"a` and `":1}`), or the end. No token of a line-local tokenizer holds such a
 * space after its first character, and none depends on what lies past it (the GPT patterns start a
 * word's token with its space; the others never hold a space); word edges end the tokens of the
 * tokenizers that allow them (a minified JSON megabyte has no spaces). Both kinds are tested at
 * every place of many lines, for every line-local tokenizer of the playground.
 *
 * @example
 * ```ts
 * cutFrom('one two  three', 4);                       // 7: before ' ' after 'o' ('two'), not inside the double space
 * cutFrom('{"id":12,"ok":true}', 2, { wordEdges: true }); // 5: between 'd' and '"'
 * ```
 */
export function cutFrom(text: string, from: number, cuts: LineCuts = {}): number {
  const wordEdges = cuts.wordEdges === true;
  for (let i = Math.max(1, from); i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0x20) {
      if (!WHITE_SPACE.test(text[i - 1]!)) return i;
    } else if (
      wordEdges &&
      unit < 0x80 &&
      CUT_BEFORE[unit] === 1 &&
      isAsciiLetterOrDigit(text.charCodeAt(i - 1))
    )
      return i;
  }
  return text.length;
}

const WHITE_SPACE = /\s/u;

/**
 * Where the piece of a long part that starts at `from` ends: at the first {@link cutFrom} cut
 * past {@link PIECE} units. Pieces are found from the part's start on, so that the pieces before an
 * edit are the same strings after it, and those after it mostly so too (the cuts fall on the same
 * places again).
 */
function pieceEnd(part: string, from: number, cuts: LineCuts): number {
  return cutFrom(part, from + PIECE, cuts);
}

/**
 * A count of a line-local tokenizer's tokens in a part (for a column without a typed pattern): a part
 * longer than 8,192 units is counted piece by piece, cut where `cuts` allows (see {@link cutFrom}),
 * each piece's count remembered by its text, so that after an edit in a long line only the pieces it
 * changed are tokenized again.
 *
 * @example
 * ```ts
 * const count = pieceCounter(new CodePointTokenizer(), { wordEdges: true });
 * count('one two'); // 7
 * ```
 */
export function pieceCounter(
  tokenizer: Tokenizer,
  cuts: LineCuts = {},
  longPart = LONG_PART,
): (part: string) => number {
  const counts = new Map<string, number>();
  return (part) => {
    if (part.length <= longPart) return tokenizer.tokenize(part).length;
    let total = 0;
    for (let from = 0; from < part.length; ) {
      const to = pieceEnd(part, from, cuts);
      const piece = part.slice(from, to);
      let count = counts.get(piece);
      if (count === undefined) {
        if (counts.size >= KEPT_PARTS) counts.clear();
        count = tokenizer.tokenize(piece).length;
        counts.set(piece, count);
      }
      total += count;
      from = to;
    }
    return total;
  };
}

/**
 * A store for tokenizers that cut each part of `segmentStarts` as they cut the whole text:
 * parts are tokenized alone and remembered by their text, so an edit re-tokenizes only the part it
 * touched, and the visible lines need only their own parts.
 */
class PartStore implements TokenStore {
  private cut: Segmented = segmented('');
  private counts = new Map<string, number>();
  private tokens = new Map<string, Token[]>();
  /** Where the pieces of the long parts start (in the part), and their UTF-8 offsets, found so far. */
  private pieces = new Map<string, { starts: number[]; bytes: number[] }>();
  private next = 0;
  private total = 0;
  count: number | undefined;

  constructor(
    private readonly tokenizer: Tokenizer,
    /** Parts longer than this are cut at {@link cutFrom} into pieces, tokenized only as asked for. */
    private readonly longPart: number,
    private readonly cuts: LineCuts,
  ) {}

  setText(text: string): void {
    if (this.cut.text === text && this.count !== undefined) return;
    this.cut = segmented(text);
    this.next = 0;
    this.total = 0;
    this.count = undefined;
  }

  private partTokens(part: string): Token[] {
    let tokens = this.tokens.get(part);
    if (!tokens) {
      if (this.tokens.size >= KEPT_PARTS) this.tokens.clear();
      tokens = this.tokenizer.tokenize(part);
      this.tokens.set(part, tokens);
      this.counts.set(part, tokens.length);
    }
    return tokens;
  }

  tokensIn(start: number, end: number): Token[] {
    const { starts, parts, text } = this.cut;
    const found: Token[] = [];
    for (let i = Math.max(0, upperBound(starts, start) - 1); i < parts.length && starts[i]! <= end; i++) {
      if (parts[i]!.length > this.longPart) this.piecesIn(i, start, end, found);
      else
        pushOverlapping(
          found,
          this.partTokens(parts[i]!),
          starts[i]!,
          () => byteStart(this.cut, i),
          start,
          end,
          text.length,
        );
    }
    return found;
  }

  /**
   * The tokens of long part `index` that overlap `[start, end)` (offsets in the whole text), pushed
   * to `found`: only its pieces that overlap the range are tokenized. A line of a megabyte (a text
   * without line breaks) would otherwise be tokenized whole at every keystroke, for the few lines
   * of it in view.
   */
  private piecesIn(index: number, start: number, end: number, found: Token[]): void {
    const { starts, parts, text } = this.cut;
    const part = parts[index]!;
    const offset = starts[index]!;
    let known = this.pieces.get(part);
    if (!known) {
      if (this.pieces.size >= 64) this.pieces.clear();
      known = { starts: [0], bytes: [0] };
      this.pieces.set(part, known);
    }
    // Pieces are found from the part's start on, each ending at the first cut past PIECE units, so
    // that a piece before an edit is the same string after it (and its tokens are found again).
    const until = Math.min(part.length, end - offset);
    while (known.starts.at(-1)! <= until && known.starts.at(-1)! < part.length) {
      const from = known.starts.at(-1)!;
      const to = pieceEnd(part, from, this.cuts);
      known.starts.push(to);
      known.bytes.push(known.bytes.at(-1)! + utf8ByteLength(part, from, to));
    }
    for (
      let k = Math.max(0, upperBound(known.starts, start - offset) - 1);
      k + 1 < known.starts.length && offset + known.starts[k]! <= end;
      k++
    ) {
      const from = known.starts[k]!;
      const tokens = this.partTokens(part.slice(from, known.starts[k + 1]!));
      const bytes = () => byteStart(this.cut, index) + known.bytes[k]!;
      pushOverlapping(found, tokens, offset + from, bytes, start, end, text.length);
    }
  }

  countUntil(deadline: number): boolean {
    const { parts } = this.cut;
    while (this.next < parts.length) {
      const part = parts[this.next++]!;
      let count = this.counts.get(part);
      if (count === undefined) {
        count = this.tokenizer.tokenize(part).length;
        this.counts.set(part, count);
      }
      this.total += count;
      if (this.next % 64 === 0 && performance.now() > deadline) return false;
    }
    if (this.count === undefined) {
      this.count = this.total;
      // Keep the counts of this text's parts only: memory follows the text, not its history.
      if (this.counts.size > parts.length * 2) {
        const kept = new Map<string, number>();
        for (const part of parts) kept.set(part, this.counts.get(part)!);
        this.counts = kept;
      }
    }
    return true;
  }
}

/** A store for tokenizers that need the whole text at once (sentences, a vocabulary learned from the text). */
class WholeStore implements TokenStore {
  private text = '';
  private tokens: Token[] | undefined;
  private starts = new Float64Array(0);
  count: number | undefined;

  constructor(private readonly tokenizer: Tokenizer) {}

  setText(text: string): void {
    if (text === this.text && this.tokens) return;
    this.text = text;
    this.tokens = undefined;
    this.count = undefined;
  }

  private all(): Token[] {
    if (!this.tokens) {
      this.tokens = this.tokenizer.tokenize(this.text);
      this.starts = Float64Array.from(this.tokens, (token) => token.start);
      this.count = this.tokens.length;
    }
    return this.tokens;
  }

  tokensIn(start: number, end: number): Token[] {
    const tokens = this.all();
    // Tokens come in text order; a few long ones (sentences) may start well before `start`.
    let i = upperBound(this.starts, start);
    while (i > 0 && (tokens[i - 1]!.end > start || tokens[i - 1]!.start === start)) i--;
    const found: Token[] = [];
    for (; i < tokens.length && tokens[i]!.start <= end; i++)
      if (overlaps(tokens[i]!, start, end, this.text.length)) found.push(tokens[i]!);
    return found;
  }

  countUntil(): boolean {
    this.all();
    return true;
  }
}

/**
 * The store for `tokenizer`: part by part when it is line-local (cuts each part of
 * `segmentStarts` as it cuts the whole), whole otherwise. With `cuts` (a line-local tokenizer without
 * a typed pattern: see {@link cutFrom}), a part longer than `longPart` (default 8,192 units) is
 * tokenized only in the pieces that a range asked for overlaps.
 *
 * @example
 * ```ts
 * const store = tokenStore(new CodePointTokenizer(), true);
 * store.setText('one\ntwo');
 * store.countUntil(Number.POSITIVE_INFINITY); // true
 * store.count;                               // 7
 * store.tokensIn(4, 5);                      // [{ text: 't', start: 4, end: 5, id: 116 }]
 * ```
 */
export function tokenStore(
  tokenizer: Tokenizer,
  lineLocal: boolean,
  options: { cuts?: LineCuts; longPart?: number } = {},
): TokenStore {
  if (!lineLocal) return new WholeStore(tokenizer);
  const { cuts } = options;
  const longPart = cuts ? (options.longPart ?? LONG_PART) : Number.POSITIVE_INFINITY;
  return new PartStore(tokenizer, longPart, cuts ?? {});
}
