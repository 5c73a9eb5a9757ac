/** More threads than this is surely a mistake (each one is a V8 isolate of its own). */
export const MAX_THREADS = 256;

/**
 * Throw a `RangeError` naming `where` and the option unless `threads` and `pieceSize` (when given)
 * are whole numbers in range: `pieceSize: 0` or `NaN` would cut a text into pieces of one unit
 * (tens of times slower, the ids still right), and `threads: NaN` failed deep inside with "Invalid
 * array length".
 *
 * @example
 * ```ts
 * checkParallelOptions('encodeParallel', { threads: 2, pieceSize: 1 << 20 }); // passes
 * checkParallelOptions('encodeParallel', { pieceSize: 0 }); // RangeError: encodeParallel: pieceSize must be ...
 * ```
 */
export function checkParallelOptions(
  where: string,
  options: { readonly threads?: number; readonly pieceSize?: number },
): void {
  const { threads, pieceSize } = options;
  if (threads !== undefined && !isWholeIn(threads, 1, MAX_THREADS))
    throw new RangeError(
      `${where}: threads must be a whole number from 1 to ${MAX_THREADS}, got ${shown(threads)}`,
    );
  if (pieceSize !== undefined && !isWholeIn(pieceSize, 1, Number.MAX_SAFE_INTEGER))
    throw new RangeError(`${where}: pieceSize must be a whole number of at least 1, got ${shown(pieceSize)}`);
}

function isWholeIn(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** A string option quoted, so that `'2'` is not read as 2. */
function shown(value: unknown): string {
  return typeof value === 'string' ? `'${value}' (a string)` : String(value);
}
