import { requireText, type Token, type Tokenizer } from '@tokenlab/core';
import { PYTHON_SPACE } from '@tokenlab/pattern';

const SPACE_RUNS = new RegExp(`[${PYTHON_SPACE}]+`, 'gu');

/**
 * NLTK's `BlanklineTokenizer`: paragraphs, split on blank lines (pattern `\s*\n\s*\n\s*` as gaps).
 * That pattern's matches are exactly the maximal white-space runs holding at least two `\n` (its last
 * `\s*` always reaches the end of the run, and the leftmost start is the run's start), so the runs are
 * found in one pass: running the pattern itself backtracks over every long run without two newlines,
 * which is quadratic (a million spaces took over a minute).
 *
 * @example
 * ```ts
 * new BlanklineTokenizer().tokenize('one\ntwo\n\n  \nthree').map((t) => t.text); // ['one\ntwo', 'three']
 * ```
 */
export class BlanklineTokenizer implements Tokenizer {
  readonly name = 'blankline';

  tokenize(text: string): Token[] {
    requireText(text, 'BlanklineTokenizer.tokenize');
    const tokens: Token[] = [];
    let last = 0;
    const runs = new RegExp(SPACE_RUNS);
    for (let run = runs.exec(text); run !== null; run = runs.exec(text)) {
      const first = run[0].indexOf('\n');
      if (first < 0 || run[0].indexOf('\n', first + 1) < 0) continue;
      if (run.index > last) tokens.push({ text: text.slice(last, run.index), start: last, end: run.index });
      last = run.index + run[0].length;
    }
    if (text.length > last) tokens.push({ text: text.slice(last), start: last, end: text.length });
    return tokens;
  }
}
