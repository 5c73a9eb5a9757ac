/**
 * Throw a `TypeError` that names `where` unless `value` is a string. The tokenizers read their text
 * by index and length, so from JavaScript a number (no length) gave no tokens at all, silently, and a
 * Buffer (read as the text of a file without an encoding) an error about a missing method.
 *
 * @example
 * ```ts
 * requireText('hello', 'tokenize'); // passes
 * requireText(42, 'tokenize');      // TypeError: tokenize: expected the text as a string, got a number
 * ```
 */
export function requireText(value: unknown, where: string): asserts value is string {
  if (typeof value === 'string') return;
  const kind =
    value === null
      ? 'null'
      : value instanceof Uint8Array
        ? 'bytes (decode them first, e.g. readFileSync(path, "utf8"))'
        : Array.isArray(value)
          ? 'an array'
          : `${/^[aeiou]/.test(typeof value) ? 'an' : 'a'} ${typeof value}`;
  throw new TypeError(`${where}: expected the text as a string, got ${kind}`);
}
