/**
 * What `--html` keeps of an HTML page: `text` is every string of the page as BeautifulSoup's
 * `get_text()` gives it (the menus and footers too), `readable` the main content only (Mozilla's
 * Readability: the article's paragraphs, no navigation or footer), `raw` the markup itself.
 */
export const HTML_MODES = ['text', 'readable', 'raw'] as const;

/** A value of `--html`. */
export type HtmlMode = (typeof HTML_MODES)[number];

/** What an HTML response is reduced to when `--html` is not given. */
export const DEFAULT_HTML_MODE: HtmlMode = 'text';

/** Whether a file name or a media type says HTML. */
export function isHtmlName(name: string): boolean {
  return /\.x?html?$/i.test(name);
}

/** Whether a media type is HTML. */
export function isHtmlMediaType(mediaType: string): boolean {
  return mediaType === 'text/html' || mediaType === 'application/xhtml+xml';
}

/**
 * The part of `html` that `mode` keeps. `source` names the page in the errors there are: markup
 * that BeautifulSoup's parser refuses too (`<![foo[`), where `--html raw` still reads it, and, for
 * `readable`, a page nested too deep to find its article in, where `--html text` still reads it.
 * `url`, the address the page came from, is the base of its links for Readability.
 */
export async function keptText(html: string, mode: HtmlMode, source: string, url?: string): Promise<string> {
  if (mode === 'raw') return html;
  // Imported here: the HTML package (Readability and a DOM among its dependencies) is needed only
  // when a page is reduced, and loading it costs every other command about 0.1 s and 25 MB.
  const { getText, HtmlParseError, NestingTooDeepError, readableText } = await import('@tokenlab/html');
  if (mode === 'readable') {
    try {
      return readableText(html, url === undefined ? {} : { url });
    } catch (error) {
      if (!(error instanceof NestingTooDeepError)) throw error;
      throw new Error(
        `${source}: the page nests elements more than ${error.limit} deep, too deep to find its article in; ` +
          '--html text reads all of its text',
      );
    }
  }
  try {
    return getText(html);
  } catch (error) {
    if (!(error instanceof HtmlParseError)) throw error;
    throw new Error(`${source}: the HTML parser stops here (${error.message}); --html raw reads the markup`);
  }
}
