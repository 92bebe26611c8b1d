"""The page stays responsive while bots think: no main-thread task of 200 ms or more."""
from __future__ import annotations

from table_driver import open_table, phase, play_to_end, start_game

WATCH_LONG_TASKS = ("() => { window.__longTasks = [];"
                    " new PerformanceObserver((list) => { for (const e of list.getEntries())"
                    " window.__longTasks.push(Math.round(e.duration)); })"
                    ".observe({type: 'longtask'}); }")


def test_no_main_thread_task_reaches_200_ms_while_bots_play_a_deal(page, site_url):
    open_table(page, site_url)
    page.evaluate(WATCH_LONG_TASKS)  # from here on: Python has started, the bots play
    # The watch sees a task that blocks the page for 250 ms…
    page.evaluate("() => setTimeout(() => { const end = performance.now() + 250;"
                  " while (performance.now() < end) {} }, 0)")
    page.wait_for_function("() => window.__longTasks.some((ms) => ms >= 250)")
    page.evaluate("() => { window.__longTasks = []; }")  # …and now watches the game
    start_game(page, 4, 4)
    play_to_end(page)
    assert phase(page) == "done"
    long_tasks = page.evaluate("window.__longTasks")
    assert all(ms < 200 for ms in long_tasks), f"main-thread tasks over 200 ms: {long_tasks}"
