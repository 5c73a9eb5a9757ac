"""Writes fixtures/random-html.json: HTML-ish strings built at random (fixed seed) from the pieces in
fixtures/random-html-pieces.json (html.parser's corners), with what Beautiful Soup's get_text gives for each."""
import json
import pathlib
import random

from bs4_text import reference_text

PIECES = json.loads((pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "random-html-pieces.json").read_text())


def random_html(rng):
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 24)))


def main():
    rng = random.Random(16)
    cases = []
    while len(cases) < 500:
        html = random_html(rng)
        options = rng.choice([{}, {}, {"separator": "|"}, {"separator": "\n", "strip": True}, {"strip": True}])
        cases.append({"html": html, **options, **reference_text(html, **options)})
    out = pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "random-html.json"
    out.write_text(json.dumps(cases, ensure_ascii=True, indent=1) + "\n", encoding="utf-8")
    errors = sum(1 for case in cases if "error" in case)
    print(f"{len(cases)} cases ({errors} errors) -> {out}")


if __name__ == "__main__":
    main()
