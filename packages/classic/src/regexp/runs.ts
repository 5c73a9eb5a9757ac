import type { Token } from '@tokenlab/core';
import { isPythonSpace } from '../pattern/python-space.js';
import { type CharClassifier, OTHER, WORD } from './char-classes.js';

/**
 * The `[start, end)` offsets found by the last scan, as start, end, start, end, ... The buffer is
 * reused from call to call: the scanners fill it, then the callers turn it into tokens, strings or
 * spans, so each scanner is written once and allocates nothing per token.
 */
let offsets = new Int32Array(1024);
let count = 0;

function push(start: number, end: number): void {
  if (count + 2 > offsets.length) {
    const larger = new Int32Array(offsets.length * 2);
    larger.set(offsets);
    offsets = larger;
  }
  offsets[count++] = start;
  offsets[count++] = end;
}

/** Scan the runs of non-whitespace by Python's `str.isspace()` (all such characters are in the BMP). */
export function scanNonSpaceRuns(text: string): void {
  count = 0;
  const length = text.length;
  let index = 0;
  while (index < length) {
    while (index < length && isPythonSpace(text.charCodeAt(index))) index++;
    if (index === length) break;
    const start = index;
    while (index < length && !isPythonSpace(text.charCodeAt(index))) index++;
    push(start, index);
  }
}

/**
 * Scan the maximal runs of word characters (`\w+`) and, with `punctuation`, of other non-space
 * characters (`[^\w\s]+`), left to right.
 */
export function scanClassRuns(text: string, classifier: CharClassifier, punctuation: boolean): void {
  count = 0;
  const { table } = classifier;
  const length = text.length;
  let index = 0;
  while (index < length) {
    const kind = classifier.classAt(text, index);
    const start = index;
    index += widthAt(text, index);
    while (index < length) {
      const unit = text.charCodeAt(index);
      // Surrogates go the slow way: a pair is one code point, classified whole.
      if (unit >= 0xd800 && unit <= 0xdfff) {
        if (classifier.classAt(text, index) !== kind) break;
        index += widthAt(text, index);
      } else if (table[unit] === kind) index++;
      else break;
    }
    if (kind === WORD || (punctuation && kind === OTHER)) push(start, index);
  }
}

function widthAt(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  if (unit >= 0xd800 && unit <= 0xdbff) {
    const next = text.charCodeAt(index + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return 2;
  }
  return 1;
}

/** The last scan's runs as tokens of `text`. */
export function scannedTokens(text: string): Token[] {
  const tokens: Token[] = new Array(count >> 1);
  for (let index = 0; index < count; index += 2) {
    const start = offsets[index]!;
    const end = offsets[index + 1]!;
    tokens[index >> 1] = { text: text.slice(start, end), start, end };
  }
  return tokens;
}

/** The last scan's runs as strings of `text`. */
export function scannedStrings(text: string): string[] {
  const strings: string[] = new Array(count >> 1);
  for (let index = 0; index < count; index += 2)
    strings[index >> 1] = text.slice(offsets[index]!, offsets[index + 1]!);
  return strings;
}

/** The last scan's runs as `[start, end)` pairs. */
export function scannedSpans(): [number, number][] {
  const spans: [number, number][] = new Array(count >> 1);
  for (let index = 0; index < count; index += 2) spans[index >> 1] = [offsets[index]!, offsets[index + 1]!];
  return spans;
}
