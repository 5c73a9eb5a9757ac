import { compilePythonPattern, findall } from '@tokenlab/pattern';
import { checkNgramItems, gramItems } from './ngram-limit.js';
import { codePointArray, collapseWhitespace, pythonSplit } from './python-text.js';
import { ENGLISH_STOP_WORDS } from './stop-words.js';
import { wordRuns } from './word-runs.js';

/**
 * scikit-learn's default `token_pattern`: words of two or more Python `\w` characters.
 *
 * @example
 * ```ts
 * DEFAULT_TOKEN_PATTERN; // '(?u)\\b\\w\\w+\\b'
 * buildAnalyzer({ tokenPattern: DEFAULT_TOKEN_PATTERN })('a bb ccc'); // ['bb', 'ccc']
 * ```
 */
export const DEFAULT_TOKEN_PATTERN = String.raw`(?u)\b\w\w+\b`;

/**
 * How documents become features, with scikit-learn's parameter meanings.
 *
 * @example
 * ```ts
 * const options: AnalyzerOptions = { stopWords: 'english', ngramRange: [1, 2] };
 * buildAnalyzer(options)('The cat sat'); // ['cat', 'sat', 'cat sat']
 * ```
 */
export interface AnalyzerOptions {
  /**
   * `'word'` (default): tokens from `tokenPattern`, then word n-grams; `'char'`: character n-grams
   * over the whitespace-collapsed text; `'char_wb'`: character n-grams inside words padded with a
   * space; or a function that does everything (preprocessing included).
   */
  analyzer?: 'word' | 'char' | 'char_wb' | ((document: string) => string[]);
  /** Lowercase before tokenizing (default true). */
  lowercase?: boolean;
  /** `'ascii'` or `'unicode'` accent stripping (NFKD), or your own function. */
  stripAccents?: 'ascii' | 'unicode' | ((text: string) => string) | null;
  /** Replaces lowercasing and accent stripping. */
  preprocessor?: ((document: string) => string) | null;
  /** Replaces `tokenPattern` (word analyzer). */
  tokenizer?: ((document: string) => string[]) | null;
  /**
   * A Python regular expression (through `@tokenlab/pattern`'s translator, so `\w`, `\b` and
   * `(?u)` mean what they mean in Python). With one capturing group the group is the token; more
   * than one is an error, as in scikit-learn.
   */
  tokenPattern?: string | null;
  /** `'english'` (scikit-learn's list) or your own words, removed before n-grams (word analyzer). */
  stopWords?: 'english' | Iterable<string> | null;
  /** `[minN, maxN]` n-gram sizes (default `[1, 1]`). */
  ngramRange?: readonly [number, number];
}

function stripAccentsUnicode(text: string): string {
  // scikit-learn returns pure-ASCII text untouched and otherwise drops combining characters after NFKD.
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  return text.normalize('NFKD').replace(/\p{Mn}/gu, '');
}

function stripAccentsAscii(text: string): string {
  return text.normalize('NFKD').replace(/[^\x00-\x7f]/g, '');
}

/** The preprocessing step: lowercase and strip accents, or the user's own preprocessor. */
export function buildPreprocessor(options: AnalyzerOptions): (document: string) => string {
  if (options.preprocessor) return options.preprocessor;
  const lowercase = options.lowercase ?? true;
  const strip =
    options.stripAccents === 'ascii'
      ? stripAccentsAscii
      : options.stripAccents === 'unicode'
        ? stripAccentsUnicode
        : typeof options.stripAccents === 'function'
          ? options.stripAccents
          : undefined;
  if (!strip) return lowercase ? (document) => document.toLowerCase() : (document) => document;
  return lowercase ? (document) => strip(document.toLowerCase()) : strip;
}

/** The tokenizing step: the user's tokenizer, or `tokenPattern`'s `findall`. */
export function buildTokenizer(options: AnalyzerOptions): (document: string) => string[] {
  if (options.tokenizer) return options.tokenizer;
  const pattern = compilePythonPattern(options.tokenPattern ?? DEFAULT_TOKEN_PATTERN);
  if (pattern.groupCount > 1)
    throw new Error(
      `token pattern ${JSON.stringify(pattern.source)} has ${pattern.groupCount} capturing groups; only a single group should be captured (use (?:...) for the others)`,
    );
  if (pattern.source === DEFAULT_TOKEN_PATTERN) {
    // `\b\w\w+\b` matches exactly the runs of two or more word characters: a match starts at a run's
    // start and greedily takes the whole run. A table scan is much faster than emulated `\b`.
    return (document) => wordRuns(document, 2);
  }
  if (pattern.groupCount === 0 && !pattern.nullable) {
    const regexp = pattern.regexp;
    return (document) => document.match(regexp) ?? [];
  }
  return (document) => findall(pattern, document) as string[];
}

function checkRange(range: readonly [number, number]): void {
  const [minN, maxN] = range;
  if (!Number.isInteger(minN) || !Number.isInteger(maxN) || minN < 1 || minN > maxN)
    throw new RangeError(
      `ngramRange [${minN}, ${maxN}] is invalid: need integers with 1 <= min <= max (lower boundary larger than the upper boundary?)`,
    );
}

/** The stop word set in force, or undefined. */
export function resolveStopWords(stopWords: AnalyzerOptions['stopWords']): ReadonlySet<string> | undefined {
  if (stopWords === undefined || stopWords === null) return undefined;
  if (stopWords === 'english') return ENGLISH_STOP_WORDS;
  if (typeof stopWords === 'string')
    throw new Error(
      `not a built-in stop list: ${stopWords} (the only one is 'english'; or pass your own words)`,
    );
  return new Set(stopWords);
}

function wordNgrams(tokens: string[], minN: number, maxN: number, stopWords?: ReadonlySet<string>): string[] {
  if (stopWords) tokens = tokens.filter((token) => !stopWords.has(token));
  if (maxN === 1) return tokens;
  const count = tokens.length;
  checkNgramItems(
    'analyzer',
    gramItems(count, minN, maxN),
    `ngramRange [${minN}, ${maxN}] on a document of ${count} tokens`,
  );
  const result = minN === 1 ? tokens.slice() : [];
  for (let n = Math.max(minN, 2); n <= Math.min(maxN, count); n++) {
    for (let i = 0; i + n <= count; i++) {
      let gram = tokens[i]!;
      for (let k = 1; k < n; k++) gram += ` ${tokens[i + k]!}`;
      result.push(gram);
    }
  }
  return result;
}

function charNgrams(text: string, minN: number, maxN: number): string[] {
  const chars = codePointArray(collapseWhitespace(text));
  const length = chars.length;
  checkNgramItems(
    'analyzer',
    gramItems(length, minN, maxN),
    `ngramRange [${minN}, ${maxN}] on a document of ${length} characters`,
  );
  const slice =
    typeof chars === 'string'
      ? (a: number, b: number) => chars.slice(a, b)
      : (a: number, b: number) => chars.slice(a, b).join('');
  const result: string[] = [];
  for (let n = minN; n <= Math.min(maxN, length); n++)
    for (let i = 0; i + n <= length; i++) result.push(slice(i, i + n));
  return result;
}

function charWbNgrams(text: string, minN: number, maxN: number): string[] {
  const result: string[] = [];
  const words = pythonSplit(collapseWhitespace(text));
  let items = 0;
  // A word shorter than n gives one whole feature more (see below).
  for (const word of words) items += gramItems(word.length + 2, minN, maxN) + word.length + 2;
  checkNgramItems('analyzer', items, `ngramRange [${minN}, ${maxN}] on a document of ${words.length} words`);
  for (const word of words) {
    const chars = codePointArray(` ${word} `);
    const slice =
      typeof chars === 'string'
        ? (a: number, b: number) => chars.slice(a, b)
        : (a: number, b: number) => chars.slice(a, b).join('');
    const length = chars.length;
    for (let n = minN; n <= maxN; n++) {
      let offset = 0;
      result.push(slice(0, n));
      while (offset + n < length) {
        offset++;
        result.push(slice(offset, offset + n));
      }
      // A word shorter than n gives one (whole, padded) feature, counted once.
      if (offset === 0) break;
    }
  }
  return result;
}

/**
 * The function from a document to its features (scikit-learn's `build_analyzer()`): preprocess,
 * tokenize, drop stop words, form n-grams.
 *
 * @example
 * ```ts
 * buildAnalyzer()('Hello, hello world!');                 // ['hello', 'hello', 'world']
 * buildAnalyzer({ ngramRange: [1, 2] })('a big cat');     // ['big', 'cat', 'big cat']
 * buildAnalyzer({ analyzer: 'char_wb', ngramRange: [2, 2] })('ab'); // [' a', 'ab', 'b ']
 * ```
 */
export function buildAnalyzer(options: AnalyzerOptions = {}): (document: string) => string[] {
  const analyzer = options.analyzer ?? 'word';
  if (typeof analyzer === 'function') return analyzer;
  const range = options.ngramRange ?? [1, 1];
  checkRange(range);
  const [minN, maxN] = range;
  const preprocess = buildPreprocessor(options);
  if (analyzer === 'char') return (document) => charNgrams(preprocess(document), minN, maxN);
  if (analyzer === 'char_wb') return (document) => charWbNgrams(preprocess(document), minN, maxN);
  if (analyzer !== 'word')
    throw new Error(
      `${String(analyzer)} is not a valid analyzer: use 'word', 'char', 'char_wb' or a function`,
    );
  const tokenize = buildTokenizer(options);
  const stopWords = resolveStopWords(options.stopWords);
  if (maxN === 1 && !stopWords) return (document) => tokenize(preprocess(document));
  return (document) => wordNgrams(tokenize(preprocess(document)), minN, maxN, stopWords);
}
