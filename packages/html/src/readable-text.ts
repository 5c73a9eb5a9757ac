import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { blockText, type DomNode } from './block-text.js';

/**
 * Options of {@link readableText}.
 *
 * @example
 * ```ts
 * import { type ReadableTextOptions, readableText } from '@tokenlab/html';
 * const options: ReadableTextOptions = { url: 'https://en.wikipedia.org/wiki/Emma_(novel)' };
 * readableText('<html><body><p>...</p></body></html>', options);
 * ```
 */
export interface ReadableTextOptions {
  /**
   * The page's address: the document's base URI, against which Readability resolves the article's
   * relative links. The text does not depend on it.
   */
  url?: string;
}

/**
 * The main content of a page as text, one paragraph per block, paragraphs separated by a blank
 * line: Mozilla's Readability (the engine of Firefox's Reader View) finds the article and drops
 * navigation, headers and footers, sidebars, comments, forms, scripts and styles; the text keeps
 * headings, paragraphs, list items and `<pre>` blocks as blocks, collapses other whitespace as a
 * browser shows it, and ends each `<br>` line with a newline. The DOM is linkedom's, a light
 * implementation (no layout, no scripts run).
 *
 * When Readability finds no article (a page with too little text), the text of the whole `<body>`,
 * without scripts and styles, is returned the same way.
 *
 * @example
 * ```ts
 * import { readableText } from '@tokenlab/html';
 * const page = `<html><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
 *   <article><h1>Rain</h1><p>${'It rained all day in the valley. '.repeat(8)}</p>
 *   <p>${'The river rose by a metre overnight. '.repeat(8)}</p></article>
 *   <footer>© 2024 The Valley Times</footer></body></html>`;
 * readableText(page, { url: 'https://example.org/rain' });
 * // 'Rain\n\nIt rained all day in the valley. It rained ...\n\nThe river rose by a metre overnight. ...'
 * // (no "Home", no "News", no footer)
 * ```
 */
export function readableText(html: string, options: ReadableTextOptions = {}): string {
  const document = parseDocument(html);
  if (options.url !== undefined) {
    // linkedom has no base URI of its own; Readability reads these two.
    Object.defineProperty(document, 'baseURI', { value: options.url });
    Object.defineProperty(document, 'documentURI', { value: options.url });
  }
  // Readability drops any element whose class or id looks like furniture ("header", "menu", ...), the
  // root included: MediaWiki's <html class="... vector-feature-language-in-header-enabled"> made it
  // drop the whole page and retry without that filter, keeping the menus. The root's names never
  // mark furniture.
  document.documentElement?.removeAttribute('class');
  document.documentElement?.removeAttribute('id');
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
    serializer: (node) => node,
  }).parse();
  const content = article?.content as unknown as DomNode | null | undefined;
  const text = content ? blockText(content) : '';
  if (text.length > 0) return text;
  // Readability changed the document while looking; read the body of a fresh one.
  const body = parseDocument(html).body as unknown as DomNode | null;
  return body ? blockText(body) : '';
}

/**
 * linkedom parses a whole document only: a fragment (`<p>a</p><p>b</p>`) would have its first
 * element as the root. Such input goes into the body of an empty document instead.
 */
function parseDocument(html: string): ReturnType<typeof parseHTML>['document'] {
  const { document } = parseHTML(html);
  if (document.documentElement?.nodeName.toUpperCase() === 'HTML') return document;
  return parseHTML(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`).document;
}
