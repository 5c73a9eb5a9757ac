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
  content.append(layer);
  const probe = document.createElement('span');
  probe.className = 'id';
  probe.textContent = '0';
  layer.append(probe);
  const style = getComputedStyle(probe);
  const digit = probe.getBoundingClientRect().width;
  const rowHeight = Number.parseFloat(style.lineHeight) || digit * 2;
  probe.remove();
  // A label wider than the room beside its token (the last token of a line) stays inside the column.
  for (const place of places) {
    const half = (place.ids.length * digit) / 2;
    place.x = Math.max(half, Math.min(origin.width - half, place.x));
  }
  const rows = stackedRows(places, digit);
  for (const [i, { ids, x, y }] of places.entries()) {
    const label = document.createElement('span');
    label.className = 'id';
    label.textContent = ids;
    label.style.left = `${x}px`;
    label.style.top = `${y + rows[i]! * rowHeight}px`;
    layer.append(label);
  }
}

/** How many rows of labels a line holds under its tokens (the ids view leaves room for them). */
const ROWS = 3;

/**
 * For each label (ids at `x`, the centre, and `y`, the line's bottom), the row under its token it is
 * drawn in: the first row where it does not overlap the label before it in that row, so that the ids
 * of narrow tokens (one Arabic letter, a space) stand apart instead of on top of each other; when
 * every row is taken, the row whose last label ends first. Labels are as wide as their characters
 * (`unit` each: tabular digits and spaces).
 *
 * @example
 * ```ts
 * stackedRows([{ ids: '100', x: 10, y: 20 }, { ids: '200', x: 14, y: 20 }], 6); // [0, 1]
 * ```
 */
export function stackedRows(
  places: ReadonlyArray<{ ids: string; x: number; y: number }>,
  unit: number,
): number[] {
  const rows = new Array<number>(places.length).fill(0);
  // Lines by their bottom (to the pixel: the tokens of a line may end a fraction apart), then left to right.
  const lineOf = (i: number) => Math.round(places[i]!.y);
  const order = places.map((_, i) => i).sort((a, b) => lineOf(a) - lineOf(b) || places[a]!.x - places[b]!.x);
  // The right edge of the last label of each row on the current line.
  let ends: number[] = [];
  let line: number | undefined;
  for (const i of order) {
    const { ids, x } = places[i]!;
    if (lineOf(i) !== line) {
      line = lineOf(i);
      ends = new Array<number>(ROWS).fill(Number.NEGATIVE_INFINITY);
    }
    const half = (ids.length * unit) / 2;
    const gap = unit / 2;
    let row = ends.findIndex((end) => end + gap <= x - half);
    if (row < 0) row = ends.indexOf(Math.min(...ends));
    ends[row] = x + half;
    rows[i] = row;
  }
  return rows;
}
