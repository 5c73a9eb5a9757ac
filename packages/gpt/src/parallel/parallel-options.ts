import { MAX_WORKER_THREADS, requireWholeOption } from '@tokenlab/core';

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
  if (options.threads !== undefined)
    requireWholeOption(where, 'threads', options.threads, 1, MAX_WORKER_THREADS);
  if (options.pieceSize !== undefined) requireWholeOption(where, 'pieceSize', options.pieceSize, 1);
}
