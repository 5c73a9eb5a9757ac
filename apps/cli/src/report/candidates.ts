import type { Tokenizer } from '@tokenlab/core';
import { TOKENIZERS, type TokenizerEntry, type TokenizerSettings } from '../tokenizers/index.js';
import type { Candidate } from './measure.js';
import { unavailableRow } from './measure.js';
import type { TokenizerFamily, TokenizerRow } from './model.js';

/**
 * The tokenizers the report is meant to show, by family. Each is run through the CLI's registry, so
 * whatever is registered appears; a name listed here but not registered becomes a visible
 * "not available" row instead of silently vanishing.
 */
export const EXPECTED_TOKENIZERS: readonly { name: string; family: TokenizerFamily }[] = [
  { name: 'whitespace', family: 'classic' },
  { name: 'wordpunct', family: 'classic' },
  { name: 'treebank', family: 'classic' },
  { name: 'nltk-word', family: 'classic' },
  { name: 'word', family: 'classic' },
  { name: 'regexp', family: 'classic' },
  { name: 'arabic', family: 'classic' },
  { name: 'natural-word', family: 'natural' },
  { name: 'natural-treebank', family: 'natural' },
  { name: 'natural-wordpunct', family: 'natural' },
  { name: 'gpt2', family: 'gpt' },
  { name: 'cl100k_base', family: 'gpt' },
  { name: 'o200k_base', family: 'gpt' },
];

/**
 * Settings for registry tokenizers that need some: the regexp tokenizer gets the pattern of NLTK's
 * own `regexp_tokenize` example (words, money amounts, any other non-space run).
 */
export const COMPARE_SETTINGS: Readonly<Record<string, TokenizerSettings>> = {
  regexp: { pattern: String.raw`\w+|\$[\d\.]+|\S+` },
};

/** Extra rows: a registry tokenizer run a second time with other settings. */
export const COMPARE_VARIANTS: readonly {
  name: string;
  entry: string;
  settings: TokenizerSettings;
  note: string;
}[] = [
  {
    name: 'arabic-clitics',
    entry: 'arabic',
    settings: { clitics: true },
    note: 'with clitic segmentation (--clitics)',
  },
];

/**
 * Registered tokenizers the report leaves out: ones that would repeat another row exactly (they run
 * when named in `--tokenizers`), and the BPE loaded from a model file (the report trains its own).
 */
export const SKIPPED_BY_DEFAULT: Readonly<Record<string, string>> = {
  bpe: 'loads a minbpe .model file; the report trains its own BPE rows (bpe-<size>)',
  r50k_base: 'the same ranks and pattern as gpt2',
  p50k_edit: 'the same ranks as p50k_base (it only adds fill-in-the-middle special tokens)',
  'wordpunct-unicode': "the playground's WordPunct variant (marks as word characters)",
  'punkt-en': 'sentences, not words (the report splits sentences with Punkt itself)',
  'punkt-ar': 'sentences, not words (the report splits sentences with Punkt itself)',
  blankline:
    'splits paragraphs, not words: every line of a corpus is one paragraph, so its row only counts lines',
  'natural-sentence': 'splits sentences, not words (the report counts sentences with its own splitter)',
};

/** The GPT encodings the report shows; loaded from @tokenlab/gpt directly if the registry lacks them. */
const GPT_ENCODINGS = ['gpt2', 'cl100k_base', 'o200k_base'] as const;

const CORE = new Set(['chars', 'codepoints', 'utf8']);
const GPT = /^(gpt2|r50k|p50k|cl100k|o200k)/;

/** The family of a registered tokenizer, from its name. */
export function familyOf(name: string): TokenizerFamily {
  if (CORE.has(name)) return 'core';
  if (name.startsWith('natural')) return 'natural';
  if (GPT.test(name)) return 'gpt';
  if (name.startsWith('bpe')) return 'bpe';
  return 'classic';
}

/** Sort key: core views first, then classic, natural, BPE and GPT, as the tables show them. */
export const FAMILY_ORDER: readonly TokenizerFamily[] = ['core', 'classic', 'natural', 'bpe', 'gpt'];

/** What building the registered tokenizers gave: the ones to run, and rows for the ones that failed. */
export interface CandidateSet {
  /** Tokenizers to measure. */
  candidates: Candidate[];
  /** Rows for tokenizers that are missing or could not be built. */
  unavailable: TokenizerRow[];
  /** Registered tokenizers left out by default, with the reason. */
  skipped: string[];
}

/**
 * The GPT encodings straight from @tokenlab/gpt's `getEncoding`, for when the registry has no GPT
 * entry: the report must show them either way.
 */
async function gptFromPackage(
  names: readonly string[],
): Promise<{ candidates: Candidate[]; errors: TokenizerRow[] }> {
  const candidates: Candidate[] = [];
  const errors: TokenizerRow[] = [];
  for (const name of names) {
    try {
      const { getEncoding } = (await import('@tokenlab/gpt')) as unknown as {
        getEncoding?: (name: string) => Promise<Tokenizer>;
      };
      if (typeof getEncoding !== 'function') throw new Error('@tokenlab/gpt does not export getEncoding yet');
      candidates.push({
        name,
        family: 'gpt',
        description: `tiktoken's ${name} encoding, from @tokenlab/gpt getEncoding`,
        tokenizer: await getEncoding(name),
      });
    } catch (error) {
      errors.push(unavailableRow(name, 'gpt', '', `not available: ${(error as Error).message}`));
    }
  }
  return { candidates, errors };
}

function isExpectedAlias(expected: string, registered: readonly TokenizerEntry[]): boolean {
  // `cl100k` registered for `cl100k_base` (or the reverse) is the same tokenizer.
  const stem = expected.replace(/_base$/, '');
  return registered.some((entry) => entry.name.replace(/_base$/, '') === stem);
}

/**
 * Build every selected registry tokenizer (all of them by default). `selection` names must be
 * registered or expected; the rest is a usage error raised by the caller.
 */
export async function buildCandidates(selection?: readonly string[]): Promise<CandidateSet> {
  const wanted = (name: string) => selection === undefined || selection.includes(name);
  const candidates: Candidate[] = [];
  const unavailable: TokenizerRow[] = [];
  const skipped: string[] = [];
  for (const entry of TOKENIZERS) {
    if (!wanted(entry.name)) continue;
    const skip = SKIPPED_BY_DEFAULT[entry.name];
    if (skip && (selection === undefined || entry.name === 'bpe')) {
      skipped.push(
        entry.name === 'bpe'
          ? `${entry.name}: ${skip}`
          : `${entry.name}: ${skip} (run it with --tokenizers ${entry.name})`,
      );
      continue;
    }
    const family = familyOf(entry.name);
    const settings = COMPARE_SETTINGS[entry.name] ?? {};
    const described = settings.pattern
      ? `${entry.description}; here --pattern '${settings.pattern}'`
      : entry.description;
    try {
      const tokenizer = await entry.create(settings);
      candidates.push({ name: entry.name, family, description: described, tokenizer });
    } catch (error) {
      unavailable.push(unavailableRow(entry.name, family, described, (error as Error).message));
    }
  }
  for (const variant of COMPARE_VARIANTS) {
    const entry = TOKENIZERS.find((candidate) => candidate.name === variant.entry);
    // A variant the registry now names itself already ran in the loop above.
    if (!entry || !wanted(variant.name) || TOKENIZERS.some((e) => e.name === variant.name)) continue;
    try {
      const tokenizer = await entry.create(variant.settings);
      candidates.push({
        name: variant.name,
        family: familyOf(entry.name),
        description: `${entry.description}; ${variant.note}`,
        tokenizer,
      });
    } catch (error) {
      unavailable.push(
        unavailableRow(variant.name, familyOf(entry.name), variant.note, (error as Error).message),
      );
    }
  }
  if (!TOKENIZERS.some((entry) => familyOf(entry.name) === 'gpt')) {
    const fromPackage = await gptFromPackage(GPT_ENCODINGS.filter(wanted));
    candidates.push(...fromPackage.candidates);
    unavailable.push(...fromPackage.errors);
  }
  for (const expected of EXPECTED_TOKENIZERS) {
    if (!wanted(expected.name) || isExpectedAlias(expected.name, TOKENIZERS)) continue;
    if (candidates.some((candidate) => candidate.name === expected.name)) continue;
    if (unavailable.some((row) => row.name === expected.name)) continue;
    unavailable.push(
      unavailableRow(expected.name, expected.family, '', 'not available: not in the tokenizer registry yet'),
    );
  }
  return { candidates, unavailable, skipped };
}

/** The names `--tokenizers` accepts: registered tokenizers, expected ones, and `bpe` for the trained BPE. */
export function knownTokenizerNames(): string[] {
  const names = new Set([
    ...TOKENIZERS.map((entry) => entry.name),
    ...COMPARE_VARIANTS.map((variant) => variant.name),
    ...EXPECTED_TOKENIZERS.map((e) => e.name),
  ]);
  names.add('bpe');
  return [...names];
}
