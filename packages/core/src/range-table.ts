/**
 * A Unicode property table: consecutive code point ranges, each with a one-letter value, written as
 * text (each range as the hex distance from the previous range's start, then its letter: `0U300T…`)
 * and decoded once, on first use, for a binary search.
 *
 * @example
 * ```ts
 * const table = new RangeTable('0A41B5bA'); // U+0000–U+0040 A, U+0041–U+009B B, U+009C– A
 * String.fromCharCode(table.letterAt(0x42)); // 'B'
 * ```
 */
export class RangeTable {
  readonly #encoded: string;
  #starts: Uint32Array | undefined;
  #letters: Uint8Array | undefined;

  constructor(encoded: string) {
    this.#encoded = encoded;
  }

  /** The letter (as its character code) of the range that holds `codePoint`. */
  letterAt(codePoint: number): number {
    if (!this.#starts || !this.#letters) this.#decode();
    const starts = this.#starts!;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= codePoint) low = mid;
      else high = mid - 1;
    }
    return this.#letters![low]!;
  }

  #decode(): void {
    const found = [...this.#encoded.matchAll(/([0-9a-f]+)([A-Z])/g)];
    const starts = new Uint32Array(found.length);
    const letters = new Uint8Array(found.length);
    let at = 0;
    found.forEach((match, index) => {
      at += Number.parseInt(match[1]!, 16);
      starts[index] = at;
      letters[index] = match[2]!.charCodeAt(0);
    });
    this.#starts = starts;
    this.#letters = letters;
  }
}
