"""A poignée: offered before the person's first card, its trumps chosen by clicking, a card
that may not be shown explained, and the trumps shown to the table."""
from __future__ import annotations

from table_driver import act, click, human_turn, open_table, simulate, start_game

from tarot.actions import Poignee  # importable once table_driver has put the repository on the path
from tarot.cards import TRUMPS, parse_card

CARD = {"position": {"x": 6, "y": 30}}  # on the visible corner of an overlapped card


def poignee_refusal(deal, chosen, card, size):
    """The engine's answer for one card clicked into a poignée being chosen."""
    return deal.why_not_show(card, chosen, size)


def _first_card_of_seat_0(s) -> bool:
    return s.deal.phase.value == "play" and s.deal.to_act == 0 and not s.deal.tricks


def _offered(number: int) -> Poignee | None:
    s = simulate(4, number, stop=_first_card_of_seat_0)
    if not _first_card_of_seat_0(s):
        return None
    return next((a for a in s.view().legal if isinstance(a, Poignee)), None)


def test_a_poignee_is_chosen_by_clicking_trumps_and_shown_to_the_table(page, site_url):
    number = next(n for n in range(1, 2000) if _offered(n) is not None)
    offer = _offered(number)
    proposed = sorted(str(c) for c in offer.cards)
    at_first = simulate(4, number, stop=_first_card_of_seat_0)
    hand = at_first.view().hand
    plain = next(str(c) for c in hand if not TRUMPS >> c & 1)  # not a trump: never in a poignée
    size = len(offer.cards)
    refusal = poignee_refusal(at_first.deal, list(offer.cards), parse_card(plain), size)
    assert refusal is not None and refusal.code == "poignee_not_trump"

    open_table(page, site_url)
    start_game(page, 4, number)
    while human_turn(page) == "bidding":
        act(page, "[data-bid=pass]")
    assert human_turn(page) == "play"

    # The offer names the size; choosing it preselects the engine's proposal.
    page.click("[data-action=choose-poignee][data-size=simple]")
    page.wait_for_selector("[data-action=declare-poignee]")
    pressed = page.eval_on_selector_all("#hand button[aria-pressed=true]", "els => els.map(e => e.dataset.card)")
    assert sorted(pressed) == proposed and len(pressed) == size

    # A suit card may not be shown: the click says why and selects nothing.
    click(page, f"#hand button[data-card='{plain}']", force=True, **CARD)
    assert page.text_content("[data-testid=message]") == refusal.explain("fr")
    assert page.get_attribute(f"#hand button[data-card='{plain}']", "aria-pressed") != "true"

    # Showing it: the trumps appear on the table for everybody, and the play goes on.
    act(page, "[data-action=declare-poignee]")
    shown = page.eval_on_selector_all("[data-testid=poignee-0] [data-card]", "els => els.map(e => e.dataset.card)")
    assert sorted(shown) == proposed
    assert page.query_selector("[data-action=choose-poignee]") is None
    assert page.query_selector("#hand button[data-card]:not([aria-disabled='true'])") is not None
