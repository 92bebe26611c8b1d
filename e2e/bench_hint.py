#!/usr/bin/env python3
"""How long *Conseil* takes in real headless Chromium, from the click to the hint shown, at
the default budget (a benchmark script, not a test: the times depend on the machine's load).

    .venv/bin/python e2e/bench_hint.py [--deals 5] [--first 1] [--verbose]

Plays a match of four-player deals ``first``, ``first + 1``… with the browser tests' choices
(the person passes and plays their first playable card), asking for a hint at every decision
of the person's; the graded analysis of each finished deal runs in the same worker meanwhile,
as in the page.  The time is measured in the page (``performance.now()`` from the click to the
hint in the DOM).  The first hint of the page load may find the worker still starting its
Python: it is printed apart.  Prints the median and the 95th percentile of the others.
Target: p95 under 1 s.  Serves the built site (_site/, build it first).
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import SITE_DIR, SiteServer, launch_options
from playwright.sync_api import sync_playwright
from table_driver import act, human_turn, open_table, play_one, start_game

# Click Conseil and resolve with the milliseconds until the hint (the analysis's, with its
# options' points, or the Standard bot's) is in the page.
TIME_HINT = """() => new Promise((resolve) => {
  const shown = () => document.querySelector('[data-testid=hint]');
  const start = performance.now();
  const done = () => resolve([performance.now() - start, !!document.querySelector('[data-testid=hint-evs]'),
    shown().dataset.reason, document.querySelectorAll('#hand button[data-card]:not([aria-disabled=true])').length]);
  document.querySelector('[data-action=hint]').click();
  if (shown()) { done(); return; }
  const watch = new MutationObserver(() => { if (shown()) { watch.disconnect(); done(); } });
  watch.observe(document.body, {childList: true, subtree: true});
})"""


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(len(ordered) * p / 100) - 1)] if ordered else float("nan")


def play_match(page, url: str, first: int, deals: int, verbose: bool) -> list[tuple[int, str, float, bool]]:
    """(deal, phase, ms, from the analysis) for every hint asked in the match."""
    open_table(page, url)
    start_game(page, 4, first)
    times = []
    for k in range(deals):
        number = first + k
        if k:
            page.click("[data-action=next-deal]")
            page.wait_for_function(f"() => document.getElementById('table').dataset.deal === '{number}'")
        while (current := human_turn(page)) != "done":
            if page.query_selector("[data-action=hint]"):
                ms, analysed, reason, playable = page.evaluate(TIME_HINT)
                times.append((number, current, ms, analysed))
                if verbose:
                    print(f"deal {number} {current:8} {ms:6.0f} ms  options {playable:2}  {reason}"
                          f"{'' if analysed else ' (no options: forced, or the Standard bot)'}")
            if current == "bidding":  # the panel's button (the hint names its bid too)
                act(page, "#panel [data-bid=pass]")
            else:
                play_one(page)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="each hint's time, the playable cards, the reason")
    args = parser.parse_args()
    server = SiteServer(SITE_DIR, "127.0.0.1", 0, "/").start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**launch_options())
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})
            times = play_match(ctx.new_page(), server.url, args.first, args.deals, args.verbose)
            ctx.close()
            browser.close()
    finally:
        server.stop()
    (deal, phase, cold, _), warm = times[0], times[1:]
    ms = [t[2] for t in warm]
    print(f"first hint of the page load (deal {deal}, {phase}): {cold:.0f} ms")
    for name in ("bidding", "calling", "chelem", "play"):
        some = [t[2] for t in warm if t[1] == name]
        if some:
            print(f"{name:8} {len(some):3} hints  median {statistics.median(some):.0f} ms  max {max(some):.0f} ms")
    print(f"all      {len(ms):3} hints  median {statistics.median(ms):.0f} ms  p95 {percentile(ms, 95):.0f} ms"
          f"  max {max(ms):.0f} ms; from the analysis: {sum(t[3] for t in times)} of {len(times)}")


if __name__ == "__main__":
    main()
