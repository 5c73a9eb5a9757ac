import type { Token } from './token.js';

/**
 * Turn a sequence of byte-level pieces into tokens with spans into `text`.
 *
 * `byteLengths[i]` is how many UTF-8 bytes piece `i` covers; the lengths must add up to the UTF-8
 * length of `text`. Each token's `[start, end)` covers every character that any of its bytes belongs
 * to, so when a boundary falls inside a multi-byte character the two neighbours share that character
 * (their spans overlap) and `bytes` says exactly which bytes each one holds. BPE and GPT encoders use
 * this to give their ids spans.
 *
 * @example
 * ```ts
 * // 'é' is two bytes; cut it in the middle:
 * spansFromByteLengths('é', [1, 1], [195, 169]);
 * // [{ text: 'é', start: 0, end: 1, id: 195, bytes: [0, 1] },
 * //  { text: 'é', start: 0, end: 1, id: 169, bytes: [1, 2] }]
 * ```
 */
export function spansFromByteLengths(
  text: string,
  byteLengths: ArrayLike<number>,
  ids?: ArrayLike<number>,
): Token[] {
  // One forward walk over the characters, alongside the tokens: linear in the text length.
  const tokens: Token[] = [];
  let unit = 0; // UTF-16 index of the character containing `byte`
  let unitByte = 0; // byte offset where that character starts
  let byte = 0;
  for (let i = 0; i < byteLengths.length; i++) {
    const length = byteLengths[i]!;
    const byteEnd = byte + length;
    // Advance to the character containing the token's first byte.
    while (unit < text.length) {
      const width = charWidth(text, unit);
      if (unitByte + width.bytes > byte) break;
      unitByte += width.bytes;
      unit += width.units;
    }
    const start = unit;
    // Walk to the end: the character containing the last byte, inclusive.
    let endUnit = unit;
    let endByte = unitByte;
    while (endUnit < text.length && endByte < byteEnd) {
      const width = charWidth(text, endUnit);
      endByte += width.bytes;
      endUnit += width.units;
    }
    const token: Token = { text: text.slice(start, endUnit), start, end: endUnit, bytes: [byte, byteEnd] };
    if (ids) token.id = ids[i]!;
    tokens.push(token);
    byte = byteEnd;
  }
  return tokens;
}

function charWidth(text: string, index: number): { units: number; bytes: number } {
  const unit = text.charCodeAt(index);
  if (unit < 0x80) return ONE_BYTE;
  if (unit < 0x800) return TWO_BYTES;
  if (unit >= 0xd800 && unit <= 0xdbff) {
    const next = text.charCodeAt(index + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return SURROGATE_PAIR;
  }
  return THREE_BYTES;
}

const ONE_BYTE = { units: 1, bytes: 1 };
const TWO_BYTES = { units: 1, bytes: 2 };
const THREE_BYTES = { units: 1, bytes: 3 };
const SURROGATE_PAIR = { units: 2, bytes: 4 };
