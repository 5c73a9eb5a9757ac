/**
 * How Python's `html.parser` finds character and entity references in text, which is not how an
 * HTML5 tokenizer finds them: a reference needs no semicolon but must be followed by a character
 * (so one at the very end of the input is incomplete), and an entity name may contain `-` and `.`.
 */

const isAsciiLetter = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isAsciiDigit = (c: string): boolean => c >= '0' && c <= '9';
const isHexDigit = (c: string): boolean =>
  isAsciiDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');

/**
 * `&#digits` or `&#xhex` at `i`, followed by one character that is not a hex digit: the index after
 * that character, or -1. (A reference at the very end of the input is not complete.)
 */
export function matchCharRef(s: string, i: number): number {
  let p = i + 2;
  if (s[p] === 'x' || s[p] === 'X') {
    const digits = p + 1;
    p = digits;
    while (p < s.length && isHexDigit(s[p] as string)) p++;
    if (p === digits) return -1;
  } else {
    const digits = p;
    while (p < s.length && isAsciiDigit(s[p] as string)) p++;
    if (p === digits) return -1;
  }
  if (p >= s.length || isHexDigit(s[p] as string)) return -1;
  return p + 1;
}

/**
 * `&name` at `i` (a letter, then letters, digits, '-' or '.') followed by a character that is not a
 * letter or digit: where the name ends. When the name runs to the end of the input, it is cut at
 * its last '-' or '.', which then serves as that character; -1 when there is no such cut.
 */
export function matchEntityRef(s: string, i: number): number {
  if (!isAsciiLetter(s[i + 1] ?? '')) return -1;
  let p = i + 2;
  while (p < s.length) {
    const c = s[p] as string;
    if (!(isAsciiLetter(c) || isAsciiDigit(c) || c === '-' || c === '.')) break;
    p++;
  }
  if (p < s.length) return p;
  for (let cut = p - 1; cut > i + 1; cut--) {
    if (s[cut] === '-' || s[cut] === '.') return cut;
  }
  return -1;
}
