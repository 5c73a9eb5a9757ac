import type { Encoding } from './encoding.js';

/**
 * The names `getEncoding` knows.
 *
 * @example
 * ```ts
 * for (const name of ENCODING_NAMES) console.log(name, (await getEncoding(name)).nVocab);
 * ```
 */
export const ENCODING_NAMES = [
  'gpt2',
  'r50k_base',
  'p50k_base',
  'p50k_edit',
  'cl100k_base',
  'o200k_base',
] as const;

/**
 * One of {@link ENCODING_NAMES}.
 *
 * @example
 * ```ts
 * const name: EncodingName = 'o200k_base';
 * ```
 */
export type EncodingName = (typeof ENCODING_NAMES)[number];

// One dynamic import per encoding, written out so that bundlers split each encoding's rank data
// into its own chunk that is fetched only when that encoding is asked for.
const LOADERS: Record<EncodingName, () => Promise<Encoding>> = {
  gpt2: () => import('./encodings/gpt2.js').then((module) => module.gpt2),
  r50k_base: () => import('./encodings/r50k_base.js').then((module) => module.r50kBase),
  p50k_base: () => import('./encodings/p50k_base.js').then((module) => module.p50kBase),
  p50k_edit: () => import('./encodings/p50k_edit.js').then((module) => module.p50kEdit),
  cl100k_base: () => import('./encodings/cl100k_base.js').then((module) => module.cl100kBase),
  o200k_base: () => import('./encodings/o200k_base.js').then((module) => module.o200kBase),
};

/**
 * Whether `name` is one of {@link ENCODING_NAMES}.
 *
 * @example
 * ```ts
 * isEncodingName('cl100k_base'); // true
 * ```
 */
export function isEncodingName(name: string): name is EncodingName {
  return Object.hasOwn(LOADERS, name);
}

/**
 * The encoding called `name`, loading its rank data on first use (later calls share it). Async so
 * that a browser bundle fetches only the encodings it uses; for synchronous use import the encoding
 * from its own module, e.g. `import { cl100kBase } from '@tokenlab/gpt/encodings/cl100k_base'`.
 *
 * @example
 * ```ts
 * const enc = await getEncoding('o200k_base');
 * enc.encode('<|endofprompt|>', { allowedSpecial: 'all' }); // [200018]
 * ```
 */
export async function getEncoding(name: EncodingName | (string & {})): Promise<Encoding> {
  if (!isEncodingName(name))
    throw new Error(`unknown encoding '${name}'. Available: ${ENCODING_NAMES.join(', ')}`);
  return LOADERS[name]();
}
