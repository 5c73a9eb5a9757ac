import { findInvalidUtf8, renderToken } from '@tokenlab/core';

/** Lines joined into one string at a time (see `VocabLines.blocks`). */
const BLOCK_LINES = 2048;

/**
 * minbpe's `.vocab` text built one merge at a time, for a vocabulary of the 256 bytes and merges
 * numbered 256, 257, ... in order (what training makes; special tokens registered afterwards are not
 * part of it, as in minbpe): the same text {@link vocabFileText} gives for that tokenizer, which uses
 * it for such merges. Each token is rendered once, and most from their parts' renders.
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
  private readonly rendered: string[] = [];
  /**
   * 1 where the token's bytes are well-formed UTF-8 on their own. Two such tokens render, joined,
   * as their two renders joined (the text decodes character by character, and each character is
   * escaped or kept alone), so most merges need no decoding.
   */
  private wellFormed = new Uint8Array(1024);
  /**
   * The text so far: whole blocks of lines joined into one string each, then the lines since. Joining
   * every few thousand lines keeps tens of thousands of line strings from staying alive (and being
   * copied by every young-generation collection) until the end.
   */
  private readonly blocks: string[] = [];
  private lines: string[] = [];
  private ids = 0;

  /** Starts with the 256 byte tokens. */
  constructor() {
    for (let byte = 0; byte <= 256; byte++) {
      this.pool[byte] = byte;
      this.starts[byte] = byte;
    }
    for (let byte = 0; byte < 256; byte++) {
      this.wellFormed[byte] = byte < 0x80 ? 1 : 0;
      this.push(`[${this.render(byte)}] ${byte}\n`);
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
    if (id + 2 > starts.length) {
      const larger = new Int32Array(2 * starts.length);
      larger.set(starts);
      this.starts = larger;
      const wellFormed = new Uint8Array(2 * starts.length);
      wellFormed.set(this.wellFormed);
      this.wellFormed = wellFormed;
    }
    const pool = this.pool;
    pool.copyWithin(at, leftStart, leftStart + leftLength);
    at += leftLength;
    pool.copyWithin(at, rightStart, rightStart + rightLength);
    this.starts[id + 1] = at + rightLength;
    const leftText = this.rendered[left]!;
    const rightText = this.rendered[right]!;
    let text: string;
    if (this.wellFormed[left] && this.wellFormed[right]) {
      text = leftText + rightText;
      this.rendered[id] = text;
      this.wellFormed[id] = 1;
    } else {
      text = this.render(id);
      this.wellFormed[id] = findInvalidUtf8(pool.subarray(this.starts[id]!, at + rightLength)) < 0 ? 1 : 0;
    }
    this.push(`[${leftText}][${rightText}] -> [${text}] ${id}\n`);
  }

  /**
   * The `.vocab` text of the tokens so far.
   *
   * @example
   * ```ts
   * new VocabLines().text().split('\n')[65]; // '[A] 65'
   * ```
   */
  text(): string {
    return this.blocks.join('') + this.lines.join('');
  }

  /** Render token `id` (its bytes are in place) and keep the text for the merges that use it. */
  private render(id: number): string {
    const text = renderToken(this.pool.subarray(this.starts[id]!, this.starts[id + 1]!));
    this.rendered[id] = text;
    return text;
  }

  private push(line: string): void {
    this.lines.push(line);
    this.ids++;
    if (this.lines.length === BLOCK_LINES) {
      this.blocks.push(this.lines.join(''));
      this.lines = [];
    }
  }
}
