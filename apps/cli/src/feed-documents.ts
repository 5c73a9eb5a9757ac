import type { FeedEntry } from '@tokenlab/html';
import type { InputDocument } from './url-input.js';

/**
 * The entries of an RSS or Atom feed read from `source`, one document each, named `SOURCE#N` (the
 * Nth entry, from 1, in the feed's order) and carrying the entry's title, link and date. The text is
 * the entry's content (else its summary) as `feedEntries` gives it. A document that is no feed is an
 * error naming the source and its root element.
 */
export async function feedDocuments(xml: string, source: string): Promise<InputDocument[]> {
  // Imported here: the HTML package (and its parsers) is needed only when a feed is read.
  const { FeedError, feedEntries } = await import('@tokenlab/html');
  let entries: FeedEntry[];
  try {
    entries = feedEntries(xml);
  } catch (error) {
    if (error instanceof FeedError) throw new Error(`${source}: ${error.message} (--feed)`);
    throw error;
  }
  return entries.map((entry, index) => ({
    label: `${source}#${index + 1}`,
    text: entry.text,
    title: entry.title,
    ...(entry.link === '' ? {} : { link: entry.link }),
    ...(entry.published === undefined ? {} : { published: entry.published }),
  }));
}
