"""The reference: Beautiful Soup 4 with Python's html.parser (Debian python3-bs4 4.11.2, Python 3.11.2).

Reads JSON lines {"html": ..., "separator": ..., "strip": ...} on stdin and writes, per line,
{"text": ...} or {"error": "<exception name>: <message>"}.
"""
import json
import sys
import warnings

from bs4 import BeautifulSoup

warnings.simplefilter("ignore")


def reference_text(html, separator="", strip=False):
    try:
        return {"text": BeautifulSoup(html, "html.parser").get_text(separator, strip)}
    except Exception as error:  # bs4 4.11 lets html.parser's AssertionError through
        return {"error": f"{type(error).__name__}: {error}"}


if __name__ == "__main__":
    for line in sys.stdin:
        case = json.loads(line)
        result = reference_text(case["html"], case.get("separator", ""), case.get("strip", False))
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()
