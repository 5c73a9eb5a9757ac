#!/usr/bin/python3
"""Regenerate packages/classic/fixtures/stem/*.tsv.gz: NLTK's stems of the words of the bundled corpora.

Run from the repository root with Debian's python3-nltk (NLTK 3.8):

    /usr/bin/python3 packages/classic/scripts/make-stem-fixtures.py

Words are the distinct whitespace-separated tokens of the corpora in packages/corpora/data (kept as
they are, punctuation included, since that exercises the stemmers' handling of non-letters) plus the
same tokens with leading and trailing punctuation removed, sorted by code point. Each output line is
the word and its stems, tab-separated; the header line names the columns. The Arabic Snowball column
`snowball-arabic` is produced by ONE stemmer fed the words in file order (NLTK's Arabic stemmer keeps
state between words); `snowball-arabic-fresh` uses a new stemmer for every word.
"""

import gzip
import os
import random
import re
import sys

import nltk
from nltk.stem import ISRIStemmer, LancasterStemmer, PorterStemmer, SnowballStemmer

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DATA = os.path.join(ROOT, "packages", "corpora", "data")
OUT = os.path.join(ROOT, "packages", "classic", "fixtures", "stem")

EDGE_PUNCTUATION = re.compile(r"^[^\w]+|[^\w]+$")


def words_of(files):
    words = set()
    for name in files:
        with open(os.path.join(DATA, name), encoding="utf-8") as handle:
            for token in handle.read().split():
                words.add(token)
                stripped = EDGE_PUNCTUATION.sub("", token)
                if stripped:
                    words.add(stripped)
    return sorted(words)


def write(name, header, rows):
    path = os.path.join(OUT, name)
    # mtime=0 keeps the file byte-identical across regenerations.
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as handle:
        handle.write(("\t".join(header) + "\n").encode("utf-8"))
        for row in rows:
            handle.write(("\t".join(row) + "\n").encode("utf-8"))
    print(f"{path}: {len(rows)} words", file=sys.stderr)


def main():
    if nltk.__version__ != "3.8":
        sys.exit(f"expected NLTK 3.8 (Debian python3-nltk), found {nltk.__version__}")
    os.makedirs(OUT, exist_ok=True)
    english = [name for name in sorted(os.listdir(os.path.join(DATA, "en"))) if name.endswith(".txt")]
    arabic = [name for name in sorted(os.listdir(os.path.join(DATA, "ar"))) if name.endswith(".txt")]

    porter = PorterStemmer(PorterStemmer.NLTK_EXTENSIONS)
    martin = PorterStemmer(PorterStemmer.MARTIN_EXTENSIONS)
    original = PorterStemmer(PorterStemmer.ORIGINAL_ALGORITHM)
    lancaster = LancasterStemmer()
    lancaster_prefix = LancasterStemmer(strip_prefix_flag=True)
    snowball_en = SnowballStemmer("english")
    rows = []
    for word in words_of(["en/" + name for name in english]):
        rows.append(
            [
                word,
                porter.stem(word),
                porter.stem(word, to_lowercase=False),
                martin.stem(word),
                original.stem(word),
                lancaster.stem(word),
                lancaster_prefix.stem(word),
                snowball_en.stem(word),
            ]
        )
    write(
        "nltk-stems-en.tsv.gz",
        ["word", "porter", "porter-keep-case", "porter-martin", "porter-original", "lancaster",
         "lancaster-strip-prefix", "snowball-english"],
        rows,
    )

    # Made-up words over an alphabet mixing the letters the rules test with capitals, digits,
    # apostrophes, Arabic letters and marks, astral letters and symbols, and case-mapping oddities.
    alphabet = list("aeiouybcdlmnrsstzgilpl'’-1İΣ") + [
        "\u0627", "\u0644", "\u0643", "\u0628", "\u062a", "\u0629", "\u0646", "\u064a", "\u0648",
        "\u0647", "\u0623", "\u0625", "\u0622", "\u0624", "\u0626", "\u0649", "\u0633", "\u0641",
        "\u064e", "\u0651", "\u0640", "\u060c", "\U0001d41a", "\U0001f600", "\U00010428",
    ]
    generator = random.Random(16)
    edge = sorted({"".join(generator.choice(alphabet) for _ in range(generator.randint(0, 9))) for _ in range(6000)})
    sequence = SnowballStemmer("arabic")
    rows = []
    for word in edge:
        rows.append(
            [
                word,
                porter.stem(word),
                porter.stem(word, to_lowercase=False),
                martin.stem(word),
                original.stem(word),
                lancaster.stem(word),
                lancaster_prefix.stem(word),
                snowball_en.stem(word),
                sequence.stem(word),
                SnowballStemmer("arabic").stem(word),
                ISRIStemmer().stem(word),
            ]
        )
    write(
        "nltk-stems-edge.tsv.gz",
        ["word", "porter", "porter-keep-case", "porter-martin", "porter-original", "lancaster",
         "lancaster-strip-prefix", "snowball-english", "snowball-arabic", "snowball-arabic-fresh", "isri"],
        rows,
    )

    sequence = SnowballStemmer("arabic")
    isri = ISRIStemmer()
    rows = []
    for word in words_of(["ar/" + name for name in arabic]):
        rows.append([word, sequence.stem(word), SnowballStemmer("arabic").stem(word), isri.stem(word)])
    write("nltk-stems-ar.tsv.gz", ["word", "snowball-arabic", "snowball-arabic-fresh", "isri"], rows)


if __name__ == "__main__":
    main()
