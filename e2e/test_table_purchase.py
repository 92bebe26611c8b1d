"""Option purchase (3 or 4 players): after a prise the taker asks for a card by name and gives one."""
from __future__ import annotations

from table_driver import PLAYABLE, act, click, first_number, hand_cards, human_turn, legible, open_table, out_of_view, phase

CARD = {"position": {"x": 6, "y": 30}}  # on the visible corner of an overlapped card


def takes_with_prise(s) -> bool:
    return s.deal.phase.value == "ecart" and s.deal.taker == 0 and s.deal.contract.code == "prise"


def _to_the_purchase(page, site_url, players: int) -> None:
    """A prise taken by the person at ``players`` with the option, and the écart made."""
    bid_prise = lambda legal: "prise" if "prise" in legal else "pass"  # noqa: E731
    number = first_number(players, takes_with_prise, bid=bid_prise)
    # The link fills in the new-game form with the option; the bots bid as without it.
    open_table(page, site_url, f"?pause=0&players={players}&purchase=1&deal={number}")
    page.click("[data-action=start]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'setup'")
    assert page.get_attribute("#table", "data-options") == "purchase"
    assert human_turn(page) == "bidding"
    act(page, "[data-bid=prise]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase === 'ecart' "
                           "&& document.getElementById('table').dataset.toAct === '0'")
    ecart = [b.get_attribute("data-card") for b in page.query_selector_all(PLAYABLE)[:6]]
    for card in ecart:
        page.dispatch_event(f"#hand button[data-card='{card}']", "click")
    act(page, "[data-action=confirm-ecart]")
    assert human_turn(page) == "purchase"


def test_the_taker_buys_a_card_named_on_a_readable_button_and_gives_one_of_his(page, site_url):
    _to_the_purchase(page, site_url, 4)

    # Every card one may ask for is named on its button, legible on it (contrast 4.5:1 at least).
    choices = [c.get_attribute("data-buy") for c in page.query_selector_all("[data-action=buy]")]
    assert choices and all(legible(page, f"[data-buy='{card}']") for card in choices)
    wanted = choices[0]
    assert wanted not in hand_cards(page)
    click(page, f"[data-buy='{wanted}']")
    assert page.get_attribute(f"[data-buy='{wanted}']", "aria-pressed") == "true"
    given = page.get_attribute(PLAYABLE, "data-card")
    act(page, f"#hand button[data-card='{given}']", **CARD)
    assert phase(page) in ("chelem", "play")
    assert wanted in hand_cards(page) and given not in hand_cards(page)


def test_at_three_players_the_whole_hand_stays_on_a_small_phone_while_buying(page, site_url):
    page.set_viewport_size({"width": 360, "height": 640})
    _to_the_purchase(page, site_url, 3)
    assert len(hand_cards(page)) == 24
    assert out_of_view(page)["cards"] == []  # the cards one may ask for take few rows
    wanted = page.get_attribute("[data-action=buy]", "data-buy")
    page.dispatch_event(f"[data-buy='{wanted}']", "click")
    assert out_of_view(page)["cards"] == []
    act(page, f"#hand button[data-card='{hand_cards(page)[-1]}']", **CARD)  # the last card, in the last row
    assert phase(page) in ("chelem", "play") and wanted in hand_cards(page)


def test_on_a_phone_held_sideways_the_cards_to_buy_the_hint_and_the_hand_all_show(page, site_url):
    page.set_viewport_size({"width": 740, "height": 360})
    _to_the_purchase(page, site_url, 3)
    wanted = page.get_attribute("[data-action=buy]", "data-buy")
    page.dispatch_event(f"[data-buy='{wanted}']", "click")
    assert out_of_view(page)["cards"] == []
    shown = page.evaluate("() => [...document.querySelectorAll('[data-action=buy], [data-action=hint]')]"
                          ".map(b => b.getBoundingClientRect()).every(r => r.height >= 24 && r.top >= 0"
                          " && r.bottom <= innerHeight)")
    assert shown, "a card to buy or the hint's button is cut or off screen"
