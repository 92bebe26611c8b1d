"""The page stays responsive while bots think: no main-thread task of 200 ms or more,
with the Standard bots (on the page) and the Expert (in its worker)."""
from __future__ import annotations

import pytest

from table_driver import COUNT_WORKER_CALLS, open_table, phase, play_to_end, start_game

WATCH_LONG_TASKS = ("() => { window.__longTasks = [];"
                    " new PerformanceObserver((list) => { for (const e of list.getEntries())"
                    " window.__longTasks.push(Math.round(e.duration)); })"
                    ".observe({type: 'longtask'}); }")


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_no_main_thread_task_reaches_200_ms_while_bots_play_a_deal(page, site_url, level):
    open_table(page, site_url)
    page.select_option("select[name=level]", level)
    page.evaluate(COUNT_WORKER_CALLS)
    page.evaluate(WATCH_LONG_TASKS)  # from here on: Python has started, the bots play
    # The watch sees a task that blocks the page for 250 ms…
    page.evaluate("() => setTimeout(() => { const end = performance.now() + 250;"
                  " while (performance.now() < end) {} }, 0)")
    page.wait_for_function("() => window.__longTasks.some((ms) => ms >= 250)")
    page.evaluate("() => { window.__longTasks = []; }")  # …and now watches the game
    start_game(page, 4, 4)
    play_to_end(page)
    assert phase(page) == "done"
    assert page.get_attribute("#table", "data-level") == level
    calls = page.evaluate("window.__workerCalls")
    assert calls > 0 if level == "expert" else calls == 0  # the Expert thinks in its worker
    long_tasks = page.evaluate("window.__longTasks")
    assert all(ms < 200 for ms in long_tasks), f"main-thread tasks over 200 ms: {long_tasks}"
