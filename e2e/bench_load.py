#!/usr/bin/env python3
"""How fast the table loads, in real headless Chromium (a benchmark script, not a test).

    .venv/bin/python e2e/bench_load.py [--repeats 5] [--no-build] [--json FILE]

One run measures, REPEATS times each, in turn (so that all three see the same
machine load), and reports medians (and each repeat's own ratios: the spread
a shared machine gives):

  (a) bare   a page that only loads the same vendored Pyodide and runs 1+1;
  (b) cold   the game page until the person can click ("new game", or a bid): its
             first render (mark tarot:ready), in a fresh browser context (no HTTP
             cache, no service worker);
  (c) warm   the same page again in that context, once its service worker
             controls it (everything comes from the offline cache) and the
             snapshot of a started Python is saved (web/pyodide-loader.mjs).

Also: first paint and first contentful paint (the table's frame and the loading
stages), the stages' marks (runtime downloaded, Python started), and the bytes of
a cold load until playable, as the page's resource timing counts them: raw (the
files' own sizes) and compressed (what came over the network: the server
compresses as a static host does, scripts/serve.py); then the bytes the server
sent with the service worker's precache. Targets: b <= 0.7 a, c <= 0.35 a, first
paint < 300 ms. The site is served from this process on 127.0.0.1
(scripts/serve.py), built first unless --no-build. Times are milliseconds from the
navigation's start.
"""
from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import launch_options
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
TIMEOUT_MS = 180_000

BARE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Pyodide alone</title><link rel="icon" href="data:,"></head>
<body><p id="out">loading</p>
<script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "./vendor/pyodide/" });
document.getElementById("out").textContent = String(pyodide.runPython("1+1"));
performance.mark("bare:done");
</script></body></html>
"""


def _serve_module():
    spec = importlib.util.spec_from_file_location("tarot_site_serve", ROOT / "scripts" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class ByteCounter:
    """Counts the bytes of the response bodies the server sends."""

    def __init__(self, handler_class) -> None:
        self.total = 0
        self.lock = threading.Lock()
        original = handler_class.copyfile
        counter = self

        def copyfile(handler, source, outputfile):
            data = source.read()
            with counter.lock:
                counter.total += len(data)
            outputfile.write(data)

        self.original = original
        handler_class.copyfile = copyfile


def _mark(page, name: str) -> float | None:
    return page.evaluate(f"() => {{ const e = performance.getEntriesByName({name!r}); "
                         f"return e.length ? e[0].startTime : null; }}")


def _paints(page) -> dict:
    return page.evaluate("() => Object.fromEntries(performance.getEntriesByType('paint')"
                         ".map(e => [e.name, e.startTime]))")


def bare(browser, url: str) -> dict:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + "bench-bare.html")
        page.wait_for_function("() => document.getElementById('out').textContent === '2'", timeout=TIMEOUT_MS)
        return {"ready": _mark(page, "bare:done")}
    finally:
        context.close()


# The bytes of what the page fetched before it was playable (the navigation included), from
# its resource timing: decoded (raw) and encoded (as sent, compressed or not).
PAGE_BYTES = """() => {
  const ready = performance.getEntriesByName('tarot:ready')[0].startTime;
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
    .filter((e) => e.responseEnd <= ready);
  return { raw: entries.reduce((n, e) => n + e.decodedBodySize, 0),
           compressed: entries.reduce((n, e) => n + e.encodedBodySize, 0),
           files: entries.length };
}"""


def game(page, url: str) -> dict:
    page.goto(url + "?pause=0")
    page.wait_for_function("() => performance.getEntriesByName('tarot:ready').length > 0", timeout=TIMEOUT_MS)
    paints = _paints(page)
    fetched = page.evaluate(PAGE_BYTES)
    return {
        "ready": _mark(page, "tarot:ready"),
        "downloaded": _mark(page, "tarot:downloaded"),
        "python_started": _mark(page, "tarot:python-started"),
        "python_from_snapshot": _mark(page, "tarot:python-from-snapshot"),
        "first_paint": paints.get("first-paint"),
        "first_contentful_paint": paints.get("first-contentful-paint"),
        "bytes_raw_until_playable": fetched["raw"],
        "bytes_compressed_until_playable": fetched["compressed"],
        "files_until_playable": fetched["files"],
    }


def cold_and_warm(browser, url: str, counter: ByteCounter) -> tuple[dict, dict]:
    context = browser.new_context()
    try:
        page = context.new_page()
        before = counter.total
        cold = game(page, url)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        cold["bytes_sent_with_precache"] = counter.total - before
        page.wait_for_function("() => performance.getEntriesByName('tarot:snapshot-saved').length > 0",
                               timeout=TIMEOUT_MS)
        page.close()
        page = context.new_page()
        before = counter.total
        warm = game(page, url)
        warm["bytes_sent_until_playable"] = counter.total - before
        return cold, warm
    finally:
        context.close()


def median(runs: list[dict], key: str) -> float | None:
    values = [r[key] for r in runs if r.get(key) is not None]
    return statistics.median(values) if values else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="use _site/ as it is")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py")], check=True)
    serve = _serve_module()
    counter = ByteCounter(serve.SiteRequestHandler)
    server = serve.SiteServer(SITE, "127.0.0.1", 0, "/").start()
    server.add_file("bench-bare.html", BARE_PAGE)
    load_before = os.getloadavg()
    runs = {"bare": [], "cold": [], "warm": []}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            for i in range(args.repeats):
                runs["bare"].append(bare(browser, server.url))
                cold, warm = cold_and_warm(browser, server.url, counter)
                runs["cold"].append(cold)
                runs["warm"].append(warm)
                a = runs["bare"][-1]["ready"]
                print(f"run {i + 1}/{args.repeats}: bare {a:.0f} ms, cold {cold['ready']:.0f} ms "
                      f"({cold['ready'] / a:.2f}), warm {warm['ready']:.0f} ms ({warm['ready'] / a:.2f})",
                      file=sys.stderr, flush=True)
            version = browser.version
            browser.close()
    finally:
        server.stop()
    load_after = os.getloadavg()

    a, b, c = (median(runs[k], "ready") for k in ("bare", "cold", "warm"))
    report = {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="minutes"),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "chromium": version,
                    "load_average_1min_before": round(load_before[0], 2),
                    "load_average_1min_after": round(load_after[0], 2)},
        "repeats": args.repeats,
        "median_ms": {
            "a_bare_pyodide_1_plus_1": a,
            "b_cold_time_to_playable": b,
            "c_warm_time_to_playable": c,
            "cold_runtime_downloaded": median(runs["cold"], "downloaded"),
            "cold_python_started": median(runs["cold"], "python_started"),
            "warm_python_started": median(runs["warm"], "python_started"),
            "cold_first_paint": median(runs["cold"], "first_paint"),
            "cold_first_contentful_paint": median(runs["cold"], "first_contentful_paint"),
            "warm_first_paint": median(runs["warm"], "first_paint"),
            "warm_first_contentful_paint": median(runs["warm"], "first_contentful_paint"),
        },
        "ratios": {"b_over_a": round(b / a, 3), "c_over_a": round(c / a, 3), "c_over_b": round(c / b, 3)},
        # Each repeat's own ratios (its cold and warm loads against the bare page just before them):
        # the spread a shared machine gives, which the medians above hide.
        "ratios_per_repeat": [{"b_over_a": round(x["ready"] / y["ready"], 3), "c_over_a": round(z["ready"] / y["ready"], 3)}
                              for y, x, z in zip(runs["bare"], runs["cold"], runs["warm"])],
        "targets": {"b_over_a": 0.7, "c_over_a": 0.35, "first_paint_ms": 300},
        "bytes": {
            "cold_raw_until_playable": median(runs["cold"], "bytes_raw_until_playable"),
            "cold_compressed_until_playable": median(runs["cold"], "bytes_compressed_until_playable"),
            "cold_files_until_playable": median(runs["cold"], "files_until_playable"),
            "cold_sent_with_precache": median(runs["cold"], "bytes_sent_with_precache"),
            "warm_sent_until_playable": median(runs["warm"], "bytes_sent_until_playable"),
        },
        "runs": runs,
    }
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
