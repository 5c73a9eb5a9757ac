import { describe, expect, it } from 'vitest';
import { FreqDist } from './freqdist.js';
import { pythonRepr, pythonStr } from './python-format.js';

// Python 3.11's repr() of each string (printed by `python3 -c "print(repr(s))"`).
const REPRS: Array<[string, string]> = [
  ["'s", `"'s"`],
  ['a', "'a'"],
  ['a\\b', "'a\\\\b'"],
  ['\n', "'\\n'"],
  ['\t', "'\\t'"],
  ['\r', "'\\r'"],
  ['\u0000', "'\\x00'"],
  ['\u007f', "'\\x7f'"],
  ['\u0085', "'\\x85'"],
  ['\u00a0', "'\\xa0'"],
  ['\u00ad', "'\\xad'"],
  ['ب', "'ب'"],
  ['بِسْمِ', "'بِسْمِ'"],
  ['\u200c', "'\\u200c'"],
  [' ', "' '"],
  ['', "''"],
  [`it's "x"`, `'it\\'s "x"'`],
  ['"q"', `'"q"'`],
  ['\u2028', "'\\u2028'"],
  ['\u3000', "'\\u3000'"],
  ['\ue000', "'\\ue000'"],
  ['😀', "'😀'"],
  ['\u{e0001}', "'\\U000e0001'"],
  ['é', "'é'"],
  ['x\ud800y', "'x\\ud800y'"],
];

describe("Python's repr and str", () => {
  it('quotes and escapes a string as repr() does', () => {
    for (const [text, repr] of REPRS) expect(pythonRepr(text), JSON.stringify(text)).toBe(repr);
  });

  it('shows a tuple of strings with repr of each item, as str() of a tuple does', () => {
    expect(pythonStr(["'s", 'a'])).toBe(`("'s", 'a')`);
    expect(pythonStr(['b', ' ', 'c'])).toBe("('b', ' ', 'c')");
    expect(pythonStr(['x'])).toBe("('x',)");
    expect(pythonStr(['\n', null])).toBe("('\\n', None)");
  });

  it("labels a FreqDist table's tuple samples as NLTK does", () => {
    // nltk.FreqDist([("'s", 'a'), ('b', ' ', 'c')]).tabulate(), NLTK 3.8:
    const fd = new FreqDist<string[]>([
      ["'s", 'a'],
      ['b', ' ', 'c'],
    ]);
    expect(fd.tabulate()).toBe(`    ("'s", 'a') ('b', ' ', 'c') \n              1               1 \n`);
  });
});
