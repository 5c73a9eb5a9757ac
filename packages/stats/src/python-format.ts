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
    const items = value.map((item) => (typeof item === 'string' ? `'${item}'` : pythonStr(item)));
    return `(${items.join(', ')}${items.length === 1 ? ',' : ''})`;
  }
  return String(value);
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
