import { type CorpusInfo, corpusInfo } from './catalog.js';
import { splitDocuments, stripFraming } from './framing.js';

/**
 * The location of a corpus file inside this package: a `file:` URL under Node, an asset URL in a
 * bundler such as Vite (which sees the `new URL(..., import.meta.url)` pattern and ships the file).
 *
 * @example
 * ```ts
 * corpusUrl('taylorswift').pathname.endsWith('data/en/taylorswift.txt'); // true
 * ```
 */
export function corpusUrl(id: string): URL {
  const { file } = corpusInfo(id);
  // One literal pattern per folder so that bundlers can find the files statically.
  return file.startsWith('en/')
    ? new URL(`../data/en/${file.slice(3)}`, import.meta.url)
    : new URL(`../data/ar/${file.slice(3)}`, import.meta.url);
}

async function readUrl(url: URL): Promise<string> {
  if (url.protocol === 'file:') {
    // Loaded only under Node, so browser bundles never see node:fs.
    const fs = await import(/* @vite-ignore */ 'node:fs/promises');
    return fs.readFile(url, 'utf8');
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not fetch ${url.href}: HTTP ${response.status}`);
  return response.text();
}

/**
 * The file of corpus `id` exactly as shipped, framing and copyright blocks included.
 *
 * @example
 * ```ts
 * const raw = await readCorpusFile('quran-uthmani');
 * raw.includes('PLEASE DO NOT REMOVE OR CHANGE THIS COPYRIGHT BLOCK'); // true
 * ```
 */
export async function readCorpusFile(id: string): Promise<string> {
  return readUrl(corpusUrl(id));
}

/**
 * The text of corpus `id` with its file framing removed (see {@link stripFraming}); the files
 * themselves are never changed.
 *
 * @example
 * ```ts
 * const quran = await loadCorpus('quran-uthmani');
 * quran.split("\n")[0]; // the first verse, without its "1|1|" prefix
 * ```
 */
export async function loadCorpus(id: string): Promise<string> {
  const info: CorpusInfo = corpusInfo(id);
  return stripFraming(await readCorpusFile(id), info.format, info.file);
}

/**
 * Corpus `id` cut into its natural documents: verses, articles or paragraphs (see {@link splitDocuments}).
 *
 * @example
 * ```ts
 * (await loadCorpusDocuments('quran-uthmani')).length; // 6236
 * ```
 */
export async function loadCorpusDocuments(id: string): Promise<string[]> {
  const info = corpusInfo(id);
  return splitDocuments(await readCorpusFile(id), info.format, info.file);
}
