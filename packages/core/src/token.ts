/**
 * One token cut from a text, with its place in that text.
 *
 * `start` and `end` are UTF-16 code unit offsets into the original string, `[start, end)`, so
 * `text.slice(token.start, token.end)` gives back the token's text. A tokenizer that rewrites text
 * (Treebank turns `"` into ` `` `) says so in its own docs.
 *
 * @example
 * ```ts
 * const token: Token = { text: 'world', start: 6, end: 11 };
 * 'hello world'.slice(token.start, token.end); // 'world'
 * ```
 */
export interface Token {
  /** The token as the tokenizer emits it (usually the slice of the input it covers). */
  text: string;
  /** Offset of the first UTF-16 code unit covered, inclusive. */
  start: number;
  /** Offset just past the last UTF-16 code unit covered, exclusive. */
  end: number;
  /** The token's id in the tokenizer's vocabulary, when it has one. */
  id?: number;
  /**
   * For byte-level tokens, the `[byteStart, byteEnd)` range in the UTF-8 encoding of the input. A
   * byte-level token may end inside a character; its UTF-16 span then covers every character it touches.
   */
  bytes?: [number, number];
}

/**
 * What every tokenizer in tokenlab implements, so that the CLI, the comparison report and the
 * playground can run any of them side by side.
 *
 * @example
 * ```ts
 * function countTokens(tokenizer: Tokenizer, text: string): number {
 *   return tokenizer.tokenize(text).length;
 * }
 * ```
 */
export interface Tokenizer {
  /** A short stable name, as used by the CLI (`whitespace`, `treebank`, `cl100k_base`, ...). */
  readonly name: string;
  /** Cut `text` into tokens with `[start, end)` spans into `text`. */
  tokenize(text: string): Token[];
  /** Turn text into vocabulary ids (tokenizers with a vocabulary only). */
  encode?(text: string): number[];
  /** Turn ids back into text (tokenizers with a vocabulary only). */
  decode?(ids: readonly number[]): string;
}
