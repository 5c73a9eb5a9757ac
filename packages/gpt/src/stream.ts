import type { Encoding } from './encoding.js';
import { isWordEdge, wordEdgesOf } from './parallel/safe-cuts.js';
import type { EncodeOptions } from './special-tokens.js';
import { isWhiteSpace } from './white-space.js';

/**
 * The last index `c` in `text[from, text.length)` where cutting the text cannot change any id: the
 * character before `c` is not white space and the one at `c` is white space other than CR/LF. No
 * piece of any of the split patterns holds such a pair (a piece only continues past non-space into
 * `\r`/`\n`), no pattern looks back, and a piece ending before `c` looks at most at `c`; special tokens
 * hold no spaces. So the pieces on either side are exactly the pieces of the whole text. With `edges`
 * (from `wordEdges`), also between the ASCII pairs it names: an ASCII letter or digit before ASCII
 * punctuation, outside special tokens (see `isSafeCut`). -1 if none.
 *
 * @example
 * ```ts
 * lastSafeCut('hello wor'); // 5: 'hello' is final, ' wor' may still grow
 * lastSafeCut('{"a":1,"b', 1, wordEdges([])); // 6: between '1' and ','
 * ```
 */
export function lastSafeCut(text: string, from = 1, edges?: Uint8Array): number {
  for (let c = text.length - 1; c >= Math.max(from, 1); c--) {
    const unit = text.charCodeAt(c);
    const before = text.charCodeAt(c - 1);
    if (unit !== 0x0a && unit !== 0x0d && isWhiteSpace(unit) && !isWhiteSpace(before)) return c;
    if (edges !== undefined && isWordEdge(edges, before, unit)) return c;
  }
  return -1;
}

/**
 * Encodes text that arrives in chunks, giving the same ids as encoding the whole text at once: each
 * `write` encodes everything up to the last place where a cut cannot change the result (see
 * {@link lastSafeCut}, with the encoding's word edges, so text without white space such as minified
 * JSON is cut too) and keeps the rest for later; `end` encodes what is left.
 *
 * @example
 * ```ts
 * const stream = new StreamEncoder(await getEncoding('cl100k_base'));
 * const ids = [...stream.write('hello wo'), ...stream.write('rld, again'), ...stream.end()];
 * // equal to enc.encode('hello world, again')
 * ```
 */
export class StreamEncoder {
  private readonly encoding: Encoding;
  private readonly options: EncodeOptions;
  /**
   * The text not encoded yet, as the chunks it came in (after the last cut): joined only when a cut
   * is found, so a long stretch without one costs one copy, not one per chunk.
   */
  private pending: string[] = [];

  /** A stream for `encoding`, with `encode`'s special-token options. */
  constructor(encoding: Encoding, options: EncodeOptions = {}) {
    this.encoding = encoding;
    this.options = options;
  }

  /** Add a chunk of text; returns the ids that are now final (possibly none). */
  write(chunk: string): number[] {
    if (chunk === '') return [];
    // The pending text held no cut, so only the new chunk is searched (with the unit before it).
    const before = this.pending.length === 0 ? '' : this.pending[this.pending.length - 1]!.slice(-1);
    const cut = lastSafeCut(before + chunk, 1, wordEdgesOf(this.encoding)) - before.length;
    if (cut < 0) {
      this.pending.push(chunk);
      return [];
    }
    const head = this.pending.join('') + chunk.slice(0, cut);
    this.pending = [chunk.slice(cut)];
    return this.encoding.encode(head, this.options);
  }

  /** Encode whatever is still pending and reset the stream. */
  end(): number[] {
    const rest = this.pending.join('');
    this.pending = [];
    return this.encoding.encode(rest, this.options);
  }
}

/**
 * Encode a stream of text chunks (any sync or async iterable of strings, such as a decoded web
 * `ReadableStream` or a file's bytes through `Utf8StreamDecoder` of `@tokenlab/core`), yielding ids
 * batch by batch as they become final. The concatenated batches equal `encoding.encode(wholeText,
 * options)`. (A Node stream read with an encoding set turns bytes that are not UTF-8 into U+FFFD
 * without a word; the decoder reports them.)
 *
 * @example
 * ```ts
 * const decoder = new Utf8StreamDecoder();
 * async function* text() {
 *   for await (const bytes of createReadStream('big.txt')) yield decoder.decode(bytes);
 *   yield decoder.end();
 * }
 * for await (const ids of encodeStream(enc, text())) total += ids.length;
 * ```
 */
export async function* encodeStream(
  encoding: Encoding,
  chunks: AsyncIterable<string> | Iterable<string>,
  options: EncodeOptions = {},
): AsyncGenerator<number[]> {
  const stream = new StreamEncoder(encoding, options);
  for await (const chunk of chunks) {
    const ids = stream.write(chunk);
    if (ids.length > 0) yield ids;
  }
  const rest = stream.end();
  if (rest.length > 0) yield rest;
}
