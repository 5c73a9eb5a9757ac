/** Numbers with thousands separators (one formatter: `toLocaleString` makes one per call). */
const NUMBER = new Intl.NumberFormat('en');

/**
 * A count and its noun, in the plural unless the count is one: `1 token`, `1,024 tokens`.
 *
 * @example
 * ```ts
 * countOf(1, 'merge'); // '1 merge'
 * ```
 */
export function countOf(value: number, noun: string): string {
  return `${NUMBER.format(value)} ${value === 1 ? noun : `${noun}s`}`;
}
