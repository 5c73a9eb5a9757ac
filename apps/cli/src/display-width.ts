/** Characters that take no column: combining marks, format controls (bidi marks, ZWJ), variation selectors. */
const ZERO_WIDTH = /[\p{Mn}\p{Me}\p{Cf}]/u;
/** Characters most terminals draw two columns wide: East Asian wide forms and emoji. */
const WIDE =
  /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|\p{Extended_Pictographic}/u;

/**
 * How many terminal columns `text` takes, for aligning columns: combining marks (Arabic harakat)
 * take none, wide East Asian characters and emoji two, the rest one.
 *
 * @example
 * ```ts
 * displayWidth('مُحَمَّد'); // 4
 * displayWidth('日本'); // 4
 * ```
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (ZERO_WIDTH.test(char)) continue;
    width += WIDE.test(char) ? 2 : 1;
  }
  return width;
}
