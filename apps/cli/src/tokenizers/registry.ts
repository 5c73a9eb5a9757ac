import type { Tokenizer } from '@tokenlab/core';

/** Settings a tokenizer may take from the command line (`--pattern`, `--gaps`, `--model`, ...). */
export type TokenizerSettings = Readonly<Record<string, string | boolean | undefined>>;

/** A tokenizer the CLI can run by name. */
export interface TokenizerEntry {
  /** The name given to `--tokenizer`. */
  name: string;
  /** One line for `tokenlab tokenize --help`. */
  description: string;
  /** Build the tokenizer; may load data lazily. */
  create(settings: TokenizerSettings): Tokenizer | Promise<Tokenizer>;
}
