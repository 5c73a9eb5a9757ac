/**
 * Python's whitespace (`str.isspace()`, and `\s` in its `re` patterns): the Unicode characters with
 * bidirectional class WS, B or S, or general category Zs. Differs from JavaScript's `\s`, which has
 * U+FEFF but not U+001C..U+001F or U+0085.
 */
const PYTHON_SPACES = new Set(
  [
    0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002,
    0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
  ].map((code) => String.fromCharCode(code)),
);

/** True for one of Python's whitespace characters. */
export const isPythonSpace = (c: string): boolean => PYTHON_SPACES.has(c);

/** Strips Python's whitespace from both ends, as `str.strip()`. */
export function pythonStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPythonSpace(text[start] as string)) start++;
  while (end > start && isPythonSpace(text[end - 1] as string)) end--;
  return text.slice(start, end);
}
