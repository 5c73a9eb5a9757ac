/**
 * Markup that Python's `html.parser` refuses (an unknown `<![keyword[` section, or `<![` without a
 * name), so Beautiful Soup raises instead of returning a tree. The message is html.parser's.
 *
 * @example
 * ```ts
 * import { getText, HtmlParseError } from '@tokenlab/html';
 * try {
 *   getText('<![foo[ x ]]>');
 * } catch (error) {
 *   error instanceof HtmlParseError; // true
 * }
 * ```
 */
export class HtmlParseError extends Error {
  /** `'HtmlParseError'`, so that logs and `String(error)` say which error it is. */
  override name = 'HtmlParseError';
}
