/** A writing direction. */
export type Direction = 'ltr' | 'rtl';

// Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and
// their presentation forms): bidi classes R and AL.
const RTL_LETTER =
  /[\u0590-\u05ff\u0600-\u06ff\u0700-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const LETTER = /\p{L}/u;

/**
 * The direction of the first strong character of `text` (a letter), or `undefined` when it has none
 * (digits, punctuation, spaces and symbols take the direction of their surroundings).
 *
 * @example
 * ```ts
 * strongDirection('3.14 مرحبا'); // 'rtl'
 * strongDirection('«!»');        // undefined
 * ```
 */
export function strongDirection(text: string): Direction | undefined {
  for (const char of text) {
    if (RTL_LETTER.test(char) && LETTER.test(char)) return 'rtl';
    if (LETTER.test(char)) return 'ltr';
  }
  return undefined;
}

/** A stretch of a line's items, `[start, end)`, to lay out in `direction` inside the line. */
export interface DirectionRun {
  /** First item of the run. */
  start: number;
  /** One past its last item. */
  end: number;
  /** The direction its items follow one another in. */
  direction: Direction;
}

/**
 * The base direction of a line of tokens and the stretches that run against it.
 *
 * Each token is a bidi isolate, so the browser no longer sees an Arabic phrase inside an English line
 * (or the reverse) as one run: every token would be placed in the line's direction, reversing the
 * word order of the phrase. Grouping does what the bidi algorithm would do for the words: a stretch
 * that starts and ends with tokens of the other direction, with only neutral tokens (spaces, digits,
 * punctuation) between them, is laid out in that direction; neutrals at its edges stay with the line.
 *
 * @example
 * ```ts
 * // 'say', ' ', 'مرحبا', ' ', 'بكم', '!'
 * directionRuns(['ltr', undefined, 'rtl', undefined, 'rtl', undefined]);
 * // { base: 'ltr', runs: [{ start: 2, end: 5, direction: 'rtl' }] }
 * ```
 */
export function directionRuns(directions: ReadonlyArray<Direction | undefined>): {
  base: Direction;
  runs: DirectionRun[];
} {
  const base = directions.find((direction) => direction !== undefined) ?? 'ltr';
  const runs: DirectionRun[] = [];
  let i = 0;
  while (i < directions.length) {
    if (directions[i] === undefined || directions[i] === base) {
      i++;
      continue;
    }
    const direction = directions[i]!;
    let last = i;
    let j = i + 1;
    for (; j < directions.length && directions[j] !== base; j++) if (directions[j] === direction) last = j;
    runs.push({ start: i, end: last + 1, direction });
    i = last + 1;
  }
  return { base, runs };
}
