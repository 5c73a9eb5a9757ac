import { bidiLevels, visualClusters } from '@tokenlab/core';
import type { SampleSegment } from './model.js';

/** The token separator of the plain-text and Markdown samples. */
export const TOKEN_SEPARATOR = '│';
/** A left-to-right isolate holding a left-to-right override, and its end. */
const OPEN = '\u2066\u202D';
const CLOSE = '\u202C\u2069';

function shown(text: string): string {
  return text.replace(/\n/g, '↵');
}

/**
 * The tokens of a sample joined by `│`, so that a renderer running the bidi algorithm over the
 * whole line (a browser, a bidi terminal) shows numbers, Latin words and punctuation in the order of
 * the plain line. A bare `│` is a neutral: between the two halves of a number cut in two ("20│14")
 * inside Arabic it takes the Arabic direction and the halves swap. So in a right-to-left line, every
 * stretch that the plain line shows left to right (a number, a Latin word, a date, a URL: the even
 * levels of the bidi algorithm) is wrapped in a left-to-right isolate holding a left-to-right
 * override (LRI LRO … PDF PDI): inside it, tokens and separators keep their order; outside, the
 * isolate counts as one neutral, which takes the Arabic direction just as the stretch did.
 * Whitespace no token covers is dropped.
 *
 * @example
 * ```ts
 * const segments = [{ text: 'في' }, { text: ' ', gap: true }, { text: '20' }, { text: '14' }];
 * joinTokens('في 2014', segments, 'rtl'); // 'في│\u2066\u202D20│14\u202C\u2069'
 * ```
 */
export function joinTokens(
  text: string,
  segments: readonly SampleSegment[],
  direction: 'ltr' | 'rtl',
): string {
  const levels = direction === 'rtl' ? bidiLevels(text, 'rtl').levels : undefined;
  let out = '';
  let offset = 0;
  let first = true;
  let open = false;
  for (const segment of segments) {
    const start = offset;
    offset += segment.text.length;
    if (segment.gap) {
      // Whitespace the plain line shows right to left separates two left-to-right stretches.
      if (open && levels?.subarray(start, offset).some((level) => level % 2 === 1)) {
        out += CLOSE;
        open = false;
      }
      continue;
    }
    // Cut the token where the plain line changes between left-to-right and right-to-left.
    let at = start;
    let piece = true;
    while (at < offset) {
      const ltr = levels ? levels[at]! % 2 === 0 : false;
      let end = at + 1;
      while (end < offset && (levels ? levels[end]! % 2 === 0 : false) === ltr) end++;
      if (open && !ltr) {
        out += CLOSE;
        open = false;
      }
      if (piece && !first) out += TOKEN_SEPARATOR;
      if (ltr && !open) {
        out += OPEN;
        open = true;
      }
      out += shown(text.slice(at, end));
      piece = false;
      first = false;
      at = end;
    }
  }
  return open ? out + CLOSE : out;
}

/**
 * A sample drawn in visual order (left to right) for a terminal that does no bidi: the characters
 * of the whole line are reordered by the Unicode Bidirectional Algorithm, and each keeps the colour
 * of its token (`paint`), so token boxes appear where the characters they hold appear. With a
 * `separator`, whitespace no token covers is dropped and the separator goes between tokens.
 *
 * @example
 * ```ts
 * const segments = [{ text: 'في', index: 0 }, { text: ' ', gap: true }, { text: '2014', index: 1 }];
 * visualTokens('في 2014', segments, 'rtl', { paint: (t) => `[${t}]` }); // '[2014] [يف]'
 * visualTokens('في 2014', segments, 'rtl', { separator: '│' }); // '2014│يف'
 * ```
 */
export function visualTokens(
  text: string,
  segments: readonly SampleSegment[],
  direction: 'ltr' | 'rtl',
  options: { paint?: (text: string, segment: SampleSegment) => string; separator?: string },
): string {
  const owner = new Array<number>(text.length);
  let offset = 0;
  segments.forEach((segment, index) => {
    owner.fill(index, offset, offset + segment.text.length);
    offset += segment.text.length;
  });
  const paint = options.paint ?? ((piece: string) => piece);
  const pieces: string[] = [];
  let run = '';
  let current = -1;
  const flush = () => {
    const segment = segments[current];
    if (segment && run) {
      if (!segment.gap) pieces.push(paint(run, segment));
      else if (options.separator === undefined) pieces.push(run);
    }
    run = '';
  };
  for (const cluster of visualClusters(text, direction)) {
    const index = owner[cluster.start] ?? -1;
    if (index !== current) {
      flush();
      current = index;
    }
    run += shown(cluster.text);
  }
  flush();
  return pieces.join(options.separator ?? '');
}
