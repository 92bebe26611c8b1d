"""The person as taker: the chien shown, an écart chosen by clicking cards, refusals explained."""
from __future__ import annotations

from table_driver import act, click, first_number, hand_cards, human_turn, open_table, phase, play_one, simulate, start_game

from tarot.actions import Ecart  # importable once table_driver has put the repository on the path

CARD = {"position": {"x": 6, "y": 30}}  # on the visible corner of an overlapped card


def takes_with_prise(s) -> bool:
    return s.deal.phase.value == "ecart" and s.deal.taker == 0 and s.deal.contract.code == "prise" \
        and any(c.is_king for c in s.view().hand)


def test_the_taker_chooses_an_ecart_and_a_king_is_refused(page, site_url):
    bid_prise = lambda legal: "prise" if "prise" in legal else "pass"  # noqa: E731
    number = first_number(4, takes_with_prise, bid=bid_prise)
    session = simulate(4, number, bid=bid_prise)
    view = session.view()
    king = next(c for c in view.hand if c.is_king)
    refusal = session.deal.why_not(Ecart((king,) + tuple(session.deal.default_ecart()[:5])))
    open_table(page, site_url)
    start_game(page, 4, number)
    assert human_turn(page) == "bidding"
    act(page, "[data-bid=prise]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase === 'ecart' "
                           "&& document.getElementById('table').dataset.toAct === '0'")
    # The chien is shown to all, and its cards are now in the taker's hand.
    chien = page.eval_on_selector_all("[data-testid=chien] [data-card]", "els => els.map(e => e.dataset.card)")
    assert sorted(chien) == sorted(str(c) for c in view.chien)
    assert set(chien) <= set(hand_cards(page)) and len(hand_cards(page)) == 24

    # A king may not go to the écart: the click says why and selects nothing.
    king_button = f"#hand button[data-card='{king}']"
    assert page.get_attribute(king_button, "aria-disabled") == "true"
    click(page, king_button, force=True, **CARD)
    assert page.text_content("[data-testid=message]") == refusal.explain("fr")
    assert "roi" in page.text_content("[data-testid=message]")
    assert page.get_attribute(king_button, "aria-pressed") == "false"

    # Confirming too early is refused by the engine's rule on the écart's size.
    choice = [str(c) for c in view.hand if c in session.screen().playable][:6]
    for card in choice[:5]:
        click(page, f"#hand button[data-card='{card}']", **CARD)
        assert page.get_attribute(f"#hand button[data-card='{card}']", "aria-pressed") == "true"
    click(page, "[data-action=confirm-ecart]", force=True)
    assert "6 cartes" in page.text_content("[data-testid=message]")
    assert phase(page) == "ecart"

    page.click(f"#hand button[data-card='{choice[5]}']", **CARD)
    act(page, "[data-action=confirm-ecart]")
    assert phase(page) in ("chelem", "play")
    assert len(hand_cards(page)) == 18
    assert not set(choice) & set(hand_cards(page))


def a_bot_shows_the_chien(s) -> bool:
    contract = s.deal.contract
    return s.finished and contract is not None and s.deal.taker != 0 and contract.code in ("prise", "garde")


def test_the_chien_a_bot_showed_can_be_seen_again_during_the_play(page, site_url):
    number = first_number(4, a_bot_shows_the_chien)
    chien = sorted(str(c) for c in simulate(4, number).deal.dealt_chien)
    open_table(page, site_url)
    start_game(page, 4, number)
    while phase(page) != "play":
        play_one(page)
    click(page, "[data-action=tricks]")  # the tricks' list, the chien shown above them
    shown = page.eval_on_selector_all("[data-testid=chien-shown] [data-card]", "els => els.map(e => e.dataset.card)")
    assert sorted(shown) == chien
    page.click("[data-action=close-tricks]")
    page.wait_for_selector("[data-testid=tricks]", state="detached")


def test_a_chien_not_shown_is_not_listed(page, site_url):
    number = first_number(4, lambda s: s.finished and s.deal.contract is not None
                          and s.deal.contract.code in ("garde_sans", "garde_contre"))
    open_table(page, site_url)
    start_game(page, 4, number)
    while phase(page) != "play":
        play_one(page)
    play_one(page)
    page.wait_for_function("() => !document.getElementById('btn-tricks').disabled")
    page.click("[data-action=tricks]")
    page.wait_for_selector("[data-testid=tricks]")
    assert not page.query_selector("[data-testid=chien-shown]")
