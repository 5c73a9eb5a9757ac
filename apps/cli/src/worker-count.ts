import { availableParallelism } from 'node:os';

/** Input one worker thread is worth: the size of the pieces the chunk counter hands out (4 Mi units). */
export const BYTES_PER_WORKER = 4 << 20;

/**
 * A worker count after {@link capWorkers}, with the note to print when it was lowered.
 *
 * @example
 * ```ts
 * const { workers, note }: CappedWorkers = capWorkers(16, 1 << 20);
 * ```
 */
export interface CappedWorkers {
  /** Worker threads to start. */
  workers: number;
  /** Why fewer than asked for (undefined when the request stood). */
  note?: string;
}

/**
 * Cap a requested `--workers N` (or another `option`, such as `--threads`) at the cores of this machine and at what `inputBytes` of input can keep
 * busy (one worker per piece of {@link BYTES_PER_WORKER}): each worker thread costs memory whether or
 * not it has work, so the memory a run takes stays bounded by the machine and the input, never by the
 * number typed.
 *
 * @example
 * ```ts
 * capWorkers(999, 200_000, 8); // { workers: 1, note: '--workers 999 capped at 1: ...' }
 * capWorkers(2, 100 << 20, 8); // { workers: 2 }
 * ```
 */
export function capWorkers(
  requested: number,
  inputBytes: number,
  cores: number = availableParallelism(),
  option = '--workers',
): CappedWorkers {
  const useful = Math.max(1, Math.ceil(inputBytes / BYTES_PER_WORKER));
  const cap = Math.min(cores, useful);
  if (requested <= cap) return { workers: requested };
  const reasons: string[] = [];
  if (cores <= useful) reasons.push(`this machine has ${cores} core${cores === 1 ? '' : 's'}`);
  if (useful <= cores)
    reasons.push(
      `the input (${formatBytes(inputBytes)}) keeps at most ${useful} worker${useful === 1 ? '' : 's'} busy, one per ${formatBytes(BYTES_PER_WORKER)}`,
    );
  return { workers: cap, note: `${option} ${requested} capped at ${cap}: ${reasons.join('; ')}` };
}

function formatBytes(bytes: number): string {
  if (bytes >= 1 << 20) return `${(bytes / (1 << 20)).toFixed(1)} MiB`;
  if (bytes >= 1 << 10) return `${(bytes / (1 << 10)).toFixed(1)} KiB`;
  return `${bytes} B`;
}
