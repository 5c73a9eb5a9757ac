import { PYTHON_WORD } from '@tokenlab/pattern';

const WORD = new RegExp(`^[${PYTHON_WORD}]$`, 'u');
let bmpTable: Uint8Array | undefined;
const astral = new Map<number, boolean>();

/** Per BMP code unit: 1 if it is a Python `\w` character (built once, on first use). */
function wordTable(): Uint8Array {
  if (!bmpTable) {
    bmpTable = new Uint8Array(0x10000);
    for (let unit = 0; unit < 0x10000; unit++) {
      if (unit >= 0xd800 && unit <= 0xdfff) continue;
      if (WORD.test(String.fromCharCode(unit))) bmpTable[unit] = 1;
    }
  }
  return bmpTable;
}

function isAstralWord(codePoint: number): boolean {
  let word = astral.get(codePoint);
  if (word === undefined) {
    word = WORD.test(String.fromCodePoint(codePoint));
    astral.set(codePoint, word);
  }
  return word;
}

/**
 * The runs of at least `minLength` Python word characters (`\w`: letters, numbers, underscore), in
 * order — what scikit-learn's default token pattern `(?u)\b\w\w+\b` finds when `minLength` is 2,
 * by a table-driven scan instead of a regular expression with emulated `\b`.
 *
 * @example
 * ```ts
 * wordRuns("it's a naïve test_case", 2); // ['it', 'naïve', 'test_case']
 * ```
 */
export function wordRuns(text: string, minLength: number): string[] {
  const table = wordTable();
  const result: string[] = [];
  const length = text.length;
  let start = -1;
  let points = 0;
  for (let i = 0; i < length; i++) {
    const unit = text.charCodeAt(i);
    let word: boolean;
    let width = 1;
    if (unit < 0xd800 || unit > 0xdfff) word = table[unit] === 1;
    else if (unit <= 0xdbff && i + 1 < length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      word = isAstralWord(((unit - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00) + 0x10000);
      width = 2;
    } else word = false;
    if (word) {
      if (start < 0) {
        start = i;
        points = 0;
      }
      points++;
    } else if (start >= 0) {
      if (points >= minLength) result.push(text.slice(start, i));
      start = -1;
    }
    i += width - 1;
  }
  if (start >= 0 && points >= minLength) result.push(text.slice(start));
  return result;
}
