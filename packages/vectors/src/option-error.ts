/**
 * An option given a value it cannot take. `option` names it as the options object spells it, so that
 * a caller with other names for its options (a command line, a form) can say which of its own was wrong.
 *
 * @example
 * ```ts
 * try {
 *   Word2Vec.train(sentences, { window: 0 });
 * } catch (error) {
 *   if (error instanceof OptionError) error.option; // 'window'
 * }
 * ```
 */
export class OptionError extends RangeError {
  /** The option's name, as the options object spells it (`vectorSize`, `minCount`, ...). */
  readonly option: string;

  /** Creates the error; `message` is what a user will read, and starts with the option's name. */
  constructor(option: string, message: string) {
    super(message);
    this.name = 'OptionError';
    this.option = option;
  }
}

/** `value` as an option's error shows it: a string quoted and named, so that `'100'` is not read as 100. */
export function shownValue(value: unknown): string {
  return typeof value === 'string' ? `'${value}' (a string)` : String(value);
}

/**
 * Throw a `TypeError` naming `where` unless `options` is an options object (or left out): gensim's
 * positional parameters passed the Python way, as `Word2Vec.train(sentences, 100)`, set nothing here.
 */
export function requireOptionsObject(options: unknown, where: string, example: string): void {
  if (options === undefined || (typeof options === 'object' && options !== null && !Array.isArray(options)))
    return;
  throw new TypeError(`${where}: the options are an object such as ${example}, got ${shownValue(options)}`);
}
