import type { Token } from '@tokenlab/core';

/**
 * Tokens with spans, and how many of them could not be found in the text.
 *
 * @example
 * ```ts
 * const { tokens, unmatched } = recoverSpans('a  cat', ['a', 'kat', 'cat']);
 * unmatched; // 1
 * tokens[1]; // { text: 'kat', start: 1, end: 1 }
 * tokens[2]; // { text: 'cat', start: 3, end: 6 }
 * ```
 */
export interface RecoveredTokens {
  /** The tokens, in natural's order, each with the span where it was found. */
  tokens: Token[];
  /** Tokens that are not in the text as written; each got an empty span at the scan position. */
  unmatched: number;
}

/**
 * Give spans to tokens that a tokenizer returned as bare strings, by finding each one in `text`
 * after the end of the previous one. A token that does not occur (a tokenizer that rewrites its
 * tokens) gets an empty span `[p, p)` at the current position and is counted in `unmatched`.
 *
 * @example
 * ```ts
 * recoverSpans('a cat', ['a', 'cat']).tokens; // [{ text: 'a', start: 0, end: 1 }, { text: 'cat', start: 2, end: 5 }]
 * ```
 */
export function recoverSpans(text: string, pieces: readonly string[]): RecoveredTokens {
  const tokens: Token[] = [];
  let cursor = 0;
  let unmatched = 0;
  for (const piece of pieces) {
    const start = text.indexOf(piece, cursor);
    if (start < 0) {
      unmatched++;
      tokens.push({ text: piece, start: cursor, end: cursor });
      continue;
    }
    const end = start + piece.length;
    tokens.push({ text: piece, start, end });
    cursor = end;
  }
  return { tokens, unmatched };
}
