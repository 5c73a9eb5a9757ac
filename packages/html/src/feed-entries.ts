import { requireText } from '@tokenlab/core';
import { DomUtils, parseDocument } from 'htmlparser2';
import { getText } from './get-text.js';

/**
 * One entry (RSS item, Atom entry) of a feed.
 *
 * @example
 * ```ts
 * import { type FeedEntry, feedEntries } from '@tokenlab/html';
 * const entries: FeedEntry[] = feedEntries(xml);
 * entries.map((entry) => `${entry.published ?? ''} ${entry.title}: ${entry.text.length} characters`);
 * ```
 */
export interface FeedEntry {
  /** The entry's title as text. */
  title: string;
  /** The entry's address (RSS `<link>`, Atom `<link rel="alternate" href>`); '' when it has none. */
  link: string;
  /** The date as the feed writes it (RSS `pubDate`, Atom `published` or else `updated`, RSS 1.0 `dc:date`). */
  published?: string;
  /** The text of the entry's content, or else its summary or description, as {@link getText} gives it. */
  text: string;
}

/**
 * A feed that is not RSS 2.0, RSS 1.0 or Atom: its root element is named in the message.
 *
 * @example
 * ```ts
 * import { FeedError, feedEntries } from '@tokenlab/html';
 * try {
 *   feedEntries('<html><body>not a feed</body></html>');
 * } catch (error) {
 *   error instanceof FeedError; // true: "not an RSS or Atom feed (root element <html>)"
 * }
 * ```
 */
export class FeedError extends Error {
  /** `'FeedError'`, so that logs and `String(error)` say which error it is. */
  override name = 'FeedError';
}

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

/**
 * The entries of an RSS 2.0, RSS 1.0 (RDF) or Atom feed, in the feed's order. The XML is read with
 * htmlparser2 in XML mode (CDATA sections and XML entities as XML has them). Each entry's text is
 * its full content when the feed has it (RSS `content:encoded`, Atom `<content>`), else its summary
 * (RSS `<description>`, Atom `<summary>`): HTML goes through {@link getText} (so it is the text
 * BeautifulSoup would give for the same markup), Atom's `type="text"` is kept as it is, and
 * `type="xhtml"` is read as the markup it holds. Titles are handled the same way and trimmed.
 *
 * Throws {@link FeedError} when the document is not one of these feeds.
 *
 * @example
 * ```ts
 * import { feedEntries } from '@tokenlab/html';
 * feedEntries(`<?xml version="1.0"?><rss version="2.0"><channel><title>Log</title>
 *   <item><title>Hello</title><link>https://example.org/1</link>
 *   <pubDate>Mon, 22 Jan 2024 10:00:00 GMT</pubDate>
 *   <description>&lt;p&gt;First &amp;amp; &lt;b&gt;best&lt;/b&gt;&lt;/p&gt;</description></item>
 * </channel></rss>`);
 * // [{ title: 'Hello', link: 'https://example.org/1', published: 'Mon, 22 Jan 2024 10:00:00 GMT', text: 'First & best' }]
 * ```
 */
export function feedEntries(xml: string): FeedEntry[] {
  requireText(xml, 'feedEntries');
  const document = parseDocument(xml, { xmlMode: true });
  const root = document.children.find(DomUtils.isTag);
  const rootName = root?.name ?? '';
  if (rootName === 'rss')
    return rssItems(childrenNamed(root as Element, 'channel').flatMap((c) => childrenNamed(c, 'item')));
  if (rootName === 'rdf:RDF') return rssItems(childrenNamed(root as Element, 'item'));
  if (rootName === 'feed' || rootName === 'atom:feed') return atomEntries(root as Element);
  throw new FeedError(`not an RSS or Atom feed (root element ${root ? `<${rootName}>` : 'missing'})`);
}

function rssItems(items: Element[]): FeedEntry[] {
  return items.map((item) => {
    const published = textOf(item, 'pubDate') ?? textOf(item, 'dc:date');
    const body = textOf(item, 'content:encoded') ?? textOf(item, 'description') ?? '';
    return {
      title: getText(textOf(item, 'title') ?? '').trim(),
      link: (textOf(item, 'link') ?? item.attribs['rdf:about'] ?? '').trim(),
      ...(published === undefined ? {} : { published: published.trim() }),
      text: getText(body),
    };
  });
}

function atomEntries(feed: Element): FeedEntry[] {
  return childrenNamed(feed, 'entry').map((entry) => {
    const published = textOf(entry, 'published') ?? textOf(entry, 'updated');
    const body = childrenNamed(entry, 'content')[0] ?? childrenNamed(entry, 'summary')[0];
    const title = childrenNamed(entry, 'title')[0];
    return {
      title: title ? atomText(title).trim() : '',
      link: atomLink(entry),
      ...(published === undefined ? {} : { published: published.trim() }),
      text: body ? atomText(body) : '',
    };
  });
}

/** Atom's text constructs: `type="text"` (the default) as is, `html` as markup, `xhtml` as the markup inside. */
function atomText(element: Element): string {
  const type = (element.attribs.type ?? 'text').toLowerCase();
  if (type === 'html' || type === 'text/html') return getText(DomUtils.textContent(element));
  if (type === 'xhtml' || type === 'application/xhtml+xml') {
    return getText(DomUtils.getInnerHTML(element, { xmlMode: true, decodeEntities: true }));
  }
  return DomUtils.textContent(element);
}

/** The `rel="alternate"` link (a link without `rel` is one), else the first link. */
function atomLink(entry: Element): string {
  const links = childrenNamed(entry, 'link');
  const alternate = links.find((link) => (link.attribs.rel ?? 'alternate') === 'alternate') ?? links[0];
  return alternate?.attribs.href?.trim() ?? '';
}

/** Child elements named `name`, or `atom:name` (Atom written with a prefix). */
function childrenNamed(parent: Element, name: string): Element[] {
  return parent.children.filter(
    (child): child is Element =>
      DomUtils.isTag(child) && (child.name === name || child.name === `atom:${name}`),
  );
}

/** The text (CDATA included) of the first child element named exactly `name`, if there is one. */
function textOf(parent: Element, name: string): string | undefined {
  const child = parent.children.find((node): node is Element => DomUtils.isTag(node) && node.name === name);
  return child ? DomUtils.textContent(child) : undefined;
}
