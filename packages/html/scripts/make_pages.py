"""Writes the synthetic pages of fixtures/pages: page structures as the real sites build them
(MediaWiki's skin, a news site, a blog with comments, malformed markup, entities...), filled with
text from the corpora bundled in packages/corpora (see fixtures/README.md for what comes from where).

For each page with a main text it also writes <page>.parts.json: the page's article paragraphs as
plain text, and strings of its furniture (menus, footers, sidebars), which the readableText test
measures against. The HTML is written here, by hand, in the idioms of each site; run again after
editing, then regenerate bs4's outputs (scripts/regenerate.sh).
"""
import html
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPORA = ROOT.parent / "corpora" / "data"
PAGES = ROOT / "fixtures" / "pages"


def read(path):
    return (CORPORA / path).read_text(encoding="utf-8")


def esc(text):
    return html.escape(text, quote=False)


def wiki_paragraph(text):
    """A paragraph with its [n] markers as MediaWiki's reference superscripts."""
    out = []
    last = 0
    for match in re.finditer(r"\[(\d+)\]", text):
        out.append(esc(text[last:match.start()]))
        n = match.group(1)
        out.append(f'<sup id="cite_ref-{n}" class="reference"><a href="#cite_note-{n}">&#91;{n}&#93;</a></sup>')
        last = match.end()
    out.append(esc(text[last:]))
    return "<p>" + "".join(out) + "\n</p>"


def write(name, page, paragraphs=None, furniture=None):
    PAGES.mkdir(parents=True, exist_ok=True)
    (PAGES / f"{name}.html").write_text(page, encoding="utf-8")
    if paragraphs is not None:
        parts = {"paragraphs": paragraphs, "furniture": furniture}
        (PAGES / f"{name}.parts.json").write_text(
            json.dumps(parts, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )


MEDIAWIKI_HEAD = """<!DOCTYPE html>
<html class="client-nojs vector-feature-language-in-header-enabled" lang="{lang}" dir="{dir}">
<head>
<meta charset="UTF-8">
<title>{title} - {site}</title>
<script>document.documentElement.className="client-js";RLCONF={{"wgBreakFrames":false,"wgSeparatorTransformTable":["",""],"wgPageName":"{page}","wgTitle":"{title}","wgIsArticle":true,"wgAction":"view","wgUserName":null}};RLSTATE={{"ext.globalCssJs.user.styles":"ready","skins.vector.styles":"ready"}};RLPAGEMODULES=["ext.cite.ux-enhancements","site","mediawiki.page.ready","skins.vector.js"];</script>
<script>(RLQ=window.RLQ||[]).push(function(){{mw.loader.impl(function(){{return["user.options@12s5i",function($,jQuery,require,module){{mw.user.tokens.set({{"patrolToken":"+\\\\","watchToken":"+\\\\","csrfToken":"+\\\\"}});
}}];}});}});</script>
<link rel="stylesheet" href="/w/load.php?lang={lang}&amp;modules=ext.cite.styles%7Cskins.vector.styles&amp;only=styles&amp;skin=vector-2022">
<script async="" src="/w/load.php?lang={lang}&amp;modules=startup&amp;only=scripts&amp;raw=1&amp;skin=vector-2022"></script>
<meta name="ResourceLoaderDynamicStyles" content="">
<style>.mw-parser-output .hatnote{{font-style:italic}}.mw-parser-output div.hatnote{{padding-left:1.6em;margin-bottom:0.5em}}.mw-parser-output .infobox-label{{vertical-align:top}}</style>
<meta name="generator" content="MediaWiki 1.42.0-wmf.18">
<meta property="og:title" content="{title} - {site}">
<link rel="canonical" href="https://{host}/wiki/{page}">
<link rel="license" href="https://creativecommons.org/licenses/by-sa/4.0/deed.{lang}">
</head>
"""


def mediawiki_page(*, lang, dir_, site, host, title, page, ui, infobox, lead, sections, references, navbox, categories):
    """A page in MediaWiki's Vector 2022 skin; `ui` holds the interface strings of the language."""
    furniture = []
    out = [MEDIAWIKI_HEAD.format(lang=lang, dir=dir_, site=site, host=host, title=title, page=page)]
    out.append(f'<body class="skin-vector skin-vector-search-vue mediawiki {dir_} sitedir-{dir_} mw-hide-empty-elt ns-0 ns-subject page-{page} rootpage-{page} skin-vector-2022 action-view">')
    out.append(f'<a class="mw-jump-link" href="#bodyContent">{ui["jump"]}</a>')
    furniture.append(ui["jump"])
    out.append('<div class="vector-header-container"><header class="vector-header mw-header">')
    out.append('<div class="vector-header-start"><nav class="vector-main-menu-landmark" aria-label="Site">')
    out.append(f'<div id="vector-main-menu-dropdown" class="vector-dropdown vector-main-menu-dropdown"><label class="vector-dropdown-label" aria-label="{ui["menu"]}"><span class="vector-icon mw-ui-icon-menu"></span><span class="vector-dropdown-label-text">{ui["menu"]}</span></label>')
    out.append('<div class="vector-dropdown-content"><div id="vector-main-menu" class="vector-main-menu vector-pinnable-element">')
    out.append(f'<div class="vector-pinnable-header"><div class="vector-pinnable-header-label">{ui["menu"]}</div><button class="vector-pinnable-header-toggle-button vector-pinnable-header-pin-button">{ui["move"]}</button><button class="vector-pinnable-header-toggle-button vector-pinnable-header-unpin-button">{ui["hide"]}</button></div>')
    for heading, items in ui["portlets"]:
        out.append(f'<div class="vector-menu mw-portlet" ><div class="vector-menu-heading">{heading}</div><div class="vector-menu-content"><ul class="vector-menu-content-list">')
        for item in items:
            out.append(f'<li class="mw-list-item"><a href="/wiki/Special:{item.replace(" ", "_")}"><span>{esc(item)}</span></a></li>')
            furniture.append(item)
        out.append("</ul></div></div>")
    out.append("</div></div></div></nav>")
    out.append(f'<a href="/wiki/Main_Page" class="mw-logo"><img class="mw-logo-icon" src="/static/images/icons/wikipedia.png" alt="" aria-hidden="true" height="50" width="50"><span class="mw-logo-container"><img class="mw-logo-wordmark" alt="{site}" src="/static/images/mobile/copyright/wikipedia-wordmark-{lang}.svg" style="width: 7.5em; height: 1.125em;"></span></a></div>')
    out.append(f'<div class="vector-header-end"><div id="p-search" role="search" class="vector-search-box-vue vector-search-box"><form action="/w/index.php" id="searchform"><div class="cdx-search-input"><input class="cdx-text-input__input" type="search" name="search" placeholder="{ui["search"]} {site}" aria-label="{ui["search"]} {site}" autocapitalize="sentences" title="{ui["search"]} {site} [f]" accesskey="f" id="searchInput"><input type="hidden" name="title" value="Special:Search"></div><button class="cdx-button cdx-search-input__end-button">{ui["search"]}</button></form></div>')
    out.append('<nav class="vector-user-links" aria-label="Personal tools"><div class="vector-menu-content"><ul class="vector-menu-content-list">')
    for item in ui["personal"]:
        out.append(f'<li class="user-links-collapsible-item mw-list-item"><a href="/w/index.php?title=Special:{item.replace(" ", "")}"><span>{esc(item)}</span></a></li>')
        furniture.append(item)
    out.append("</ul></div></nav></div></header></div>")
    out.append('<div class="mw-page-container"><div class="mw-page-container-inner">')
    out.append(f'<div class="vector-column-start"><div class="vector-main-menu-container"></div><nav id="mw-panel-toc" role="navigation" aria-label="{ui["contents"]}" class="mw-table-of-contents-container vector-toc-landmark"><div id="vector-toc" class="vector-toc vector-pinnable-element"><div class="vector-pinnable-header"><h2 class="vector-pinnable-header-label">{ui["contents"]}</h2><button class="vector-pinnable-header-toggle-button vector-pinnable-header-unpin-button" data-event-name="pinnable-header.vector-toc.unpin">{ui["hide"]}</button></div>')
    out.append(f'<ul class="vector-toc-contents" id="mw-panel-toc-list"><li id="toc-mw-content-text" class="vector-toc-list-item vector-toc-level-1"><a href="#" class="vector-toc-link"><div class="vector-toc-text">{ui["top"]}</div></a></li>')
    for number, (heading, _) in enumerate(sections, 1):
        anchor = heading.replace(" ", "_")
        out.append(f'<li id="toc-{anchor}" class="vector-toc-list-item vector-toc-level-1"><a class="vector-toc-link" href="#{anchor}"><div class="vector-toc-text"><span class="vector-toc-numb">{number}</span>{esc(heading)}</div></a></li>')
        furniture.append(f"{number}{heading}")
    out.append("</ul></div></nav></div>")
    out.append(f'<div class="mw-content-container"><main id="content" class="mw-body" role="main"><header class="mw-body-header vector-page-titlebar"><h1 id="firstHeading" class="firstHeading mw-first-heading"><span class="mw-page-title-main">{esc(title)}</span></h1>')
    out.append(f'<div id="p-lang-btn" class="vector-dropdown mw-portlet mw-portlet-lang"><input type="checkbox" id="p-lang-btn-checkbox" role="button" aria-haspopup="true" class="vector-dropdown-checkbox mw-interlanguage-selector" aria-label="{ui["languages"]}"><label id="p-lang-btn-label" for="p-lang-btn-checkbox" class="vector-dropdown-label cdx-button"><span class="vector-dropdown-label-text">{ui["languages"]}</span></label></div></header>')
    furniture.append(ui["languages"])
    out.append('<div class="vector-page-toolbar"><div class="vector-page-toolbar-container"><div id="left-navigation"><nav aria-label="Namespaces"><div id="p-associated-pages" class="vector-menu vector-menu-tabs mw-portlet"><div class="vector-menu-content"><ul class="vector-menu-content-list">')
    for item in ui["tabs"]:
        out.append(f'<li class="vector-tab-noicon mw-list-item"><a href="/wiki/{page}" title="{esc(item)}"><span>{esc(item)}</span></a></li>')
        furniture.append(item)
    out.append("</ul></div></div></nav></div></div></div>")
    out.append('<div id="bodyContent" class="vector-body" aria-labelledby="firstHeading" data-mw-ve-target-container>')
    out.append(f'<div class="vector-body-before-content"><div class="mw-indicators"></div><div id="siteSub" class="noprint">{ui["from"]}</div></div>')
    furniture.append(ui["from"])
    out.append(f'<div id="contentSub"><div id="mw-content-subtitle"></div></div><div id="mw-content-text" class="mw-body-content mw-content-{dir_}" lang="{lang}" dir="{dir_}"><div class="mw-parser-output">')
    out.append(f'<div role="note" class="hatnote navigation-not-searchable">{ui["hatnote"]}</div>')
    out.append('<table class="infobox biography vcard"><tbody>')
    out.append(f'<tr><th colspan="2" class="infobox-above"><div class="fn">{esc(title)}</div></th></tr>')
    for label, value in infobox:
        out.append(f'<tr><th scope="row" class="infobox-label">{esc(label)}</th><td class="infobox-data">{esc(value)}</td></tr>')
    out.append("</tbody></table>")
    paragraphs = []
    out.append('<p class="mw-empty-elt">\n</p>')
    for text in lead:
        out.append(wiki_paragraph(text))
        paragraphs.append(text)
    out.append(f'<div id="toc" class="toc" role="navigation" aria-labelledby="mw-toc-heading"><input type="checkbox" role="button" id="toctogglecheckbox" class="toctogglecheckbox" style="display:none" /><div class="toctitle" lang="{lang}" dir="{dir_}"><h2 id="mw-toc-heading">{ui["contents"]}</h2></div></div>')
    for heading, texts in sections:
        anchor = heading.replace(" ", "_")
        out.append(f'<div class="mw-heading mw-heading2"><h2 id="{anchor}">{esc(heading)}</h2><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/w/index.php?title={page}&amp;action=edit&amp;section=1" title="{ui["edit"]}: {esc(heading)}"><span>{ui["edit"]}</span></a><span class="mw-editsection-bracket">]</span></span></div>')
        for text in texts:
            out.append(wiki_paragraph(text))
            paragraphs.append(text)
    out.append(f'<div class="mw-heading mw-heading2"><h2 id="References">{ui["references"]}</h2></div>')
    out.append('<div class="reflist reflist-columns references-column-width" style="column-width: 30em;"><ol class="references">')
    for n, ref in enumerate(references, 1):
        out.append(f'<li id="cite_note-{n}"><span class="mw-cite-backlink"><b><a href="#cite_ref-{n}">^</a></b></span> <span class="reference-text"><cite class="citation web cs1">{esc(ref)}</cite><span title="ctx_ver=Z39.88-2004&amp;rft_val_fmt=info%3Aofi%2Ffmt%3Akev%3Amtx%3Abook" class="Z3988"></span></span>\n</li>')
    out.append("</ol></div>")
    out.append('<div role="navigation" class="navbox" aria-labelledby="navbox-title"><table class="nowraplinks mw-collapsible autocollapse navbox-inner"><tbody>')
    out.append(f'<tr><th scope="col" class="navbox-title" colspan="2"><div class="plainlinks hlist navbar mini"><ul><li class="nv-view"><a href="/wiki/Template:Navbox"><abbr title="View this template">v</abbr></a></li><li class="nv-talk"><a href="/wiki/Template_talk:Navbox"><abbr title="Discuss this template">t</abbr></a></li><li class="nv-edit"><a href="/wiki/Special:EditPage/Template:Navbox"><abbr title="Edit this template">e</abbr></a></li></ul></div><div id="navbox-title">{esc(navbox[0])}</div></th></tr>')
    for group, links in navbox[1]:
        out.append(f'<tr><th scope="row" class="navbox-group">{esc(group)}</th><td class="navbox-list-with-group navbox-list navbox-odd hlist"><div><ul>' + "".join(f'<li><a href="/wiki/{esc(link)}">{esc(link)}</a></li>' for link in links) + "</ul></div></td></tr>")
    out.append("</tbody></table></div>")
    furniture.extend(group for group, _ in navbox[1])
    out.append("<!-- \nNewPP limit report\nParsed by mw-api-int.codfw.main-6d9b6c6c4b-k8gdn\nCached time: 20240216094127\nCache expiry: 1814400\nCPU time usage: 2.103 seconds\n-->")
    out.append("</div></div>")
    out.append(f'<div id="catlinks" class="catlinks" data-mw="interface"><div id="mw-normal-catlinks" class="mw-normal-catlinks"><a href="/wiki/Help:Category" title="Help:Category">{ui["categories"]}</a>: <ul>' + "".join(f'<li><a href="/wiki/Category:{esc(c)}">{esc(c)}</a></li>' for c in categories) + "</ul></div></div>")
    furniture.append(ui["categories"])
    furniture.extend(categories)
    out.append("</div></main></div></div></div>")
    out.append('<div class="mw-footer-container"><footer id="footer" class="mw-footer" role="contentinfo"><ul id="footer-info">')
    for line in ui["footer_info"]:
        out.append(f'<li id="footer-info-lastmod">{line}</li>')
    out.append('</ul><ul id="footer-places">')
    for item in ui["footer_places"]:
        out.append(f'<li id="footer-places-privacy"><a href="https://foundation.wikimedia.org/wiki/Special:MyLanguage/Policy:Privacy_policy">{esc(item)}</a></li>')
        furniture.append(item)
    out.append('</ul><ul id="footer-icons" class="noprint"><li id="footer-copyrightico"><a href="https://wikimediafoundation.org/"><img src="/static/images/footer/wikimedia-button.png" width="88" height="31" alt="Wikimedia Foundation" loading="lazy"></a></li><li id="footer-poweredbyico"><a href="https://www.mediawiki.org/"><img src="/static/images/footer/poweredby_mediawiki_88x31.png" alt="Powered by MediaWiki" width="88" height="31" loading="lazy"></a></li></ul></footer></div>')
    out.append('<script>(RLQ=window.RLQ||[]).push(function(){mw.config.set({"wgHostname":"mw-web.codfw.main-7d8c7b7f5c-2ld6m","wgBackendResponseTime":148,"wgPageParseReport":{"limitreport":{"cputime":"2.103","walltime":"2.359","ppvisitednodes":{"value":22734,"limit":1000000},"postexpandincludesize":{"value":602356,"limit":2097152}}}});});</script>')
    out.append('<script type="application/ld+json">{"@context":"https:\\/\\/schema.org","@type":"Article","name":"' + title + '","url":"https:\\/\\/' + host + '\\/wiki\\/' + page + '","publisher":{"@type":"Organization","name":"Wikimedia Foundation, Inc."}}</script>')
    out.append("</body>\n</html>\n")
    return "\n".join(out), paragraphs, furniture


def english_wikipedia():
    lines = [line for line in read("en/taylorswift.txt").split("\n")]
    long_lines = [line.strip() for line in lines if len(line) > 300]
    lead, body = long_lines[:3], long_lines[3:12]
    sections = [("Early life", body[0:3]), ("Career", body[3:6]), ("Artistry", body[6:9])]
    references_start = lines.index("References", 100)
    references = [line.strip() for line in lines[references_start + 1:] if line.strip().startswith('"')][:12]
    ui = {
        "jump": "Jump to content", "menu": "Main menu", "move": "move to sidebar", "hide": "hide",
        "portlets": [("Navigation", ["Main page", "Contents", "Current events", "Random article", "About Wikipedia", "Contact us", "Donate"]),
                     ("Contribute", ["Help", "Learn to edit", "Community portal", "Recent changes", "Upload file"])],
        "search": "Search", "personal": ["Create account", "Log in"], "contents": "Contents", "top": "(Top)",
        "languages": "136 languages", "tabs": ["Article", "Talk", "Read", "View source", "View history"],
        "from": "From Wikipedia, the free encyclopedia",
        "hatnote": 'For the album, see <a href="/wiki/Taylor_Swift_(album)" title="Taylor Swift (album)">Taylor Swift (album)</a>.',
        "edit": "edit", "references": "References", "categories": "Categories",
        "footer_info": ["This page was last edited on 16 February 2024, at 09:41<span class=\"anonymous-show\">&#160;(UTC)</span>.",
                        'Text is available under the <a rel="license" href="//en.wikipedia.org/wiki/Wikipedia:Text_of_the_Creative_Commons_Attribution-ShareAlike_4.0_International_License">Creative Commons Attribution-ShareAlike License 4.0</a>; additional terms may apply.'],
        "footer_places": ["Privacy policy", "About Wikipedia", "Disclaimers", "Contact Wikipedia", "Code of Conduct", "Developers", "Statistics", "Cookie statement", "Mobile view"],
    }
    infobox = [("Born", "Taylor Alison Swift\nDecember 13, 1989 (age 34)\nWest Reading, Pennsylvania, US"),
               ("Occupations", "Singer-songwriter producer director businesswoman actress"), ("Years active", "2004–present"),
               ("Origin", "Nashville, Tennessee, US"), ("Genres", "Pop country folk rock alternative"), ("Labels", "RCA Republic Big Machine")]
    navbox = ("Taylor Swift", [("Studio albums", ["Taylor Swift", "Fearless", "Speak Now", "Red", "1989", "Reputation", "Lover", "Folklore", "Evermore", "Midnights"]),
                               ("Concert tours", ["Fearless Tour", "Speak Now World Tour", "The Red Tour", "The 1989 World Tour", "The Eras Tour"])])
    page, paragraphs, furniture = mediawiki_page(
        lang="en", dir_="ltr", site="Wikipedia", host="en.wikipedia.org", title="Taylor Swift", page="Taylor_Swift", ui=ui,
        infobox=infobox, lead=lead, sections=sections, references=references, navbox=navbox,
        categories=["1989 births", "Living people", "21st-century American women singers", "American country singer-songwriters"])
    write("wikipedia-en", page, paragraphs, furniture)


def udhr_arabic_articles():
    text = read("ar/udhr-arabic.txt")
    paragraphs = [line.strip() for line in text.split("\n") if len(line.strip()) > 60]
    return paragraphs


def arabic_wikipedia():
    paragraphs = udhr_arabic_articles()
    lead, body = paragraphs[:2], paragraphs[2:14]
    sections = [("الديباجة", body[0:4]), ("المواد الأولى", body[4:8]), ("الحقوق المدنية", body[8:12])]
    ui = {
        "jump": "انتقل إلى المحتوى", "menu": "القائمة الرئيسية", "move": "انقل للشريط الجانبي", "hide": "أخف",
        "portlets": [("تصفح", ["الصفحة الرئيسية", "الأحداث الجارية", "أحدث التغييرات", "مقالة عشوائية", "تبرع لويكيبيديا"]),
                     ("مشاركة", ["مساعدة", "بوابة المجتمع", "الميدان", "تواصل مع ويكيبيديا"])],
        "search": "بحث", "personal": ["إنشاء حساب", "دخول"], "contents": "المحتويات", "top": "(أعلى)",
        "languages": "95 لغة", "tabs": ["مقالة", "نقاش", "اقرأ", "عدل المصدر", "تاريخ"],
        "from": "من ويكيبيديا، الموسوعة الحرة",
        "hatnote": 'لمعانٍ أخرى، طالع <a href="/wiki/%D8%AD%D9%82%D9%88%D9%82_%D8%A7%D9%84%D8%A5%D9%86%D8%B3%D8%A7%D9%86">حقوق الإنسان (توضيح)</a>.',
        "edit": "عدل", "references": "المراجع", "categories": "تصنيفات",
        "footer_info": ["آخر تعديل لهذه الصفحة كان يوم 16 فبراير 2024، الساعة 09:41.",
                        'النصوص منشورة برخصة <a rel="license" href="//creativecommons.org/licenses/by-sa/4.0/deed.ar">المشاع الإبداعي</a>. قد تنطبق بنود إضافية.'],
        "footer_places": ["سياسة الخصوصية", "حول ويكيبيديا", "إخلاء مسؤولية", "مدونة السلوك", "المطورون", "إحصائيات", "بيان ملفات تعريف الارتباط", "نسخة للأجهزة المحمولة"],
    }
    infobox = [("النوع", "إعلان"), ("تاريخ الاعتماد", "10 ديسمبر 1948"), ("المكان", "قصر شايو، باريس"), ("اللغة", "الإنجليزية والفرنسية والعربية")]
    navbox = ("حقوق الإنسان", [("مواثيق", ["الإعلان العالمي لحقوق الإنسان", "العهد الدولي الخاص بالحقوق المدنية والسياسية"]),
                               ("هيئات", ["مجلس حقوق الإنسان", "المفوضية السامية لحقوق الإنسان"])])
    references = ["«الإعلان العالمي لحقوق الإنسان». الأمم المتحدة. اطلع عليه بتاريخ 2024-02-16.",
                  "«تاريخ صياغة الإعلان». الأمم المتحدة. مؤرشف من الأصل في 2023-12-10."]
    page, paragraphs, furniture = mediawiki_page(
        lang="ar", dir_="rtl", site="ويكيبيديا", host="ar.wikipedia.org", title="الإعلان العالمي لحقوق الإنسان",
        page="%D8%A7%D9%84%D8%A5%D8%B9%D9%84%D8%A7%D9%86", ui=ui, infobox=infobox, lead=lead, sections=sections,
        references=references, navbox=navbox, categories=["حقوق الإنسان", "وثائق الأمم المتحدة", "1948 في القانون"])
    write("wikipedia-ar", page, paragraphs, furniture)


def wikinews_articles():
    """Farasa's Wikinews file: '# category' lines, then per article a title line and one body line."""
    articles = []
    lines = [line.strip() for line in read("ar/farasa-wikinews.undiacritized.txt").split("\n") if line.strip()]
    i = 0
    while i + 1 < len(lines):
        if lines[i].startswith("#"):
            i += 1
            continue
        if not lines[i + 1].startswith("#"):
            articles.append((lines[i], lines[i + 1]))
            i += 2
        else:
            i += 1
    return articles


def english_news():
    udhr = [line.strip() for line in read("en/udhr-english.txt").split("\n") if len(line.strip()) > 80]
    paragraphs = udhr[:9]
    furniture = ["World", "Politics", "Business", "Science", "Culture", "Sport", "Subscribe", "Sign in",
                 "Most read", "Newsletter", "Terms of use", "Privacy notice", "Cookie settings", "Contact us", "Advertise with us"]
    related = ["Leaders meet to mark the anniversary", "What the declaration says about education", "A history of the drafting committee"]
    furniture += related
    out = ["<!doctype html>", '<html lang="en-GB">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           "<title>Seventy-five years of the Universal Declaration of Human Rights | The Daily Record</title>",
           '<meta property="og:type" content="article">', '<link rel="preload" href="/fonts/serif.woff2" as="font" crossorigin>',
           '<style>body{margin:0;font-family:Georgia,serif}.ticker{overflow:hidden;white-space:nowrap}.article-body p{max-width:38em}</style>',
           '<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());gtag("config","G-XXXX",{"page_path":"/world/2023/dec/10/udhr-75"});</script>',
           '<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Seventy-five years of the Universal Declaration of Human Rights","datePublished":"2023-12-10T08:00:00Z","author":[{"@type":"Person","name":"A. Correspondent"}]}</script>',
           "</head>", '<body class="article-page">',
           '<div id="cookie-banner" role="dialog" aria-live="polite"><p>We use cookies to improve your experience. <a href="/cookies">Cookie settings</a></p><button type="button">Accept all</button></div>',
           '<header class="masthead"><a class="logo" href="/"><img src="/logo.svg" alt="The Daily Record"></a>',
           '<nav class="primary" aria-label="Sections"><ul>']
    for item in furniture[:5]:
        out.append(f'<li><a href="/{item.lower()}">{item}</a></li>')
    out += ['</ul></nav><div class="account"><a href="/subscribe" class="cta">Subscribe</a> <a href="/signin">Sign in</a></div></header>',
            '<div class="ticker" aria-label="Breaking news"><span>Breaking:</span> <a href="/live">Live updates from the General Assembly</a></div>',
            '<main id="maincontent"><article class="article">', '<header class="article-header">',
            '<p class="kicker"><a href="/world">World</a></p>',
            "<h1>Seventy-five years of the Universal Declaration of Human Rights</h1>",
            '<p class="standfirst">The text adopted in Paris in 1948 still frames the debate on dignity, freedom and justice.</p>',
            '<p class="byline">By <a rel="author" href="/profile/a-correspondent">A. Correspondent</a> &middot; <time datetime="2023-12-10T08:00:00Z">Sun 10 Dec 2023 08.00&nbsp;GMT</time></p>',
            '</header><figure class="lead-image"><img src="/img/palais-chaillot.jpg" alt="The Palais de Chaillot in Paris" width="1200" height="675"><figcaption>The declaration was adopted at the Palais de Chaillot. Photograph: Archive</figcaption></figure>',
            '<div class="article-body">']
    for n, text in enumerate(paragraphs):
        out.append(f"<p>{esc(text)}</p>")
        if n == 3:
            out.append('<aside class="inline-related"><h2>Related</h2><ul>' + "".join(f'<li><a href="/r{k}">{esc(t)}</a></li>' for k, t in enumerate(related)) + "</ul></aside>")
        if n == 5:
            out.append('<div class="ad-slot" data-ad="mpu"><script>googletag.cmd.push(function(){googletag.display("mpu-1")});</script></div>')
    out += ['</div><footer class="article-footer"><p class="tags">Topics: <a href="/t/un">United Nations</a>, <a href="/t/rights">Human rights</a></p>',
            '<div class="share"><a href="https://twitter.com/intent/tweet">Share on X</a> <a href="mailto:?subject=udhr">Email</a></div></footer></article>',
            '<aside class="most-read"><h2>Most read</h2><ol>' + "".join(f"<li><a href=\"/m{k}\">{t}</a></li>" for k, t in enumerate(["Storm warnings across the north", "Markets close higher", "Cup final tickets on sale"])) + "</ol></aside>",
            '<section class="newsletter"><h2>Newsletter</h2><form action="/newsletter"><label for="email">Email address</label><input id="email" type="email" name="email" placeholder="you@example.com"><button>Sign up</button></form></section>',
            "</main>",
            '<footer class="site-footer"><ul><li><a href="/terms">Terms of use</a></li><li><a href="/privacy">Privacy notice</a></li><li><a href="/cookies">Cookie settings</a></li><li><a href="/contact">Contact us</a></li><li><a href="/advertise">Advertise with us</a></li></ul><p>&copy; 2023 The Daily Record Ltd. All rights reserved.</p></footer>',
            '<script src="/static/app.3f9a1c.js" defer></script>', "</body>", "</html>", ""]
    write("news-en", "\n".join(out), paragraphs, furniture)


def arabic_news():
    articles = wikinews_articles()
    title, body = max(articles[:40], key=lambda a: len(a[1]))
    sentences = [s.strip() + "." for s in body.split(".") if len(s.strip()) > 20]
    paragraphs = [" ".join(sentences[k:k + 2]) for k in range(0, len(sentences), 2)]
    others = [t for t, _ in articles[:40] if t != title][:6]
    furniture = ["الرئيسية", "سياسة", "اقتصاد", "رياضة", "ثقافة", "علوم وتكنولوجيا", "الأكثر قراءة", "اتصل بنا", "سياسة الخصوصية", "شروط الاستخدام", "جميع الحقوق محفوظة"] + others
    out = ["<!DOCTYPE html>", '<html lang="ar" dir="rtl">', "<head>", '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">',
           f"<title>{esc(title)} - أخبار اليوم</title>",
           '<link rel="stylesheet" href="/css/main.rtl.css">',
           '<script>var _paq=window._paq=window._paq||[];_paq.push(["trackPageView"]);if(1<2&&3>2){_paq.push(["enableLinkTracking"]);}</script>',
           "</head>", '<body class="rtl article">',
           '<div class="top-bar"><span class="date">الأحد 16 فبراير 2014</span> <a href="/en">English</a></div>',
           '<header><div class="logo"><a href="/">أخبار اليوم</a></div><nav class="main-nav"><ul>']
    for item in furniture[:6]:
        out.append(f'<li><a href="/section/{len(item)}">{item}</a></li>')
    out += ["</ul></nav></header>", '<div class="container"><div class="row">', '<main class="col-main"><article>',
            '<ol class="breadcrumb"><li><a href="/">الرئيسية</a></li><li><a href="/culture">ثقافة</a></li></ol>',
            f"<h1 class=\"headline\">{esc(title)}</h1>",
            '<div class="meta"><span class="author">ويكي الأخبار</span> | <time datetime="2014-01-08">8 يناير 2014</time></div>',
            '<div class="article-text">']
    for text in paragraphs:
        out.append(f"<p>{esc(text)}</p>")
    out += ['</div><div class="share-bar"><a href="#">فيسبوك</a> <a href="#">تويتر</a> <a href="#">واتساب</a></div></article></main>',
            '<aside class="col-side"><h3>الأكثر قراءة</h3><ul class="most-read">' + "".join(f'<li><a href="/n/{k}">{esc(t)}</a></li>' for k, t in enumerate(others)) + "</ul></aside>",
            "</div></div>",
            '<footer><ul><li><a href="/contact">اتصل بنا</a></li><li><a href="/privacy">سياسة الخصوصية</a></li><li><a href="/terms">شروط الاستخدام</a></li></ul><p>&copy; 2014 أخبار اليوم. جميع الحقوق محفوظة</p></footer>',
            "<script>document.querySelectorAll('.share-bar a').forEach(function(a){a.addEventListener('click',function(e){e.preventDefault()})});</script>",
            "</body>", "</html>", ""]
    write("news-ar", "\n".join(out), paragraphs, furniture)


def emma_paragraphs(count):
    text = read("en/austen-emma.txt")
    chapter = text.split("CHAPTER I\n", 1)[1]
    paragraphs = [" ".join(p.split()) for p in chapter.split("\n\n") if p.strip()]
    return paragraphs[:count]


def blog():
    paragraphs = emma_paragraphs(10)
    shakespeare = read("en/tinyshakespeare.txt").split("\n\n")
    comments = [(block.split("\n", 1)[0].rstrip(":").title(), " ".join(block.split("\n")[1:])) for block in shakespeare[1:40] if len(block) > 160][:5]
    furniture = ["Home", "About", "Archive", "Reading list", "Contact", "Recent posts", "Archives", "Categories", "Leave a reply",
                 "Post comment", "Powered by WordPress", "Proudly reading since 2009", "Older posts", "Newer posts"]
    furniture += [text for _, text in comments]
    out = ["<!DOCTYPE html>", '<html lang="en-US" class="no-js">', "<head>", '<meta charset="UTF-8">',
           "<title>Reading Emma, chapter one &#8211; A Year of Austen</title>",
           "<script>(function(html){html.className = html.className.replace(/\\bno-js\\b/,'js')})(document.documentElement);</script>",
           "<link rel='stylesheet' id='wp-block-library-css' href='https://ayearofausten.example/wp-includes/css/dist/block-library/style.min.css?ver=6.4.3' media='all' />",
           "<style id='global-styles-inline-css'>\nbody{--wp--preset--color--black: #000000;--wp--preset--font-size--small: 13px;}\n.has-black-color{color: var(--wp--preset--color--black) !important;}\n</style>",
           '<link rel="alternate" type="application/rss+xml" title="A Year of Austen &raquo; Feed" href="https://ayearofausten.example/feed/" />',
           "</head>", '<body class="post-template-default single single-post postid-1816 single-format-standard">',
           '<div id="page" class="site"><a class="skip-link screen-reader-text" href="#content">Skip to content</a>',
           '<header id="masthead" class="site-header"><div class="site-branding"><p class="site-title"><a href="/" rel="home">A Year of Austen</a></p><p class="site-description">Proudly reading since 2009</p></div>',
           '<nav id="site-navigation" class="main-navigation"><button class="menu-toggle" aria-controls="primary-menu" aria-expanded="false">Menu</button><ul id="primary-menu" class="menu">']
    for item in furniture[:5]:
        out.append(f'<li class="menu-item"><a href="/{item.lower().replace(" ", "-")}/">{item}</a></li>')
    out += ["</ul></nav></header>", '<div id="content" class="site-content"><div id="primary" class="content-area"><main id="main" class="site-main">',
            '<article id="post-1816" class="post-1816 post type-post status-publish format-standard hentry category-reading">',
            '<header class="entry-header"><h1 class="entry-title">Reading Emma, chapter one</h1><div class="entry-meta"><span class="posted-on">Posted on <a href="/2024/02/16/emma-1/" rel="bookmark"><time class="entry-date published" datetime="2024-02-16T09:00:00+00:00">February 16, 2024</time></a></span><span class="byline"> by <span class="author vcard"><a class="url fn n" href="/author/reader/">reader</a></span></span></div></header>',
            '<div class="entry-content">',
            "<p><em>Here is the opening of the novel, as Austen wrote it; my notes follow next week.</em></p>"]
    paragraphs = ["Here is the opening of the novel, as Austen wrote it; my notes follow next week."] + paragraphs
    for text in paragraphs[1:]:
        out.append(f"<p>{esc(text)}</p>")
    out += ["</div>", '<footer class="entry-footer"><span class="cat-links">Posted in <a href="/category/reading/" rel="category tag">Reading</a></span><span class="tags-links">Tagged <a href="/tag/austen/" rel="tag">Austen</a>, <a href="/tag/emma/" rel="tag">Emma</a></span></footer></article>',
            '<nav class="navigation post-navigation" aria-label="Posts"><div class="nav-links"><div class="nav-previous"><a href="/older/" rel="prev">Older posts</a></div><div class="nav-next"><a href="/newer/" rel="next">Newer posts</a></div></div></nav>',
            '<div id="comments" class="comments-area"><h2 class="comments-title">5 thoughts on &ldquo;Reading Emma, chapter one&rdquo;</h2><ol class="comment-list">']
    for n, (name, text) in enumerate(comments):
        out.append(f'<li id="comment-{n}" class="comment even thread-even depth-1"><article id="div-comment-{n}" class="comment-body"><footer class="comment-meta"><div class="comment-author vcard"><img alt="" src="https://secure.gravatar.com/avatar/{n}?s=32&#038;d=mm&#038;r=g" class="avatar avatar-32 photo" height="32" width="32" loading="lazy" decoding="async"/><b class="fn">{esc(name)}</b> <span class="says">says:</span></div><div class="comment-metadata"><a href="#comment-{n}"><time datetime="2024-02-1{n}T10:00:00+00:00">February 1{n}, 2024 at 10:00 am</time></a></div></footer><div class="comment-content"><p>{esc(text)}</p></div><div class="reply"><a rel="nofollow" class="comment-reply-link" href="#comment-{n}">Reply</a></div></article></li>')
    out += ["</ol>", '<div id="respond" class="comment-respond"><h3 id="reply-title" class="comment-reply-title">Leave a reply</h3><form action="/wp-comments-post.php" method="post" id="commentform" class="comment-form" novalidate><p class="comment-notes"><span id="email-notes">Your email address will not be published.</span> Required fields are marked <span class="required">*</span></p><p class="comment-form-comment"><label for="comment">Comment <span class="required">*</span></label> <textarea id="comment" name="comment" cols="45" rows="8" maxlength="65525" required>\n\n</textarea></p><p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Post comment" /></p></form></div></div>',
            "</main></div>",
            '<aside id="secondary" class="widget-area"><section id="recent-posts-2" class="widget widget_recent_entries"><h2 class="widget-title">Recent posts</h2><ul><li><a href="/2024/02/09/pride/">Pride and Prejudice, again</a></li><li><a href="/2024/02/02/persuasion/">Persuasion at sea</a></li></ul></section><section id="archives-2" class="widget widget_archive"><h2 class="widget-title">Archives</h2><ul><li><a href="/2024/02/">February 2024</a></li><li><a href="/2024/01/">January 2024</a></li></ul></section><section id="categories-2" class="widget widget_categories"><h2 class="widget-title">Categories</h2><ul><li class="cat-item"><a href="/category/reading/">Reading</a></li></ul></section></aside>',
            '</div><footer id="colophon" class="site-footer"><div class="site-info"><a href="https://wordpress.org/">Powered by WordPress</a></div></footer></div>',
            "<script id=\"comment-reply-js\" src=\"/wp-includes/js/comment-reply.min.js?ver=6.4.3\" async data-wp-strategy=\"async\"></script>", "</body>", "</html>", ""]
    write("blog-en", "\n".join(out), paragraphs, furniture)


def markup_pages():
    udhr = [line.strip() for line in read("en/udhr-english.txt").split("\n") if len(line.strip()) > 80]
    arabic = udhr_arabic_articles()
    write("malformed", "\n".join([
        "<HTML><HEAD><TITLE>Malformed & broken</TITLE>",
        "<BODY BGCOLOR=white>",
        "<H1>Unclosed <I>italic <B>bold</I> still bold?</B></H1>",
        f"<P>{esc(udhr[0])}",
        f"<P>{esc(udhr[1])}",
        "<div><span>misnested</div></span> text after",
        "<ul><li>one<li>two<li>three</ul>",
        "<table><tr><td>cell one<td>cell two</table>",
        "<p>Stray end tags</b></i></p></p></div> and <a href=unquoted>an unquoted link</a>.",
        "<p>An attribute with a '>' inside: <a title=\"a > b\" href='x'>link</a> and a lone < sign, 3 < 4 & 5 > 4.</p>",
        "<p>A tag name with odd characters: <foo:bar>namespaced</foo:bar> <x-custom-element>custom</x-custom-element></p>",
        "< p>not a tag</ p> <p/>self-closed p? <br/>after br</br> and </ br>",
        "<p>Duplicate attributes <a href=1 href=2 class=a class=b>dup</a>; bare attributes <input disabled checked> done.</p>",
        f'<p dir=rtl lang=ar>{esc(arabic[0])}',
        "<p>Uppercase entity &AMP; and &Amp; and &COPY; end.",
        "<p>A comment that never closes follows <!-- this comment has no end",
        "and more text <b>bold",
    ]) + "\n")
    write("entities", "\n".join([
        "<!DOCTYPE html>", "<html><head><meta charset=utf-8><title>Entities &amp; references</title></head><body>",
        "<p>Named with semicolon: &amp; &lt; &gt; &quot; &apos; &nbsp; &copy; &reg; &eacute; &hellip; &mdash; &euro;</p>",
        "<p>Named without semicolon: &amp &lt &gt &quot &copy &reg &nbsp &eacute and AT&T, fish&chips, R&D.</p>",
        "<p>Followed by letters: &ampx &copyright &notit &notin; &not</p>",
        "<p>Unknown: &foo; &bar &xyz123; &madeup-entity; &a.b.c</p>",
        "<p>Numeric: &#65;&#066;&#x43;&#X44; &#1575;&#1604;&#1593;&#1585;&#1576;&#1610;&#1577; &#x1F600; &#128512;</p>",
        "<p>Windows-1252 range: &#128; &#130; &#133; &#145;quoted&#146; &#147;double&#148; &#150; &#151; &#153; &#x9F;</p>",
        "<p>Undefined in windows-1252: &#129; &#x8D; &#143; &#144; &#157;</p>",
        "<p>Invalid: &#0; &#xD800; &#xDFFF; &#1114111; &#1114112; &#x110000; &#99999999999; &#12a; &#x; &#;</p>",
        "<p>Marks: &lrm;&rlm; &zwj;&zwnj; &shy; &ensp;&emsp;&thinsp;</p>",
        "<p>In attributes (not text): <a href=\"?a=1&amp;b=2&copy=3\" title=\"&lt;tip&gt;\">link &amp; text</a></p>",
        "<p>Arabic with entities: &#1575;&#1604;&#1587;&#1604;&#1575;&#1605; &amp; السلام&nbsp;عليكم</p>",
        "<p>Multi-codepoint names: &NotEqualTilde; &acE; &bne; &fjlig;</p>",
        "<p>An ampersand at the very end &amp",
    ]) + "\n")
    write("boundaries", "\n".join([
        "<html><body>",
        f"<p>{esc(udhr[2])}</p><p>{esc(udhr[3])}</p>",
        "<p>line one<br>line two<br/>line three<br />line four</br>line five</p>",
        "<div>div text</div><div>next div</div><span>span</span><span>adjacent</span>",
        "<h1>Heading</h1><h2>Sub heading</h2>",
        "<ul>\n  <li>item one</li>\n  <li>item two</li>\n</ul>",
        "<table>\n<tr>\n<th>Name</th><th>Value</th>\n</tr>\n<tr>\n<td>a</td>\n<td>1</td>\n</tr>\n</table>",
        "<p>   leading and trailing spaces   </p>",
        "<p>\t\n\t</p>",
        "<p>\r\n</p>",
        "<p>non-breaking&nbsp;space and&#160;more</p><p>\u00a0</p>",
        "<hr><p>after rule</p>",
        "<p>inline <b>bold</b><i>italic</i> <a href=#>link</a>.</p>",
        "</body></html>",
    ]) + "\n")
    write("scripts-styles", "\n".join([
        "<!DOCTYPE html><html><head>",
        "<title>Scripts and styles</title>",
        "<style>\n  body > p { color: red; }\n  a[href$='.pdf']::after { content: '</p>'; }\n</style>",
        "<STYLE type=text/css>p{}</STYLE>",
        "<script>\n  var html = '<p>not text</p>';\n  if (a < b && c > d) { document.write('</div>'); }\n  // </scri + pt> is not an end\n</script>",
        "<script type=\"text/template\"><div class=\"tpl\">template text</div></script>",
        "<script type=\"application/ld+json\">{\"@type\": \"WebPage\", \"name\": \"JSON-LD\"}</script>",
        "<script><!--\n  document.write('old style');\n//--></script>",
        "</head><body>",
        "<p>Visible paragraph one.</p>",
        "<noscript><p>Please enable JavaScript.</p></noscript>",
        "<p onclick=\"alert('not text')\">Visible paragraph two.</p>",
        "<script src=\"/app.js\"></script><script src=/x.js />",
        "<p>After a self-closed script.</p>",
        "<svg width=10 height=10><style>circle{fill:red}</style><circle r=5 /><text>svg text</text></svg>",
        "<p>Script end with spaces:</p><script>var x = 1;</script   ><p>after</p>",
        "<script>var unclosed = 'the rest of the page is script';",
        "<p>this is inside the unclosed script</p>",
        "</body></html>",
    ]) + "\n")
    write("sections", "\n".join([
        '<?xml version="1.0" encoding="utf-8"?>',
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">',
        '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Sections</title></head><body>',
        "<!-- a comment -->",
        "<!--[if lt IE 9]><p>Conditional comment text</p><![endif]-->",
        "<![if !IE]><p>Downlevel-revealed text</p><![endif]>",
        "<p>Before CDATA <![CDATA[ CDATA text with <b>markup</b> & entities &amp; ]]> after CDATA</p>",
        "<p><![CDATA[]]>empty CDATA before</p>",
        "<![cdata[lowercase cdata]]>",
        "<template id=row><tr><td>template cell</td></tr></template>",
        "<template><p>outer <template>inner</template> tail</p></template>",
        "<textarea name=t rows=3>\n  textarea &amp; text <b>with markup</b>\n\n</textarea>",
        "<textarea>   </textarea>",
        f"<pre>\n  {esc(udhr[4][:80])}\n    indented   line\n\n\t<b>bold in pre</b>   &lt;tag&gt;\n</pre>",
        "<pre>   </pre>",
        "<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp>字<rp>(</rp><rt>ji</rt><rp>)</rp></ruby>",
        "<?php echo 'processing instruction'; ?>",
        "<!ELEMENT br EMPTY>",
        "<!bogus comment>",
        "</3 bogus end tag>",
        "<p>end</p>",
        "</body></html>",
    ]) + "\n")


def main():
    english_wikipedia()
    arabic_wikipedia()
    english_news()
    arabic_news()
    blog()
    markup_pages()
    print("pages ->", PAGES)


if __name__ == "__main__":
    main()
