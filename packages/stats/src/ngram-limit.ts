/**
 * The most items the n-gram functions put in their result, all grams together: 2^27, a gibibyte of
 * references. The result's size follows `n`, `maxLen` and `k` as much as the sequence (padding adds
 * `n - 1` items at each end; 50,000-grams of 100,000 words are 2.5 billion items; skip-grams grow with
 * the binomial of `n + k`), so it is computed first and a result past the bound is refused before
 * anything is made, rather than crashing the process out of memory.
 *
 * @example
 * ```ts
 * MAX_NGRAM_ITEMS; // 134217728
 * ngrams(['a'], 1e9, { padLeft: true }); // throws RangeError: ... more than MAX_NGRAM_ITEMS ...
 * ```
 */
export const MAX_NGRAM_ITEMS = 2 ** 27;

/** Refuse a result of `items` items (a float, maybe huge) from `where`, naming what made it so large. */
export function checkNgramItems(where: string, items: number, cause: string): void {
  if (items <= MAX_NGRAM_ITEMS) return;
  const shown = items < 1e15 ? Math.round(items).toLocaleString('en-US') : items.toPrecision(3);
  throw new RangeError(
    `${where}: ${cause} would give ${shown} items, more than MAX_NGRAM_ITEMS (${MAX_NGRAM_ITEMS.toLocaleString('en-US')})`,
  );
}

/** How many items all `m`-grams of a sequence of `length` items hold together, for `m` in [`low`, `high`]. */
export function gramItems(length: number, low: number, high: number): number {
  const top = Math.min(high, length);
  if (top < low) return 0;
  // Σ (length + 1 − m) · m over m = low..top.
  const sum = (to: number) => (to * (to + 1)) / 2;
  const squares = (to: number) => (to * (to + 1) * (2 * to + 1)) / 6;
  return (length + 1) * (sum(top) - sum(low - 1)) - (squares(top) - squares(low - 1));
}

/** The binomial coefficient C(`n`, `r`) as a float, stopping once it passes `enough`. */
export function binomialUpTo(n: number, r: number, enough: number): number {
  if (r < 0 || r > n) return 0;
  const smaller = Math.min(r, n - r);
  let value = 1;
  for (let i = 1; i <= smaller && value <= enough; i++) value = (value * (n - smaller + i)) / i;
  return value;
}
