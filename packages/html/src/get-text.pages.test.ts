import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getText } from './index.js';

// Each page of fixtures/pages with what BeautifulSoup(html, 'html.parser').get_text() gave for it
// (fixtures/expected, written by scripts/regenerate.sh with bs4 4.11.2).
const fixtures = new URL('../fixtures/', import.meta.url);
const pages = readdirSync(new URL('pages/', fixtures))
  .filter((file) => file.endsWith('.html'))
  .map((file) => file.slice(0, -'.html'.length));

describe('getText on the committed pages', () => {
  it('has the pages the fixtures README lists', () => {
    expect(pages).toEqual(
      expect.arrayContaining([
        'wikipedia-en',
        'wikipedia-ar',
        'news-en',
        'news-ar',
        'blog-en',
        'malformed',
        'entities',
      ]),
    );
  });

  it.each(pages)('%s: get_text() and get_text("\\n", strip=True) as bs4 gives them', (page) => {
    const html = readFileSync(new URL(`pages/${page}.html`, fixtures), 'utf8');
    const expected = JSON.parse(readFileSync(new URL(`expected/${page}.json`, fixtures), 'utf8')) as {
      text: string;
      lines: string;
    };
    expect(getText(html)).toBe(expected.text);
    expect(getText(html, { separator: '\n', strip: true })).toBe(expected.lines);
  });
});
