import { isPythonSpace } from '@tokenlab/pattern';
import { codePointWidth } from '../code-point-width.js';
import { clearOffsets, pushOffsets } from '../offsets.js';
import { type CharClassifier, OTHER, WORD } from './char-classes.js';

/** Scan the runs of non-whitespace by Python's `str.isspace()` (all such characters are in the BMP). */
export function scanNonSpaceRuns(text: string): void {
  clearOffsets();
  const length = text.length;
  let index = 0;
  while (index < length) {
    while (index < length && isPythonSpace(text.charCodeAt(index))) index++;
    if (index === length) break;
    const start = index;
    while (index < length && !isPythonSpace(text.charCodeAt(index))) index++;
    pushOffsets(start, index);
  }
}

/**
 * Scan the maximal runs of word characters (`\w+`) and, with `punctuation`, of other non-space
 * characters (`[^\w\s]+`), left to right.
 */
export function scanClassRuns(text: string, classifier: CharClassifier, punctuation: boolean): void {
  clearOffsets();
  const { table } = classifier;
  const length = text.length;
  let index = 0;
  while (index < length) {
    const kind = classifier.classAt(text, index);
    const start = index;
    index += codePointWidth(text, index);
    while (index < length) {
      const unit = text.charCodeAt(index);
      // Surrogates go the slow way: a pair is one code point, classified whole.
      if (unit >= 0xd800 && unit <= 0xdfff) {
        if (classifier.classAt(text, index) !== kind) break;
        index += codePointWidth(text, index);
      } else if (table[unit] === kind) index++;
      else break;
    }
    if (kind === WORD || (punctuation && kind === OTHER)) pushOffsets(start, index);
  }
}
