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
