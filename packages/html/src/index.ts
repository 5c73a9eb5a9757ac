/**
 * Text from HTML and feeds: {@link getText} gives exactly what BeautifulSoup's `get_text()` gives
 * with Python's `html.parser`; {@link readableText} keeps a page's main content only (Mozilla's
 * Readability); {@link feedEntries} reads the entries of RSS and Atom feeds.
 *
 * @example
 * ```ts
 * import { feedEntries, getText, readableText } from '@tokenlab/html';
 * getText('<h1>Title</h1><p>Body &amp; more</p>'); // 'TitleBody & more'
 * readableText(page); // the article, paragraphs separated by blank lines
 * feedEntries(xml).map((entry) => entry.text);
 * ```
 *
 * @packageDocumentation
 */

export { type FeedEntry, FeedError, feedEntries } from './feed-entries.js';
export { type GetTextOptions, getText } from './get-text.js';
export { HtmlParseError } from './html-parse-error.js';
export { NestingTooDeepError } from './nesting-too-deep-error.js';
export { MAX_READABLE_DEPTH, type ReadableTextOptions, readableText } from './readable-text.js';
