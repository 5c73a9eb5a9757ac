import { presizedArray, type Token } from '@tokenlab/core';

/**
 * The `[start, end)` offsets found by the last scan, as start, end, start, end, ... The buffer is
 * reused from call to call: a scanner empties it, pushes what it finds, and its caller turns it into
 * tokens, strings or spans, so each scanner is written once and allocates nothing per token.
 * (JavaScript runs one scan at a time, and no scanner calls out while it fills the buffer.)
 */
let offsets = new Int32Array(1024);
let count = 0;

/** Forget the last scan. */
export function clearOffsets(): void {
  count = 0;
}

/** Add one `[start, end)` span. */
export function pushOffsets(start: number, end: number): void {
  if (count + 2 > offsets.length) {
    const larger = new Int32Array(offsets.length * 2);
    larger.set(offsets);
    offsets = larger;
  }
  offsets[count++] = start;
  offsets[count++] = end;
}

/** The last scan's spans as tokens of `text`. */
export function scannedTokens(text: string): Token[] {
  const tokens = presizedArray<Token>(count >> 1);
  for (let index = 0; index < count; index += 2) {
    const start = offsets[index]!;
    const end = offsets[index + 1]!;
    tokens[index >> 1] = { text: text.slice(start, end), start, end };
  }
  return tokens;
}

/** The last scan's spans as strings of `text`. */
export function scannedStrings(text: string): string[] {
  const strings = presizedArray<string>(count >> 1);
  for (let index = 0; index < count; index += 2)
    strings[index >> 1] = text.slice(offsets[index]!, offsets[index + 1]!);
  return strings;
}

/** The last scan's spans as `[start, end)` pairs. */
export function scannedSpans(): [number, number][] {
  const spans = presizedArray<[number, number]>(count >> 1);
  for (let index = 0; index < count; index += 2) spans[index >> 1] = [offsets[index]!, offsets[index + 1]!];
  return spans;
}
