"""The weight of the API reference: bytes of ``/api`` (the index) and of each operation's page
(``/api?op=ID``) in English, French and Korean, through the app in process (issue 35: /api was
265,129 bytes in English and 372,395 in French, every operation's details and schema prose on one
page).

Run: ``.venv/bin/python bench/bench_api_page.py [--tables DIR]`` (a table folder; the pages read
no table, so an empty temporary one by default).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from webapp import create_app  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=Path, help="a table folder (default: an empty temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="api-page-") as empty:
        app = create_app({"TESTING": True, "TABLES": str(args.tables or empty), "CUBE_RESULTS": ""})
        client = app.test_client()
        for lang in ("en", "fr", "ko"):
            index = client.get(f"/api?lang={lang}").get_data(as_text=True)
            links = [link.replace("&amp;", "&") for link in re.findall(r'href="(/api\?op=[^"]+)"', index)]
            sizes = [len(client.get(f"{link}&lang={lang}").data) for link in links]
            print(f"{lang}: /api {len(index.encode()):,} bytes; {len(links)} operation pages "
                  f"{min(sizes):,}-{max(sizes):,} bytes (median {statistics.median(sizes):,.0f})")


if __name__ == "__main__":
    main()
