#!/usr/bin/env bash
# Regenerates what the tests of @tokenlab/html compare against, with the reference installed here:
#
#   apt-get install python3-bs4      # Debian bookworm: Beautiful Soup 4.11.2, Python 3.11.2
#   bash packages/html/scripts/regenerate.sh
#
# Writes src/entities.generated.ts (bs4's entity table), fixtures/random-html.json (random HTML-ish
# strings and bs4's text for each), fixtures/expected/*.json (bs4's text for each page of fixtures/pages)
# fixtures/feeds/*.expected.json (each feed's entries, read with ElementTree and bs4) and
# fixtures/tokenizer-differences.json (markup htmlparser2 and html.parser read differently, with bs4's text).
set -euo pipefail
cd "$(dirname "$0")"
/usr/bin/python3 -c 'import bs4, sys; print("bs4", bs4.__version__, "Python", sys.version.split()[0])'
/usr/bin/python3 generate-entities.py
/usr/bin/python3 page_texts.py
/usr/bin/python3 random_cases.py
/usr/bin/python3 feed_texts.py
/usr/bin/python3 tokenizer_differences.py
