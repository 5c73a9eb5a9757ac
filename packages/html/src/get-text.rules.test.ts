import { describe, expect, it } from 'vitest';
import { getText, HtmlParseError } from './index.js';

// One case per rule of bs4's html.parser builder; each expected text is what
// BeautifulSoup(html, 'html.parser').get_text() returned (bs4 4.11.2, Python 3.11.2).
const RULES: [title: string, html: string, text: string][] = [
  ['void elements and paragraph boundaries add nothing', '<p>a</p>\n  <p>b<br>c</p>', 'a\nbc'],
  [
    'entities without semicolon are decoded, unknown ones kept without their semicolon',
    'a &foo; b &amp-x &copy2 &amp &copy; &lt',
    'a &foo b &amp-x &copy2 & © &lt',
  ],
  ['charrefs below 256 are windows-1252', '&#150;&#x81;&#0065;&#1114112;&#x1F600;', '–\x81A\uFFFD😀'],
  ['a bad &# stops the parse: the rest is text', 'a &#x <b>hi</b>', 'a &#x <b>hi</b>'],
  [
    'scripts, styles, templates and ruby text are left out',
    "<script>var a = '<p>x</p>';</script><style>p{}</style><template><p>t</p></template><ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>",
    '漢',
  ],
  [
    'CDATA is kept, comments, declarations and processing instructions are not',
    '<!DOCTYPE html><?php echo 1 ?>x<!-- c --><![CDATA[cdata]]><![if IE]>y<![endif]>',
    'xcdatay',
  ],
  [
    'pre and textarea keep whitespace-only strings',
    '<pre>\n  <b>a</b>   </pre><textarea>  </textarea><div>  </div>',
    '\n  a      ',
  ],
  ['an unclosed tag at the end is text', "a <b class='x", "a <b class='x"],
  [
    'end tags with spaces and tags inside textarea are markup',
    '<p>a</ p><textarea><b>b</b></textarea>',
    'ab',
  ],
  ['an unclosed script loses its content', 'a<script>b', 'a'],
  // Where htmlparser2's tokenizer reads the markup differently and html.parser's rule is applied.
  ['`/ >` ends a start tag, not an empty element', '<script / >x</script>y<pre / >  </pre>', 'y  '],
  ['`</>` and `</ >` are markup, not text', 'a</>b</ >c', 'abc'],
  ['a comment ends at `-- >` and not at `<!-->`', '<!-->a-- >b<!-- a -- >c-->d', 'bc-->d'],
  ['`<!>` is an empty comment', '<!>a>b', 'a>b'],
  ['a NUL right after a tag name makes the tag text', '<a\u0000>x</a\u0000>y', '<a\u0000>xy'],
  ["'==' before a quote starts a quoted value", "<a b=='c d>e' f>g", 'g'],
  [
    'title, textarea and xmp hold markup',
    '<title>a<b>c</b></title><textarea><p>x</textarea><xmp><b>y</b></xmp>',
    'acxy',
  ],
  ['a script ends at `</ script>`, not at `</script x>`', '<script>x</script x>y</ script>z', 'z'],
  ['a marked section ends at `] ]>`', '<![CDATA[a] ]>b]]>c', 'ab]]>c'],
];

describe('getText follows bs4 4.11.2 (html.parser)', () => {
  it.each(RULES)('%s', (_title, html, text) => {
    expect(getText(html)).toBe(text);
  });

  it('joins with separator and strips like get_text(separator, strip)', () => {
    expect(getText('<p> One </p>\n<p>Two</p>', { separator: '|' })).toBe(' One |\n|Two');
    expect(getText('<p> One </p>\n<p>Two</p>', { separator: '\n', strip: true })).toBe('One\nTwo');
  });

  it('throws HtmlParseError where bs4 raises', () => {
    expect(() => getText('a<![foo[ x ]]>')).toThrow(HtmlParseError);
    expect(() => getText('a<![ x')).toThrow(/expected name token/);
  });

  it('does not look up entity names on the object prototype', () => {
    expect(getText('&constructor; &toString &__proto__;')).toBe('&constructor &toString &__proto__;');
  });
});
