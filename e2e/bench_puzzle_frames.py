#!/usr/bin/env python3
"""Every puzzle of the collection embedded in the daily puzzle's 400 × 500 frame, in real
headless Chromium (a check too long for the tests: about two seconds a puzzle; the tests
open the tallest puzzle of each kind, e2e/test_puzzles.py).

    .venv/bin/python e2e/bench_puzzle_frames.py [--players N] [--every K]

Opens ``?embed=1&mode=puzzles#puzzle=ID`` for each puzzle (of N players, every K-th) and
prints each one whose page scrolls (the page, its body or the table's layout taller or wider
than the frame), by how many pixels, then the count.  Any day's puzzle may be the daily one:
the target is none.  Serves the built site (_site/, build it first).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from conftest import SITE_DIR, SiteServer, launch_options  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from web.teaching.puzzles import COLLECTION_PATH, read_collection  # noqa: E402

OVERFLOW = ("() => [document.documentElement, document.body, document.querySelector('#table > .layout')]"
            ".map(e => Math.max(e.scrollHeight - e.clientHeight, e.scrollWidth - e.clientWidth))")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=0, help="only the puzzles of this many players")
    parser.add_argument("--every", type=int, default=1, help="every K-th puzzle of the collection")
    args = parser.parse_args()
    puzzles = read_collection((HERE.parent / COLLECTION_PATH).read_text(encoding="utf-8"))
    chosen = [p for p in puzzles if not args.players or p.players == args.players][::max(args.every, 1)]
    server = SiteServer(SITE_DIR, "127.0.0.1", 0, "/").start()
    scrolling = 0
    started = time.monotonic()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**launch_options())
            page = browser.new_context(viewport={"width": 400, "height": 500}).new_page()
            for puzzle in chosen:
                page.goto("about:blank")
                page.goto(f"{server.url}?embed=1&mode=puzzles&pause=0#puzzle={puzzle.id}")
                page.wait_for_selector(f"[data-testid=puzzle][data-id='{puzzle.id}']", timeout=60_000)
                over = page.evaluate(OVERFLOW)
                if max(over) > 0:
                    scrolling += 1
                    print(f"scrolls: {puzzle.id} ({puzzle.players} players, answer {type(puzzle.solution[0]).__name__},"
                          f" {len(puzzle.record['actions'])} actions before): {max(over)} px", flush=True)
            browser.close()
    finally:
        server.stop()
    print(f"{len(chosen)} puzzles opened in {time.monotonic() - started:.0f} s: {scrolling} scroll")


if __name__ == "__main__":
    main()
