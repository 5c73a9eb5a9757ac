import type { Drawing } from './column.js';

/**
 * The original text under a selection in a drawn column: from the first to the last piece the
 * selection touches, as it is in the text box. Copying from a column then gives the real characters,
 * not the whitespace glyphs, the ids or the joiners the column draws; `undefined` when the selection
 * touches no piece of this drawing.
 *
 * @example
 * ```ts
 * column.addEventListener('copy', (event) => {
 *   const text = selectedText(drawing, document.getSelection()!.getRangeAt(0));
 *   if (text !== undefined) {
 *     event.clipboardData!.setData('text/plain', text);
 *     event.preventDefault();
 *   }
 * });
 * ```
 */
export function selectedText(drawing: Drawing, range: Range): string | undefined {
  let start = Number.POSITIVE_INFINITY;
  let end = -1;
  drawing.elements.forEach((element, index) => {
    if (!range.intersectsNode(element)) return;
    const piece = drawing.pieces[index]!;
    start = Math.min(start, piece.start);
    end = Math.max(end, piece.end);
  });
  return end < 0 ? undefined : drawing.text.slice(start, end);
}
