#!/usr/bin/env python3
"""How soon the table in a ``<tarot-deal>`` tag can be played, against the plain page
(a benchmark script, not a test).

    .venv/bin/python e2e/bench_tag.py [--repeats 5] [--no-build]

In turn, REPEATS times each, in fresh browser contexts (so both see the same machine load):
(a) the plain embedded page (``index.html?embed=1&players=4&deal=N&pause=0``) until the person
can bid; (b) a page of another origin that loads ``tarot-deal.js`` and holds
``<tarot-deal players="4" deal="N" pause="0">``, until the table in its frame can be bid on.
Times in milliseconds from the navigation's start; the medians and their ratio b/a.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from conftest import ROOT, SITE_DIR, SiteServer, launch_options  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from table_driver import HUMAN_TURN, table_frame  # noqa: E402

QUERY = "players=4&deal={n}&pause=0"


def _until_bid(frame, started: float) -> float:
    frame.wait_for_function(HUMAN_TURN, timeout=120_000)
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py")], check=True, capture_output=True)
    site = SiteServer(SITE_DIR, "127.0.0.1", 0, "/").start()
    with tempfile.TemporaryDirectory() as other_dir:
        other = SiteServer(Path(other_dir), "127.0.0.1", 0, "/").start()
        plain, tagged = [], []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            for k in range(args.repeats):
                number = 101 + k  # the same deal for both: the bots before the person act alike
                query = QUERY.format(n=number)
                context = browser.new_context(viewport={"width": 900, "height": 640})
                page = context.new_page()
                started = time.perf_counter()
                page.goto(f"{site.url}index.html?embed=1&{query}")
                plain.append(_until_bid(page, started))
                context.close()
                attributes = " ".join(f'{n}="{v}"' for n, v in (p.split("=") for p in query.split("&")))
                url = other.add_file(f"tag{k}.html", f"""<!doctype html><html><head><meta charset="utf-8">
<title>tag</title><script src="{site.url}tarot-deal.js" defer></script></head>
<body style="margin:0"><tarot-deal {attributes} width="900" height="640"></tarot-deal></body></html>""")
                context = browser.new_context(viewport={"width": 900, "height": 640})
                page = context.new_page()
                started = time.perf_counter()
                page.goto(url)
                frame = table_frame(page, "tarot-deal iframe")
                tagged.append(_until_bid(frame, started))
                context.close()
            browser.close()
        other.stop()
    site.stop()
    a, b = statistics.median(plain), statistics.median(tagged)
    print(f"plain page: median {a:.0f} ms {[round(x) for x in plain]}")
    print(f"tag:        median {b:.0f} ms {[round(x) for x in tagged]}")
    print(f"ratio tag/plain (medians): {b / a:.2f}")


if __name__ == "__main__":
    main()
