"""Five players: the taker calls a king, and the partner is named once the king is played."""
from __future__ import annotations

from table_driver import act, human_turn, open_table, play_one, simulate, start_game

from tarot.i18n import card_name  # importable once table_driver has put the repository on the path
from web.draw.labels import seat_name

GARDE_CONTRE = lambda legal: "garde_contre" if "garde_contre" in legal else "pass"  # noqa: E731


def _calling(s) -> bool:
    return s.deal.phase.value == "calling"


def _first_card_of_seat_0(s) -> bool:
    return s.deal.phase.value == "play" and s.deal.to_act == 0


def _fits(number: int) -> bool:
    """Seat 0 takes and calls (the first callable card, as the browser test does) a king it
    lacks, and that king is still unplayed when seat 0 plays its first card."""
    s = simulate(5, number, bid=GARDE_CONTRE, stop=_calling)
    if not _calling(s) or s.deal.taker != 0:
        return False
    called = s.view().legal[0].card
    if called.rank != 14 or called in s.view().hand:
        return False
    first = simulate(5, number, bid=GARDE_CONTRE, stop=_first_card_of_seat_0)
    return not first.view().played >> called & 1


def test_at_five_players_the_taker_calls_a_king_and_the_partner_is_named_once_it_is_played(page, site_url):
    number = next(n for n in range(1, 400) if _fits(n))
    at_call = simulate(5, number, bid=GARDE_CONTRE, stop=_calling)
    callable_cards = [str(a.card) for a in at_call.view().legal]
    called = at_call.view().legal[0].card
    finished = simulate(5, number, bid=GARDE_CONTRE)
    partner = finished.deal.partner
    assert partner not in (None, 0)

    open_table(page, site_url)
    start_game(page, 5, number)
    while human_turn(page) == "bidding":
        act(page, "[data-bid=garde_contre]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase === 'calling'")

    # One button per card the engine lets the taker call, named in French.
    shown = page.eval_on_selector_all("[data-action=call]", "els => els.map(e => e.dataset.call)")
    assert shown == callable_cards
    named = page.get_by_role("button", name=card_name(called, "fr"), exact=True)
    assert named.get_attribute("data-call") == str(called)
    act(page, f"[data-call='{called}']")

    # Everybody sees the called king; nobody is named partner before it is played.
    assert f"Carte appelée\u00a0: {card_name(called, 'fr')}" in page.inner_text(".info")
    assert human_turn(page) in ("chelem", "play")
    if page.get_attribute("#table", "data-phase") == "chelem":
        act(page, "[data-action=no-chelem]")
    assert human_turn(page) == "play"
    assert page.query_selector(".partner-info") is None
    assert page.query_selector(".badge.partner") is None

    # Once the king is played its holder is the partner, named in the header and marked at
    # the table (the deal's end shows it too).
    while play_one(page) != "done":
        if page.query_selector(".partner-info") is not None:
            break
    assert page.inner_text(".partner-info") == f"Partenaire\u00a0: {seat_name(partner, 'fr')}"
    assert page.query_selector(f"section[data-seat='{partner}'] .badge.partner") is not None
