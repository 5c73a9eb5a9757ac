import { Readability } from '@mozilla/readability';
import { requireText } from '@tokenlab/core';
import { Parser } from 'htmlparser2';
import { parseHTML } from 'linkedom';
import { blockText, type DomNode } from './block-text.js';
import { NestingTooDeepError } from './nesting-too-deep-error.js';

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
 * without scripts and styles, is returned the same way. A page whose elements nest more than
 * {@link MAX_READABLE_DEPTH} deep is refused at once with a {@link NestingTooDeepError}.
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
  requireText(html, 'readableText');
  if (nestsDeeperThan(html, MAX_READABLE_DEPTH)) throw new NestingTooDeepError(MAX_READABLE_DEPTH);
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
 * The deepest nesting of elements {@link readableText} reads: real pages nest 15 to 60 deep, browsers
 * stop nesting at 512, and Readability on linkedom takes 0.8 s on 512 nested elements and 29 s on 2,000
 * (docs/limits.md), so a deeper page is refused at once rather than after minutes.
 *
 * @example
 * ```ts
 * readableText(`<html><body>${'<div>'.repeat(300)}text</body></html>`); // throws NestingTooDeepError
 * MAX_READABLE_DEPTH; // 256
 * ```
 */
export const MAX_READABLE_DEPTH = 256;

/** Thrown by {@link nestsDeeperThan}'s parser to stop at the first element past the limit. */
const TOO_DEEP = new Error('too deep');

/**
 * Whether elements in `html` nest more than `limit` deep. The markup is read by the parser linkedom
 * builds its tree from (htmlparser2, with linkedom's options), so the depth is that tree's; but
 * without building it, since linkedom's parse itself takes time quadratic in the depth (0.9 s at
 * 40,000), and stopping at the first element past the limit.
 */
function nestsDeeperThan(html: string, limit: number): boolean {
  let depth = 0;
  const parser = new Parser(
    {
      onopentag() {
        if (++depth > limit) throw TOO_DEEP;
      },
      onclosetag() {
        depth--;
      },
    },
    { lowerCaseAttributeNames: false, decodeEntities: false, xmlMode: false },
  );
  try {
    parser.end(html);
  } catch (error) {
    if (error === TOO_DEEP) return true;
    throw error;
  }
  return false;
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
