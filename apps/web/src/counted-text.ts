import { PartTotals } from './part-totals.js';
import { applyChange, type Segmented, segmented, type TextChange } from './segments.js';

/**
 * A text that follows edits (the worker's copy of the text box) with totals measured part by part
 * on it: after an edit, each total takes off the numbers of the parts the edit removed and measures
 * only the new ones, so an edit of a long text costs what its parts cost, not what the text costs.
 */
export class CountedText {
  /** The text, cut into parts (see `segmented`). */
  cut: Segmented = segmented('');
  private readonly totals = new Map<string, PartTotals>();

  /**
   * Take a new text, forgetting every number measured.
   *
   * @example
   * ```ts
   * const counted = new CountedText();
   * counted.setText('one\ntwo');
   * const words = counted.totalsOf('words', (part) => part.split(/\s+/).filter(Boolean).length);
   * words.measureUntil(counted.cut.parts, Number.POSITIVE_INFINITY);
   * words.total; // 2
   * counted.apply([[3, 3, ' more']]);
   * words.measureUntil(counted.cut.parts, Number.POSITIVE_INFINITY);
   * words.total; // 3
   * ```
   */
  setText(text: string): void {
    this.cut = segmented(text);
    for (const totals of this.totals.values()) totals.reset(this.cut.parts.length);
  }

  /** Apply `changes` (in order) to the text; every total follows. */
  apply(changes: readonly TextChange[]): void {
    for (const change of changes) {
      const { cut, splice } = applyChange(this.cut, change);
      this.cut = cut;
      for (const totals of this.totals.values()) totals.splice(splice);
    }
  }

  /** The totals named `key` (made with `measure` the first time), following this text's edits from now on. */
  totalsOf(key: string, measure: (part: string) => number): PartTotals {
    let totals = this.totals.get(key);
    if (!totals) {
      totals = new PartTotals(measure, this.cut.parts.length);
      this.totals.set(key, totals);
    }
    return totals;
  }

  /** Stop following the totals whose names are not in `kept` (a column taken away, a pattern changed). */
  keepOnly(kept: ReadonlySet<string>): void {
    for (const key of this.totals.keys()) if (!kept.has(key)) this.totals.delete(key);
  }
}
