"""Where the bots think: the Standard bots on the page, the Expert in its worker (so that the
page stays free while it thinks; how long the main thread's tasks are is measured by
``e2e/bench_main_thread.py``, a benchmark: a task's length depends on the machine's load)."""
from __future__ import annotations

import pytest

from table_driver import COUNT_WORKER_CALLS, open_table, phase, play_one, play_to_end, start_game


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


OBSERVE_WRITES = ("() => { window.__writes = []; new MutationObserver((records) => { for (const r of records)"
                  " window.__writes.push(r.type === 'attributes' ? 'inert ' + (r.target.id || r.target.className)"
                  " : 'children ' + (r.target.closest('[id]') || {}).id); })"
                  ".observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ['inert']}); }")


def test_the_table_is_freed_from_its_dialog_before_it_is_drawn_and_only_then(page, site_url):
    """Closing the new-game form frees the table behind it (``inert``) before the new deal is
    written, so that the browser restyles the table once and not again after the focus has
    forced a style; a step with no dialog opened or closed writes no ``inert`` at all."""
    open_table(page, site_url)
    page.evaluate(OBSERVE_WRITES)
    start_game(page, 4, 4)
    writes = page.evaluate("window.__writes")
    freed = writes.index("inert layout")
    assert "inert topbar" in writes[:freed + 2]
    assert writes.index("children hand") > freed
    page.evaluate("() => { window.__writes = []; }")
    for _ in range(3):  # three of the person's decisions and the bots' steps between them: no dialog
        play_one(page)
    writes = page.evaluate("window.__writes")
    assert any(w.startswith("children") for w in writes)
    assert not any(w.startswith("inert") for w in writes)
