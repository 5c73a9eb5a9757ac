import { UsageError } from '../io.js';
import { bpeTokenizers, trainedBpeEntry } from './bpe.js';
import { classicTokenizers } from './classic.js';
import { coreTokenizers } from './core.js';
import { gptTokenizers } from './gpt.js';
import { naturalTokenizers } from './natural.js';
import type { TokenizerEntry, TokenizerSettings } from './registry.js';

export type { TokenizerEntry, TokenizerFamily, TokenizerSettings } from './registry.js';

/** Every tokenizer the CLI knows, by package. Each package's entries live in their own file here. */
export const TOKENIZERS: readonly TokenizerEntry[] = [
  ...coreTokenizers,
  ...classicTokenizers,
  ...naturalTokenizers,
  ...bpeTokenizers,
  ...gptTokenizers,
];

/** The entry called `name`; an unknown name is a usage error that lists the known ones. */
export function findTokenizer(name: string): TokenizerEntry {
  const entry = TOKENIZERS.find((candidate) => candidate.name === name) ?? trainedBpeEntry(name);
  if (!entry) {
    const known = TOKENIZERS.map((candidate) => candidate.name).join(', ');
    throw new UsageError(`unknown tokenizer '${name}'. Available: ${known}, bpe-N (e.g. bpe-512)`);
  }
  return entry;
}

/** `a,b , c` → `['a', 'b', 'c']`, each checked against the registry. */
export function parseTokenizerNames(list: string): TokenizerEntry[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new UsageError('--tokenizer: give a name (or several: -t a,b,c)');
  return names.map(findTokenizer);
}

/** Build the tokenizer called `name` with `settings` (over the entry's defaults). */
export async function createTokenizer(name: string, settings: TokenizerSettings = {}) {
  const entry = findTokenizer(name);
  const given = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  return entry.create({ ...entry.defaults, ...given });
}

/**
 * The names of the tokenizers that read `setting` (`['regexp']` for `pattern`; the trained ones as
 * `bpe-N`), for the messages that refuse it elsewhere.
 */
export function settingReaders(setting: string): string[] {
  const readers = TOKENIZERS.filter((entry) => entry.reads?.includes(setting)).map((entry) => entry.name);
  if (trainedBpeEntry('bpe-512')?.reads?.includes(setting)) readers.push('bpe-N');
  return readers;
}

/** Every setting some tokenizer reads (`pattern`, `gaps`, `clitics`, `model`, `corpus`). */
export const TOKENIZER_SETTINGS: readonly string[] = [
  ...new Set([...TOKENIZERS, trainedBpeEntry('bpe-512')!].flatMap((entry) => entry.reads ?? [])),
];

/**
 * The first of `settings` given in `values` that none of the chosen tokenizers reads (a setting they
 * would ignore, silently), or undefined: the commands refuse it, each in its own words.
 */
export function unreadSetting(
  values: Record<string, unknown>,
  entries: readonly Pick<TokenizerEntry, 'reads'>[],
  settings: readonly string[] = TOKENIZER_SETTINGS,
): string | undefined {
  return settings.find(
    (setting) =>
      values[setting] !== undefined &&
      values[setting] !== false &&
      !entries.some((entry) => entry.reads?.includes(setting)),
  );
}
