import { bidiClass } from '@tokenlab/core';

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * `text` inside a first-strong isolate (FSI … PDI) when it holds right-to-left letters, else as it is:
 * a terminal that lays lines out by the bidi algorithm would otherwise run the Arabic cells of a row
 * (or the Arabic items of a tuple) and the spaces and punctuation between them together into one
 * right-to-left run, and show them in reverse order.
 *
 * @example
 * ```ts
 * isolated('قال'); // '\u2068قال\u2069'
 * isolated('said'); // 'said'
 * ```
 */
export function isolated(text: string): string {
  for (const char of text) {
    const kind = bidiClass(char.codePointAt(0)!);
    if (kind === 'R' || kind === 'AL') return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
  }
  return text;
}
