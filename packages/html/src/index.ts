/**
 * Text from HTML: {@link getText} gives exactly what BeautifulSoup's `get_text()` gives with Python's
 * `html.parser`.
 *
 * @example
 * ```ts
 * import { getText } from '@tokenlab/html';
 * getText('<h1>Title</h1><p>Body &amp; more</p>'); // 'TitleBody & more'
 * ```
 *
 * @packageDocumentation
 */

export { type GetTextOptions, getText } from './get-text.js';
export { HtmlParseError } from './markup-scanner.js';
export { type ReadableTextOptions, readableText } from './readable-text.js';
