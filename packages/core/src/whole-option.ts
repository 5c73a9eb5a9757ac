/**
 * More worker threads than any call of the packages takes (each thread is a V8 isolate of its own,
 * so more than this is surely a mistake, and a count typed by a user must not set the memory taken).
 *
 * @example
 * ```ts
 * requireWholeOption('encodeParallel', 'threads', threads, 1, MAX_WORKER_THREADS);
 * ```
 */
export const MAX_WORKER_THREADS = 256;

/**
 * Throw a `RangeError` naming `where` and the option `name` unless `value` is a whole number from
 * `min` to `max`: a count or size of `NaN`, `0`, `1.5` or a string would otherwise flow into loop
 * bounds and array lengths, where it fails far from the call or quietly changes the work done.
 *
 * @example
 * ```ts
 * requireWholeOption('encodeParallel', 'threads', 2, 1, 256); // passes
 * requireWholeOption('encodeParallel', 'pieceSize', 0, 1);
 * // RangeError: encodeParallel: pieceSize must be a whole number of at least 1, got 0
 * requireWholeOption('countChunksParallel', 'workers', '2', 0, 256);
 * // RangeError: countChunksParallel: workers must be a whole number from 0 to 256, got '2' (a string)
 * ```
 */
export function requireWholeOption(
  where: string,
  name: string,
  value: unknown,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): void {
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return;
  const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
  const shown = typeof value === 'string' ? `'${value}' (a string)` : String(value);
  throw new RangeError(`${where}: ${name} must be a whole number ${range}, got ${shown}`);
}
