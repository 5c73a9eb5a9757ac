import type { PartSplice } from './segments.js';

/**
 * A number measured on each part of a text (a tokenizer's token count, the part's bytes…) and
 * their sum, kept across edits: an edit's splice takes the removed parts' numbers off the sum and
 * leaves the new parts to be measured, so that after an edit only the parts it touched are measured
 * again, however long the text.
 */
export class PartTotals {
  /** The number of each part, `NaN` until measured. */
  private values: number[] = [];
  /** Every part before this one is measured. */
  private next = 0;
  private sum = 0;

  /**
   * Totals of `measure` over the parts of a text of `partCount` parts (none measured yet).
   *
   * @example
   * ```ts
   * const lengths = new PartTotals((part) => part.length, 2);
   * lengths.measureUntil(['a\n', 'b'], Number.POSITIVE_INFINITY); // true
   * lengths.total;                                                // 3
   * ```
   */
  constructor(
    private readonly measure: (part: string) => number,
    partCount = 1,
  ) {
    this.reset(partCount);
  }

  /** Forget every number: the text is a new one, of `partCount` parts. */
  reset(partCount: number): void {
    this.values = new Array<number>(partCount).fill(Number.NaN);
    this.next = 0;
    this.sum = 0;
  }

  /** Follow an edit of the text (see `applyChange`): the removed parts' numbers leave the sum. */
  splice({ index, removed, inserted }: PartSplice): void {
    for (let i = index; i < index + removed; i++) {
      const value = this.values[i]!;
      if (!Number.isNaN(value)) this.sum -= value;
    }
    const fresh = new Array<number>(inserted).fill(Number.NaN);
    this.values = this.values.slice(0, index).concat(fresh, this.values.slice(index + removed));
    if (this.next > index) this.next = inserted > 0 ? index : Math.max(index, this.next - removed);
  }

  /** Measure the parts not measured yet until `deadline` (a `performance.now()` time); `true` once all are. */
  measureUntil(parts: readonly string[], deadline: number): boolean {
    if (parts.length !== this.values.length)
      throw new Error(`these totals follow ${this.values.length} parts, not ${parts.length}`);
    let measured = 0;
    while (this.next < parts.length) {
      const i = this.next++;
      if (!Number.isNaN(this.values[i]!)) continue;
      const value = this.measure(parts[i]!);
      this.values[i] = value;
      this.sum += value;
      if (++measured % 64 === 0 && performance.now() > deadline) return this.next === parts.length;
    }
    return true;
  }

  /** The sum over every part, once every part is measured; `undefined` before. */
  get total(): number | undefined {
    return this.next === this.values.length ? this.sum : undefined;
  }
}
