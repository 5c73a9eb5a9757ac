import {
  optionNames,
  requireOptionNames,
  requireOptions,
  requireText,
  type Token,
  type Tokenizer,
} from '@tokenlab/core';
import type { PythonPattern, PythonPatternOptions } from '@tokenlab/pattern';
import { finditer, insidePair, type PatternInput, toPythonPattern } from '@tokenlab/pattern';
import { scannedSpans, scannedStrings, scannedTokens } from '../offsets.js';
import { pythonClassifier, unicodeClassifier } from './char-classes.js';
import { scanClassRuns, scanNonSpaceRuns } from './runs.js';

/**
 * Options of {@link RegexpTokenizer} and {@link regexpTokenize}, as NLTK's `RegexpTokenizer` takes them.
 *
 * @example
 * ```ts
 * regexpTokenize('a, b,c', String.raw`,\s*`, { gaps: true }); // ['a', 'b', 'c']
 * new RegexpTokenizer(String.raw`\s+`, { gaps: true, name: 'spaces' }).name; // 'spaces'
 * ```
 */
export interface RegexpTokenizerOptions extends PythonPatternOptions {
  /** The pattern matches the separators between tokens rather than the tokens (default false). */
  gaps?: boolean;
  /** With `gaps`, drop empty tokens (default true, as in NLTK). */
  discardEmpty?: boolean;
  /** The name the tokenizer reports (default `regexp`). */
  name?: string;
}

/** Every option of {@link RegexpTokenizerOptions}, for the check of unknown names. */
const REGEXP_TOKENIZER_OPTIONS = optionNames<RegexpTokenizerOptions>()([
  'gaps',
  'discardEmpty',
  'name',
  'flags',
  'allowNestedQuantifiers',
  'unicodeWord',
  'dialect',
]);

/**
 * NLTK's default flags for `RegexpTokenizer`: `re.UNICODE | re.MULTILINE | re.DOTALL`, so `^`/`$`
 * match at every line and `.` matches newlines.
 */
const NLTK_FLAGS = 'msu';

/**
 * NLTK's `RegexpTokenizer`: tokens are the matches of a Python pattern (`re.findall`), or with
 * `gaps: true` the text between the matches (`re.split`, empty pieces dropped). A pattern with one
 * capturing group yields the group's text, as `findall` does; the token's span is the group's span.
 * A pattern with several groups is refused, since NLTK would return tuples, not tokens.
 *
 * @example
 * ```ts
 * const tokenizer = new RegexpTokenizer(String.raw`\w+|\$[\d\.]+|\S+`);
 * tokenizer.tokenize('Good muffins cost $3.88').map((t) => t.text);
 * // ['Good', 'muffins', 'cost', '$3.88']
 * ```
 */
export class RegexpTokenizer implements Tokenizer {
  readonly name: string;
  /** The compiled pattern. */
  readonly pattern: PythonPattern;
  private readonly gaps: boolean;
  private readonly discardEmpty: boolean;
  /** A hand-written scanner that finds exactly the same tokens, for the most common patterns. */
  private readonly scan?: (text: string) => void;

  /** Compiles `pattern` with NLTK's default flags (`ms`) unless `options.flags` says otherwise. */
  constructor(pattern: PatternInput, options: RegexpTokenizerOptions = {}) {
    requireOptions(options, 'RegexpTokenizer', '{ gaps: true }');
    requireOptionNames(options, REGEXP_TOKENIZER_OPTIONS, 'RegexpTokenizer');
    this.name = options.name ?? 'regexp';
    // NLTK compiles with Python's re: its syntax alone unless the caller asks for the regex module's.
    this.pattern = toPythonPattern(pattern, {
      ...options,
      flags: options.flags ?? NLTK_FLAGS,
      dialect: options.dialect ?? 're',
    });
    this.gaps = options.gaps ?? false;
    this.discardEmpty = options.discardEmpty ?? true;
    this.scan = scannerFor(this.pattern, this.gaps, this.discardEmpty);
    if (this.pattern.groupCount > 1 && !this.gaps)
      throw new RangeError(
        `pattern ${JSON.stringify(this.pattern.source)} has ${this.pattern.groupCount} capturing groups: NLTK's findall would return tuples, not tokens; make the groups non-capturing with (?:...)`,
      );
  }

  tokenize(text: string): Token[] {
    requireText(text, 'RegexpTokenizer.tokenize');
    if (this.scan) {
      this.scan(text);
      return scannedTokens(text);
    }
    if (this.gaps) return this.tokenizeGaps(text);
    const { pattern } = this;
    if (pattern.groupCount === 0 && !pattern.nullable) return matchTokens(pattern.regexp, text);
    const tokens: Token[] = [];
    for (const match of finditer(pattern, text)) {
      if (pattern.groupCount === 0) {
        tokens.push({ text: match.text, start: match.start, end: match.end });
      } else {
        const span = match.spans[0];
        tokens.push(
          span
            ? { text: match.groups[0]!, start: span[0], end: span[1] }
            : { text: '', start: match.start, end: match.start },
        );
      }
    }
    return tokens;
  }

  /** The token strings alone, as NLTK's `tokenize` returns them (faster: no spans). */
  words(text: string): string[] {
    requireText(text, 'RegexpTokenizer.words');
    if (this.scan) {
      this.scan(text);
      return scannedStrings(text);
    }
    const { pattern } = this;
    // Without groups or empty matches, the engine's own global match gives exactly findall's strings.
    if (!this.gaps && pattern.groupCount === 0 && !pattern.nullable) return text.match(pattern.regexp) ?? [];
    return this.tokenize(text).map((token) => token.text);
  }

  /** The `[start, end)` spans alone, as NLTK's `span_tokenize`. */
  spanTokenize(text: string): [number, number][] {
    requireText(text, 'RegexpTokenizer.spanTokenize');
    if (this.scan) {
      this.scan(text);
      return scannedSpans();
    }
    return this.tokenize(text).map((token) => [token.start, token.end]);
  }

  private tokenizeGaps(text: string): Token[] {
    const { pattern, discardEmpty } = this;
    if (pattern.groupCount === 0 && !pattern.nullable) return gapTokens(pattern.regexp, text, discardEmpty);
    const tokens: Token[] = [];
    let last = 0;
    const push = (start: number, end: number) => {
      if (end > start || !discardEmpty) tokens.push({ text: text.slice(start, end), start, end });
    };
    for (const match of finditer(pattern, text)) {
      push(last, match.start);
      // re.split puts the groups' values between the pieces; groups that did not take part are None.
      for (const span of match.spans) if (span) push(span[0], span[1]);
      last = match.end;
    }
    push(last, text.length);
    return tokens;
  }
}

/**
 * A scanner for `\w+`, `\w+|[^\w\s]+` and (with gaps) `\s+`, recognised by their translation: any
 * pattern that compiles to the same JavaScript source means the same thing.
 */
function scannerFor(
  pattern: PythonPattern,
  gaps: boolean,
  discardEmpty: boolean,
): ((text: string) => void) | undefined {
  const source = pattern.regexp.source;
  const flags = pattern.regexp.flags;
  const same = (python: string, unicodeWord = false) => {
    const known = toPythonPattern(python, { unicodeWord });
    return known.regexp.source === source && known.regexp.flags === flags;
  };
  if (gaps) return discardEmpty && same(String.raw`\s+`) ? scanNonSpaceRuns : undefined;
  for (const unicodeWord of [false, true]) {
    const classifier = unicodeWord ? unicodeClassifier() : pythonClassifier();
    if (same(String.raw`\w+`, unicodeWord)) return (text) => scanClassRuns(text, classifier, false);
    if (same(String.raw`\w+|[^\w\s]+`, unicodeWord)) return (text) => scanClassRuns(text, classifier, true);
  }
  return undefined;
}

/** Every match as a token; the pattern cannot match empty, so a plain `exec` loop is exact. */
export function matchTokens(regexp: RegExp, text: string): Token[] {
  const tokens: Token[] = [];
  regexp.lastIndex = 0;
  let match = regexp.exec(text);
  while (match !== null) {
    if (insidePair(text, match.index)) {
      regexp.lastIndex = match.index + 1;
      match = regexp.exec(text);
      continue;
    }
    const matched = match[0];
    tokens.push({ text: matched, start: match.index, end: match.index + matched.length });
    match = regexp.exec(text);
  }
  return tokens;
}

/** The text between the matches; the pattern cannot match empty. */
export function gapTokens(regexp: RegExp, text: string, discardEmpty = true): Token[] {
  const tokens: Token[] = [];
  regexp.lastIndex = 0;
  let last = 0;
  let match = regexp.exec(text);
  while (match !== null) {
    if (insidePair(text, match.index)) {
      regexp.lastIndex = match.index + 1;
      match = regexp.exec(text);
      continue;
    }
    if (match.index > last || !discardEmpty)
      tokens.push({ text: text.slice(last, match.index), start: last, end: match.index });
    last = match.index + match[0].length;
    match = regexp.exec(text);
  }
  if (text.length > last || !discardEmpty)
    tokens.push({ text: text.slice(last), start: last, end: text.length });
  return tokens;
}

/**
 * NLTK's `regexp_tokenize(text, pattern, gaps, discard_empty)`: the token strings of a
 * {@link RegexpTokenizer}.
 *
 * @example
 * ```ts
 * regexpTokenize('That U.S.A. poster-print costs $12.40...', String.raw`(?x)
 *     (?:[A-Z]\.)+          # abbreviations
 *   | \w+(?:-\w+)*          # words with inner hyphens
 *   | \$?\d+(?:\.\d+)?%?    # currency and percentages
 *   | \.\.\.                # ellipsis
 *   | [][.,;"'?():_`-]      # punctuation`);
 * // ['That', 'U.S.A.', 'poster-print', 'costs', '$12.40', '...']
 * ```
 */
export function regexpTokenize(
  text: string,
  pattern: PatternInput,
  options: RegexpTokenizerOptions = {},
): string[] {
  return new RegexpTokenizer(pattern, options).words(text);
}
