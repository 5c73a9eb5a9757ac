/**
 * Token ids drawn under their tokens in a layer of their own.
 *
 * An id label inside the token box, even out of the flow (absolute, float, ruby), is an object in
 * the line for the bidi algorithm: between the digits of a number cut into tokens it would split
 * the number into runs and reverse them in an Arabic line. So the labels are laid over the drawn
 * lines afterwards, each at the bottom centre of its token's last box.
 *
 * @example
 * ```ts
 * // after drawing pieces with data-ids="216 168" into `content`:
 * placeIdLabels(content);
 * ```
 */
export function placeIdLabels(content: HTMLElement): void {
  content.querySelector(':scope > .id-layer')?.remove();
  const pieces = content.querySelectorAll<HTMLElement>('.piece[data-ids]');
  if (pieces.length === 0) return;
  const origin = content.getBoundingClientRect();
  // Read every position first, then write: one layout, not one per label.
  const places: Array<{ ids: string; x: number; y: number }> = [];
  for (const piece of pieces) {
    const boxes = piece.getClientRects();
    const last = boxes[boxes.length - 1];
    if (!last) continue;
    places.push({
      ids: piece.dataset.ids!,
      x: last.left + last.width / 2 - origin.left,
      y: last.bottom - origin.top,
    });
  }
  const layer = document.createElement('div');
  layer.className = 'id-layer';
  layer.setAttribute('aria-hidden', 'true');
  for (const { ids, x, y } of places) {
    const label = document.createElement('span');
    label.className = 'id';
    label.textContent = ids;
    label.style.left = `${x}px`;
    label.style.top = `${y}px`;
    layer.append(label);
  }
  content.append(layer);
}
