#!/usr/bin/env python3
"""How soon the page grades a finished deal, in real headless Chromium (a benchmark script,
not a test: the figures depend on the machine's load).

    .venv/bin/python e2e/bench_analysis.py [--deals 20] [--players 4]

Plays a match of ``--deals`` deals against the Standard bots with the browser tests'
choices (the person passes and plays the first card allowed; a redeal is not counted),
and at the end of each
deal waits until the bots' worker has graded every decision of the person.  For each
deal it records, from the moment the table shows the deal's end: the first graded
decision shown, and the whole deal graded (the analysis's progress under the deal's
end, ``[data-testid=analysis-progress]``).  Prints each deal's figures, their median and
their 95th percentile.  Targets: the first graded decision within 2 s, the whole deal
within 10 s at the 95th percentile.  Serves the built site (_site/, build it first).
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import SITE_DIR, SiteServer, launch_options
from playwright.sync_api import sync_playwright
from table_driver import open_table, phase, play_one, start_game, wait_analysed

# In the page: when the deal's end was drawn, when its first graded decision and its last were.
WATCH = """() => {
  window.__marks = {};
  const table = document.getElementById('table');
  new MutationObserver(() => {
    const m = window.__marks, now = performance.now();
    if (table.dataset.phase === 'done' && m.done === undefined) m.done = now;
    const p = document.querySelector('[data-testid=analysis-progress]');
    if (!p || m.done === undefined) return;
    const done = Number(p.dataset.done), total = p.dataset.total;
    if (done >= 1 && m.first === undefined) m.first = now;
    if (total !== '' && String(done) === total && m.all === undefined) { m.all = now; m.total = Number(total); }
  }).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--number", type=int, default=100, help="the match's first deal number")
    args = parser.parse_args()
    firsts: list[float] = []
    wholes: list[float] = []
    server = SiteServer(SITE_DIR, "127.0.0.1", 0, "/").start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**launch_options())
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            open_table(page, server.url)
            start_game(page, args.players, args.number)
            k = 0
            while len(wholes) < args.deals:
                page.evaluate(WATCH)
                while phase(page) != "done":
                    play_one(page)
                wait_analysed(page)
                page.wait_for_timeout(50)  # the observer's last callback
                marks = page.evaluate("window.__marks")
                first, whole = (marks["first"] - marks["done"]) / 1000, (marks["all"] - marks["done"]) / 1000
                redeal = marks["total"] <= 1  # everybody passed: one bid to grade, not counted
                if not redeal:
                    firsts.append(first)
                    wholes.append(whole)
                print(f"deal {args.number + k}: {marks['total']} decisions, first graded {first:.2f} s, "
                      f"whole deal {whole:.2f} s{' (a redeal, not counted)' if redeal else ''}", flush=True)
                k += 1
                if len(wholes) < args.deals:
                    page.click("[data-action=next-deal]")
                    page.wait_for_function(f"() => document.getElementById('table').dataset.deal === '{args.number + k}'")
            browser.close()
    finally:
        server.stop()
    print(f"first graded decision: median {statistics.median(firsts):.2f} s, p95 {p95(firsts):.2f} s, max {max(firsts):.2f} s")
    print(f"whole deal graded:     median {statistics.median(wholes):.2f} s, p95 {p95(wholes):.2f} s, max {max(wholes):.2f} s")


if __name__ == "__main__":
    main()
