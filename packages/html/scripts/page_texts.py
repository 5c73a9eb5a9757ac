"""Writes fixtures/expected/<page>.json for every fixtures/pages/<page>.html: what Beautiful Soup's
get_text() gives (default arguments, and separator="\\n", strip=True), the page read as UTF-8 text."""
import json
import pathlib

from bs4_text import reference_text

ROOT = pathlib.Path(__file__).resolve().parent.parent / "fixtures"
(ROOT / "expected").mkdir(exist_ok=True)
for page in sorted((ROOT / "pages").glob("*.html")):
    html = page.read_text(encoding="utf-8")
    # The pages are built so that bs4 parses them: an error here is a broken fixture.
    expected = {
        "text": reference_text(html)["text"],
        "lines": reference_text(html, "\n", True)["text"],
    }
    out = ROOT / "expected" / f"{page.stem}.json"
    out.write_text(json.dumps(expected, ensure_ascii=True, indent=1) + "\n", encoding="utf-8")
    print(f"{page.name}: {len(html)} characters -> {out.name}")
