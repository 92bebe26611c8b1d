"""Where the bots think: the Standard bots on the page, the Expert in its worker (so that the
page stays free while it thinks; how long the main thread's tasks are is measured by
``e2e/bench_main_thread.py``, a benchmark: a task's length depends on the machine's load)."""
from __future__ import annotations

import pytest

from table_driver import COUNT_WORKER_CALLS, open_table, phase, play_to_end, start_game


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_the_expert_thinks_in_its_worker_and_standard_on_the_page(page, site_url, level):
    open_table(page, site_url)
    page.select_option("select[name=level]", level)
    page.evaluate(COUNT_WORKER_CALLS)
    start_game(page, 4, 4)
    play_to_end(page)
    assert phase(page) == "done"
    assert page.get_attribute("#table", "data-level") == level
    calls = page.evaluate("window.__workerCalls")
    assert calls > 0 if level == "expert" else calls == 0  # the Expert thinks in its worker


def test_a_step_of_the_deal_leaves_the_page_s_language_as_it_was(page, site_url):
    """The page's ``lang`` is written only when the language changes: written again, even to the
    same value, it has the browser restyle the whole page at every step of the deal."""
    open_table(page, site_url)
    page.evaluate("() => { window.__langWrites = 0; new MutationObserver((records) => {"
                  " window.__langWrites += records.length; })"
                  ".observe(document.documentElement, {attributes: true, attributeFilter: ['lang']}); }")
    start_game(page, 4, 4)
    play_to_end(page)
    assert page.evaluate("window.__langWrites") == 0
    page.click("[data-action=lang]")  # the language button: English, then the page says so
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.evaluate("window.__langWrites") == 1
