"""Option purchase (4 players): after a prise the taker asks for a card by name and gives one."""
from __future__ import annotations

from table_driver import PLAYABLE, act, first_number, hand_cards, human_turn, legible, open_table, phase

CARD = {"position": {"x": 6, "y": 30}}  # on the visible corner of an overlapped card


def takes_with_prise(s) -> bool:
    return s.deal.phase.value == "ecart" and s.deal.taker == 0 and s.deal.contract.code == "prise"


def test_the_taker_buys_a_card_named_on_a_readable_button_and_gives_one_of_his(page, site_url):
    bid_prise = lambda legal: "prise" if "prise" in legal else "pass"  # noqa: E731
    number = first_number(4, takes_with_prise, bid=bid_prise)
    # The link fills in the new-game form with the option; the bots bid as without it.
    open_table(page, site_url, f"?pause=0&players=4&purchase=1&deal={number}")
    page.click("[data-action=start]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'setup'")
    assert page.get_attribute("#table", "data-options") == "purchase"
    assert human_turn(page) == "bidding"
    act(page, "[data-bid=prise]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase === 'ecart' "
                           "&& document.getElementById('table').dataset.toAct === '0'")
    ecart = [b.get_attribute("data-card") for b in page.query_selector_all(PLAYABLE)[:6]]
    for card in ecart:
        page.click(f"#hand button[data-card='{card}']", **CARD)
    act(page, "[data-action=confirm-ecart]")
    assert human_turn(page) == "purchase"

    # Every card one may ask for is named on its button, legible on it (contrast 4.5:1 at least).
    choices = [c.get_attribute("data-buy") for c in page.query_selector_all("[data-action=buy]")]
    assert choices and all(legible(page, f"[data-buy='{card}']") for card in choices)
    wanted = choices[0]
    assert wanted not in hand_cards(page)
    page.click(f"[data-buy='{wanted}']")
    assert page.get_attribute(f"[data-buy='{wanted}']", "aria-pressed") == "true"
    given = page.get_attribute(PLAYABLE, "data-card")
    act(page, f"#hand button[data-card='{given}']", **CARD)
    assert phase(page) in ("chelem", "play")
    assert wanted in hand_cards(page) and given not in hand_cards(page)
