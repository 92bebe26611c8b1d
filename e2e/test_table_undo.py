"""Undo: "Reprendre mon coup" takes back the person's last card (and the bots' after it); the deal
replayed to the end is legal, and the score sheet marks it."""
from __future__ import annotations

import json

from table_driver import HUMAN_TURN, first_number, hand_cards, human_turn, open_table, play_one, start_game, step

from tarot.state import Deal  # importable once table_driver has put the repository on the path


def test_taking_back_a_card_then_playing_on_gives_a_legal_deal_marked_on_the_sheet(page, site_url):
    number = first_number(4, lambda s: s.finished and s.deal.result.score is not None)
    open_table(page, site_url)
    start_game(page, 4, number)
    while not (human_turn(page) == "play" and len(hand_cards(page)) <= 15):
        play_one(page)
    hand = hand_cards(page)
    at = step(page)
    play_one(page)  # one card, then the bots play on to the person's next turn
    page.wait_for_function(HUMAN_TURN)
    assert len(hand_cards(page)) == len(hand) - 1
    page.click("[data-action=undo]")
    page.wait_for_function(f"() => document.getElementById('table').dataset.step === '{at}'")
    assert hand_cards(page) == hand  # the card is back, the bots' cards after it too
    # Another card this time, when there is one.
    others = page.eval_on_selector_all("#hand button[data-card]:not([aria-disabled='true'])",
                                       "els => els.map(e => e.dataset.card)")
    card = others[-1]
    page.dispatch_event(f"#hand button[data-card='{card}']", "click")
    page.wait_for_function(f"() => document.getElementById('table').dataset.step !== '{at}'")
    while play_one(page) != "done":
        pass
    assert page.get_attribute("[data-testid=score-sheet] tbody tr", "data-undone") == "1"
    saved = json.loads(page.evaluate("localStorage.getItem('tarot.table')"))
    deal = Deal.from_record(saved["records"][-1])  # every action replays through the engine's rules
    assert deal.is_over
    assert saved["undone"] == [number]
