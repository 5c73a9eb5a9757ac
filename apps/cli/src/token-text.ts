import { replaceControlCharacters, type Token, utf8ByteLength } from '@tokenlab/core';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** The UTF-8 of the characters a token touches (reused: a UTF-8 byte tokenizer cuts nearly every one). */
let scratch = new Uint8Array(64);
/** `\x00` to `\xff`. */
const ESCAPES = Array.from({ length: 256 }, (_, byte) => `\\x${byte.toString(16).padStart(2, '0')}`);

/**
 * How the tokens of one text print on a line. A token's text covers every character it touches, so
 * the byte-level tokens that share one character (`é` as the bytes C3 and A9) would all print that
 * character: such a token prints its own bytes instead, whole characters as text and the bytes of a
 * cut character as `\xNN` (`\xc3`, then `\xa9`). Control characters are escaped as everywhere else.
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
   * What `token` holds, unescaped: its text, or for a token that cuts a character, its whole
   * characters and `\xNN` for each byte of a cut one (a key that tells such tokens apart, for counting).
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
    return bytesShown(scratch, from - this.byteBase - this.byteOffset(start), to - from);
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

/** `bytes[from, from + length)`: whole UTF-8 sequences as text, bytes of cut ones as `\xNN`. */
function bytesShown(bytes: Uint8Array, from: number, length: number): string {
  const end = from + length;
  let shown = '';
  let i = from;
  while (i < end) {
    const size = sequenceLength(bytes, i);
    if (size > 0 && i + size <= end) {
      shown += decoder.decode(bytes.subarray(i, i + size));
      i += size;
    } else {
      shown += ESCAPES[bytes[i]!]!;
      i++;
    }
  }
  return shown;
}

/** The length of the UTF-8 sequence that starts at `at` (the bytes are valid UTF-8), 0 mid-sequence. */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]!;
  if (lead < 0x80) return 1;
  if (lead < 0xc0) return 0;
  if (lead < 0xe0) return 2;
  if (lead < 0xf0) return 3;
  return 4;
}
