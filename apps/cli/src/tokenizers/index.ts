import { UsageError } from '../io.js';
import { bpeTokenizers } from './bpe.js';
import { classicTokenizers } from './classic.js';
import { coreTokenizers } from './core.js';
import { gptTokenizers } from './gpt.js';
import { naturalTokenizers } from './natural.js';
import type { TokenizerEntry, TokenizerSettings } from './registry.js';

export type { TokenizerEntry, TokenizerSettings } from './registry.js';

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
  const entry = TOKENIZERS.find((candidate) => candidate.name === name);
  if (!entry) {
    const known = TOKENIZERS.map((candidate) => candidate.name).join(', ');
    throw new UsageError(`unknown tokenizer '${name}'. Available: ${known}`);
  }
  return entry;
}

/** Build the tokenizer called `name` with `settings`. */
export async function createTokenizer(name: string, settings: TokenizerSettings = {}) {
  return findTokenizer(name).create(settings);
}
