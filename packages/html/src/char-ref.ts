/**
 * Windows-1252 for the bytes 0x80..0x9F (the C1 range, where it differs from Latin-1); -1 marks the
 * five bytes Python's cp1252 codec leaves undefined, which bs4 then reads as the code point itself.
 */
const WINDOWS_1252_C1 = [
  0x20ac, -1, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, -1, 0x17d,
  -1, -1, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, -1,
  0x17e, 0x178,
];
const REPLACEMENT_CHARACTER = '\uFFFD';

/**
 * The text of a numeric character reference as bs4's html.parser builder decodes it: `digits` is
 * what follows `&#` (`65`, `x41`, `X41`). Below 256 the number is a windows-1252 byte (`&#150;` is
 * an en dash); above U+10FFFF it becomes U+FFFD; a surrogate number gives that lone surrogate, as
 * Python's `chr` does.
 */
export function decodeCharRef(digits: string): string {
  const hex = digits[0] === 'x' || digits[0] === 'X';
  let text = hex ? digits.slice(1) : digits;
  let zeros = 0;
  while (text[zeros] === '0') zeros++;
  text = text.slice(zeros);
  // More digits than U+10FFFF has cannot be a code point; no need to build the number.
  if (text.length > (hex ? 6 : 7)) return REPLACEMENT_CHARACTER;
  const code = text === '' ? 0 : Number.parseInt(text, hex ? 16 : 10);
  if (code >= 0x80 && code < 0xa0) {
    const mapped = WINDOWS_1252_C1[code - 0x80] as number;
    return String.fromCharCode(mapped < 0 ? code : mapped);
  }
  if (code > 0x10ffff) return REPLACEMENT_CHARACTER;
  return String.fromCodePoint(code);
}
