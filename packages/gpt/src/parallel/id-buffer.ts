import type { IdSink } from '../bpe/byte-pair-merge.js';

/**
 * The most ids an {@link IdBuffer} holds: the longest `Uint32Array` Node's V8 makes (2^32 elements,
 * 16 GiB): about 17 GB of English or 11 GB of Arabic with cl100k.
 *
 * @example
 * ```ts
 * MAX_IDS; // 4294967296
 * ```
 */
export const MAX_IDS = 2 ** 32;

/**
 * An {@link IdSink} that collects ids in a growing `Uint32Array` (4 bytes an id, one copy per
 * doubling), cheaper than a `number[]` for millions of ids and transferable between threads.
 *
 * @example
 * ```ts
 * const buffer = new IdBuffer();
 * enc.encodeOrdinaryInto('hello world', 0, 11, buffer);
 * buffer.ids(); // Uint32Array [15339, 1917]
 * ```
 */
export class IdBuffer implements IdSink {
  private data: Uint32Array;
  /** How many ids were pushed. */
  length = 0;

  /**
   * A buffer with room for `capacity` ids before it first grows, holding at most `maxIds` (default
   * {@link MAX_IDS}, the longest `Uint32Array` there is; smaller for tests).
   */
  constructor(
    capacity = 1024,
    private readonly maxIds = MAX_IDS,
  ) {
    this.data = new Uint32Array(Math.min(maxIds, Math.max(16, capacity)));
  }

  /** Append one id. */
  push(id: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = id;
  }

  /** Append all of `ids` (one copy; the buffer at least doubles when it grows). */
  append(ids: Uint32Array): void {
    if (this.length + ids.length > this.data.length) this.grow(this.length + ids.length);
    this.data.set(ids, this.length);
    this.length += ids.length;
  }

  /** Room for `needed` ids: at least twice the room, at most `maxIds`, or a `RangeError` past it. */
  private grow(needed: number): void {
    if (needed > this.maxIds)
      throw new RangeError(
        `more than ${this.maxIds.toLocaleString('en-US')} ids for one array: encode the text in parts ` +
          '(encodeFileStreamParallel and encodeStreamParallel give the ids of each part in turn)',
      );
    const grown = new Uint32Array(Math.min(this.maxIds, Math.max(this.data.length * 2, needed)));
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  /**
   * Make room for the ids of a whole text of `wholeSize` units (or bytes) at the rate of a stretch of
   * it already encoded, `stretchIds` ids in `stretchSize`, and an eighth more: sized once from the
   * first piece, the buffer is not doubled later (each doubling copies every id so far and writes
   * fresh pages; Arabic prose has 0.37 to 0.98 tokens per UTF-16 unit with the three GPT encodings,
   * English 0.25, so no fixed guess suits every text). A text whose rate rises later still grows as before.
   *
   * @example
   * ```ts
   * const buffer = new IdBuffer();
   * buffer.append(firstPieceIds); // the ids of the first 1 Mi units
   * buffer.reserveAtRate(firstPieceIds.length, 1 << 20, text.length);
   * ```
   */
  reserveAtRate(stretchIds: number, stretchSize: number, wholeSize: number): void {
    if (!(stretchSize > 0 && wholeSize > 0)) return;
    const expected = Math.min(
      this.maxIds,
      Math.ceil(((wholeSize * stretchIds) / stretchSize) * 1.125) + 1024,
    );
    if (expected <= this.data.length) return;
    const grown = new Uint32Array(expected);
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  /**
   * A function that appends a text's parts' ids in order, sizing the buffer for the whole text
   * (`wholeSize` units or bytes) from the first part's ids, taken as `firstSize` long (see
   * {@link IdBuffer.reserveAtRate}).
   *
   * @example
   * ```ts
   * const buffer = new IdBuffer(1 << 20);
   * const onIds = buffer.appenderSizedByFirst(1 << 20, text.length);
   * for (const part of partIds) onIds(part);
   * ```
   */
  appenderSizedByFirst(firstSize: number, wholeSize: number): (ids: Uint32Array) => void {
    let sized = false;
    return (ids) => {
      this.append(ids);
      if (!sized) this.reserveAtRate(ids.length, firstSize, wholeSize);
      sized = true;
    };
  }

  /** The ids pushed so far (a view of the buffer: copy it before pushing more). */
  ids(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}
