"""The table in real Chromium: whole deals against bots, from the new-game form to the score sheet."""
from __future__ import annotations

import pytest
from table_driver import (CORNER, PLAYABLE, act, click, contract_made, first_number, hand_cards, human_turn, open_table,
                          phase, play_one, play_to_end, sheet_rows, sheet_totals, simulate, start_game,
                          trick_cards)

from tarot.actions import Play  # importable once table_driver has put the repository on the path


def finished_deal(players: int) -> tuple[int, list[int]]:
    number = first_number(players, contract_made)
    return number, list(simulate(players, number).deal.result.scores)


@pytest.mark.parametrize("players", [4, 3, 5])
def test_a_whole_deal_from_the_new_game_form_to_the_score_sheet(page, site_url, players):
    number, scores = finished_deal(players)
    open_table(page, site_url)
    assert phase(page) == "setup"  # first visit: the new-game form
    start_game(page, players, number)
    assert len(hand_cards(page)) == {3: 24, 4: 18, 5: 15}[players]
    play_to_end(page)
    assert phase(page) == "done"
    assert page.is_visible("[data-testid=result]")
    rows = sheet_rows(page)
    assert rows == [scores]  # the page ran the same engine as CPython, to the point
    assert sum(sheet_totals(page)) == 0
    assert sheet_totals(page) == scores
    page.click("[data-action=next-deal]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase === 'bidding'")
    assert page.get_attribute("#table", "data-deal") == str(number + 1)
    assert len(sheet_rows(page)) == 1


def test_a_card_that_may_not_be_played_is_explained(page, site_url):
    def refused_card_waits(s):
        v = s.view()
        return (v.phase == "play" and v.to_act == 0 and v.trick
                and len(s.screen().playable) < len(v.hand))

    number = first_number(4, lambda s: s.view().phase == "play" and s.view().to_act == 0,
                          stop=refused_card_waits)
    session = simulate(4, number, stop=refused_card_waits)
    expected = {}
    for card in session.view().hand:
        if card not in session.screen().playable:
            expected[str(card)] = session.deal.why_not(Play(card), 0).explain("fr")
    open_table(page, site_url)
    start_game(page, 4, number)
    while not (human_turn(page) == "play" and trick_cards(page)
               and page.query_selector("#hand button[aria-disabled='true']")):
        play_one(page)
    refused = page.get_attribute("#hand button[aria-disabled='true']", "data-card")
    before = hand_cards(page)
    # aria-disabled: still a button a person can press, and it says why not (Playwright needs force).
    click(page, f"#hand button[data-card='{refused}']", force=True)
    message = page.text_content("[data-testid=message]")
    assert message == expected[refused]
    assert hand_cards(page) == before  # nothing was played
    act(page, PLAYABLE, position=CORNER)  # a legal card still goes through
    assert page.text_content("[data-testid=message]") == ""


def test_a_reload_in_the_middle_of_a_trick_resumes_exactly(page, site_url):
    def mid_trick(s):
        v = s.view()
        return v.phase == "play" and v.to_act == 0 and len(v.tricks) >= 2 and v.trick

    number = first_number(4, mid_trick, stop=mid_trick)
    open_table(page, site_url)
    start_game(page, 4, number)
    while not (human_turn(page) == "play" and len(hand_cards(page)) <= 16 and trick_cards(page)):
        play_one(page)
    snapshot = {
        "hand": hand_cards(page), "trick": trick_cards(page),
        "attrs": page.eval_on_selector("#table", "t => ({...t.dataset})"),
        "felt": page.inner_text("#felt"), "topbar": page.inner_text("#topbar"),
    }
    page.reload()
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'loading'")
    assert {
        "hand": hand_cards(page), "trick": trick_cards(page),
        "attrs": page.eval_on_selector("#table", "t => ({...t.dataset})"),
        "felt": page.inner_text("#felt"), "topbar": page.inner_text("#topbar"),
    } == snapshot
    play_to_end(page)
    assert sheet_rows(page) == [list(simulate(4, number).deal.result.scores)]


HIDDEN = ("(hidden) => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});"
          " document.dispatchEvent(new Event('visibilitychange')); }")


def test_a_tab_out_of_view_keeps_its_bots_waiting_until_it_is_back_in_view(page, site_url):
    number = first_number(4, contract_made)  # somebody takes: bots act after the person's pass
    open_table(page, site_url, "?pause=150")
    start_game(page, 4, number)
    assert human_turn(page) == "bidding"
    page.evaluate(HIDDEN, True)
    act(page, "#panel [data-bid=pass]")
    waiting = page.get_attribute("#table", "data-step")
    page.wait_for_timeout(1200)
    assert page.get_attribute("#table", "data-step") == waiting
    assert page.get_attribute("#table", "data-to-act") != "0"
    page.evaluate(HIDDEN, False)
    play_to_end(page)
    assert sheet_rows(page) == [list(simulate(4, number).deal.result.scores)]


def test_a_damaged_save_gives_a_message_and_a_fresh_game(page, site_url):
    page.add_init_script("if (!sessionStorage.getItem('seeded')) {"
                         " sessionStorage.setItem('seeded', '1');"
                         " localStorage.setItem('tarot.table', '{\"format\": \"tarot-table\", \"version\": 1, \"records\": [');"
                         "}")
    open_table(page, site_url)
    assert phase(page) == "setup"
    message = page.text_content("[data-testid=setup-message]")
    assert "n'a pas pu être reprise" in message and "nouvelle partie" in message
    assert page.evaluate("localStorage.getItem('tarot.table.damaged')").startswith('{"format"')
    start_game(page, 4, 12)
    assert phase(page) == "bidding"
    page.reload()
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'loading'")
    assert phase(page) == "bidding" and page.get_attribute("#table", "data-deal") == "12"


def test_a_browser_that_cannot_save_says_so_once_and_the_game_goes_on(page, site_url):
    page.add_init_script("Storage.prototype.setItem = function () {"
                         " throw new DOMException('full', 'QuotaExceededError'); };")
    open_table(page, site_url)
    start_game(page, 4, 12)
    notice = page.text_content("[data-testid=url-notice]")
    assert "ne peut pas être enregistrée" in notice and "perdue si vous fermez ou rechargez" in notice
    page.click("[data-action=dismiss-notice]")
    play_one(page)
    play_one(page)  # saved again, in vain: the note stays dismissed
    assert page.query_selector("[data-testid=url-notice]") is None
    assert phase(page) in ("bidding", "ecart", "chelem", "play", "done")
    assert len(page.query_selector_all("#hand button[data-card]")) > 0


def test_with_the_older_rules_bidding_a_bidder_outbid_is_asked_again(page, site_url):
    take = lambda legal: "prise" if "prise" in legal else "pass"  # noqa: E731
    asked_again = lambda s: s.view().phase == "bidding" and s.view().to_act == 0 \
        and len(s.view().bids) >= 4  # noqa: E731
    number = first_number(4, asked_again, bid=take, stop=asked_again, options=["rebid"])
    open_table(page, site_url, f"?pause=0&players=4&rebid=1&deal={number}")
    page.click("[data-action=start]")
    assert human_turn(page) == "bidding"
    act(page, "[data-bid=prise]")
    assert human_turn(page) == "bidding"  # a bot bid higher: the prise may go higher still, or pass
    bids = [b.get_attribute("data-bid") for b in page.query_selector_all("[data-bid]")]
    assert "prise" not in bids and "pass" in bids
    assert "Vous\u00a0: Prise" in page.inner_text(".bids-so-far")
    act(page, "[data-bid=pass]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'bidding'")
