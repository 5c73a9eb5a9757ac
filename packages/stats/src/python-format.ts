import { codePointLength } from '@tokenlab/core';
import { compareCodePoints } from './python-order.js';

/**
 * A value as Python's `str()` / `"%s"` shows it, for the text tables: `null` is `None`, booleans are
 * `True`/`False`, arrays are tuples.
 *
 * @example
 * ```ts
 * pythonStr(null);        // 'None'
 * pythonStr(['a', 'b']);  // "('a', 'b')"
 * ```
 */
export function pythonStr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) {
    const items = value.map((item) => (typeof item === 'string' ? pythonRepr(item) : pythonStr(item)));
    return `(${items.join(', ')}${items.length === 1 ? ',' : ''})`;
  }
  return String(value);
}

/** Characters Python's `str.isprintable()` rejects (the space aside): `repr` escapes them. */
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/**
 * A string as Python's `repr()` shows it: in single quotes (double quotes when it holds a `'` and no
 * `"`), with backslashes, that quote, `\n`, `\t`, `\r` and every character Python deems unprintable
 * (control and format characters, separators such as U+00A0, lone surrogates) escaped, as a
 * tuple of strings prints in NLTK's output.
 *
 * @example
 * ```ts
 * pythonRepr("'s");     // `"'s"`
 * pythonRepr('a\u200cb'); // `'a\u200cb'`
 * ```
 */
export function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === quote || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\t') out += '\\t';
    else if (char === '\r') out += '\\r';
    else if (code === 0x20 || !NOT_PRINTABLE.test(char)) out += char;
    else if (code <= 0xff) out += `\\x${hex(code, 2)}`;
    else if (code <= 0xffff) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return out + quote;
}

function hex(code: number, digits: number): string {
  return code.toString(16).padStart(digits, '0');
}

/** `"%*s" % (width, value)`: right-aligned to `width` code points. */
export function padPython(text: string, width: number): string {
  const missing = width - codePointLength(text);
  return missing > 0 ? ' '.repeat(missing) + text : text;
}

/** `"%d" % value`: the integer part, truncated toward zero as Python's `%d` does for floats. */
export function formatPythonInt(value: number): string {
  return String(Math.trunc(value));
}

/**
 * Python's default ordering for `sorted()` on the values a table shows: strings by code point, numbers
 * numerically, arrays as tuples.
 *
 * @example
 * ```ts
 * ['b', 'a', 'B'].sort(comparePython); // ['B', 'a', 'b']
 * ```
 */
export function comparePython(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const order = comparePython(a[i], b[i]);
      if (order !== 0) return order;
    }
    return a.length - b.length;
  }
  return compareCodePoints(pythonStr(a), pythonStr(b));
}
