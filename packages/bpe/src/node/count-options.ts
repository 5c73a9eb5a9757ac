/** More worker threads than this is surely a mistake (each one is a V8 isolate of its own). */
export const MAX_WORKERS = 256;

/**
 * Throw a `RangeError` naming `where` and the option unless each size and worker count given is a
 * whole number in range: `workers: 1e6` started workers until the process ran out of memory,
 * `workers: NaN` failed deep inside, and a size of `NaN` silently changed how a text is cut.
 *
 * @example
 * ```ts
 * checkCountOptions('countChunksParallel', { workers: 2, pieceSize: 4 << 20 }); // passes
 * checkCountOptions('countChunksParallel', { workers: 1e6 }); // RangeError: countChunksParallel: workers must be ...
 * ```
 */
export function checkCountOptions(
  where: string,
  options: {
    readonly workers?: number;
    readonly pieceSize?: number;
    readonly rangeSize?: number;
    readonly blockSize?: number;
  },
): void {
  const { workers } = options;
  if (workers !== undefined && !isWholeIn(workers, 0, MAX_WORKERS))
    throw new RangeError(
      `${where}: workers must be a whole number from 0 to ${MAX_WORKERS}, got ${shown(workers)}`,
    );
  for (const name of ['pieceSize', 'rangeSize', 'blockSize'] as const) {
    const value = options[name];
    if (value !== undefined && !isWholeIn(value, 1, Number.MAX_SAFE_INTEGER))
      throw new RangeError(`${where}: ${name} must be a whole number of at least 1, got ${shown(value)}`);
  }
}

function isWholeIn(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** A string option quoted, so that `'2'` is not read as 2. */
function shown(value: unknown): string {
  return typeof value === 'string' ? `'${value}' (a string)` : String(value);
}
