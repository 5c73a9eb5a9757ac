import type { Token } from '@tokenlab/core';

const QUOTE_TOKENS = new Set(['"', '``', "''"]);
const SOURCE_QUOTES = /``|''|"/g;

/**
 * Spans for tokens cut from `text` by rewriting it (NLTK's `span_tokenize`): the quote tokens the
 * rewrite produced (`` ` ` `` and `''` for `"`) are matched, in order, to the quotes in the source,
 * then every token is found left to right (`align_tokens`). A quote token keeps its rewritten text,
 * while its span covers the source quote. A token that cannot be found (only possible when the rewrite
 * produced text that is not in the source) gets an empty span where the search stood. `offset` is added
 * to every span (for text cut from a larger one).
 */
export function alignTokens(tokens: readonly string[], text: string, offset = 0): Token[] {
  const hasQuotes = text.includes('"') || text.includes("''");
  const sourceQuotes = hasQuotes ? (text.match(SOURCE_QUOTES) ?? []) : [];
  let quoteIndex = 0;
  const result: Token[] = [];
  let point = 0;
  for (const token of tokens) {
    let needle = token;
    if (hasQuotes && QUOTE_TOKENS.has(token) && quoteIndex < sourceQuotes.length)
      needle = sourceQuotes[quoteIndex++]!;
    const start = text.indexOf(needle, point);
    if (start === -1) {
      result.push({ text: token, start: point + offset, end: point + offset });
      continue;
    }
    point = start + needle.length;
    result.push({ text: token, start: start + offset, end: point + offset });
  }
  return result;
}
