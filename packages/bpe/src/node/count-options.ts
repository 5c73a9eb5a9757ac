import { MAX_WORKER_THREADS, requireWholeOption } from '@tokenlab/core';

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
  if (options.workers !== undefined)
    requireWholeOption(where, 'workers', options.workers, 0, MAX_WORKER_THREADS);
  for (const name of ['pieceSize', 'rangeSize', 'blockSize'] as const)
    if (options[name] !== undefined) requireWholeOption(where, name, options[name], 1);
}
