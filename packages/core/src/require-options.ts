/**
 * Throw a `TypeError` that names `where` unless `value` is an options object (or left out). The
 * libraries tokenlab follows take their options as positional arguments in Python (NLTK's
 * `RegexpTokenizer(r'\s+', True)`, Keras' `Tokenizer(100)`, minbpe's `encode(text, "all")`); passed
 * that way here, a value where the options object belongs set no option at all, silently.
 *
 * @example
 * ```ts
 * requireOptions({ gaps: true }, 'RegexpTokenizer', '{ gaps: true }'); // passes
 * requireOptions(true, 'RegexpTokenizer', '{ gaps: true }');
 * // TypeError: RegexpTokenizer: the options are an object such as { gaps: true }, got true
 * requireOptions('all', 'encode', "{ allowedSpecial: 'all' }", "(minbpe's allowed_special?)");
 * // TypeError: encode: ... got 'all' (minbpe's allowed_special?)
 * ```
 *
 * `positionalHint` follows a string, an array or a Set: the forms a Python positional argument
 * that belongs in the options takes.
 */
export function requireOptions(
  value: unknown,
  where: string,
  example: string,
  positionalHint?: string,
): void {
  if (value === undefined) return;
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Set)) return;
  const shown =
    typeof value === 'string'
      ? `'${value}'`
      : Array.isArray(value)
        ? 'an array'
        : value instanceof Set
          ? 'a Set'
          : String(value);
  const hint =
    positionalHint !== undefined && value !== null && (typeof value === 'string' || typeof value === 'object')
      ? ` ${positionalHint}`
      : '';
  throw new TypeError(`${where}: the options are an object such as ${example}, got ${shown}${hint}`);
}
