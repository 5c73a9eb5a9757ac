/** Buckets of the draw range (2^16): each knows where its part of the table starts, so a draw searches a few rows. */
const BUCKET_BITS = 16;

/**
 * The words of negative sampling drawn as gensim draws them: a random integer modulo the last entry of
 * the cumulative unigram^0.75 table, then the first row whose entry is not below it (`bisect_left`). An
 * index of 65,536 buckets over the range narrows the binary search to the rows of one bucket (usually one
 * or two), with the same result.
 *
 * @example
 * ```ts
 * const sampler = NegativeSampler.fromTable(vocabulary.negativeTable);
 * sampler.draw(random.nextUint32()); // a vocabulary row
 * ```
 */
export class NegativeSampler {
  private constructor(
    /** The cumulative table, as integers. */
    readonly table: Int32Array,
    /** For each bucket b, the first row whose entry is ≥ b · 2^shift (one more entry at the end). */
    readonly starts: Int32Array,
    /** Draw values per bucket, as a power of two: a value's bucket is `value >>> shift`. */
    readonly shift: number,
  ) {
    this.total = (table[table.length - 1] as number) >>> 0;
  }

  private readonly total: number;

  /**
   * The sampler of a cumulative table (entries ascending, the last below 2^31).
   *
   * @example
   * ```ts
   * NegativeSampler.fromTable(new Float64Array([3, 5])).draw(4); // 1
   * ```
   */
  static fromTable(cumulative: Float64Array): NegativeSampler {
    const table = Int32Array.from(cumulative);
    const total = table[table.length - 1] as number;
    if (!(total > 0 && total < 2 ** 31))
      throw new RangeError(`the negative table must end in (0, 2^31), got ${total}`);
    const shift = Math.max(0, Math.ceil(Math.log2(total + 1)) - BUCKET_BITS);
    const buckets = (total >>> shift) + 1;
    const starts = new Int32Array(buckets + 1);
    let row = 0;
    for (let b = 0; b <= buckets; b++) {
      const value = b * 2 ** shift;
      while (row < table.length - 1 && (table[row] as number) < value) row++;
      starts[b] = row;
    }
    return new NegativeSampler(table, starts, shift);
  }

  /**
   * A sampler from the arrays of another one (as a worker thread receives them).
   *
   * @example
   * ```ts
   * const copy = NegativeSampler.fromParts(sampler.table, sampler.starts, sampler.shift);
   * ```
   */
  static fromParts(table: Int32Array, starts: Int32Array, shift: number): NegativeSampler {
    return new NegativeSampler(table, starts, shift);
  }

  /**
   * The row drawn by the random integer `random` (in [0, 2^32)).
   *
   * @example
   * ```ts
   * sampler.draw(random.nextUint32());
   * ```
   */
  draw(random: number): number {
    const table = this.table;
    // Both operands typed as unsigned 32-bit integers: an integer remainder, not a floating-point one.
    const value = (random >>> 0) % this.total;
    const bucket = value >>> this.shift;
    let low = this.starts[bucket] as number;
    let high = this.starts[bucket + 1] as number;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((table[middle] as number) < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
