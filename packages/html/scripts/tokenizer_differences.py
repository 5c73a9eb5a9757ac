"""Writes fixtures/tokenizer-differences.json: markup that htmlparser2's tokenizer reads differently from
Python's html.parser (which getText follows), each case with what Beautiful Soup's get_text gives for it,
and the pieces the live property in src/get-text.bs4.test.ts adds to the random strings to reach them."""
import json
import pathlib

from bs4_text import reference_text

# Each group: the difference, then inputs that show it.
GROUPS = {
    "end tags htmlparser2 keeps as text or reads with another name": [
        "a</>b</ >c", "</a/b>c", "</ a b>c", "</\u00a0a>b", "</a\u0000b>c<a>d</a>", "x</3abc", "a</ ",
    ],
    "comments: html.parser ends them at `--` spaces `>`, and not at `<!-->` or `<!--->`": [
        "<!-->a-->b", "<!--->a-->b", "<!---->x", "<!-- a -- >b-->c", "<!-- a --\n>b", "<!-->a-- >b<!-- a -- >c-->d",
    ],
    "declarations, bogus comments and marked sections": [
        "<!>a>b", "<!a>b", "<!DOCTYPE>x", "<!doctypex>y", "<?>x", "<?a>b?>c", "<![CDATA[a] ]>b]]>c",
        "<![if x]>a<![endif]>", "<![if x>y]>z", "<!-x>y", "<!",
    ],
    "raw text: html.parser ends a script or style at `</name` spaces `>` only": [
        "<script>x</script x>y</script>z", "<script>x</ script>y</script>z", "<style>a</style\n>b",
        "<script>a<b>c</b></SCRIPT\t>d", "<p>a<script>b",
    ],
    "title, textarea and xmp hold markup in html.parser": [
        "<title>a<b>c</b></title>", "<textarea><p>x</textarea>y", "<xmp><b>x</b></xmp>",
        "<textarea><a b='</textarea>'>c</a></textarea>d", "<title>&amp;x</title>",
    ],
    "a start tag ends with `/>` only when the slash touches the `>`": [
        "<script / >x</script>y", "<p / >a", "<textarea / >  </textarea>", "<pre / >  </pre>x", "<rt / >x</rt>y",
        "<template / >x", "<br/ >t", "<a b=x/>t", "<img/src=x/>y", "<a/b/c/>d",
    ],
    "a NUL right after a tag name": [
        "<a\u0000>x", "<br\u0000>x", "<script\u0000>x</script>y", "<a\u0000", "<a\"\u0000-->x", "<<ax  ==<a &]]>;<a&#x41\"\u0000-->",
        "<a&#x41\u0000\u0000", "<a&amp;\u0000x>y", "<a\u000b\u0000>x", "<a\u00a0\u0000>x", "<a\u0085\u0000",
    ],
    "`==` or Python's spaces before a quote start a quoted value": [
        "<a b=='c>'d>e", "<a b=\u00a0'x>y'>z", "<a b=\u000b\"x>y\">z", "<a b=\u00a0'x'c='>'>z",
        "<a b =\u2003 'x>y' c>z", "<a b=\u0085'x>y'>z<b>w</b>", "<a b=\u001c\u001d'x>y'>z", "<a b==\u00a0'x>y'>z",
        "<a b=\u00a0\"x\"y=\"z>w\">q", "<a b=='c><i>'", "<a b=\u00a0'x y>z", "<a b= ='x>y'>z",
    ],
    "a bare value ends at any of Python's spaces, and a quote after them has no end": [
        "<a b=x\u00a0c='d>e'>f", "<a b=='x\u00a0c='d>e'>f", "<a b=\u00a0'x='y>z'>w", "<a b==\t<='>x",
        "<a b=x\u0085c=\"d>e\">f", "<a b=x\u000bc>d",
    ],
    "a quote that never closes: html.parser backtracks, and a space before it makes it an attribute name": [
        "<a b= 'x>y", "<a b ='x>y", "<a b = \"x>y", "<a b='x>y", "<a b ='x>y<a c= \"z>w<a d='q>r", "<a b= 'x c=\"d>e\">f",
        "<a b= 'x/>y", "<p b= 'x>y</p>z",
    ],
    "unfinished markup at the end of the input": [
        "q<a b=\"x", "<a&amp&#x41/\"</", "<a b/ &amp;", "<a/", "<a b='x' c=\"y>z", "<!-- x", "<![CDATA[x",
        "<?php x", "</a", "&#x41", "&x", "&a.b",
    ],
}

PIECES = [
    "=", "==", "=\u00a0", "\u00a0'", "'x>y'", "\"x>y\"", "<a b=", " c=", "<a b=\u00a0'c'>", "/ >", "<p / >",
    "<script / >", "</ script>", "</script x>", "<!-->", "<!--->", "-- >", "<!>", "] ]>", "<xmp>", "</xmp>",
    "= '", "= \"", " ='", "=x\u00a0c='", "\u0085c=", "</a/b>", "</ a b>", "</\u00a0a>", "<a\u0000", "</a\u0000b>", "<img/src=x/>", "<a/b/c/>",
]


def main():
    cases = [
        {"difference": difference, "html": html, **reference_text(html)}
        for difference, inputs in GROUPS.items()
        for html in inputs
    ]
    out = pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "tokenizer-differences.json"
    out.write_text(json.dumps({"pieces": PIECES, "cases": cases}, ensure_ascii=True, indent=1) + "\n", encoding="utf-8")
    print(f"{len(cases)} cases -> {out}")


if __name__ == "__main__":
    main()
