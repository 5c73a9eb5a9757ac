import type { OptionSpec } from './command.js';

/**
 * The option of `options` that an unknown option most likely meant, as it is written (`--out`), or
 * undefined when none is close: a long option that the unknown name starts (`-o`, `--vocab` for
 * `--vocab-sizes` when it is the only one) or that is a typing slip away (one edit in four letters:
 * `--vocab-size`, `--tokeniser`), or a long option given one dash (`-out`).
 *
 * @example
 * ```ts
 * suggestOption('-o', { out: { type: 'string' } });           // '--out'
 * suggestOption('--vocab-size', { 'vocab-sizes': { type: 'string' } }); // '--vocab-sizes'
 * suggestOption('--zzz', { out: { type: 'string' } });         // undefined
 * ```
 */
export function suggestOption(written: string, options: OptionSpec): string | undefined {
  const name = written.replace(/^--?/, '').split('=')[0]!.toLowerCase();
  if (name === '') return undefined;
  const names = Object.keys(options).filter((option) => option.length > 1);
  if (names.includes(name)) return `--${name}`;
  const starting = names.filter((option) => option.startsWith(name));
  if (starting.length === 1) return `--${starting[0]}`;
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 4)) + 1;
  for (const option of names) {
    const distance = editDistance(name, option, bestDistance);
    if (distance < bestDistance) {
      best = option;
      bestDistance = distance;
    }
  }
  return best === undefined ? undefined : `--${best}`;
}

/** Levenshtein distance of `a` and `b`, or `bound` when it is at least that (short strings only). */
function editDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) >= bound) return bound;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return Math.min(previous[b.length]!, bound);
}
