"""Writes the feeds of fixtures/feeds (RSS 2.0, Atom, RSS 1.0), in the markup feed generators
write (WordPress, MediaWiki/Wikinews-like, Blogger-like Atom, RDF), filled with text from the corpora of
packages/corpora: Arabic Wikinews (CC BY 2.5), Jane Austen's Emma (public domain), the English UDHR."""
import html
import pathlib

from make_pages import emma_paragraphs, read, wikinews_articles

FEEDS = pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "feeds"


def rss2_arabic():
    items = []
    for n, (title, body) in enumerate(wikinews_articles()[:6]):
        sentences = [s.strip() + "." for s in body.split(".") if s.strip()]
        paragraphs = "".join(f"<p>{html.escape(s, quote=False)}</p>\n" for s in sentences[:3])
        # WordPress style: an escaped excerpt in <description>, the full post in CDATA <content:encoded>;
        # every other item has only the description.
        description = html.escape(f"<p>{html.escape(sentences[0], quote=False)} [&#8230;]</p>", quote=False)
        encoded = f"\n\t\t<content:encoded><![CDATA[{paragraphs}<p>المصدر: <a href=\"https://ar.wikinews.org/\">ويكي الأخبار</a></p>]]></content:encoded>" if n % 2 == 0 else ""
        items.append(f"""\t<item>
\t\t<title>{html.escape(title, quote=False)}</title>
\t\t<link>https://news.example.org/ar/{n + 1}</link>
\t\t<dc:creator><![CDATA[ويكي الأخبار]]></dc:creator>
\t\t<pubDate>Wed, 0{n + 1} Jan 2014 0{n}:30:00 +0000</pubDate>
\t\t<category><![CDATA[ثقافة]]></category>
\t\t<guid isPermaLink="false">https://news.example.org/?p={100 + n}</guid>
\t\t<description>{description}</description>{encoded}
\t</item>""")
    return f"""<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"
\txmlns:content="http://purl.org/rss/1.0/modules/content/"
\txmlns:dc="http://purl.org/dc/elements/1.1/"
\txmlns:atom="http://www.w3.org/2005/Atom"
\txmlns:sy="http://purl.org/rss/1.0/modules/syndication/"
>
<channel>
\t<title>أخبار اليوم</title>
\t<atom:link href="https://news.example.org/ar/feed/" rel="self" type="application/rss+xml" />
\t<link>https://news.example.org/ar</link>
\t<description>آخر الأخبار</description>
\t<lastBuildDate>Wed, 08 Jan 2014 10:00:00 +0000</lastBuildDate>
\t<language>ar</language>
\t<sy:updatePeriod>hourly</sy:updatePeriod>
\t<generator>https://wordpress.org/?v=6.4.3</generator>
{chr(10).join(items)}
</channel>
</rss>
"""


def atom_emma():
    paragraphs = emma_paragraphs(12)
    entries = []
    kinds = ["html", "xhtml", "text", "summary-html"]
    for n, kind in enumerate(kinds):
        chunk = paragraphs[n * 3:(n + 1) * 3]
        if kind == "html":
            body = '<content type="html">' + html.escape("".join(f"<p>{html.escape(p, quote=False)}</p>" for p in chunk) + "<script>track()</script><p>&copy; A Year of Austen</p>", quote=False) + "</content>"
        elif kind == "xhtml":
            body = '<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">' + "".join(f"<p>{html.escape(p, quote=False)}</p>" for p in chunk) + "<p>Read <em>more</em> &amp; comment.</p></div></content>"
        elif kind == "text":
            body = '<content type="text">' + html.escape("\n\n".join(chunk) + "\n\n<p> stays as written </p>", quote=False) + "</content>"
        else:
            body = '<summary type="html">' + html.escape(f"<p>{html.escape(chunk[0], quote=False)}</p><p>&hellip;</p>", quote=False) + "</summary>"
        title_type = ' type="html"' if n == 1 else ""
        title = html.escape(f"Emma, part {n + 1} &amp; notes", quote=False) if n == 1 else f"Emma, part {n + 1}"
        entries.append(f"""  <entry>
    <id>tag:ayearofausten.example,2024:post-{n}</id>
    <title{title_type}>{title}</title>
    <link rel="replies" type="text/html" href="https://ayearofausten.example/emma-{n}#comments"/>
    <link rel="alternate" type="text/html" href="https://ayearofausten.example/emma-{n}"/>
    <link rel="self" type="application/atom+xml" href="https://ayearofausten.example/feeds/posts/{n}"/>
    <author><name>reader</name></author>
    {"<published>2024-02-1" + str(n) + "T09:00:00Z</published>" if n != 2 else ""}
    <updated>2024-02-1{n}T12:00:00Z</updated>
    <category term="Austen"/>
    {body}
  </entry>""")
    return f"""<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
  <title>A Year of Austen</title>
  <subtitle>Proudly reading since 2009</subtitle>
  <link href="https://ayearofausten.example/feeds/posts/default" rel="self"/>
  <link href="https://ayearofausten.example/"/>
  <id>tag:ayearofausten.example,2024:blog</id>
  <updated>2024-02-16T12:00:00Z</updated>
  <generator uri="https://www.blogger.com" version="7.00">Blogger</generator>
{chr(10).join(entries)}
</feed>
"""


def rss1_udhr():
    udhr = [line.strip() for line in read("en/udhr-english.txt").split("\n") if len(line.strip()) > 80][:4]
    items = []
    for n, text in enumerate(udhr):
        items.append(f"""<item rdf:about="https://rights.example.org/udhr/{n + 1}">
<title>Paragraph {n + 1}</title>
<link>https://rights.example.org/udhr/{n + 1}</link>
<description>{html.escape(text, quote=False)}</description>
<dc:date>1948-12-10T0{n}:00:00Z</dc:date>
</item>""")
    seq = "".join(f'<rdf:li rdf:resource="https://rights.example.org/udhr/{n + 1}"/>' for n in range(len(udhr)))
    return f"""<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="https://rights.example.org/udhr">
<title>Universal Declaration of Human Rights</title>
<link>https://rights.example.org/udhr</link>
<description>The preamble, paragraph by paragraph</description>
<items><rdf:Seq>{seq}</rdf:Seq></items>
</channel>
{chr(10).join(items)}
</rdf:RDF>
"""


def main():
    FEEDS.mkdir(parents=True, exist_ok=True)
    (FEEDS / "wordpress-rss2-ar.xml").write_text(rss2_arabic(), encoding="utf-8")
    (FEEDS / "blogger-atom-en.xml").write_text(atom_emma(), encoding="utf-8")
    (FEEDS / "rss1-udhr-en.xml").write_text(rss1_udhr(), encoding="utf-8")
    print("feeds ->", FEEDS)


if __name__ == "__main__":
    main()
