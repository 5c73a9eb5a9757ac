// Counts as a report writes them, in a module of their own: the measures and the formatting both use them.

/** An integer with thousands separators. */
export function formatCount(value: number | undefined): string {
  return value === undefined ? '' : Math.round(value).toLocaleString('en-US');
}

/**
 * A count and its noun, in the plural unless the count is one: `1 line`, `12 lines`, `1,024 bytes`.
 *
 * @example
 * ```ts
 * countOf(1, 'sentence'); // '1 sentence'
 * ```
 */
export function countOf(value: number, noun: string): string {
  return `${formatCount(value)} ${Math.round(value) === 1 ? noun : `${noun}s`}`;
}
