"""Bots in the page: a slow level thinks in a web worker, off the page's main thread;
the whole table can be played from the keyboard."""
from __future__ import annotations

from table_driver import COUNT_WORKER_CALLS, HUMAN_TURN, TAKEN, open_table, phase, start_game


def test_the_expert_bots_think_in_the_worker_not_on_the_page(page, site_url):
    open_table(page, site_url)
    page.evaluate(COUNT_WORKER_CALLS)
    page.select_option("select[name=level]", "expert")
    start_game(page, 4, 4)  # deal 4: seat 1 bids first, three bots before the person
    page.wait_for_function(HUMAN_TURN, timeout=120_000)
    assert phase(page) == "bidding"
    assert page.get_attribute("#table", "data-step") == "3"  # the three bots have bid
    assert page.evaluate("window.__workerCalls") == 3  # each decision came from the worker
    assert page.text_content("[data-testid=message]") == ""


def test_the_table_can_be_played_from_the_keyboard(page, site_url):
    open_table(page, site_url, "?pause=1000")  # bots wait: the announcement can be read before they play
    # The new-game form has the focus; Enter starts the game.
    assert page.evaluate("document.activeElement.closest('[data-testid=setup]') !== null")
    page.fill("input[name=deal]", "3")  # deal 3: the person bids first
    page.keyboard.press("Enter")
    page.evaluate(TAKEN)  # Enter on a button or in a form: a click, taken after the next frame
    page.wait_for_function(HUMAN_TURN)
    assert phase(page) == "bidding"
    page.focus("[data-bid=pass]")
    page.keyboard.press("Enter")
    page.evaluate(TAKEN)
    page.wait_for_function(HUMAN_TURN)
    if phase(page) == "done":  # everybody passed
        page.focus("[data-action=next-deal]")
        page.keyboard.press("Enter")
        page.evaluate(TAKEN)
        page.wait_for_function("() => document.getElementById('table').dataset.deal === '4'")
        return
    assert phase(page) == "play"
    if page.query_selector("[data-action=no-poignee]"):
        page.focus("[data-action=no-poignee]")
        page.keyboard.press("Enter")
        page.evaluate(TAKEN)
    # The focus is on the first playable card; the arrow keys walk the playable cards only.
    playable = page.eval_on_selector_all("#hand button[data-card]:not([aria-disabled='true'])",
                                         "els => els.map(e => e.dataset.card)")
    page.wait_for_function(f"() => document.activeElement.dataset.card === '{playable[0]}'")
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.card") == playable[-1]
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.dataset.card") == playable[0]
    if len(playable) > 1:
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.card") == playable[1]
    playable = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    page.evaluate(TAKEN)
    page.wait_for_function(f"() => !document.querySelector(\"#hand button[data-card='{playable}']\")")
    # The play was announced to screen readers, and the focus stayed in the hand.
    assert page.text_content("#live").startswith("Vous jouez ")
    assert page.evaluate("document.activeElement.dataset.hand") == "1"
