import type { Tokenizer } from '@tokenlab/core';

/** Settings a tokenizer may take from the command line (`--pattern`, `--gaps`, `--model`, ...). */
export type TokenizerSettings = Readonly<Record<string, string | boolean | undefined>>;

/** Where a tokenizer comes from, in the order tables list them. */
export type TokenizerFamily = 'core' | 'classic' | 'natural' | 'bpe' | 'gpt';

/**
 * A tokenizer the CLI can run by name. The names are the project's one vocabulary: `tokenize -t`,
 * `stats -t`, `compare --tokenizers` and the report's rows all use them.
 *
 * @example
 * ```ts
 * const entry: TokenizerEntry = {
 *   name: 'utf8',
 *   family: 'core',
 *   description: 'one token per UTF-8 byte',
 *   create: () => new Utf8ByteTokenizer(),
 * };
 * ```
 */
export interface TokenizerEntry {
  /** The name given to `--tokenizer`. */
  name: string;
  /** Where it comes from. */
  family: TokenizerFamily;
  /** One line for `tokenlab tokenize --help`. */
  description: string;
  /** Settings used when the command line does not give them (e.g. the regexp tokenizer's pattern). */
  defaults?: TokenizerSettings;
  /** The settings it reads (`--pattern` and `--gaps` for regexp): a command refuses them for the others. */
  reads?: readonly string[];
  /**
   * True when the tokens of a text are the tokens of its pieces cut anywhere between code points
   * (the core views): such a tokenizer can run over a stream in bounded memory.
   */
  streamable?: boolean;
  /**
   * For a tokenizer whose tokens of a text are those of its pieces cut at certain places: the last
   * such place in `text` at or after `from` (at least 1), or -1. Such a tokenizer runs over a stream
   * in the memory of its longest stretch without one: just after an ASCII space, tab or line break
   * for WhitespaceTokenizer, WordPunct and the Arabic tokenizer (`lastSpaceCut`), at the safe cuts of
   * @tokenlab/gpt for the GPT encodings.
   */
  lastCut?: (text: string, from: number) => number;
  /** Build the tokenizer; may load data lazily. */
  create(settings: TokenizerSettings): Tokenizer | Promise<Tokenizer>;
}
