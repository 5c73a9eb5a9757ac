import type { PatternFlags, PatternNode } from './ast.js';
import { rejectUnsetBackreferences, requireGroupsOfBackreferences } from './backreferences.js';
import { emitPattern } from './emit.js';
import { rejectEmptyRounds } from './empty-rounds.js';
import { PythonPatternError } from './error.js';
import { canBeEmpty, nonEmptyTree } from './non-empty.js';
import { type PythonDialect, parsePythonPattern } from './parse.js';
import { rejectPartialRepeatCaptures } from './repeat-captures.js';

/**
 * Options of {@link compilePythonPattern}.
 *
 * @example
 * ```ts
 * findall(String.raw`^\w+`, 'one\ntwo', { flags: 'm' });     // ['one', 'two']
 * findall(String.raw`\w+`, 'مُحَمَّد', { unicodeWord: true }); // ['مُحَمَّد']
 * ```
 */
export interface PythonPatternOptions {
  /**
   * Python flags as letters, as if passed to `re.compile`: `i` IGNORECASE, `m` MULTILINE, `s` DOTALL,
   * `x` VERBOSE, `a` ASCII, `u` UNICODE (the default anyway). Inline flags in the pattern add to these.
   */
  flags?: string;
  /**
   * Accept nested unbounded quantifiers such as `(a+)+` or `(\w+\s?)*`, which can take exponential
   * time on a failing input. Refused by default; make the inner quantifier possessive (`a++`) or the
   * group atomic (`(?>...)`) instead where you can.
   */
  allowNestedQuantifiers?: boolean;
  /**
   * Let `\w`, `\W` and `\b` count combining marks (`\p{M}`) as word characters. Python's `\w` has
   * no marks, so NLTK cuts Arabic words at every diacritic; this is the Unicode-correct reading.
   * Off by default, for parity with Python.
   */
  unicodeWord?: boolean;
  /**
   * `'regex'` (default) accepts the `regex` module's additions that GPT split patterns use (`\p{..}`,
   * `(?<name>...)`, variable-width look-behind); `'re'` refuses them with their position, as Python's
   * `re` does. Both refuse ASCII with UNICODE among the global flags (`(?a)` when `flags` holds `u`,
   * `(?u)` when it holds `a`), as both Python engines do.
   */
  dialect?: PythonDialect;
}

/**
 * A Python regular expression compiled to a JavaScript RegExp with Python's semantics.
 *
 * @example
 * ```ts
 * const pattern = compilePythonPattern(String.raw`(?P<word>\w+)-(?P=word)`);
 * pattern.groupCount;           // 1
 * pattern.regexp.exec('bye-bye')![0]; // 'bye-bye'
 * ```
 */
export interface PythonPattern {
  /** The pattern as written. */
  readonly source: string;
  /** A global (`g`), Unicode-mode (`u`) RegExp that matches what Python would match. */
  readonly regexp: RegExp;
  /** The number of Python capturing groups (helper groups added for atomic groups are not counted). */
  readonly groupCount: number;
  /** `groupIndex[i]` is the index in a JavaScript match of Python group `i`; `groupIndex[0]` is 0. */
  readonly groupIndex: readonly number[];
  /** Python group names to Python group numbers. */
  readonly groupNames: ReadonlyMap<string, number>;
  /** The Python flags in force at the top of the pattern, as letters (e.g. `'msu'`). */
  readonly flags: string;
  /** Whether the pattern can match the empty string. */
  readonly nullable: boolean;
  /**
   * For patterns that can prefer an empty match where a non-empty one also exists (`|a`, `a??`): a
   * sticky RegExp that matches only non-empty strings, used to retry at the spot of an empty match as
   * Python 3.7+ does. Undefined for all other patterns.
   */
  readonly nonEmptyRegexp?: RegExp;
  /** Group indices for {@link PythonPattern.nonEmptyRegexp} (its helper groups differ from the main one's). */
  readonly nonEmptyGroupIndex?: readonly number[];
}

const DEFAULT_FLAGS: PatternFlags = {
  ignoreCase: false,
  multiline: false,
  dotAll: false,
  verbose: false,
  ascii: false,
  unicode: false,
};

/**
 * Compile a Python `re` pattern (plus the `regex`-module `\p{..}`, possessive quantifiers, atomic
 * groups and scoped flags that GPT split patterns use) to a JavaScript RegExp with Python's meaning:
 * Unicode `\w \d \s \b` as Python defines them, `$` before a final newline, `\A \Z`, verbose mode,
 * `(?P<name>...)`. Throws {@link PythonPatternError} naming the construct and its position when a
 * pattern is invalid in Python or has no faithful translation.
 *
 * @example
 * ```ts
 * const { regexp } = compilePythonPattern(String.raw`(?x) \w+   # words
 *                                                   | [^\w\s]+ # punctuation`);
 * 'Hi, you!'.match(regexp); // ['Hi', ',', 'you', '!']
 * ```
 */
export function compilePythonPattern(pattern: string, options: PythonPatternOptions = {}): PythonPattern {
  const flags = { ...DEFAULT_FLAGS };
  for (const letter of options.flags ?? '') {
    if (letter === 'i') flags.ignoreCase = true;
    else if (letter === 'm') flags.multiline = true;
    else if (letter === 's') flags.dotAll = true;
    else if (letter === 'x') flags.verbose = true;
    else if (letter === 'a') flags.ascii = true;
    else if (letter === 'u') flags.unicode = true;
    else throw new PythonPatternError(`unknown flag '${letter}' in options.flags`, pattern, 0);
  }
  const dialect = options.dialect ?? 'regex';
  const parsed = parsePythonPattern(pattern, flags, dialect);
  // Python's re and the regex module both refuse the pair among the global flags (options or inline).
  if (parsed.flags.ascii && parsed.flags.unicode)
    throw new PythonPatternError('ASCII and UNICODE flags are incompatible', pattern, 0);
  if (!options.allowNestedQuantifiers) rejectNestedQuantifiers(parsed.root, pattern);
  // Where JavaScript's meaning differs from Python's and no exact translation is known, refuse.
  const root = requireGroupsOfBackreferences(parsed.root);
  rejectPartialRepeatCaptures(root, pattern);
  rejectEmptyRounds(root, pattern);
  rejectUnsetBackreferences(root, pattern);
  const emitted = emitPattern(root, pattern, 0, options.unicodeWord);
  const jsFlags = emitted.ignoreCaseFlag ? 'giu' : 'gu';
  const regexp = buildRegExp(emitted.source, jsFlags, pattern);
  const nullable = canBeEmpty(root);
  let nonEmptyRegexp: RegExp | undefined;
  let nonEmptyGroupIndex: number[] | undefined;
  if (nullable && hasChoice(root)) {
    const nonEmpty = nonEmptyTree(root);
    if (nonEmpty) {
      const emittedNonEmpty = emitPattern(nonEmpty, pattern, 0, options.unicodeWord);
      nonEmptyRegexp = buildRegExp(
        emittedNonEmpty.source,
        (emittedNonEmpty.ignoreCaseFlag ? 'giu' : 'gu').replace('g', 'y'),
        pattern,
      );
      nonEmptyGroupIndex = emittedNonEmpty.groupIndex;
    } else {
      // No rewrite known: the lookahead captures the rest of the text, and the match may not end
      // where that rest still starts, so it must have consumed something. This costs the length of
      // the rest of the text at each empty match.
      const shifted = emitPattern(root, pattern, 1, options.unicodeWord);
      nonEmptyRegexp = buildRegExp(
        `(?=([\\s\\S]*))(?:${shifted.source})(?!\\1)`,
        jsFlags.replace('g', 'y'),
        pattern,
      );
      nonEmptyGroupIndex = shifted.groupIndex;
    }
  }
  const top = parsed.flags;
  const flagLetters = `${top.ignoreCase ? 'i' : ''}${top.multiline ? 'm' : ''}${top.dotAll ? 's' : ''}${top.verbose ? 'x' : ''}${top.ascii ? 'a' : 'u'}`;
  return {
    source: pattern,
    regexp,
    groupCount: parsed.groupCount,
    groupIndex: emitted.groupIndex,
    groupNames: parsed.groupNames,
    flags: flagLetters,
    nullable,
    nonEmptyRegexp,
    nonEmptyGroupIndex,
  };
}

function buildRegExp(source: string, flags: string, pattern: string): RegExp {
  try {
    const regexp = new RegExp(source, flags);
    // V8 compiles on first use, for one-byte and two-byte text separately; "too large" shows only then.
    regexp.exec('');
    regexp.exec('\u0100');
    regexp.lastIndex = 0;
    return regexp;
  } catch (error) {
    throw new PythonPatternError(`no JavaScript translation (${(error as Error).message})`, pattern, 0);
  }
}

/** Whether the node contains an alternation or a lazy quantifier: a choice that may prefer less. */
function hasChoice(node: PatternNode): boolean {
  switch (node.kind) {
    case 'alternation':
      return true;
    case 'sequence':
      return node.items.some(hasChoice);
    case 'group':
      return hasChoice(node.body);
    case 'quantifier':
      return node.mode === 'lazy' || hasChoice(node.body);
    default:
      return false;
  }
}

/**
 * Refuse `(a+)+`-shaped patterns: an unbounded repeat whose body can itself repeat without anything
 * mandatory around it can split the same text in exponentially many ways when a match fails.
 */
function rejectNestedQuantifiers(node: PatternNode, pattern: string): void {
  if (node.kind === 'quantifier') {
    if (node.max === Number.POSITIVE_INFINITY && node.mode !== 'possessive') {
      const inner = pumpableRepeat(node.body);
      if (inner)
        throw new PythonPatternError(
          `nested quantifier: this repeat contains another unbounded repeat (at position ${inner.position}) and can backtrack catastrophically, as (a+)+ does; make the inner repeat possessive (a++) or the group atomic (?>...), or pass { allowNestedQuantifiers: true }; the outer repeat is`,
          pattern,
          node.position,
        );
    }
    rejectNestedQuantifiers(node.body, pattern);
  } else if (node.kind === 'sequence') {
    for (const item of node.items) rejectNestedQuantifiers(item, pattern);
  } else if (node.kind === 'alternation') {
    for (const item of node.alternatives) rejectNestedQuantifiers(item, pattern);
  } else if (node.kind === 'group') {
    rejectNestedQuantifiers(node.body, pattern);
  }
}

/** An unbounded, backtracking repeat inside `node` that no mandatory character separates from its neighbours. */
function pumpableRepeat(node: PatternNode): Extract<PatternNode, { kind: 'quantifier' }> | undefined {
  switch (node.kind) {
    case 'quantifier':
      if (node.mode === 'possessive') return undefined;
      if (node.max === Number.POSITIVE_INFINITY) return node;
      return pumpableRepeat(node.body);
    case 'group':
      return node.type === 'capture' || node.type === 'plain' ? pumpableRepeat(node.body) : undefined;
    case 'alternation':
      for (const alternative of node.alternatives) {
        const found = pumpableRepeat(alternative);
        if (found) return found;
      }
      return undefined;
    case 'sequence': {
      // A mandatory single character between the repeats pins down where each repetition starts
      // (`\w+(?:-\w+)*`); without one (`(x+x+)+`, `(\w+\s?)+`) the same text splits many ways.
      if (node.items.some((item) => item.kind === 'char' || item.kind === 'class' || item.kind === 'any'))
        return undefined;
      for (const item of node.items) {
        const found = pumpableRepeat(item);
        if (found) return found;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
