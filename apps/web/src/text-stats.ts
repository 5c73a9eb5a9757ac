import { codePointLength, utf8ByteLength } from '@tokenlab/core';
import { graphemeCount } from './layout.js';
import { segmented } from './segments.js';

/** The counts of one part of a text. */
type PartCounts = [codePoints: number, bytes: number, graphemes: number];

/**
 * The counts of a text, counted part by part (the parts of `segmented`) in slices and remembered by
 * part, so that an edit of a long text recounts only the part it touched. A newline always ends a
 * grapheme cluster, so the parts' counts add up to the whole's.
 */
export class TextCounter {
  private countsOf = new Map<string, PartCounts>();
  private next = 0;
  private total: PartCounts = [0, 0, 0];
  private parts: string[] = [];
  /** The counts of the current text: all `undefined` until {@link TextCounter.countUntil} is done. */
  counts: { codePoints?: number; bytes?: number; graphemes?: number } = {};

  /**
   * Take a new text, to count by {@link TextCounter.countUntil}.
   *
   * @example
   * ```ts
   * const counter = new TextCounter();
   * counter.setText('بِسْمِ');
   * counter.countUntil(Number.POSITIVE_INFINITY);
   * counter.counts; // { codePoints: 6, bytes: 12, graphemes: 3 }
   * ```
   */
  setText(text: string): void {
    this.parts = segmented(text).parts;
    this.next = 0;
    this.total = [0, 0, 0];
    this.counts = {};
  }

  /** Count on until `deadline` (a `performance.now()` time); `true` once done. */
  countUntil(deadline: number): boolean {
    while (this.next < this.parts.length) {
      const part = this.parts[this.next++]!;
      let counts = this.countsOf.get(part);
      if (counts === undefined) {
        counts = [codePointLength(part), utf8ByteLength(part), graphemeCount(part)];
        this.countsOf.set(part, counts);
      }
      for (let i = 0; i < 3; i++) this.total[i]! += counts[i]!;
      if (this.next % 64 === 0 && performance.now() > deadline) return false;
    }
    if (this.counts.graphemes === undefined) {
      const [codePoints, bytes, graphemes] = this.total;
      this.counts = { codePoints, bytes, graphemes };
      if (this.countsOf.size > this.parts.length * 2) {
        const kept = new Map<string, PartCounts>();
        for (const part of this.parts) kept.set(part, this.countsOf.get(part)!);
        this.countsOf = kept;
      }
    }
    return true;
  }
}
