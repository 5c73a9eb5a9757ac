/**
 * A page whose elements nest deeper than {@link readableText} reads (`limit`, its
 * `MAX_READABLE_DEPTH`): refused at once, since finding the article in it would take minutes.
 * `getText` reads such a page in linear time.
 *
 * @example
 * ```ts
 * import { NestingTooDeepError, readableText } from '@tokenlab/html';
 * try {
 *   readableText(`<html><body>${'<div>'.repeat(300)}text</body></html>`);
 * } catch (error) {
 *   error instanceof NestingTooDeepError; // true
 * }
 * ```
 */
export class NestingTooDeepError extends RangeError {
  /** `'NestingTooDeepError'`, so that logs and `String(error)` say which error it is. */
  override name = 'NestingTooDeepError';
  /** The deepest nesting that is read. */
  readonly limit: number;

  /** Creates the error for a page nested deeper than `limit`. */
  constructor(limit: number) {
    super(
      `the page nests elements more than ${limit} deep, which Readability would take minutes over ` +
        '(its time grows faster than the square of the depth); getText reads all of its text',
    );
    this.limit = limit;
  }
}
