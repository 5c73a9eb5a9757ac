"""Writes fixtures/feeds/<feed>.expected.json: each entry of each feed read with Python's
xml.etree.ElementTree (a different XML parser) and its HTML put through Beautiful Soup's get_text(),
following the rules feedEntries documents (content, else summary/description; Atom type text/html/xhtml)."""
import json
import pathlib
import xml.etree.ElementTree as ET

from bs4_text import reference_text

FEEDS = pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "feeds"
ATOM = "{http://www.w3.org/2005/Atom}"
RSS1 = "{http://purl.org/rss/1.0/}"
CONTENT = "{http://purl.org/rss/1.0/modules/content/encoded}"
DC_DATE = "{http://purl.org/dc/elements/1.1/}date"
ENCODED = "{http://purl.org/rss/1.0/modules/content/}encoded"
RDF_ABOUT = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}about"


def bs4_text(markup):
    return reference_text(markup)["text"]


def text(element):
    return "".join(element.itertext()) if element is not None else None


def rss_entry(item, ns=""):
    published = text(item.find(ns + "pubDate")) if item.find(ns + "pubDate") is not None else text(item.find(DC_DATE))
    body = item.find(ENCODED)
    if body is None:
        body = item.find(ns + "description")
    entry = {
        "title": bs4_text(text(item.find(ns + "title")) or "").strip(),
        "link": (text(item.find(ns + "link")) or item.get(RDF_ABOUT) or "").strip(),
        "text": bs4_text(text(body) or ""),
    }
    if published is not None:
        entry["published"] = published.strip()
    return entry


def atom_text(element):
    kind = element.get("type", "text").lower()
    if kind in ("html", "text/html"):
        return bs4_text(text(element))
    if kind in ("xhtml", "application/xhtml+xml"):
        inner = (element.text or "") + "".join(ET.tostring(child, encoding="unicode") for child in element)
        return bs4_text(inner)
    return text(element)


def atom_entry(entry):
    published = entry.find(ATOM + "published")
    if published is None:
        published = entry.find(ATOM + "updated")
    body = entry.find(ATOM + "content")
    if body is None:
        body = entry.find(ATOM + "summary")
    links = entry.findall(ATOM + "link")
    alternate = next((link for link in links if link.get("rel", "alternate") == "alternate"), links[0] if links else None)
    result = {
        "title": atom_text(entry.find(ATOM + "title")).strip(),
        "link": (alternate.get("href") if alternate is not None else "").strip(),
        "text": atom_text(body) if body is not None else "",
    }
    if published is not None:
        result["published"] = text(published).strip()
    return result


for feed in sorted(FEEDS.glob("*.xml")):
    root = ET.parse(feed).getroot()
    if root.tag == "rss":
        entries = [rss_entry(item) for item in root.find("channel").findall("item")]
    elif root.tag == ATOM + "feed":
        entries = [atom_entry(entry) for entry in root.findall(ATOM + "entry")]
    else:
        entries = [rss_entry(item, RSS1) for item in root.findall(RSS1 + "item")]
    out = FEEDS / f"{feed.stem}.expected.json"
    out.write_text(json.dumps(entries, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{feed.name}: {len(entries)} entries -> {out.name}")
