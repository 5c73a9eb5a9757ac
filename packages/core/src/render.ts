import { isAssignedAfterUnicode14 } from './unicode14.js';
import { decodeBytes } from './utf8.js';

const CONTROL_OR_OTHER = /\p{C}/u;

/**
 * Replace every character of Unicode category C (control, format, surrogate, private use,
 * unassigned) with a `\uXXXX` escape, as minbpe does before writing tokens to a `.vocab` file,
 * so that newlines and other invisible characters cannot break the file's layout. "Unassigned" is as of
 * Unicode 14.0, the Unicode of Python 3.11 that minbpe's files were made with, so characters added
 * since are escaped too.
 *
 * @example
 * ```ts
 * replaceControlCharacters('a\nb'); // 'a\\u000ab'
 * ```
 */
export function replaceControlCharacters(text: string): string {
  // Escapes are collected as slices of the text, not by building a string a character at a time: a
  // long token would otherwise leave millions of string pieces alive. Printable ASCII needs no look.
  if (!NOT_PRINTABLE_ASCII.test(text)) return text;
  const parts: string[] = [];
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x20 && unit <= 0x7e) continue;
    const point = text.codePointAt(i)!;
    const width = point > 0xffff ? 2 : 1;
    if (CONTROL_OR_OTHER.test(text.slice(i, i + width)) || isAssignedAfterUnicode14(point)) {
      parts.push(text.slice(copied, i), `\\u${point.toString(16).padStart(4, '0')}`);
      copied = i + width;
    }
    i += width - 1;
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}

const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;

/**
 * A token's bytes made printable: decoded as UTF-8 with U+FFFD for invalid sequences, then
 * control characters escaped with {@link replaceControlCharacters} (minbpe's `render_token`).
 *
 * @example
 * ```ts
 * renderToken(new Uint8Array([0x0a]));       // '\\u000a'
 * renderToken(new Uint8Array([0xe4, 0xbd])); // '\uFFFD'
 * ```
 */
export function renderToken(bytes: Uint8Array): string {
  return replaceControlCharacters(decodeBytes(bytes));
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true });
/** `\x00` to `\xff`, made once: a UTF-8 byte tokenizer's output is nearly all escapes. */
const BYTE_ESCAPES = Array.from({ length: 256 }, (_, byte) => `\\x${byte.toString(16).padStart(2, '0')}`);

/** Length of the UTF-8 sequence a lead byte starts (0 for a byte that cannot start one). */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/**
 * A byte-level token's bytes as readable text: whole characters as themselves (control characters
 * escaped), and bytes that are only part of a character as `\xd8`, so that the two halves of an
 * Arabic letter are told apart instead of both showing as U+FFFD (as {@link renderToken} shows them).
 *
 * @example
 * ```ts
 * bytesAsText(Uint8Array.of(0xd8, 0xa8, 0xd9)); // 'ب\\xd9'
 * ```
 */
export function bytesAsText(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes[i]!);
    if (length > 0 && i + length <= bytes.length) {
      try {
        out += replaceControlCharacters(strictDecoder.decode(bytes.subarray(i, i + length)));
        i += length;
        continue;
      } catch {
        // Not a whole character: fall through to the byte escape.
      }
    }
    out += BYTE_ESCAPES[bytes[i]!]!;
    i++;
  }
  return out;
}
