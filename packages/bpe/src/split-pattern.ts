import { compilePythonPattern, finditer, type PythonPattern } from '@tokenlab/pattern';
import {
  GPT2_PYTHON_PATTERN,
  GPT2_SPLIT_PATTERN,
  GPT4_PYTHON_PATTERN,
  GPT4_SPLIT_PATTERN,
} from './patterns.js';

/**
 * A named built-in pattern, a Python `regex` pattern string, a JavaScript RegExp, or a ready {@link SplitPattern}.
 *
 * @example
 * ```ts
 * const pattern: PatternSpec = /\w+|-/gu; // or 'gpt2', 'gpt4', GPT4_PYTHON_PATTERN, a SplitPattern
 * countChunks('a-b', pattern); // Map { 'a' => 1, '-' => 1, 'b' => 1 }
 * ```
 */
export type PatternSpec = 'gpt2' | 'gpt4' | string | RegExp | SplitPattern;

const WHITE_SPACE = /[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const LETTER = /\p{L}/u;

/**
 * Text a split pattern leaves out of every chunk (see {@link SplitPattern.findDropped}): the first span
 * not covered, `[start, end)` in UTF-16 units, and how many units are not covered in all.
 *
 * @example
 * ```ts
 * const dropped: DroppedText | null = SplitPattern.from('\\w+').findDropped('a b'); // { start: 1, end: 2, total: 1 }
 * ```
 */
export interface DroppedText {
  /** Start of the first span no chunk covers. */
  start: number;
  /** End of that span. */
  end: number;
  /** Number of UTF-16 units no chunk covers. */
  total: number;
}

/**
 * How a {@link RegexTokenizer} cuts text into chunks before merging: Python's `re.findall` with the
 * pattern (when the pattern has one capture group, the group's text is the chunk, as `findall` returns
 * it). `source` is the pattern as minbpe writes it into `.model` files.
 *
 * @example
 * ```ts
 * SplitPattern.from('gpt4').split("I'm here"); // ['I', "'m", ' here']
 * ```
 */
export class SplitPattern {
  /** The pattern in Python `regex` syntax (or the RegExp's source, for a JavaScript RegExp). */
  readonly source: string;
  /** The global, Unicode JavaScript RegExp that finds the chunks. */
  readonly regexp: RegExp;
  /** Which capture group holds the chunk: 0 for the whole match, 1 for a pattern with one group. */
  readonly group: number;
  /**
   * Whether a text can be cut at {@link SplitPattern.safeBoundary} without changing the chunks (proved for
   * the GPT-2 and GPT-4 patterns; see `safeBoundary`). Streaming and worker-thread counting need it.
   */
  readonly cuttable: boolean;

  private readonly python: PythonPattern | undefined;

  /**
   * Use {@link SplitPattern.from}; this records an already checked pattern. The arguments are checked
   * all the same (a non-global RegExp would make `split` loop forever), and a RegExp without the `g`
   * flag gets it.
   */
  constructor(source: string, regexp: RegExp, group: number, cuttable: boolean, python?: PythonPattern) {
    if (typeof source !== 'string')
      throw new TypeError(`SplitPattern: source must be a string, got ${typeof source}`);
    if (!(regexp instanceof RegExp))
      throw new TypeError(
        `SplitPattern: expected a RegExp for the pattern ${JSON.stringify(source)}, got ${typeof regexp}; use SplitPattern.from(pattern) to translate a pattern string`,
      );
    if (group !== 0 && group !== 1)
      throw new RangeError(`SplitPattern: group must be 0 (the whole match) or 1, got ${group}`);
    this.python = python;
    this.source = source;
    this.regexp = regexp.global ? regexp : new RegExp(regexp.source, `${regexp.flags.replace('y', '')}g`);
    this.group = group;
    this.cuttable = cuttable;
  }

  /**
   * Resolve a pattern: `'gpt2'`, `'gpt4'`, minbpe's pattern strings (mapped to the exact built-in
   * regexps), any other Python `regex` pattern (translated by `@tokenlab/pattern`), or a JavaScript RegExp.
   *
   * @example
   * ```ts
   * SplitPattern.from('gpt2').source === GPT2_PYTHON_PATTERN; // true
   * ```
   */
  static from(spec: PatternSpec): SplitPattern {
    if (spec instanceof SplitPattern) return spec;
    if (spec instanceof RegExp) {
      const flags = new Set(spec.flags);
      flags.add('g');
      if (!flags.has('v')) flags.add('u');
      return new SplitPattern(spec.source, new RegExp(spec.source, [...flags].join('')), 0, false);
    }
    if (spec === 'gpt4' || spec === GPT4_PYTHON_PATTERN)
      return new SplitPattern(GPT4_PYTHON_PATTERN, GPT4_SPLIT_PATTERN, 0, true);
    if (spec === 'gpt2' || spec === GPT2_PYTHON_PATTERN)
      return new SplitPattern(GPT2_PYTHON_PATTERN, GPT2_SPLIT_PATTERN, 0, true);
    // A mistyped name would compile as a regex matching only itself, and training would drop the
    // rest of the text.
    if (/^(?:gpt|cl100k|o200k|r50k|p50k)[\w.-]*$/i.test(spec))
      throw new Error(
        `split pattern '${spec}' is not a pattern name: the names are gpt2 and gpt4 (the GPT encodings' ` +
          `patterns are CL100K_PATTERN_SOURCE and O200K_PATTERN_SOURCE in @tokenlab/gpt); as a regular ` +
          `expression it would match only the text '${spec}'`,
      );
    const python = compilePythonPattern(spec);
    if (python.groupCount > 1)
      throw new Error(
        `split pattern has ${python.groupCount} capture groups; re.findall would return tuples, which minbpe cannot encode. ` +
          'Use at most one capture group, or (?:...) for grouping.',
      );
    return new SplitPattern(spec, python.regexp, python.groupCount, false, python);
  }

  /**
   * Call `visit` with each chunk of `text` in order, without building an array.
   *
   * @example
   * ```ts
   * const chunks: string[] = [];
   * SplitPattern.from('gpt2').forEachChunk('a b', (chunk) => chunks.push(chunk)); // ['a', ' b']
   * ```
   */
  forEachChunk(text: string, visit: (chunk: string) => void): void {
    if (this.python) {
      // Python's own empty-match rules, from the translator.
      for (const match of finditer(this.python, text))
        visit(this.group === 0 ? match.text : (match.groups[0] ?? ''));
      return;
    }
    const regexp = new RegExp(this.regexp);
    regexp.lastIndex = 0;
    const group = this.group;
    for (let match = regexp.exec(text); match !== null; match = regexp.exec(text)) {
      if (match[0].length === 0) regexp.lastIndex = advance(text, regexp.lastIndex);
      visit(match[group] ?? '');
    }
  }

  /**
   * What of `text` falls in no chunk, so that encoding then decoding it loses it (a pattern such as
   * `\w+` drops spaces and punctuation): `null` when the chunks cover the text, else the first span not
   * covered and the number of UTF-16 units not covered in all. One pass of the pattern over the text.
   *
   * @example
   * ```ts
   * SplitPattern.from('\\w+').findDropped('hi, you'); // { start: 2, end: 4, total: 2 }
   * SplitPattern.from('gpt4').findDropped('hi, you');  // null
   * ```
   */
  findDropped(text: string): DroppedText | null {
    let first: [number, number] | undefined;
    let total = 0;
    this.forEachDropped(text, (start, end) => {
      first ??= [start, end];
      total += end - start;
    });
    return first ? { start: first[0], end: first[1], total } : null;
  }

  /**
   * Calls `visit(start, end)` for every span of `text` (UTF-16 offsets, in order) that falls in no
   * chunk: what {@link SplitPattern.findDropped} sums up, for callers that want to see the characters.
   *
   * @example
   * ```ts
   * SplitPattern.from('\\w+').forEachDropped('hi, you!', (start, end) => console.log(start, end)); // 2 4, then 7 8
   * ```
   */
  forEachDropped(text: string, visit: (start: number, end: number) => void): void {
    let covered = 0;
    const cover = (start: number, end: number): void => {
      if (start > covered) visit(covered, start);
      if (end > covered) covered = end;
    };
    if (this.python) {
      for (const match of finditer(this.python, text)) {
        const span = this.group === 0 ? ([match.start, match.end] as const) : match.spans[0];
        if (span) cover(span[0], span[1]);
      }
    } else {
      const regexp = new RegExp(this.regexp);
      regexp.lastIndex = 0;
      for (let match = regexp.exec(text); match !== null; match = regexp.exec(text)) {
        if (match[0].length === 0) regexp.lastIndex = advance(text, regexp.lastIndex);
        cover(match.index, match.index + match[0].length);
      }
    }
    cover(text.length, text.length);
  }

  /**
   * The chunks of `text`, as Python's `re.findall(pattern, text)`.
   *
   * @example
   * ```ts
   * SplitPattern.from('gpt4').split('hello world'); // ['hello', ' world']
   * ```
   */
  split(text: string): string[] {
    const chunks: string[] = [];
    this.forEachChunk(text, (chunk) => chunks.push(chunk));
    return chunks;
  }

  /**
   * The last index `k` in `[from, text.length)` where `text` can be cut into `text.slice(0, k)` and
   * `text.slice(k)` without changing the chunks, or -1. A safe cut is a `\n` preceded by a non-space
   * and followed by a letter. Why this is safe for both GPT patterns: the non-space before the `\n` ends a
   * chunk at the `\n` (letters, numbers and punctuation runs stop at white space), the `\n` itself is then
   * one chunk in both texts (GPT-2: `\s+(?!\S)` at the end of the prefix and `\s+` in the whole text both
   * take just `\n`; GPT-4: `\s*[\r\n]` takes it; a punctuation run may take it too, `[\r\n]*`), and no
   * chunk can start before the cut and go on into the letter, because the only alternative that reaches a
   * letter from a non-letter (`[^\r\n\p{L}\p{N}]?\p{L}+`, ` ?\p{L}+`) cannot start with `\n`. The patterns
   * have no look-behind, so the suffix is split the same on its own. A `\n` after white space is not safe
   * for GPT-2 (`"  \n"` is one chunk at the end of a prefix, two inside the text).
   *
   * @example
   * ```ts
   * SplitPattern.from('gpt4').safeBoundary('one.\ntwo', 0); // 5
   * ```
   */
  safeBoundary(text: string, from = 0): number {
    for (
      let k = text.lastIndexOf('\n', text.length - 2);
      k > from && k >= 1;
      k = text.lastIndexOf('\n', k - 1)
    ) {
      if (WHITE_SPACE.test(text[k - 1]!)) continue;
      const next = text.codePointAt(k + 1)!;
      if (LETTER.test(String.fromCodePoint(next))) return k + 1;
    }
    return -1;
  }
}

/** The index after the code point at `index` (past a surrogate pair), as findall steps over empty matches. */
function advance(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  if (unit >= 0xd800 && unit <= 0xdbff) {
    const next = text.charCodeAt(index + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return index + 2;
  }
  return index + 1;
}
