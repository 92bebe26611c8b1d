"""Two tabs of the game in one browser: one plays the saved match, the other says so and
offers to take it over (web/browser/lease.py)."""
from __future__ import annotations

from table_driver import (HUMAN_TURN, PLAYABLE, act, contract_made, first_number, hand_cards, human_turn,
                          open_table, play_one, play_to_end, sheet_rows, simulate, start_game, step)

NOTICE = "[data-testid=elsewhere]"
SAVED = "() => localStorage.getItem('tarot.table')"


def second_tab(context, site_url: str, query: str = "?pause=0"):
    other = context.new_page()  # the same browser: the same saved match
    open_table(other, site_url, query)
    return other


def same_step(page, other) -> None:
    """Wait until ``other`` shows the step ``page`` shows."""
    other.wait_for_function("(s) => document.getElementById('table').dataset.step === s", arg=step(page))


def test_a_second_tab_says_another_tab_plays_the_match_and_cannot_play(page, context, site_url):
    open_table(page, site_url)
    start_game(page, 4, first_number(4, contract_made))
    assert human_turn(page) == "bidding"
    other = second_tab(context, site_url)
    other.wait_for_selector(NOTICE)
    assert "Partie ouverte dans un autre onglet" in other.inner_text(NOTICE)
    assert not page.query_selector(NOTICE)
    saved, before = page.evaluate(SAVED), step(other)
    # A click and a key in the second tab (sent past the notice) move nothing, there or in the first tab.
    other.dispatch_event("[data-bid=pass]", "click")
    other.keyboard.press("p")
    other.wait_for_timeout(500)
    assert step(other) == before and step(page) == before
    assert page.evaluate(SAVED) == saved
    assert not other.query_selector("[data-testid=tricks]")
    act(page, "[data-bid=pass]")  # the first tab plays on; the second shows it
    human_turn(page)  # once its bots have played: a step they pass within a frame escapes a wait
    same_step(page, other)
    assert hand_cards(other) == hand_cards(page)
    page.click("[data-action=lang]")  # the notice speaks the match's language
    other.wait_for_function("() => document.querySelector('[data-testid=elsewhere]')"
                            ".innerText.includes('Game open in another tab')")
    assert "Play in this tab" in other.inner_text(NOTICE)


def test_taking_over_moves_the_match_to_this_tab_and_stops_the_other(page, context, site_url):
    number = first_number(4, contract_made)
    open_table(page, site_url)
    start_game(page, 4, number)
    human_turn(page)
    page.click("[data-action=hint]")  # a hint asked for in the first tab…
    page.wait_for_selector("[data-testid=hint]")
    act(page, "#panel [data-bid=pass]")  # the bid, in the first tab (the hint names its bid too)
    other = second_tab(context, site_url)
    other.click("#btn-take-over")
    other.wait_for_function("() => !document.querySelector('[data-testid=elsewhere]')")
    page.wait_for_selector(NOTICE)  # the first tab now says so, and plays no more
    human_turn(other)
    same_step(other, page)
    saved, before = page.evaluate(SAVED), step(page)
    page.dispatch_event(PLAYABLE, "click")
    page.wait_for_timeout(500)
    assert step(page) == before and page.evaluate(SAVED) == saved
    play_to_end(other)
    expected = [list(simulate(4, number).deal.result.scores)]
    assert sheet_rows(other) == expected
    row = f"[data-testid=score-sheet] tbody tr[data-deal='{number}']"
    assert other.get_attribute(row, "data-hinted") == "true"  # …marks the deal where the second tab ends it
    same_step(other, page)
    assert sheet_rows(page) == expected
    page.click("#btn-take-over")  # and back: the first tab plays again, the second says so
    page.wait_for_function("() => !document.querySelector('[data-testid=elsewhere]')")
    other.wait_for_selector(NOTICE)
    act(page, "[data-action=next-deal]")
    assert page.get_attribute("#table", "data-deal") == str(number + 1)


def test_a_move_made_as_the_other_tab_takes_over_is_neither_lost_nor_forked(page, context, site_url):
    number = first_number(4, contract_made)
    open_table(page, site_url, "?pause=40")  # the first tab's bots play on while the second takes over
    start_game(page, 4, number)
    while play_one(page) != "play":
        pass
    human_turn(page)
    other = second_tab(context, site_url)
    other.wait_for_selector(NOTICE)
    card = page.get_attribute(PLAYABLE, "data-card")
    page.dispatch_event(f"#hand button[data-card='{card}']", "click")  # the first tab's move…
    other.click("#btn-take-over")  # …and, at once, the second tab takes over
    other.wait_for_function("() => !document.querySelector('[data-testid=elsewhere]')")
    page.wait_for_selector(NOTICE)
    assert card not in hand_cards(other)  # the move made in the first tab is in the match taken over
    other.wait_for_function(HUMAN_TURN)
    same_step(other, page)  # one match: the first tab shows the second's, and writes nothing
    saved = other.evaluate(SAVED)
    page.wait_for_timeout(600)
    assert other.evaluate(SAVED) == saved and step(page) == step(other)
    assert hand_cards(page) == hand_cards(other)
    play_to_end(other)
    assert sheet_rows(other) == [list(simulate(4, number).deal.result.scores)]


def test_the_match_passes_to_the_tab_left_open_when_its_owner_closes(page, context, site_url):
    open_table(page, site_url)
    start_game(page, 4, first_number(4, contract_made))
    other = second_tab(context, site_url)
    other.wait_for_selector(NOTICE)
    page.close()
    other.wait_for_function("() => !document.querySelector('[data-testid=elsewhere]')")
    assert human_turn(other) == "bidding"
    act(other, "[data-bid=pass]")
