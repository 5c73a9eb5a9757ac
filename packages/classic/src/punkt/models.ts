import { PunktLanguageVars, type PunktLanguageVarsOptions } from './language-vars.js';
import { englishPunktTab } from './models/english.generated.js';
import { PunktParameters, type PunktTabFiles } from './parameters.js';
import { PunktSentenceTokenizer } from './sentence-tokenizer.js';

/**
 * The sentence models shipped in the package.
 *
 * @example
 * ```ts
 * const name: PunktModelName = 'arabic';
 * const tokenizer = await loadPunktModel(name);
 * ```
 */
export type PunktModelName = 'english' | 'arabic';

/**
 * The names of the shipped models.
 *
 * @example
 * ```ts
 * PUNKT_MODELS;                    // ['english', 'arabic']
 * PUNKT_MODELS.includes('english'); // true
 * ```
 */
export const PUNKT_MODELS: readonly PunktModelName[] = ['english', 'arabic'];

/**
 * Arabic sentence ends and inner punctuation: the Arabic question mark `؟` ends a sentence, the Arabic
 * comma `،` and semicolon `؛` sit inside one.
 *
 * @example
 * ```ts
 * const arabic = new PunktLanguageVars(ARABIC_LANGUAGE_VARS_OPTIONS);
 * arabic.wordTokenize('قال: نعم؟'); // ['قال', ':', 'نعم', '؟']
 * ```
 */
export const ARABIC_LANGUAGE_VARS_OPTIONS: PunktLanguageVarsOptions = {
  sentEndChars: ['.', '?', '!', '؟'],
  internalPunctuation: ',:;،؛',
};

const cache = new Map<PunktModelName, PunktSentenceTokenizer>();

async function tabFiles(name: PunktModelName): Promise<PunktTabFiles> {
  if (name === 'english') return englishPunktTab;
  return (await import('./models/arabic.generated.js')).arabicPunktTab;
}

function build(name: PunktModelName, files: PunktTabFiles): PunktSentenceTokenizer {
  const languageVars =
    name === 'arabic' ? new PunktLanguageVars(ARABIC_LANGUAGE_VARS_OPTIONS) : new PunktLanguageVars();
  return new PunktSentenceTokenizer(PunktParameters.fromTab(files), languageVars, `punkt-${name}`);
}

/**
 * The English Punkt model NLTK's `sent_tokenize` uses (parameters by Kiss & Strunk's method, from
 * NLTK's data, Apache-2.0), built once.
 *
 * @example
 * ```ts
 * englishPunkt().sentences('It is 5 p.m. now. Go.'); // ['It is 5 p.m. now.', 'Go.']
 * ```
 */
export function englishPunkt(): PunktSentenceTokenizer {
  let tokenizer = cache.get('english');
  if (!tokenizer) {
    tokenizer = build('english', englishPunktTab);
    cache.set('english', tokenizer);
  }
  return tokenizer;
}

/**
 * A shipped model by name. The Arabic model is loaded on first use (a separate chunk in bundles).
 *
 * @example
 * ```ts
 * const arabic = await loadPunktModel('arabic');
 * arabic.sentences('ذهب الولد. ثم عاد؟ نعم.').length; // 3
 * ```
 */
export async function loadPunktModel(name: PunktModelName): Promise<PunktSentenceTokenizer> {
  if (!PUNKT_MODELS.includes(name))
    throw new RangeError(`unknown Punkt model '${String(name)}'; available: ${PUNKT_MODELS.join(', ')}`);
  let tokenizer = cache.get(name);
  if (!tokenizer) {
    tokenizer = build(name, await tabFiles(name));
    cache.set(name, tokenizer);
  }
  return tokenizer;
}
