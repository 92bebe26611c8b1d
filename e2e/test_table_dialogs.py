"""Dialogs are modal (the focus stays inside, the table behind is inert); a new game asks before it
ends a match in progress, and finished matches are kept in a history the player can open."""
from __future__ import annotations

from table_driver import (
    HUMAN_TURN,
    first_number,
    human_turn,
    next_deal,
    open_table,
    phase,
    play_to_end,
    sheet_totals,
    start_game,
    step,
)
from web.match.history import HISTORY_KEY

INSIDE_DIALOG = "() => !!document.activeElement && !!document.activeElement.closest('#overlay [role=dialog]')"


def test_the_focus_stays_in_the_new_game_dialog_and_the_table_behind_is_inert(page, site_url):
    open_table(page, site_url)
    start_game(page, 4, 7)
    assert human_turn(page) == "bidding"
    page.focus("[data-bid=pass]")
    before = step(page)
    page.click("[data-action=new-game]")
    page.wait_for_selector("[data-testid=setup]")
    assert page.evaluate(INSIDE_DIALOG)
    assert page.evaluate("() => document.querySelector('#table > .layout').inert"
                         " && document.getElementById('topbar').inert")
    visited = set()
    for _ in range(25):  # round and round the form: never behind it
        page.keyboard.press("Tab")
        assert page.evaluate(INSIDE_DIALOG)
        visited.add(page.evaluate("() => document.activeElement.outerHTML.slice(0, 60)"))
    for _ in range(25):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(INSIDE_DIALOG)
    assert len(visited) >= 5  # it went through the form's controls
    # Enter on a control of the dialog never reaches the hidden bids.
    page.focus("#btn-cancel-setup")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('table').dataset.phase === 'bidding'")
    assert step(page) == before
    assert not page.evaluate("() => document.querySelector('#table > .layout').inert")


def test_a_new_game_asks_before_ending_a_match_and_the_finished_match_is_kept(page, site_url):
    number = first_number(4, lambda s: s.finished and s.deal.result.score is not None)
    open_table(page, site_url)
    start_game(page, 4, number)
    play_to_end(page)
    totals = sheet_totals(page)
    next_deal(page)
    deal = page.get_attribute("#table", "data-deal")
    before = step(page)

    # Start: the dialog asks first; keeping the match changes nothing.
    page.click("[data-action=new-game]")
    page.fill("input[name=deal]", "99")
    page.click("[data-action=start]")
    page.wait_for_selector("[data-testid=confirm-new-game]")
    assert "1 donne jouée" in page.text_content("[data-testid=confirm-new-game]")
    assert page.evaluate("() => document.activeElement.id") == "btn-keep-match"
    page.click("[data-action=keep-match]")
    page.wait_for_selector("[data-testid=confirm-new-game]", state="detached")
    page.wait_for_selector("#btn-start")  # back to the form
    page.click("[data-action=cancel-setup]")
    page.wait_for_selector("[data-testid=setup]", state="detached")
    assert page.get_attribute("#table", "data-deal") == deal and step(page) == before
    kept = page.evaluate("key => localStorage.getItem(key)", HISTORY_KEY)
    assert kept is None, f"a match was kept although none ended: {kept}"
    assert page.query_selector("[data-action=history]") is None  # nothing finished yet

    # Confirmed: a new match starts and the old one is in the history.
    page.click("[data-action=new-game]")
    page.fill("input[name=deal]", "99")
    page.click("[data-action=start]")
    page.click("[data-action=confirm-start]")
    page.wait_for_function("() => document.getElementById('table').dataset.deal === '99'")
    assert phase(page) != "setup"
    page.reload()
    page.wait_for_function(HUMAN_TURN)
    page.click("#btn-history")
    page.wait_for_selector("[data-testid=history]")
    matches = page.query_selector_all("[data-testid=history] .past-match")
    assert len(matches) == 1
    shown = page.eval_on_selector_all("[data-testid=history] .past-match b[data-seat]",
                                      "bs => bs.map(b => parseInt(b.textContent.replace('−', '-'), 10))")
    assert shown == totals
    assert "4 joueurs" in matches[0].text_content() and "1 donne" in matches[0].text_content()
    page.keyboard.press("Escape")
    assert page.query_selector("[data-testid=history]") is None


FIRST_FIELDSET_IS_THE_GAME = "() => document.querySelector('#setup-form fieldset').classList.contains('mode')"
MODE_BOTTOM = "() => document.querySelector('#setup-form fieldset.mode').getBoundingClientRect().bottom"


def test_the_choice_of_game_comes_first_and_the_tournament_fields_only_with_the_tournament(page, site_url):
    open_table(page, site_url)
    page.wait_for_selector("[data-testid=setup]")
    assert page.evaluate(FIRST_FIELDSET_IS_THE_GAME)
    assert page.evaluate(MODE_BOTTOM) < 800  # in sight at 1280×800, without scrolling
    assert page.is_checked("input[name=mode][value=match]")
    assert page.is_hidden("select[name=duplicate]")
    assert "Donnes du tournoi" not in page.inner_text("[data-testid=setup]")
    page.click("label.choice:has(input[name=mode][value=duplicate])")
    assert page.is_visible("select[name=duplicate]")
    assert "Donnes du tournoi" in page.inner_text("[data-testid=setup]")
    page.click("label.choice:has(input[name=mode][value=match])")
    assert page.is_hidden("select[name=duplicate]")


def test_the_confirmation_of_a_new_game_says_nothing_of_a_tournament_not_chosen(page, site_url):
    open_table(page, site_url)
    start_game(page, 4, 7)
    page.wait_for_function(HUMAN_TURN)
    page.click("[data-bid=pass]")  # a decision taken: a new game would lose it
    page.click("[data-action=new-game]")
    page.click("[data-action=start]")
    page.wait_for_selector("[data-testid=confirm-new-game]")
    assert "tournoi" not in page.inner_text("[data-testid=confirm-new-game]").lower()
    assert "Donnes du tournoi" not in page.inner_text("[data-testid=setup]")
