import { graphemeCount } from './layout.js';
import { segmented, utf8Length } from './segments.js';

/** What the line under the text box says about the text. */
export interface TextCounts {
  /** Unicode code points. */
  codePoints: number;
  /** UTF-8 bytes. */
  bytes: number;
  /** Grapheme clusters (user-perceived characters); `undefined` until counted. */
  graphemes: number | undefined;
}

function codePointCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/**
 * The counts of a text, the slow one (graphemes, by `Intl.Segmenter`) counted part by part in slices
 * and remembered by part, so that an edit of a long text recounts only the part it touched. A
 * newline always ends a grapheme cluster, so the parts' counts add up to the whole's.
 */
export class TextCounter {
  private graphemesOf = new Map<string, number>();
  private next = 0;
  private total = 0;
  private parts: string[] = [];
  /** The counts of the current text. */
  counts: TextCounts = { codePoints: 0, bytes: 0, graphemes: 0 };

  /**
   * Take a new text: code points and bytes now, graphemes by {@link TextCounter.countUntil}.
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
    this.total = 0;
    this.counts = { codePoints: codePointCount(text), bytes: utf8Length(text), graphemes: undefined };
  }

  /** Count graphemes on until `deadline` (a `performance.now()` time); `true` once done. */
  countUntil(deadline: number): boolean {
    while (this.next < this.parts.length) {
      const part = this.parts[this.next++]!;
      let count = this.graphemesOf.get(part);
      if (count === undefined) {
        count = graphemeCount(part);
        this.graphemesOf.set(part, count);
      }
      this.total += count;
      if (this.next % 64 === 0 && performance.now() > deadline) return false;
    }
    if (this.counts.graphemes === undefined) {
      this.counts.graphemes = this.total;
      if (this.graphemesOf.size > this.parts.length * 2) {
        const kept = new Map<string, number>();
        for (const part of this.parts) kept.set(part, this.graphemesOf.get(part)!);
        this.graphemesOf = kept;
      }
    }
    return true;
  }
}
