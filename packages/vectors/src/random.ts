/**
 * A small seeded generator of unsigned 32-bit integers (SplitMix32-style mixing of a Weyl sequence): the
 * same seed gives the same training, on every platform.
 *
 * @example
 * ```ts
 * const random = new SeededRandom(1);
 * random.nextUint32(); // the same number on every run
 * random.nextFloat(); // in [0, 1)
 * ```
 */
export class SeededRandom {
  private state_: number;

  /**
   * Starts the sequence of `seed` (any finite number; its integer part modulo 2^32 is used).
   *
   * @example
   * ```ts
   * const random = new SeededRandom(42);
   * ```
   */
  constructor(seed: number) {
    this.state_ = Math.trunc(seed) >>> 0;
  }

  /**
   * The current position in the sequence: `new SeededRandom(random.state)` continues where `random` is.
   *
   * @example
   * ```ts
   * const copy = new SeededRandom(random.state);
   * copy.nextUint32() === random.nextUint32(); // true
   * ```
   */
  get state(): number {
    return this.state_;
  }

  /**
   * Moves to a position of the sequence (as read from {@link SeededRandom.state}, here or by code that
   * draws from the same sequence elsewhere, such as the WebAssembly training loops).
   *
   * @example
   * ```ts
   * random.state = saved;
   * ```
   */
  set state(value: number) {
    this.state_ = value >>> 0;
  }

  /**
   * The next integer in [0, 2^32).
   *
   * @example
   * ```ts
   * new SeededRandom(1).nextUint32() < 2 ** 32; // true
   * ```
   */
  nextUint32(): number {
    this.state_ = (this.state_ + 0x9e3779b9) >>> 0;
    let z = this.state_;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  }

  /**
   * The next number in [0, 1).
   *
   * @example
   * ```ts
   * new SeededRandom(1).nextFloat() < 1; // true
   * ```
   */
  nextFloat(): number {
    return this.nextUint32() / 2 ** 32;
  }
}
