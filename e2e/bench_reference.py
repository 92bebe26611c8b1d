"""How long the bots' worker takes to compute a duplicate reference (the default budget).

    python3 scripts/build.py && .venv/bin/python e2e/bench_reference.py

Serves _site/, asks the worker (``tarotBots.ask("reference", ...)``) for the references
of deals 1 to 10 at 4 players, step by step as the page does, and prints each deal's
time beside CPython's, with seat 0's score from both (they must be equal), then the
medians.
"""
from __future__ import annotations

import importlib.util
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "e2e")]

from conftest import launch_options  # noqa: E402
from table_driver import READY  # noqa: E402

from tarot.teaching.duplicate import REFERENCE_BUDGET, as_dealt, reference  # noqa: E402
from tarot.rules import Rules  # noqa: E402
from tarot.state import Deal  # noqa: E402

TIME_REFERENCES = """async (requests) => { const out = [];
  for (const first of requests) { let request = first; const start = performance.now(); let steps = 0;
    while (true) {
      const answer = JSON.parse(await window.tarotBots.ask('reference', JSON.stringify(request))); steps++;
      if (answer.done) { out.push([performance.now() - start, answer.score, steps]); break; }
      request = {...request, record: answer.record}; } }
  return out; }"""


def main() -> None:
    spec = importlib.util.spec_from_file_location("serve", ROOT / "scripts" / "serve.py")
    assert spec is not None and spec.loader is not None
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    server = serve.SiteServer(ROOT / "_site").start()
    rules = Rules(players=4)
    numbers = range(1, 11)
    requests = [{"record": as_dealt(Deal.new(rules, dealer=n % 4, seed=n).to_record()), "level": "standard",
                 "deal_number": n, "budget": REFERENCE_BUDGET.to_json()} for n in numbers]
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_options())
        page = browser.new_page()
        page.set_default_timeout(300_000)
        page.goto(server.url + "?pause=0")
        page.wait_for_function(READY)
        page.evaluate(TIME_REFERENCES, requests[:1])  # the worker starts its Python
        worker = page.evaluate(TIME_REFERENCES, requests)
        browser.close()
    cpython = []
    for n in numbers:
        start = time.perf_counter()
        deal = reference(rules, n, "standard")
        cpython.append((time.perf_counter() - start, deal.result.scores[0]))
    for n, (ms, score, steps), (seconds, expected) in zip(numbers, worker, cpython):
        print(f"deal {n}: worker {ms / 1000:.2f} s ({steps} requests, seat 0 {score}) | "
              f"CPython {seconds:.2f} s (seat 0 {expected})")
    print(f"median: worker {statistics.median(w[0] for w in worker) / 1000:.2f} s, "
          f"CPython {statistics.median(c[0] for c in cpython):.2f} s; "
          f"max worker {max(w[0] for w in worker) / 1000:.2f} s; budget {REFERENCE_BUDGET}")
    server.stop()


if __name__ == "__main__":
    main()
