import { isPythonSpace } from '@tokenlab/pattern';
import type { Rewrite } from './rewrite.js';

/**
 * The Treebank rules anchored at the end of the text, written by hand. As regular expressions they
 * are tried at every position of the text although only its end can match; here the end is read
 * backwards once. A property test checks each against the Python substitution it replaces.
 */

/**
 * `re.sub(r'([:,])$', r' \1 ', text)`: a `:` or `,` at the end (or before a final `\n`, as Python's
 * `$` allows) gets a space on each side.
 *
 * @example
 * ```ts
 * spaceFinalColonComma('so,'); // 'so , '
 * ```
 */
export const spaceFinalColonComma: Rewrite = (text) => {
  let index = text.length - 1;
  if (text.charCodeAt(index) === 0x0a) index--;
  const unit = text.charCodeAt(index);
  if (unit !== 0x3a && unit !== 0x2c) return text;
  return `${text.slice(0, index)} ${text[index]} ${text.slice(index + 1)}`;
};

/**
 * `re.sub(r'([^\.])(\.)([CLOSERS]*)\s*$', r'\1 \2\3 ', text)` (or `r'\1 \2 \3 '` with
 * `spaceAfterPeriod`): the text's final period, after a character that is not a period and before
 * closing brackets and quotes, is split off, and the trailing whitespace is dropped.
 *
 * The suffix that can follow the period, closers then whitespace, is found by skipping whitespace
 * and then closers backwards from the end; the only possible match is the period just before it.
 *
 * @example
 * ```ts
 * finalPeriodRewrite(`])}>"'`, false)('He left.) '); // 'He left .) '
 * ```
 */
export function finalPeriodRewrite(closers: string, spaceAfterPeriod: boolean): Rewrite {
  const isCloser = new Set([...closers].map((char) => char.charCodeAt(0)));
  return (text) => {
    let end = text.length;
    while (end > 0 && isPythonSpace(text.charCodeAt(end - 1))) end--;
    let suffix = end;
    while (suffix > 0 && isCloser.has(text.charCodeAt(suffix - 1))) suffix--;
    const period = suffix - 1;
    if (period < 1 || text.charCodeAt(period) !== 0x2e || text.charCodeAt(period - 1) === 0x2e) return text;
    // The closers group is greedy: it runs on as far as closers go (a space may be both).
    let closersEnd = suffix;
    while (closersEnd < text.length && isCloser.has(text.charCodeAt(closersEnd))) closersEnd++;
    return `${text.slice(0, period)} .${spaceAfterPeriod ? ' ' : ''}${text.slice(suffix, closersEnd)} `;
  };
}
