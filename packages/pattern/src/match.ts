import { codePointWidth } from './code-point-width.js';
import { compilePythonPattern, type PythonPattern, type PythonPatternOptions } from './compile.js';

/**
 * One match, as Python's `re.Match` describes it: the matched text and its `[start, end)` span in
 * UTF-16 code units, and the Python groups (1..n) with their spans (`undefined` when a group did not
 * take part).
 *
 * @example
 * ```ts
 * const [match] = finditer(String.raw`(\d+)\.(\d+)`, 'pi is 3.14');
 * match.text;     // '3.14'
 * match.start;    // 6
 * match.groups;   // ['3', '14']
 * match.spans[1]; // [8, 10]
 * ```
 */
export interface PythonMatch {
  /** The matched text (group 0). */
  text: string;
  /** Offset of the match's first code unit. */
  start: number;
  /** Offset just past the match. */
  end: number;
  /** Python groups 1..n at indices 0..n-1. */
  groups: (string | undefined)[];
  /** The `[start, end)` span of each group at the same index as `groups`. */
  spans: ([number, number] | undefined)[];
}

/**
 * A pattern given as Python source or already compiled.
 *
 * @example
 * ```ts
 * findall(String.raw`\d+`, 'a1b22');                       // ['1', '22']
 * findall(compilePythonPattern(String.raw`\d+`), 'a1b22'); // ['1', '22']
 * ```
 */
export type PatternInput = string | PythonPattern;

const compiled = new Map<string, PythonPattern>();

/**
 * Compile (or reuse) a pattern; a small cache keeps repeated calls with the same string cheap.
 *
 * @example
 * ```ts
 * const words = toPythonPattern(String.raw`\w+`);
 * toPythonPattern(String.raw`\w+`) === words; // true: compiled once
 * toPythonPattern(words) === words;           // true: a compiled pattern is passed through
 * ```
 */
export function toPythonPattern(pattern: PatternInput, options?: PythonPatternOptions): PythonPattern {
  if (typeof pattern !== 'string') return pattern;
  const key = `${options?.flags ?? ''}\u0000${options?.allowNestedQuantifiers ? 1 : 0}${options?.unicodeWord ? 1 : 0}${options?.dialect ?? 'regex'}\u0000${pattern}`;
  let result = compiled.get(key);
  if (!result) {
    result = compilePythonPattern(pattern, options);
    if (compiled.size > 256) compiled.clear();
    compiled.set(key, result);
  }
  return result;
}

/**
 * The matches of `pattern` in `text`, left to right and non-overlapping, exactly as Python 3.7+'s
 * `re.finditer` finds them, including empty matches (which may directly follow a non-empty one).
 *
 * @example
 * ```ts
 * [...finditer(String.raw`\w+`, 'a bc')].map((m) => [m.start, m.end]); // [[0, 1], [2, 4]]
 * ```
 */
export function* finditer(
  pattern: PatternInput,
  text: string,
  options?: PythonPatternOptions,
): Generator<PythonMatch> {
  const compiledPattern = toPythonPattern(pattern, options);
  const { groupCount } = compiledPattern;
  // A private copy: the generator may be suspended while someone else uses the shared RegExp.
  const regexp = new RegExp(
    compiledPattern.regexp.source,
    `${compiledPattern.regexp.flags}${groupCount > 0 ? 'd' : ''}`,
  );
  const nonEmpty = compiledPattern.nonEmptyRegexp
    ? new RegExp(
        compiledPattern.nonEmptyRegexp.source,
        `${compiledPattern.nonEmptyRegexp.flags}${groupCount > 0 ? 'd' : ''}`,
      )
    : undefined;
  let position = 0;
  while (position <= text.length) {
    regexp.lastIndex = position;
    const match = regexp.exec(text);
    if (!match) return;
    // V8 tries positions between the two halves of a surrogate pair, where a lookaround such as `$` or
    // `\B` can hold; Python's strings have no such position, so neither does its search.
    if (insidePair(text, match.index)) {
      position = match.index + 1;
      continue;
    }
    yield toMatch(match, compiledPattern.groupIndex, groupCount);
    const end = match.index + match[0].length;
    if (match[0].length > 0) {
      position = end;
      continue;
    }
    // After an empty match Python may still find a non-empty match starting at the same place.
    if (nonEmpty && end < text.length) {
      nonEmpty.lastIndex = end;
      const retry = nonEmpty.exec(text);
      if (retry) {
        yield toMatch(retry, compiledPattern.nonEmptyGroupIndex!, groupCount);
        position = retry.index + retry[0].length;
        continue;
      }
    }
    position = end + codePointWidth(text, end);
  }
}

/**
 * Whether `index` falls between the high and the low half of a surrogate pair.
 *
 * @example
 * ```ts
 * insidePair('😀', 1); // true
 * ```
 */
export function insidePair(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  if (unit < 0xdc00 || unit > 0xdfff || index === 0) return false;
  const before = text.charCodeAt(index - 1);
  return before >= 0xd800 && before <= 0xdbff;
}

function toMatch(match: RegExpExecArray, groupIndex: readonly number[], groupCount: number): PythonMatch {
  const groups: (string | undefined)[] = [];
  const spans: ([number, number] | undefined)[] = [];
  for (let group = 1; group <= groupCount; group++) {
    const jsIndex = groupIndex[group]!;
    groups.push(match[jsIndex]);
    spans.push(match.indices?.[jsIndex] as [number, number] | undefined);
  }
  return { text: match[0], start: match.index, end: match.index + match[0].length, groups, spans };
}

/**
 * Python's `re.findall`: the matched strings when the pattern has no groups, the single group's
 * value when it has one, and a tuple of all groups when it has several ('' for a group that did not
 * take part).
 *
 * @example
 * ```ts
 * findall(String.raw`\w+`, 'a bc');           // ['a', 'bc']
 * findall(String.raw`(\w)\w*`, 'a bc');       // ['a', 'b']
 * findall(String.raw`(\w)(\d)?`, 'a1 b');     // [['a', '1'], ['b', '']]
 * ```
 */
export function findall(
  pattern: PatternInput,
  text: string,
  options?: PythonPatternOptions,
): (string | string[])[] {
  const compiledPattern = toPythonPattern(pattern, options);
  const result: (string | string[])[] = [];
  for (const match of finditer(compiledPattern, text)) {
    if (compiledPattern.groupCount === 0) result.push(match.text);
    else if (compiledPattern.groupCount === 1) result.push(match.groups[0] ?? '');
    else result.push(match.groups.map((group) => group ?? ''));
  }
  return result;
}

/**
 * Python's `re.split`: the text between matches, with the groups' values (or `undefined`) inserted
 * after each piece when the pattern has capturing groups. Empty matches split too (Python 3.7+).
 *
 * @example
 * ```ts
 * split(String.raw`\s+`, ' a  b ');   // ['', 'a', 'b', '']
 * split(String.raw`(,)`, 'a,b');      // ['a', ',', 'b']
 * ```
 */
export function split(
  pattern: PatternInput,
  text: string,
  options?: PythonPatternOptions,
): (string | undefined)[] {
  const result: (string | undefined)[] = [];
  let last = 0;
  for (const match of finditer(pattern, text, options)) {
    result.push(text.slice(last, match.start), ...match.groups);
    last = match.end;
  }
  result.push(text.slice(last));
  return result;
}
