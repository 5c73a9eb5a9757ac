import { type Drawing, type DrawOptions, drawRange } from './column.js';
import { placeIdLabels } from './id-labels.js';
import { WINDOW_SIZE, windowAround } from './text-window.js';
import type { TokenStore } from './token-store.js';

/** How much text the height of a unit is measured on: about a screen of a column. */
const MEASURED_UNITS = 1500;

/**
 * A column's scrolling token box that draws only a window of the text (see `windowAround`), with
 * spacers above and below sized from the height of drawn text, so that the scroll bar stands for the
 * whole text and the page holds a bounded number of elements however long the text is. Scrolling
 * near the edge of the window draws the window there.
 */
export class ColumnView {
  private readonly above = spacer();
  private readonly content = document.createElement('div');
  private readonly below = spacer();
  private text = '';
  private store: TokenStore | undefined;
  private options: DrawOptions = { ids: false, whitespace: true };
  private range = { start: 0, end: 0 };
  /** Pixels per UTF-16 unit, measured on the first window of a text; sizes the spacers. */
  private unitHeight = 0;
  /** The length of the text `unitHeight` was measured on. */
  private measuredLength = 0;
  /** The lines to measure `unitHeight` on, marked when the window is drawn. */
  private sample: { last: HTMLElement; units: number } | undefined;
  /**
   * The box's height when last measured, after a frame: reading it while drawing would force the
   * browser to lay out the page (the text box with it) once per column.
   */
  private boxHeight = 0;
  private scrollPending = false;
  /** What is drawn now, for hovers and copies; `undefined` after an error. */
  drawing: Drawing | undefined;

  /**
   * Wrap `box` (the column's scrolling element).
   *
   * @example
   * ```ts
   * const view = new ColumnView(document.querySelector('.tokens')!);
   * view.show('some text', store, { ids: false, whitespace: true });
   * ```
   */
  constructor(readonly box: HTMLElement) {
    this.content.className = 'drawn';
    box.replaceChildren(this.above, this.content, this.below);
    // Ids are placed from the laid-out lines: again when the column's width changes.
    new ResizeObserver(() => {
      if (this.options.ids && this.drawing) placeIdLabels(this.content);
    }).observe(this.content);
    watchFonts(this);
    box.addEventListener('scroll', () => {
      if (this.scrollPending) return;
      this.scrollPending = true;
      requestAnimationFrame(() => {
        this.scrollPending = false;
        this.followScroll();
      });
    });
  }

  /** Draw `text` with the tokens of `store`, keeping the view where it was (clamped to the new text). */
  show(text: string, store: TokenStore, options: DrawOptions): Drawing {
    this.text = text;
    this.store = store;
    this.options = options;
    const drawing = this.draw(Math.min(this.range.start, text.length));
    fitSoon(this);
    return drawing;
  }

  /** Show an error message instead of tokens. */
  showError(message: string): void {
    this.drawing = undefined;
    this.store = undefined;
    this.range = { start: 0, end: 0 };
    this.above.style.height = '0';
    this.below.style.height = '0';
    this.content.textContent = message;
  }

  /**
   * How much text to draw: one and a half times what fits in the box (measured once the first
   * window has been laid out), so that a wide column is never left blank and a narrow one draws little.
   */
  private windowSize(): number {
    if (this.unitHeight === 0 || this.boxHeight === 0) return WINDOW_SIZE;
    const fits = this.boxHeight / this.unitHeight;
    return Math.round(Math.min(5000, Math.max(600, fits * 1.5)));
  }

  private draw(at: number): Drawing {
    const { start, end } = windowAround(this.text, at, this.windowSize());
    this.range = { start, end };
    this.drawing = drawRange(
      this.content,
      this.text,
      start,
      end,
      this.store!.tokensIn(start, end),
      this.options,
      this.drawing,
    );
    if (this.needsMeasure()) this.markSample();
    return this.drawing;
  }

  /** Whether the height of a unit is to be measured: on a first window, and at the top of a text of another size. */
  private needsMeasure(): boolean {
    const { start, end } = this.range;
    const resized = Math.abs(this.text.length - this.measuredLength) > 0.1 * this.measuredLength;
    return end > start && (this.unitHeight === 0 || (start === 0 && resized));
  }

  /**
   * Size the spacers from the drawn window, measured again when the window is the top of a text of
   * another size (a paste, a sample): once per text rather than once per edit.
   */
  private fitSpacers(): void {
    this.readLayout();
    this.writeSpacers();
  }

  /** The measures {@link ColumnView.writeSpacers} needs, read from the page's layout. */
  readLayout(): void {
    if (!this.drawing) return;
    if (this.sample) {
      const measured = this.measureUnitHeight();
      if (measured > 0) {
        this.unitHeight = measured;
        this.measuredLength = this.text.length;
      }
    }
    this.boxHeight = this.box.clientHeight;
  }

  /** Size the spacers (and place the ids) from what {@link ColumnView.readLayout} read. */
  writeSpacers(): void {
    if (!this.drawing) return;
    const { start, end } = this.range;
    this.above.style.height = `${Math.round(start * this.unitHeight)}px`;
    this.below.style.height = `${Math.round((this.text.length - end) * this.unitHeight)}px`;
  }

  /** Place the ids under the tokens, when they are shown. */
  placeIds(): void {
    if (this.options.ids && this.drawing) placeIdLabels(this.content);
  }

  /**
   * The first lines of the window (about a screen of text), made to be laid out even when out of
   * view (lines out of view are skipped by `content-visibility: auto` and stand as one row each),
   * so that {@link ColumnView.fitSpacers} can measure the height of a unit on them in the same
   * layout as the page's, without a second one.
   */
  private markSample(): void {
    const drawing = this.drawing;
    this.sample = undefined;
    if (!drawing) return;
    let units = 0;
    for (const line of this.content.children as HTMLCollectionOf<HTMLElement>) {
      if (!line.classList.contains('line')) continue;
      line.style.contentVisibility = 'visible';
      const index = line.lastElementChild
        ? drawing.indexOf.get(line.lastElementChild as HTMLElement)
        : undefined;
      if (index !== undefined) {
        units = drawing.pieces[index]!.end - this.range.start;
        this.sample = { last: line, units };
      }
      if (units >= MEASURED_UNITS) break;
    }
  }

  /** Pixels per UTF-16 unit, measured on the sample marked by {@link ColumnView.markSample}. */
  private measureUnitHeight(): number {
    const sample = this.sample;
    this.sample = undefined;
    if (!sample?.last.isConnected || sample.units <= 0) return 0;
    return (
      (sample.last.getBoundingClientRect().bottom - this.content.getBoundingClientRect().top) / sample.units
    );
  }

  /**
   * Measure the drawn window again (after a web font arrived and changed the height of its text),
   * so that the spacers match it.
   */
  remeasure(): void {
    if (!this.drawing || this.range.end <= this.range.start || !this.box.isConnected) return;
    this.markSample();
    fitSoon(this);
  }

  /** When the view nears an edge of the drawn window, draw the window around what is in view. */
  private followScroll(): void {
    if (!this.store || this.unitHeight === 0) return;
    const { start, end } = this.range;
    const top = this.box.scrollTop;
    const height = this.box.clientHeight;
    const drawnTop = this.above.offsetHeight;
    const drawnHeight = this.content.offsetHeight;
    const nearTop = start > 0 && top < drawnTop + height / 2;
    const nearBottom = end < this.text.length && top + height > drawnTop + drawnHeight - height / 2;
    if (!nearTop && !nearBottom) return;
    // The text offset at the top of the view: measured inside the window, estimated in the spacers.
    const inside = top >= drawnTop && top <= drawnTop + drawnHeight && drawnHeight > 0;
    const at = inside ? start + ((top - drawnTop) / drawnHeight) * (end - start) : top / this.unitHeight;
    const wanted = windowAround(
      this.text,
      Math.max(0, Math.floor(at - this.windowSize() / 4)),
      this.windowSize(),
    );
    if (wanted.start === start) return;
    this.draw(wanted.start);
    this.fitSpacers();
    if (this.options.ids) placeIdLabels(this.content);
    const newTop = this.above.offsetHeight;
    const newHeight = this.content.offsetHeight;
    const span = this.range.end - this.range.start;
    this.box.scrollTop = newTop + (span > 0 ? ((at - this.range.start) / span) * newHeight : 0);
  }
}

function spacer(): HTMLElement {
  const element = document.createElement('div');
  element.className = 'spacer';
  element.setAttribute('aria-hidden', 'true');
  return element;
}

/**
 * The views to measure again when a web font arrives (the Arabic one is fetched once Arabic is
 * drawn): held weakly, so that a column closed is not kept alive by one listener of the page.
 */
const fontWatchers = new Set<WeakRef<ColumnView>>();
let watchingFonts = false;

function watchFonts(view: ColumnView): void {
  if (!watchingFonts) {
    watchingFonts = true;
    document.fonts?.addEventListener('loadingdone', () => {
      for (const watcher of fontWatchers) {
        const each = watcher.deref();
        if (each) each.remeasure();
        else fontWatchers.delete(watcher);
      }
    });
  }
  fontWatchers.add(new WeakRef(view));
}

/** Views drawn since the last frame, whose spacers are to be fitted in the next one. */
const unfitted = new Set<ColumnView>();

/**
 * Fit the spacers of `view` in the next frame, with every other view drawn meanwhile: all read the
 * layout first, then all write, so that the page is laid out once for all the columns, not once per
 * column.
 */
function fitSoon(view: ColumnView): void {
  if (unfitted.size === 0)
    requestAnimationFrame(() => {
      const views = [...unfitted];
      unfitted.clear();
      for (const each of views) each.readLayout();
      for (const each of views) each.writeSpacers();
      for (const each of views) each.placeIds();
    });
  unfitted.add(view);
}
