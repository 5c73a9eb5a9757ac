import { nearestName } from '@tokenlab/core';
import type { OptionSpec } from './command.js';

/**
 * The option of `options` that an unknown option most likely meant, as it is written (`--out`), or
 * undefined when none is close: the only long option a short one begins (`-o` for `--out`), a long
 * option given one dash (`-out`), or core's `nearestName` of the long options (`--vocab-size`,
 * `--tokeniser`).
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
  if (name.length < 3 && starting.length === 1) return `--${starting[0]}`;
  const near = nearestName(name, names);
  return near === undefined ? undefined : `--${near}`;
}
