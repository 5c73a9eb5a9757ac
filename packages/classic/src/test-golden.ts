import { readGolden } from '@tokenlab/test-support';

/** One row of an NLTK golden file. */
export interface GoldenRow<T> {
  id: string;
  input: string;
  expected: T;
  params?: Record<string, unknown>;
}

/** The rows of `../shared/golden/<name>.jsonl`, typed. */
export function goldenRows<T>(name: string): GoldenRow<T>[] {
  return readGolden<GoldenRow<T>>(name);
}

/** Python code point spans to UTF-16 spans of the same text. */
export function toUtf16Spans(text: string, spans: [number, number][]): [number, number][] {
  const offsets: number[] = [];
  let units = 0;
  for (const char of text) {
    offsets.push(units);
    units += char.length;
  }
  offsets.push(units);
  return spans.map(([start, end]) => [offsets[start]!, offsets[end]!]);
}
