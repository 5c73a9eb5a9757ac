import type { Encoding } from './encoding.js';
import { type EncodingName, getEncoding } from './registry.js';

/**
 * Exact model names and their encodings, as tiktoken maps them.
 *
 * @example
 * ```ts
 * MODEL_TO_ENCODING['gpt-4o']; // 'o200k_base'
 * ```
 */
export const MODEL_TO_ENCODING: Readonly<Record<string, EncodingName>> = {
  o1: 'o200k_base',
  o3: 'o200k_base',
  'o4-mini': 'o200k_base',
  'gpt-5': 'o200k_base',
  'gpt-4.1': 'o200k_base',
  'gpt-4o': 'o200k_base',
  'gpt-4': 'cl100k_base',
  'gpt-3.5-turbo': 'cl100k_base',
  'gpt-3.5': 'cl100k_base',
  'gpt-35-turbo': 'cl100k_base',
  'davinci-002': 'cl100k_base',
  'babbage-002': 'cl100k_base',
  'text-embedding-ada-002': 'cl100k_base',
  'text-embedding-3-small': 'cl100k_base',
  'text-embedding-3-large': 'cl100k_base',
  'text-davinci-003': 'p50k_base',
  'text-davinci-002': 'p50k_base',
  'text-davinci-001': 'r50k_base',
  'text-curie-001': 'r50k_base',
  'text-babbage-001': 'r50k_base',
  'text-ada-001': 'r50k_base',
  davinci: 'r50k_base',
  curie: 'r50k_base',
  babbage: 'r50k_base',
  ada: 'r50k_base',
  'code-davinci-002': 'p50k_base',
  'code-davinci-001': 'p50k_base',
  'code-cushman-002': 'p50k_base',
  'code-cushman-001': 'p50k_base',
  'davinci-codex': 'p50k_base',
  'cushman-codex': 'p50k_base',
  'text-davinci-edit-001': 'p50k_edit',
  'code-davinci-edit-001': 'p50k_edit',
  'text-similarity-davinci-001': 'r50k_base',
  'text-similarity-curie-001': 'r50k_base',
  'text-similarity-babbage-001': 'r50k_base',
  'text-similarity-ada-001': 'r50k_base',
  'text-search-davinci-doc-001': 'r50k_base',
  'text-search-curie-doc-001': 'r50k_base',
  'text-search-babbage-doc-001': 'r50k_base',
  'text-search-ada-doc-001': 'r50k_base',
  'code-search-babbage-code-001': 'r50k_base',
  'code-search-ada-code-001': 'r50k_base',
  gpt2: 'gpt2',
};

/**
 * Model-name prefixes and their encodings, tried in this order when the exact name is unknown.
 *
 * @example
 * ```ts
 * MODEL_PREFIX_TO_ENCODING.find(([prefix]) => 'gpt-4-0613'.startsWith(prefix)); // ['gpt-4-', 'cl100k_base']
 * ```
 */
export const MODEL_PREFIX_TO_ENCODING: ReadonlyArray<readonly [string, EncodingName]> = [
  ['o1-', 'o200k_base'],
  ['o3-', 'o200k_base'],
  ['o4-mini-', 'o200k_base'],
  ['gpt-5-', 'o200k_base'],
  ['gpt-4.5-', 'o200k_base'],
  ['gpt-4.1-', 'o200k_base'],
  ['chatgpt-4o-', 'o200k_base'],
  ['gpt-4o-', 'o200k_base'],
  ['gpt-4-', 'cl100k_base'],
  ['gpt-3.5-turbo-', 'cl100k_base'],
  ['gpt-35-turbo-', 'cl100k_base'],
  ['ft:gpt-4o', 'o200k_base'],
  ['ft:gpt-4', 'cl100k_base'],
  ['ft:gpt-3.5-turbo', 'cl100k_base'],
  ['ft:davinci-002', 'cl100k_base'],
  ['ft:babbage-002', 'cl100k_base'],
];

/**
 * The name of the encoding `model` uses: an exact name first, then the first matching prefix
 * (`gpt-4o-2024-08-06` → `o200k_base`). Throws for an unknown model.
 *
 * @example
 * ```ts
 * encodingNameForModel('gpt-4-0613'); // 'cl100k_base'
 * ```
 */
export function encodingNameForModel(model: string): EncodingName {
  const exact = MODEL_TO_ENCODING[model];
  if (exact && Object.hasOwn(MODEL_TO_ENCODING, model)) return exact;
  for (const [prefix, name] of MODEL_PREFIX_TO_ENCODING) if (model.startsWith(prefix)) return name;
  throw new Error(
    `Could not map model '${model}' to an encoding. Use getEncoding(name) with one of the encoding names instead.`,
  );
}

/**
 * The encoding `model` uses, loaded on first use.
 *
 * @example
 * ```ts
 * const enc = await encodingForModel('gpt-4o');
 * enc.name; // 'o200k_base'
 * ```
 */
export async function encodingForModel(model: string): Promise<Encoding> {
  return getEncoding(encodingNameForModel(model));
}
