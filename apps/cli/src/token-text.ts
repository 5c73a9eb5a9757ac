import { bytesAsText, replaceControlCharacters, type Token, utf8ByteLength } from '@tokenlab/core';

const encoder = new TextEncoder();
/** The UTF-8 of the characters a token touches (reused: a UTF-8 byte tokenizer cuts nearly every one). */
let scratch = new Uint8Array(64);

/**
 * How the tokens of one text print on a line. A token's text covers every character it touches, so
 * the byte-level tokens that share one character (`é` as the bytes C3 and A9) would all print that
 * character: such a token prints its own bytes instead (`bytesAsText`: whole characters as text, the
 * bytes of a cut character as `\xNN`, so `\xc3`, then `\xa9`). Control characters are escaped as
 * everywhere else.
 *
 * @example
 * ```ts
 * const shown = new TokenTexts('é');
 * shown.of({ text: 'é', start: 0, end: 1, id: 195, bytes: [0, 1] }); // '\\xc3'
 * ```
 */
export class TokenTexts {
  /** A UTF-16 offset of the text and the UTF-8 offset where it starts, moved forward as tokens come. */
  private unit = 0;
  private byte = 0;

  /**
   * `byteBase` is the UTF-8 offset the tokens' `bytes` count from at the text's start (a chunk of a
   * longer input).
   */
  constructor(
    private readonly text: string,
    private readonly unitBase = 0,
    private readonly byteBase = 0,
  ) {}

  /** The printed form of `token`, a token of this text (in order, for the cost to stay linear). */
  of(token: Token): string {
    return replaceControlCharacters(this.own(token));
  }

  /**
   * What `token` holds: its text, or for a token that cuts a character, its bytes as `bytesAsText`
   * shows them (a key that tells such tokens apart, for counting).
   */
  own(token: Token): string {
    if (token.bytes === undefined) return token.text;
    const start = token.start - this.unitBase;
    const end = token.end - this.unitBase;
    const [from, to] = token.bytes;
    // Most tokens hold whole characters: told apart by length, without encoding anything.
    if (utf8ByteLength(this.text, start, end) === to - from) return token.text;
    const slice = this.text.slice(start, end);
    if (scratch.length < slice.length * 3) scratch = new Uint8Array(slice.length * 3);
    encoder.encodeInto(slice, scratch);
    const at = from - this.byteBase - this.byteOffset(start);
    return bytesAsText(scratch.subarray(at, at + (to - from)));
  }

  /** The UTF-8 offset of UTF-16 offset `unit` of the text. */
  private byteOffset(unit: number): number {
    if (unit < this.unit) {
      this.unit = 0;
      this.byte = 0;
    }
    this.byte += utf8ByteLength(this.text, this.unit, unit);
    this.unit = unit;
    return this.byte;
  }
}
