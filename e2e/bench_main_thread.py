#!/usr/bin/env python3
"""The page's main thread while bots think, in real headless Chromium (a benchmark
script, not a test: a long task's length depends on the machine's load).

    .venv/bin/python e2e/bench_main_thread.py [--repeats 3]

Each repeat plays, with the browser tests' choices: (a) a deal at 4 players against
the Standard bots (they play on the page), until the worker has graded the person's
decisions, (b) the same against the Expert (it thinks in its worker), (c) a 4-deal duplicate tournament against the Expert (the references
computed in the worker while the person plays; ``refsamples=4`` as in the tests).
It records every main-thread task of 50 ms or more (the browser's long tasks) and
prints, per scenario, the longest task of each repeat and their median, and how many
tasks reached 200 ms.  Target: none at or over 200 ms.  Serves the built site
(_site/, build it first).
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import SITE_DIR, SiteServer, launch_options
from playwright.sync_api import sync_playwright
from table_driver import open_table, play_to_end, start_game, wait_analysed

WATCH = ("() => { window.__longTasks = []; new PerformanceObserver((list) => {"
         " for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration)); })"
         ".observe({type: 'longtask'}); }")
DONE_REFERENCE = "() => document.querySelector('[data-testid=reference-result][data-value]') !== null"


def one_deal(page, url: str, level: str) -> list[int]:
    open_table(page, url)
    page.select_option("select[name=level]", level)
    page.evaluate(WATCH)
    start_game(page, 4, 4)
    play_to_end(page)
    wait_analysed(page)  # the worker grades the person's decisions meanwhile
    return page.evaluate("window.__longTasks")


def duplicate(page, url: str) -> list[int]:
    open_table(page, url, "?pause=0&refsamples=4&mode=duplicate&duplicate=4&players=4&deal=40")
    page.wait_for_selector("[data-testid=setup]")
    page.evaluate(WATCH)
    page.click("[data-action=start]")
    for k in range(4):
        page.wait_for_function(f"() => document.getElementById('table').dataset.deal === '{40 + k}'")
        play_to_end(page)
        page.wait_for_function(DONE_REFERENCE, timeout=120_000)
        if k < 3:
            page.click("[data-action=next-deal]")
    page.wait_for_selector("[data-testid=duplicate-total][data-complete=true]")
    return page.evaluate("window.__longTasks")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    scenarios = {"standard deal": lambda p, u: one_deal(p, u, "standard"),
                 "expert deal": lambda p, u: one_deal(p, u, "expert"),
                 "duplicate, 4 deals": duplicate}
    found: dict[str, list[list[int]]] = {name: [] for name in scenarios}
    server = SiteServer(SITE_DIR, "127.0.0.1", 0, "/").start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**launch_options())
            for _ in range(args.repeats):
                for name, run in scenarios.items():  # in turn, so that all see the same load
                    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
                    found[name].append(run(ctx.new_page(), server.url))
                    ctx.close()
            browser.close()
    finally:
        server.stop()
    for name, runs in found.items():
        longest = [max(r, default=0) for r in runs]
        over = sum(1 for r in runs for ms in r if ms >= 200)
        print(f"{name:20} longest task per repeat (ms): {longest}  median {statistics.median(longest):.0f}"
              f"  tasks >= 200 ms: {over} in {len(runs)} repeats")


if __name__ == "__main__":
    main()
