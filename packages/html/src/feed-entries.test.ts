import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FeedError, feedEntries } from './index.js';

// Each feed of fixtures/feeds with its entries as scripts/feed_texts.py read them: Python's
// ElementTree for the XML and BeautifulSoup's get_text() for the HTML (bs4 4.11.2).
const feeds = new URL('../fixtures/feeds/', import.meta.url);
const names = readdirSync(feeds)
  .filter((file) => file.endsWith('.xml'))
  .map((file) => file.slice(0, -'.xml'.length));

describe('feedEntries', () => {
  it('has an RSS 2.0, an Atom and an RSS 1.0 feed', () => {
    expect(names.sort()).toEqual(['blogger-atom-en', 'rss1-udhr-en', 'wordpress-rss2-ar']);
  });

  it.each(names)('%s: the entries ElementTree and bs4 give', (name) => {
    const xml = readFileSync(new URL(`${name}.xml`, feeds), 'utf8');
    const expected = JSON.parse(readFileSync(new URL(`${name}.expected.json`, feeds), 'utf8'));
    expect(expected.length).toBeGreaterThan(3);
    expect(feedEntries(xml)).toEqual(expected);
  });

  it('prefers the full content to the summary, and takes the alternate link', () => {
    const [entry] = feedEntries(`<feed xmlns="http://www.w3.org/2005/Atom"><entry>
      <title type="text">A &amp;lt;b&amp;gt; title</title>
      <link rel="self" href="https://example.org/self"/><link href="https://example.org/post"/>
      <updated>2024-01-01T00:00:00Z</updated>
      <summary>Short</summary><content type="html">&lt;p&gt;Long &amp;amp; full&lt;/p&gt;</content>
    </entry></feed>`);
    expect(entry).toEqual({
      title: 'A &lt;b&gt; title',
      link: 'https://example.org/post',
      published: '2024-01-01T00:00:00Z',
      text: 'Long & full',
    });
  });

  it('reads CDATA in RSS and leaves out what an item does not have', () => {
    expect(
      feedEntries(
        '<rss version="2.0"><channel><item><description><![CDATA[<p>a <i>b</i></p>]]></description></item></channel></rss>',
      ),
    ).toEqual([{ title: '', link: '', text: 'a b' }]);
  });

  it('names the root element of a document that is not a feed', () => {
    expect(() => feedEntries('<html><body>page</body></html>')).toThrow(FeedError);
    expect(() => feedEntries('<html><body>page</body></html>')).toThrow(/root element <html>/);
    expect(() => feedEntries('')).toThrow(/root element missing/);
  });
});
