/**
 * How many UTF-16 units a column draws at once before it knows how much text fits on its screen:
 * about a screen and a half of a column on a laptop, whatever the size of the text.
 */
export const WINDOW_SIZE = 1200;

/** How far back from a cut in a very long line to look for a space to cut at. */
const CUT_SEARCH = 200;

/**
 * A place at or before `at` to start a drawn range: after a newline when one is near, else after a
 * space (a space always ends a grapheme cluster), else `at` itself.
 */
function cutBefore(text: string, at: number, limit: number): number {
  if (at <= 0 || at >= text.length) return Math.max(0, Math.min(at, text.length));
  const newline = text.lastIndexOf('\n', at - 1);
  if (newline >= 0 && at - (newline + 1) <= limit) return newline + 1;
  for (let i = at; i > at - CUT_SEARCH && i > 0; i--) if (text.charCodeAt(i - 1) === 32) return i;
  return at;
}

/**
 * A place at or after `at` to end a drawn range: after the newline that ends the line when it is
 * near, else after a space, else `at` itself.
 */
function cutAfter(text: string, at: number, limit: number): number {
  if (at >= text.length) return text.length;
  const newline = text.indexOf('\n', at);
  if (newline >= 0 && newline + 1 - at <= limit) return newline + 1;
  if (newline < 0 && text.length - at <= limit) return text.length;
  for (let i = at; i < at + CUT_SEARCH && i < text.length; i++) if (text.charCodeAt(i) === 32) return i + 1;
  return at;
}

/**
 * The `[start, end)` range of `text` a column draws when its view begins near offset `at`: whole
 * lines of at least `size` units (a line much longer than that is cut after a space), so that each
 * drawn line is a paragraph the bidi algorithm sees whole.
 *
 * @example
 * ```ts
 * windowAround('first\nsecond\nthird', 8, 4); // { start: 6, end: 13 }: the line 'second\n'
 * ```
 */
export function windowAround(text: string, at: number, size = WINDOW_SIZE): { start: number; end: number } {
  const start = cutBefore(text, Math.min(at, text.length), size / 2);
  if (text.length - start <= size) return { start, end: text.length };
  return { start, end: cutAfter(text, start + size, size) };
}
