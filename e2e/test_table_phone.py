"""The table on a 375×667 phone screen: everything needed is on screen and can be tapped."""
from __future__ import annotations

import pytest

from table_driver import (TAKEN, TESTS_QUERY, act, contract_made, first_number, human_turn, open_table, phase, play_to_end, start_game,
                          wait_analysed)

WIDTH, HEIGHT = 375, 667


@pytest.fixture
def browser_context_args():
    return {"viewport": {"width": WIDTH, "height": HEIGHT}, "has_touch": True, "is_mobile": True,
            "device_scale_factor": 2}


def boxes(page, selector):
    return page.eval_on_selector_all(selector, "els => els.map(e => { const r = e.getBoundingClientRect();"
                                               " return [r.left, r.top, r.right, r.bottom]; })")


def test_a_phone_screen_shows_the_bids_and_the_hand_and_cards_can_be_tapped(page, site_url):
    number = first_number(4, contract_made)
    open_table(page, site_url)
    # The new-game form fits the width and its start button can be reached.
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    start_game(page, 4, number)
    human_turn(page)
    assert phase(page) == "bidding"
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    for left, top, right, bottom in boxes(page, "[data-bid]"):
        assert 0 <= left and right <= WIDTH and 0 <= top and bottom <= HEIGHT
    # Every card of the hand is on screen, with at least its corner showing.
    cards = boxes(page, "#hand button[data-card]")
    assert len(cards) == 18
    for left, top, right, bottom in cards:
        assert 0 <= left and right <= WIDTH and 0 <= top and bottom <= HEIGHT + 1
    act(page, "[data-bid=pass]")
    while human_turn(page) != "play":
        if phase(page) == "done":
            pytest.fail("the deal ended before the person played")
        act(page, "[data-bid=pass]" if phase(page) == "bidding" else "[data-action=call]")
    # Tap each playable card's visible corner in turn until one is played.
    if page.query_selector("[data-action=no-poignee]"):
        page.tap("[data-action=no-poignee]")
        page.evaluate(TAKEN)
    before = page.eval_on_selector_all("#hand button[data-card]", "els => els.length")
    page.tap("#hand button[data-card]:not([aria-disabled='true'])", position={"x": 6, "y": 30})
    page.wait_for_function(f"() => document.querySelectorAll('#hand button[data-card]').length === {before - 1}")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


LAYOUT_TOP = "document.querySelector('#table > .layout').scrollTop"
FELT_TOP = "document.getElementById('felt').getBoundingClientRect().top"


def test_a_new_decision_brings_the_table_back_from_the_score_sheet(page, site_url):
    open_table(page, site_url)
    start_game(page, 4, first_number(4, contract_made))
    while human_turn(page) != "play":
        act(page, "[data-bid=pass]" if phase(page) == "bidding" else "[data-action=call]")
    if page.query_selector("[data-action=no-poignee]"):
        act(page, "[data-action=no-poignee]")
    page.evaluate(f"{LAYOUT_TOP} = 10000")  # the person reads the score sheet under the table
    assert page.evaluate(FELT_TOP) < 0  # the trick is above the screen
    before = page.get_attribute("#table", "data-step")
    page.tap("#hand button[data-card]:not([aria-disabled='true'])", position={"x": 6, "y": 30})
    page.wait_for_function(f"() => document.getElementById('table').dataset.step !== '{before}'")
    human_turn(page)
    assert page.evaluate(LAYOUT_TOP) == 0 and page.evaluate(FELT_TOP) >= 0  # the next card is asked for in view


BODY = "[data-testid=review] .review-body"


def test_the_review_keeps_its_step_buttons_under_the_thumb_and_its_place_on_a_phone_screen(page, site_url):
    open_table(page, site_url, TESTS_QUERY)
    start_game(page, 4, first_number(4, contract_made))
    play_to_end(page)
    wait_analysed(page)  # the graded decisions in, the review is not drawn again while it is read
    page.dispatch_event("[data-action=review-deal]", "click")
    page.wait_for_selector("[data-testid=review]")
    page.keyboard.press("Home")
    page.wait_for_selector("[data-testid=review] .dialog[data-position='0']")
    # The person's hand first; the other hands folded, a tap unfolds them.
    assert page.is_visible("[data-testid=review] .review-hands.mine") and page.is_hidden("#review-others")
    page.tap("[data-action=review-others]")
    page.wait_for_selector("#review-others", state="visible")
    assert page.get_attribute("[data-action=review-others]", "aria-expanded") == "true"
    page.tap("[data-action=review-others]")
    page.wait_for_selector("#review-others", state="hidden")
    # Step through the deal by tapping Suivant: the buttons stay on screen, the page where it was read.
    last = int(page.get_attribute("[data-testid=review] .dialog", "data-last"))
    seen, kept = set(), 0
    for position in range(last + 1):
        page.wait_for_selector(f"[data-testid=review] .dialog[data-position='{position}']")
        for left, top, right, bottom in boxes(page, "[data-testid=review] .dialog-actions button"):
            assert 0 <= left and right <= WIDTH and 0 <= top and bottom <= HEIGHT, \
                f"step {position}: a review button lies off the screen"
        seen.add(len(page.query_selector_all("[data-testid=review] .review-more button")))
        if position == last:
            break
        before = page.eval_on_selector(BODY, "e => { e.scrollTop = 200; return e.scrollTop; }")
        page.tap("[data-action=review-next]")
        page.wait_for_selector(f"[data-testid=review] .dialog[data-position='{position + 1}']")
        after, room = page.eval_on_selector(BODY, "e => [e.scrollTop, e.scrollHeight - e.clientHeight]")
        assert abs(after - min(before, room)) <= 1, f"step {position + 1}: the review scrolled back to its top"
        kept += after > 0
    assert kept > last // 2  # most steps were read from further down than the top
    practise = len(page.query_selector_all("[data-testid=practise-mistakes]"))  # the deal's mistakes to practise
    assert seen == {1 + practise, 2 + practise}  # close; and replay from here at the person's decisions
