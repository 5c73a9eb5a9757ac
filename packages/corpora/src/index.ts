/**
 * Small English and Arabic texts bundled with their licences, so that tokenlab works out of the
 * box: Tiny Shakespeare, the Taylor Swift Wikipedia article, the Tanzil Quran (Uthmani) and Arabic
 * Wikinews (Farasa). The files ship verbatim; {@link loadCorpus} removes their framing on the fly.
 *
 * @example
 * ```ts
 * import { listCorpora, loadCorpus } from '@tokenlab/corpora';
 * listCorpora('en').map((c) => c.id); // ['tinyshakespeare', 'taylorswift', 'austen-emma', 'udhr-en']
 * const text = await loadCorpus('taylorswift');
 * ```
 *
 * @packageDocumentation
 */
export {
  CORPORA,
  type CorpusFormat,
  type CorpusInfo,
  type CorpusLanguage,
  corpusInfo,
  listCorpora,
} from './catalog.js';
export { parseTanzil, splitDocuments, stripFraming, type TanzilVerse } from './framing.js';
export { corpusUrl, loadCorpus, loadCorpusDocuments, readCorpusFile } from './load.js';
