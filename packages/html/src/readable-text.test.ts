import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { feedEntries, getText, MAX_READABLE_DEPTH, NestingTooDeepError, readableText } from './index.js';

// The pages of fixtures/pages that have an article; their .parts.json lists the article's
// paragraphs and strings of the page furniture (menus, table of contents, footers, sidebars,
// comments), as scripts/make_pages.py wrote them.
const PAGES = ['wikipedia-en', 'wikipedia-ar', 'news-en', 'news-ar', 'blog-en'];
const fixtures = new URL('../fixtures/pages/', import.meta.url);

const normalize = (text: string): string => text.replace(/\s+/g, ' ').trim();

const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{M}\p{N}]/u.test(c);

/** True when `needle` occurs in `text` as whole words (not inside a longer word). */
function containsWords(text: string, needle: string): boolean {
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (!isWordChar(text[at - 1]) && !isWordChar(text[at + needle.length])) return true;
  }
  return false;
}

/**
 * Paragraphs found (each must be one whole paragraph of the output, paragraphs being separated by
 * `paragraphBreak`) and furniture left out (a furniture string is kept when it occurs as whole words
 * anywhere in the output, so a menu entry that is also a word of the article counts as kept).
 */
function measure(
  page: string,
  text: string,
  paragraphBreak: string,
  furnitureIn: (text: string, item: string) => boolean = containsWords,
): { paragraphsIn: string; furnitureOut: string } {
  const parts = JSON.parse(readFileSync(new URL(`${page}.parts.json`, fixtures), 'utf8')) as {
    paragraphs: string[];
    furniture: string[];
  };
  const blocks = new Set(text.split(paragraphBreak).map(normalize));
  const flat = normalize(text);
  const paragraphsIn = parts.paragraphs.filter((p) => blocks.has(normalize(p))).length;
  const kept = parts.furniture.filter((item) => furnitureIn(flat, normalize(item))).length;
  return {
    paragraphsIn: `${paragraphsIn}/${parts.paragraphs.length}`,
    furnitureOut: `${parts.furniture.length - kept}/${parts.furniture.length}`,
  };
}

const read = (page: string): string => readFileSync(new URL(`${page}.html`, fixtures), 'utf8');

describe('readableText keeps the article and drops the furniture', () => {
  it('on the committed pages: every article paragraph in, nearly all furniture out', () => {
    const results = Object.fromEntries(
      PAGES.map((page) => [
        page,
        measure(page, readableText(read(page), { url: `https://example.org/${page}` }), '\n\n'),
      ]),
    );
    // Kept: Wikipedia's tagline "From Wikipedia, the free encyclopedia" (and its Arabic), which
    // Readability keeps as the article's first line; and strings that are also words of the article
    // (the tabs "Read" and "تاريخ", the navbox title "حقوق الإنسان", the news kicker "World").
    expect(results).toEqual({
      'wikipedia-en': { paragraphsIn: '12/12', furnitureOut: '40/41' },
      'wikipedia-ar': { paragraphsIn: '14/14', furnitureOut: '33/36' },
      'news-en': { paragraphsIn: '9/9', furnitureOut: '17/18' },
      'news-ar': { paragraphsIn: '2/2', furnitureOut: '17/17' },
      'blog-en': { paragraphsIn: '11/11', furnitureOut: '19/19' },
    });
  });

  it('where getText keeps the furniture', () => {
    // The same measure on BeautifulSoup's text, where each paragraph is a line; bs4 glues menu
    // entries together ("HomeAboutArchive"), so there furniture counts as kept wherever it occurs.
    const results = Object.fromEntries(
      PAGES.map((page) => [
        page,
        measure(page, getText(read(page)), '\n', (text, item) => text.includes(item)),
      ]),
    );
    expect(results).toEqual({
      'wikipedia-en': { paragraphsIn: '12/12', furnitureOut: '0/41' },
      'wikipedia-ar': { paragraphsIn: '14/14', furnitureOut: '0/36' },
      'news-en': { paragraphsIn: '9/9', furnitureOut: '1/18' },
      'news-ar': { paragraphsIn: '2/2', furnitureOut: '0/17' },
      'blog-en': { paragraphsIn: '11/11', furnitureOut: '1/19' },
    });
  });

  it('separates paragraphs with a blank line and keeps <br> lines and <pre> blocks', () => {
    const long = 'The river rose by a metre overnight and the bridge was closed. '.repeat(6);
    const html = `<html><body><nav><a href="/">Home</a></nav><article><h1>Rain</h1>
      <p>${long}</p><p>First line<br>second   line</p><pre>  a\n    b</pre><p>${long}</p></article>
      <footer>© 2024 The Valley Times</footer><script>track()</script></body></html>`;
    const text = readableText(html);
    expect(text.split('\n\n')).toEqual([
      'Rain',
      long.trim(),
      'First line\nsecond line',
      '  a\n    b',
      long.trim(),
    ]);
  });

  it('falls back to the whole body when there is no article', () => {
    expect(readableText('<p>Short</p><script>x()</script><p>page</p>')).toBe('Short\n\npage');
  });
});

describe('hostile input', () => {
  const nested = (depth: number, inner: string) =>
    `<html><body>${'<div>'.repeat(depth)}${inner}${'</div>'.repeat(depth)}</body></html>`;

  it('refuses a page nested deeper than MAX_READABLE_DEPTH at once (100,000 deep ran for minutes, then overflowed the stack)', () => {
    expect(MAX_READABLE_DEPTH).toBe(256);
    for (const depth of [MAX_READABLE_DEPTH, 100_000]) {
      const page = nested(depth, '<p>deep text</p>');
      expect(() => readableText(page)).toThrow(NestingTooDeepError);
      expect(() => readableText(page)).toThrow(
        /^the page nests elements more than 256 deep, .*getText reads all of its text$/,
      );
      // getText reads it, without recursion.
      expect(getText(page)).toBe('deep text');
    }
    const error = (() => {
      try {
        readableText(nested(300, 'x'));
      } catch (caught) {
        return caught as NestingTooDeepError;
      }
    })();
    expect(error).toBeInstanceOf(RangeError);
    expect(error?.limit).toBe(256);
  });

  it('still reads a page nested just within the limit (the html and body elements count)', () => {
    const words = 'Deep in the page there is a paragraph of plain words. '.repeat(10).trim();
    expect(readableText(nested(MAX_READABLE_DEPTH - 3, `<p>${words}</p>`))).toBe(words);
  });

  it('names text that is not a string (a number gave an empty text, bytes a missing method)', () => {
    const bytes = new TextEncoder().encode('<p>hi</p>');
    for (const [name, call] of [
      ['getText', (value: never) => getText(value)],
      ['readableText', (value: never) => readableText(value)],
      ['feedEntries', (value: never) => feedEntries(value)],
    ] as const) {
      expect(() => call(42 as never)).toThrow(`${name}: expected the text as a string, got a number`);
      expect(() => call(bytes as never)).toThrow(`${name}: expected the text as a string, got bytes`);
    }
  });
});
