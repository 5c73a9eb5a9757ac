import { findInvalidUtf8, renderToken } from '@tokenlab/core';

/** Short lines are joined into parts of about this many UTF-16 units (see `VocabLines.parts`). */
const PART_UNITS = 1 << 16;

/**
 * A merged token whose text would be longer than this (in UTF-16 units) keeps its two parts' texts
 * instead of one joined string: the texts of a corpus that is one long word double from merge to
 * merge, and the longest would outgrow what a string holds.
 */
const LONG_TEXT = 1 << 24;

/**
 * minbpe's `.vocab` text built one merge at a time, for a vocabulary of the 256 bytes and merges
 * numbered 256, 257, ... in order (what training makes; special tokens registered afterwards are not
 * part of it, as in minbpe): the same text {@link vocabFileText} gives for that tokenizer, which uses
 * it for such merges. Each token is rendered once, and most from their parts' renders. The text comes
 * out in parts ({@link VocabLines.parts}), so that a file of any length is written without one string
 * ever holding it.
 *
 * @example
 * ```ts
 * const lines = new VocabLines();
 * lines.add(97, 97); // id 256
 * lines.text().split('\n')[256]; // '[a][a] -> [aa] 256'
 * ```
 */
export class VocabLines {
  /** Bytes of every token so far, one after another; token id's are pool[starts[id] .. starts[id + 1]). */
  private pool = new Uint8Array(4096);
  private starts = new Int32Array(1024);
  /** Each merge's parts, by id (the bytes' entries unused). */
  private lefts = new Int32Array(1024);
  private rights = new Int32Array(1024);
  /** Each token's text, or undefined for a long one kept as its parts' texts (see {@link LONG_TEXT}). */
  private readonly rendered: Array<string | undefined> = [];
  /** Length of each token's text, in UTF-16 units. */
  private textLengths = new Float64Array(1024);
  /**
   * 1 where the token's bytes are well-formed UTF-8 on their own. Two such tokens render, joined,
   * as their two renders joined (the text decodes character by character, and each character is
   * escaped or kept alone), so most merges need no decoding.
   */
  private wellFormed = new Uint8Array(1024);
  private ids = 0;

  /**
   * Starts with the 256 byte tokens. `longText` (default 2^24) is the length past which a merged
   * token keeps its parts' texts instead of a joined one (small in tests, to reach that path).
   */
  constructor(private readonly longText = LONG_TEXT) {
    for (let byte = 0; byte <= 256; byte++) {
      this.pool[byte] = byte;
      this.starts[byte] = byte;
    }
    for (let byte = 0; byte < 256; byte++) {
      this.wellFormed[byte] = byte < 0x80 ? 1 : 0;
      this.render(byte);
      this.ids++;
    }
  }

  /** Number of tokens so far: 256 plus the merges added. */
  get size(): number {
    return this.ids;
  }

  /**
   * Add the next merge, `(left, right)`, which makes id {@link size}. Both parts must be bytes or
   * earlier merges.
   *
   * @example
   * ```ts
   * const lines = new VocabLines();
   * lines.add(104, 105);
   * lines.size; // 257
   * ```
   */
  add(left: number, right: number): void {
    const id = this.ids;
    if (
      !(
        Number.isInteger(left) &&
        left >= 0 &&
        left < id &&
        Number.isInteger(right) &&
        right >= 0 &&
        right < id
      )
    )
      throw new RangeError(
        `merge (${left}, ${right}) -> ${id}: each part must be a byte or an earlier merge`,
      );
    if (id + 2 > this.starts.length) this.growIds();
    const { starts } = this;
    const leftStart = starts[left]!;
    const leftLength = starts[left + 1]! - leftStart;
    const rightStart = starts[right]!;
    const rightLength = starts[right + 1]! - rightStart;
    let at = starts[id]!;
    if (at + leftLength + rightLength > this.pool.length) {
      const larger = new Uint8Array(Math.max(2 * this.pool.length, at + leftLength + rightLength));
      larger.set(this.pool.subarray(0, at));
      this.pool = larger;
    }
    const pool = this.pool;
    pool.copyWithin(at, leftStart, leftStart + leftLength);
    at += leftLength;
    pool.copyWithin(at, rightStart, rightStart + rightLength);
    starts[id + 1] = at + rightLength;
    this.lefts[id] = left;
    this.rights[id] = right;
    if (this.wellFormed[left] && this.wellFormed[right]) {
      const length = this.textLengths[left]! + this.textLengths[right]!;
      this.textLengths[id] = length;
      this.wellFormed[id] = 1;
      this.rendered[id] = length > this.longText ? undefined : this.rendered[left]! + this.rendered[right]!;
    } else {
      this.render(id);
      this.wellFormed[id] = findInvalidUtf8(pool.subarray(starts[id]!, at + rightLength)) < 0 ? 1 : 0;
    }
    this.ids++;
  }

  /**
   * The `.vocab` text of the tokens so far, in parts to write one after another (lines joined into
   * parts of some 64 Ki units; a long token's text in pieces of its own).
   *
   * @example
   * ```ts
   * [...new VocabLines().parts()].join('') === new VocabLines().text(); // true
   * ```
   */
  *parts(): Generator<string> {
    let lines: string[] = [];
    let units = 0;
    for (let id = 0; id < this.ids; id++) {
      const merged = id >= 256;
      const left = this.lefts[id]!;
      const right = this.rights[id]!;
      const length = merged
        ? this.textLengths[left]! + this.textLengths[right]! + this.textLengths[id]!
        : this.textLengths[id]!;
      const whole =
        this.rendered[id] !== undefined &&
        (!merged || (this.rendered[left] !== undefined && this.rendered[right] !== undefined));
      if (whole && length <= PART_UNITS) {
        lines.push(
          merged
            ? `[${this.rendered[left]}][${this.rendered[right]}] -> [${this.rendered[id]}] ${id}\n`
            : `[${this.rendered[id]}] ${id}\n`,
        );
        units += length;
        if (units >= PART_UNITS) {
          yield lines.join('');
          lines = [];
          units = 0;
        }
        continue;
      }
      // A long line: the lines before it, then its pieces, never joined.
      if (lines.length > 0) yield lines.join('');
      lines = [];
      units = 0;
      yield '[';
      if (merged) {
        yield* this.textOf(left);
        yield '][';
        yield* this.textOf(right);
        yield '] -> [';
      }
      yield* this.textOf(id);
      yield `] ${id}\n`;
    }
    if (lines.length > 0) yield lines.join('');
  }

  /**
   * The `.vocab` text of the tokens so far, as one string (see {@link VocabLines.parts} for a text
   * too long for one).
   *
   * @example
   * ```ts
   * new VocabLines().text().split('\n')[65]; // '[A] 65'
   * ```
   */
  text(): string {
    return [...this.parts()].join('');
  }

  /** Token `id`'s text: its string, or for a long one, its parts' texts from left to right. */
  private *textOf(id: number): Generator<string> {
    const stack = [id];
    while (stack.length > 0) {
      const next = stack.pop()!;
      const text = this.rendered[next];
      if (text !== undefined) yield text;
      else stack.push(this.rights[next]!, this.lefts[next]!);
    }
  }

  /** Render token `id` from its bytes (in place) and keep the text for the merges that use it. */
  private render(id: number): void {
    const bytes = this.pool.subarray(this.starts[id]!, this.starts[id + 1]!);
    let text: string;
    try {
      text = renderToken(bytes);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new RangeError(
        `token ${id} (${bytes.length} bytes, not whole UTF-8 characters) is too long to render as the text of a .vocab line`,
      );
    }
    this.rendered[id] = text;
    this.textLengths[id] = text.length;
  }

  private growIds(): void {
    const size = 2 * this.starts.length;
    const grown = <T extends Int32Array | Uint8Array | Float64Array>(array: T): T => {
      const larger = new (array.constructor as new (n: number) => T)(size);
      larger.set(array as never);
      return larger;
    };
    this.starts = grown(this.starts);
    this.lefts = grown(this.lefts);
    this.rights = grown(this.rights);
    this.textLengths = grown(this.textLengths);
    this.wellFormed = grown(this.wellFormed);
  }
}
