"""Where the bots think: the Standard bots on the page, the Expert in its worker (so that the
page stays free while it thinks; how long the main thread's tasks are is measured by
``e2e/bench_main_thread.py``, a benchmark: a task's length depends on the machine's load)."""
from __future__ import annotations

import pytest

from table_driver import COUNT_WORKER_CALLS, human_turn, open_table, phase, play_one, play_to_end, start_game, step


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


# What the table shows as each input's dispatch ends (the page's listeners are on the document,
# so a listener on the window runs after them).
SEEN_AS_INPUT_ENDS = ("() => { window.__seen = []; for (const type of ['submit', 'click'])"
                      " window.addEventListener(type, () => { const t = document.getElementById('table');"
                      " window.__seen.push([type, t.dataset.phase, t.dataset.step]); }); }")


def test_a_click_is_taken_in_a_task_of_its_own_after_the_browser_has_drawn_it(page, site_url):
    """The page's listeners only note the click (or the new-game form's submit): the action is
    taken and the table written in a task of their own, once the browser has finished the input
    and drawn its frame, so that no task holds both the Python and the new table's layout."""
    open_table(page, site_url)
    page.evaluate(SEEN_AS_INPUT_ENDS)
    start_game(page, 4, 4)
    assert ["submit", "setup"] in [seen[:2] for seen in page.evaluate("window.__seen")]
    assert human_turn(page) == "bidding"
    before = step(page)
    page.evaluate("() => { window.__seen = []; }")
    play_one(page)  # the person's bid, clicked
    assert page.evaluate("window.__seen") == [["click", "bidding", before]]
    assert step(page) != before


# The order of what a refresh does to the focus, the table's `inert` and the regions' contents.
OBSERVE_ORDER = (
    "() => { window.__order = []; const note = (what) => window.__order.push(what);"
    " document.addEventListener('focusout', (e) => note('focusout ' + e.target.id), true);"
    " const inert = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'inert');"
    " Object.defineProperty(HTMLElement.prototype, 'inert', {configurable: true, get: inert.get,"
    " set(v) { note('inert ' + (this.id || this.className)); inert.set.call(this, v); }});"
    " const html = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');"
    " Object.defineProperty(Element.prototype, 'innerHTML', {configurable: true, get: html.get,"
    " set(v) { note('write ' + this.id); html.set.call(this, v); }}); }")


def test_the_focus_is_let_go_of_before_the_table_is_freed_and_written(page, site_url):
    """*Commencer*, focused, lies in the dialog the new deal takes away: the page lets go of it
    first, before it frees the table (``inert``) and writes the regions, since taking a focused
    element away has the browser restyle and lay out the page at once; the deal's first choice
    takes the focus as the next frame is drawn."""
    open_table(page, site_url)
    page.evaluate(OBSERVE_ORDER)
    start_game(page, 4, 4)
    page.wait_for_function("() => document.activeElement.id === 'bid-pass'")
    order = page.evaluate("window.__order")
    assert order.index("focusout btn-start") < order.index("inert layout") < order.index("write overlay")


# Right after the Python's writes (an observer's callback, in the same task), before the next
# frame: where the focus is, then a key pressed, then where the focus is.
KEY_BEFORE_THE_FRAME = (
    "() => new Promise((done) => { const table = document.getElementById('table');"
    " const seen = new MutationObserver(() => { if (table.dataset.phase === 'setup') return; seen.disconnect();"
    " const before = document.activeElement.id;"
    " document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Shift', bubbles: true}));"
    " done([before, document.activeElement.id]); });"
    " seen.observe(table, {attributes: true, attributeFilter: ['data-phase']});"
    " document.querySelector('[data-action=start]').click(); })")


def test_a_key_pressed_before_the_next_frame_finds_the_focus_where_the_new_deal_puts_it(page, site_url):
    """The focus a refresh gives is placed as the next frame is drawn, or at once when a key or
    the pointer is pressed before that frame: a key acts on the page as it was drawn."""
    open_table(page, site_url)
    page.wait_for_selector("[data-testid=setup]")
    page.click("label.choice:has(input[name=players][value='4'])")
    page.fill("input[name=deal]", "3")  # deal 3: the person bids first
    page.focus("[data-action=start]")
    before_key, after_key = page.evaluate(KEY_BEFORE_THE_FRAME)
    assert before_key != "bid-pass"  # not placed yet: the frame has not been drawn
    assert after_key == "bid-pass"


# A click, then a key in the same task, before the click has been taken: the step as the key
# is dispatched, and as it is handled.
CLICK_THEN_KEY = (
    "() => { const t = document.getElementById('table'); const clicked = t.dataset.step;"
    " document.querySelector('[data-bid=pass]').click(); const noted = t.dataset.step;"
    " document.dispatchEvent(new KeyboardEvent('keydown', {key: 'p', bubbles: true}));"
    " return [clicked, noted, t.dataset.step, !!document.querySelector('[data-testid=tricks]')]; }")


def test_a_key_pressed_right_after_a_click_finds_the_click_taken(page, site_url):
    """A key (or a bot's turn, or another tab's message) takes the clicks still waiting first, in
    order: the person's bid, then "p" opening the tricks of the deal."""
    open_table(page, site_url, "?pause=1000")  # the bots wait: nothing else moves the step
    start_game(page, 4, 3)  # deal 3: the person bids first
    assert human_turn(page) == "bidding"
    clicked, noted, handled, tricks_open = page.evaluate(CLICK_THEN_KEY)
    assert noted == clicked  # the click only noted
    assert handled != clicked and tricks_open
