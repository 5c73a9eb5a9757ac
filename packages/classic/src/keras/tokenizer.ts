import { optionNames, requireOptionNames, requireOptions, requireText } from '@tokenlab/core';
import { checkMatrixSize } from './matrix-size.js';
import { orderedJsonEntries, pythonJsonDumps } from './python-json.js';

/**
 * Keras' default `filters`: ASCII punctuation (without the apostrophe), tab and newline.
 *
 * @example
 * ```ts
 * KERAS_DEFAULT_FILTERS.includes("'"); // false
 * ```
 */
export const KERAS_DEFAULT_FILTERS = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n';

/**
 * Options of {@link KerasTokenizer}, with Keras' names in TypeScript casing.
 *
 * @example
 * ```ts
 * const options: KerasTokenizerOptions = { numWords: 1000, oovToken: '<OOV>' };
 * ```
 */
export interface KerasTokenizerOptions {
  /** Keep only the `numWords - 1` most frequent words in sequences and matrices (the index keeps all). */
  numWords?: number | null;
  /** Characters replaced by `split` before splitting (default {@link KERAS_DEFAULT_FILTERS}). */
  filters?: string;
  /** Lowercase texts first (default true). */
  lower?: boolean;
  /** The separator words are split on (default `' '`), or a function that splits a text. */
  split?: string | ((text: string) => Iterable<string>);
  /** Every character (code point) is a token; filters are not applied. */
  charLevel?: boolean;
  /** A token that takes index 1 and stands for every word not in the index. */
  oovToken?: string | null;
  /** The number of documents already seen (when restoring a saved tokenizer). */
  documentCount?: number;
}

/** Every option of {@link KerasTokenizerOptions}, for the check of unknown names. */
const KERAS_TOKENIZER_OPTIONS = optionNames<KerasTokenizerOptions>()([
  'numWords',
  'filters',
  'lower',
  'split',
  'charLevel',
  'oovToken',
  'documentCount',
]);

/**
 * How {@link KerasTokenizer.textsToMatrix} weighs a word in a document: `binary` (present or not),
 * `count`, `freq` (count / document length) or `tfidf` (`(1 + ln c) · ln(1 + N / (1 + df))`).
 *
 * @example
 * ```ts
 * const mode: KerasMatrixMode = 'tfidf';
 * ```
 */
export type KerasMatrixMode = 'binary' | 'count' | 'tfidf' | 'freq';

/**
 * A text, or a list of tokens that is used as it is (only lowercased), as Keras accepts both.
 *
 * @example
 * ```ts
 * const texts: KerasText[] = ['The cat sat.', ['the', 'dog']];
 * ```
 */
export type KerasText = string | readonly string[];

/**
 * Keras' `text_to_word_sequence`: lowercase, replace every filter character by `split`, split, and
 * drop empty strings.
 *
 * @example
 * ```ts
 * textToWordSequence('Hello, World! Hello?'); // ['hello', 'world', 'hello']
 * ```
 */
export function textToWordSequence(
  text: string,
  options: Pick<KerasTokenizerOptions, 'filters' | 'lower' | 'split'> = {},
): string[] {
  requireText(text, 'textToWordSequence');
  requireOptions(options, 'textToWordSequence', "{ filters: '' }");
  requireOptionNames(options, ['filters', 'lower', 'split'], 'textToWordSequence');
  const split = options.split ?? ' ';
  let lowered = (options.lower ?? true) ? text.toLowerCase() : text;
  const filters = options.filters ?? KERAS_DEFAULT_FILTERS;
  if (typeof split === 'string') {
    if (split === '') throw new Error('split must not be an empty string (Python raises "empty separator")');
    if (filters !== '') lowered = lowered.replace(filterPattern(filters), split);
    return lowered.split(split).filter((word) => word !== '');
  }
  if (filters !== '') lowered = lowered.replace(filterPattern(filters), ' ');
  return [...split(lowered)].filter((word) => word !== '');
}

const filterPatterns = new Map<string, RegExp>();

function filterPattern(filters: string): RegExp {
  let pattern = filterPatterns.get(filters);
  if (!pattern) {
    const escaped = Array.from(new Set(filters), (char) => char.replace(/[\\\]^-]/g, '\\$&')).join('');
    pattern = new RegExp(`[${escaped}]`, 'gu');
    filterPatterns.set(filters, pattern);
  }
  return pattern;
}

/** The shape of Keras' `Tokenizer.to_json()`, which {@link KerasTokenizer.fromJson} reads. */
interface KerasJson {
  class_name: string;
  config: {
    num_words: number | null;
    filters: string;
    lower: boolean;
    split: string;
    char_level: boolean;
    oov_token: string | null;
    document_count: number;
    word_counts: string;
    word_docs: string;
    index_docs: string;
    index_word: string;
    word_index: string;
  };
}

/**
 * Keras' `Tokenizer` (keras-preprocessing `text.py`): a word index built from texts, then texts as
 * sequences of indices or as document × word matrices. Behaviour follows Keras exactly:
 *
 * - `wordIndex` is sorted by count, descending; ties keep first-seen order. Index 0 is never used;
 *   with an `oovToken`, it takes index 1.
 * - `numWords` does not shrink the index: it limits sequences and matrices to indices below it.
 * - Unknown words are dropped from sequences, or become the OOV index.
 *
 * Named `KerasTokenizer` because `Tokenizer` is the tokenlab interface; also exported as
 * `WordIndexTokenizer`.
 *
 * @example
 * ```ts
 * const tokenizer = new KerasTokenizer({ oovToken: '<OOV>' });
 * tokenizer.fitOnTexts(['the cat sat', 'the dog sat down']);
 * tokenizer.wordIndex.get('the');                  // 2 (1 is '<OOV>')
 * tokenizer.textsToSequences(['the bird sat']);    // [[2, 1, 3]]
 * padSequences(tokenizer.textsToSequences(['the cat']), { maxlen: 4 }); // [[0, 0, 2, 4]]
 * ```
 */
export class KerasTokenizer {
  /** How often each word occurred, in first-seen order. */
  readonly wordCounts = new Map<string, number>();
  /** In how many documents each word occurred, in first-seen order. */
  readonly wordDocs = new Map<string, number>();
  /** Word → index (from 1), most frequent first. */
  wordIndex = new Map<string, number>();
  /** Index → word. */
  indexWord = new Map<number, string>();
  /** Index → number of documents containing it. */
  readonly indexDocs = new Map<number, number>();
  /** Number of documents (texts or sequences) fitted so far. */
  documentCount: number;
  /** See {@link KerasTokenizerOptions.numWords}. */
  readonly numWords: number | null;
  /** See {@link KerasTokenizerOptions.filters}. */
  readonly filters: string;
  /** See {@link KerasTokenizerOptions.lower}. */
  readonly lower: boolean;
  /** See {@link KerasTokenizerOptions.split}. */
  readonly split: string | ((text: string) => Iterable<string>);
  /** See {@link KerasTokenizerOptions.charLevel}. */
  readonly charLevel: boolean;
  /** See {@link KerasTokenizerOptions.oovToken}. */
  readonly oovToken: string | null;

  /** Creates an empty tokenizer; Keras' defaults apply to every option left out. */
  constructor(options: KerasTokenizerOptions = {}) {
    requireOptions(options, 'KerasTokenizer', '{ numWords: 1000 }');
    requireOptionNames(options, KERAS_TOKENIZER_OPTIONS, 'KerasTokenizer');
    this.numWords = options.numWords ?? null;
    this.filters = options.filters ?? KERAS_DEFAULT_FILTERS;
    this.lower = options.lower ?? true;
    this.split = options.split ?? ' ';
    this.charLevel = options.charLevel ?? false;
    this.oovToken = options.oovToken ?? null;
    this.documentCount = options.documentCount ?? 0;
    if (this.numWords !== null && (!Number.isInteger(this.numWords) || this.numWords < 0)) {
      throw new Error(`numWords must be a non-negative integer or null, got ${this.numWords}`);
    }
  }

  /** The tokens of one text as Keras sees them (char level, a token list, or filtered words). */
  private tokensOf(text: KerasText, where: string): string[] {
    if (typeof text !== 'string') {
      if (!Array.isArray(text) || text.some((token) => typeof token !== 'string'))
        throw new TypeError(
          `${where}: expected each text as a string or an array of strings, got ${describe(text)}`,
        );
      return this.lower ? text.map((token: string) => token.toLowerCase()) : [...text];
    }
    if (this.charLevel) return Array.from(this.lower ? text.toLowerCase() : text);
    return textToWordSequence(text, { filters: this.filters, lower: this.lower, split: this.split });
  }

  /**
   * Count the words of `texts` and rebuild the index. May be called again with more texts.
   *
   * @example
   * ```ts
   * const tokenizer = new KerasTokenizer();
   * tokenizer.fitOnTexts(['b a', 'a c']);
   * [...tokenizer.wordIndex]; // [['a', 1], ['b', 2], ['c', 3]]
   * ```
   */
  fitOnTexts(texts: Iterable<KerasText>): void {
    for (const text of texts) {
      this.documentCount++;
      const tokens = this.tokensOf(text, 'fitOnTexts');
      for (const token of tokens) this.wordCounts.set(token, (this.wordCounts.get(token) ?? 0) + 1);
      for (const token of new Set(tokens)) this.wordDocs.set(token, (this.wordDocs.get(token) ?? 0) + 1);
    }
    // A stable sort by count keeps first-seen order among ties, as Python's sort does.
    const sorted = [...this.wordCounts].sort((a, b) => b[1] - a[1]).map(([word]) => word);
    const vocabulary = this.oovToken === null ? sorted : [this.oovToken, ...sorted];
    this.wordIndex = new Map();
    // Python builds a dict from the list, so a later duplicate (an OOV token that is also a word)
    // overwrites the earlier index.
    for (let position = 0; position < vocabulary.length; position++) {
      this.wordIndex.set(vocabulary[position]!, position + 1);
    }
    this.indexWord = new Map([...this.wordIndex].map(([word, index]) => [index, word]));
    for (const [word, count] of this.wordDocs) this.indexDocs.set(this.wordIndex.get(word)!, count);
  }

  /**
   * Count documents per index from sequences that are already indices (for `sequencesToMatrix`).
   *
   * @example
   * ```ts
   * const tokenizer = new KerasTokenizer({ numWords: 5 });
   * tokenizer.fitOnSequences([[1, 2, 2], [2, 3]]);
   * tokenizer.indexDocs.get(2); // 2
   * ```
   */
  fitOnSequences(sequences: readonly (readonly number[])[]): void {
    this.documentCount += sequences.length;
    for (const sequence of sequences) {
      for (const index of new Set(sequence)) this.indexDocs.set(index, (this.indexDocs.get(index) ?? 0) + 1);
    }
  }

  /**
   * Each text as the indices of its words. With `numWords`, indices at or above it are dropped
   * (or become the OOV index); unknown words are dropped or become the OOV index.
   *
   * @example
   * ```ts
   * const tokenizer = new KerasTokenizer();
   * tokenizer.fitOnTexts(['a a b']);
   * tokenizer.textsToSequences(['b a z']); // [[2, 1]]
   * ```
   */
  textsToSequences(texts: Iterable<KerasText>): number[][] {
    return this.sequencesOf(texts, 'textsToSequences');
  }

  private sequencesOf(texts: Iterable<KerasText>, where: string): number[][] {
    const oovIndex = this.oovToken === null ? undefined : this.wordIndex.get(this.oovToken);
    const limit = this.numWords;
    const sequences: number[][] = [];
    for (const text of texts) {
      const sequence: number[] = [];
      for (const token of this.tokensOf(text, where)) {
        const index = this.wordIndex.get(token);
        if (index !== undefined) {
          if (limit && index >= limit) {
            if (oovIndex !== undefined) sequence.push(oovIndex);
          } else {
            sequence.push(index);
          }
        } else if (this.oovToken !== null && oovIndex !== undefined) {
          sequence.push(oovIndex);
        }
      }
      sequences.push(sequence);
    }
    return sequences;
  }

  /**
   * Each sequence of indices back as words joined by spaces, with the same `numWords` and OOV
   * rules as {@link textsToSequences}.
   *
   * @example
   * ```ts
   * const tokenizer = new KerasTokenizer();
   * tokenizer.fitOnTexts(['a a b']);
   * tokenizer.sequencesToTexts([[2, 1, 9]]); // ['b a']
   * ```
   */
  sequencesToTexts(sequences: Iterable<readonly number[]>): string[] {
    const oovIndex = this.oovToken === null ? undefined : this.wordIndex.get(this.oovToken);
    const oovWord = oovIndex === undefined ? undefined : this.indexWord.get(oovIndex);
    const limit = this.numWords;
    const texts: string[] = [];
    for (const sequence of sequences) {
      const words: string[] = [];
      for (const index of sequence) {
        const word = this.indexWord.get(index);
        if (word !== undefined) {
          if (limit && index >= limit) {
            if (oovWord !== undefined) words.push(oovWord);
          } else {
            words.push(word);
          }
        } else if (this.oovToken !== null && oovWord !== undefined) {
          words.push(oovWord);
        }
      }
      texts.push(words.join(' '));
    }
    return texts;
  }

  /**
   * Texts as a document × word matrix (`numWords` columns, or the index size + 1). Column 0 is
   * never used.
   *
   * @example
   * ```ts
   * const tokenizer = new KerasTokenizer();
   * tokenizer.fitOnTexts(['a a b']);
   * tokenizer.textsToMatrix(['a b b'], 'count'); // [[0, 1, 2]]
   * ```
   */
  textsToMatrix(texts: Iterable<KerasText>, mode: KerasMatrixMode = 'binary'): number[][] {
    return this.matrixOf(this.sequencesOf(texts, 'textsToMatrix'), mode, 'textsToMatrix');
  }

  /**
   * Sequences of indices as a document × word matrix; see {@link textsToMatrix}.
   *
   * @example
   * ```ts
   * const tokenizer = new KerasTokenizer({ numWords: 3 });
   * tokenizer.sequencesToMatrix([[1, 1, 2]], 'freq'); // [[0, 0.666…, 0.333…]]
   * ```
   */
  sequencesToMatrix(sequences: readonly (readonly number[])[], mode: KerasMatrixMode = 'binary'): number[][] {
    return this.matrixOf(sequences, mode, 'sequencesToMatrix');
  }

  private matrixOf(
    sequences: readonly (readonly number[])[],
    mode: KerasMatrixMode,
    where: string,
  ): number[][] {
    let columns: number;
    if (this.numWords) {
      columns = this.numWords;
    } else if (this.wordIndex.size > 0) {
      columns = this.wordIndex.size + 1;
    } else {
      throw new Error('Specify a dimension (numWords), or fit on some text data first.');
    }
    if (!['binary', 'count', 'tfidf', 'freq'].includes(mode))
      throw new Error(`Unknown vectorization mode: '${mode}'`);
    if (mode === 'tfidf' && !this.documentCount)
      throw new Error('Fit the tokenizer on some data before using tfidf mode.');
    checkMatrixSize(
      where,
      sequences.length,
      columns,
      this.numWords ? 'numWords' : 'the index size + 1',
      this.numWords ? 'lower numWords or convert fewer texts at a time' : 'convert fewer texts at a time',
    );
    return sequences.map((sequence, row) => {
      // Keras puts -1 in the last column (Python's negative index) and fails on 1.5; here either
      // would become a property of the row array that no one sees.
      for (const [position, index] of sequence.entries())
        if (!Number.isInteger(index) || index < 0)
          throw new RangeError(
            `${where}: sequences[${row}][${position}] is ${String(index)}, not an index (an integer ≥ 0)`,
          );
      return this.matrixRow(sequence, columns, mode);
    });
  }

  /** One row of {@link sequencesToMatrix}. */
  private matrixRow(sequence: readonly number[], columns: number, mode: KerasMatrixMode): number[] {
    const row = new Array<number>(columns).fill(0);
    if (sequence.length === 0) return row;
    const counts = new Map<number, number>();
    for (const index of sequence) if (index < columns) counts.set(index, (counts.get(index) ?? 0) + 1);
    for (const [index, count] of counts) {
      if (mode === 'count') row[index] = count;
      else if (mode === 'freq') row[index] = count / sequence.length;
      else if (mode === 'binary') row[index] = 1;
      else {
        const tf = 1 + Math.log(count);
        const idf = Math.log(1 + this.documentCount / (1 + (this.indexDocs.get(index) ?? 0)));
        row[index] = tf * idf;
      }
    }
    return row;
  }

  /**
   * The tokenizer as Keras' `to_json()` writes it (the inner maps as JSON strings, Python's
   * separators and ASCII escapes), readable by Keras' `tokenizer_from_json` and by {@link fromJson}.
   * A function `split` cannot be saved.
   *
   * @example
   * ```ts
   * const tokenizer = new KerasTokenizer();
   * tokenizer.fitOnTexts(['a b']);
   * KerasTokenizer.fromJson(tokenizer.toJson()).wordIndex.get('b'); // 2
   * ```
   */
  toJson(): string {
    if (typeof this.split !== 'string')
      throw new Error('a tokenizer with a split function cannot be saved as JSON');
    return pythonJsonDumps({
      class_name: 'Tokenizer',
      config: {
        num_words: this.numWords,
        filters: this.filters,
        lower: this.lower,
        split: this.split,
        char_level: this.charLevel,
        oov_token: this.oovToken,
        document_count: this.documentCount,
        word_counts: pythonJsonDumps(this.wordCounts),
        word_docs: pythonJsonDumps(this.wordDocs),
        index_docs: pythonJsonDumps(this.indexDocs),
        index_word: pythonJsonDumps(this.indexWord),
        word_index: pythonJsonDumps(this.wordIndex),
      },
    });
  }

  /**
   * A tokenizer from {@link toJson}'s output or Keras' `tokenizer.to_json()`.
   *
   * @example
   * ```ts
   * const restored = KerasTokenizer.fromJson(saved);
   * restored.textsToSequences(['some text']);
   * ```
   */
  static fromJson(json: string): KerasTokenizer {
    let parsed: KerasJson;
    try {
      parsed = JSON.parse(json) as KerasJson;
    } catch (error) {
      throw new Error(`not a Keras tokenizer JSON: ${(error as Error).message}`);
    }
    const config = parsed?.config;
    if (!config || typeof config.word_index !== 'string') {
      throw new Error(
        'not a Keras tokenizer JSON: expected {"class_name": "Tokenizer", "config": {..., "word_index": "..."}}',
      );
    }
    const tokenizer = new KerasTokenizer({
      numWords: config.num_words,
      filters: config.filters,
      lower: config.lower,
      split: config.split,
      charLevel: config.char_level,
      oovToken: config.oov_token,
      documentCount: config.document_count,
    });
    for (const [word, count] of orderedJsonEntries(config.word_counts))
      tokenizer.wordCounts.set(word, Number(count));
    for (const [word, count] of orderedJsonEntries(config.word_docs))
      tokenizer.wordDocs.set(word, Number(count));
    for (const [index, count] of orderedJsonEntries(config.index_docs)) {
      tokenizer.indexDocs.set(Number(index), Number(count));
    }
    tokenizer.wordIndex = new Map(
      orderedJsonEntries(config.word_index).map(([word, index]) => [word, Number(index)]),
    );
    tokenizer.indexWord = new Map(
      orderedJsonEntries(config.index_word).map(([index, word]) => [Number(index), String(word)]),
    );
    return tokenizer;
  }
}

/**
 * {@link KerasTokenizer} under a name that says what it builds.
 *
 * @example
 * ```ts
 * new WordIndexTokenizer().fitOnTexts(['a b']);
 * ```
 */
export const WordIndexTokenizer = KerasTokenizer;

/** What a value that is not a text is, for an error message: its kind, or for an array the kind of its first non-string. */
function describe(value: unknown): string {
  if (!Array.isArray(value)) return kindOf(value);
  return `an array holding ${kindOf(value.find((token) => typeof token !== 'string'))}`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `${/^[aeiou]/.test(typeof value) ? 'an' : 'a'} ${typeof value}`;
}
