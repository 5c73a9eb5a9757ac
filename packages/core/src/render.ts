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
  let out = '';
  for (const char of text) {
    if (CONTROL_OR_OTHER.test(char) || isAssignedAfterUnicode14(char.codePointAt(0)!))
      out += `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return out;
}

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
