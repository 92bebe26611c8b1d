"""The themes of a puzzle, each read from the seat's view on a tiny hand."""
from __future__ import annotations

from tarot.actions import ANNOUNCE_CHELEM, BIDS, Action, Call, Ecart, Play, Poignee
from tarot.bot import Reason
from tarot.bots.facts import Position
from tarot.phase import Phase
from tarot.puzzles.themes import THEME_WORDS, THEMES, themes_of
from tarot.state import Deal
from tarot.view import SeatView
from tarot.words import known

from .helpers import bid_until, card, deal_with, play, play_keeping, to_play

NO_RULE = Reason("no_rule")


def holds(code: str, view: SeatView, action: Action, reason: Reason = NO_RULE) -> bool:
    """Whether the theme ``code`` holds, checked both by its predicate and among the themes of the position."""
    found = code in themes_of(view, action, reason)
    assert found == THEMES[code](Position(view, action, reason))
    return found


def defence_leads(hands: dict[int, str], voids: dict[int, str] | None = None) -> Deal:
    """Seat 1 takes a garde; seat 0 (a defender) leads the first trick."""
    return to_play(deal_with(hands, voids=voids), taker=1, contract="garde")


def test_there_are_at_least_twelve_themes_each_with_its_words():
    assert len(THEMES) >= 12 and set(THEME_WORDS) == set(THEMES)
    assert all(known(key) for key in THEME_WORDS.values())


def test_a_defender_leading_a_trump_while_the_petit_is_out_hunts_it():
    deal = defence_leads({0: "T21 KH", 1: "T1"})
    assert holds("petit_hunt", deal.view(0), Play(card("T21")))
    assert not holds("petit_hunt", deal.view(0), Play(card("KH")))


def test_the_petit_played_before_the_last_trick_is_saved():
    deal = play(defence_leads({0: "T21 KH", 1: "T1 T20"}), "T21")
    assert holds("petit_save", deal.view(1), Play(card("T1")))
    assert not holds("petit_save", deal.view(1), Play(card("T20")))


def test_the_petit_kept_with_three_cards_left_is_kept_for_the_last_trick():
    trumps = "T1 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5"
    deal = play_keeping(to_play(deal_with({0: trumps}), taker=0, contract="garde_sans"), keep={0: "T1"}, tricks_left=3)
    view = deal.view(0)
    assert deal.to_act == 0 and len(view.hand) == 3
    assert holds("petit_au_bout", view, Play(card("T6")))
    early = to_play(deal_with({0: trumps}), taker=0, contract="garde_sans").view(0)
    assert not holds("petit_au_bout", early, Play(card("T21")))


def test_a_suit_card_thrown_without_the_suit_led_nor_a_trump_is_a_discard():
    deal = play(defence_leads({0: "KH", 1: "5S"}, voids={1: "HT"}), "KH")
    assert holds("discard", deal.view(1), Play(card("5S")))
    followed = play(defence_leads({0: "KH", 1: "5H 5S"}), "KH")
    assert not holds("discard", followed.view(1), Play(card("5H")))


def test_a_queen_on_a_trick_a_sure_ally_wins_loads_it():
    deal = play(to_play(deal_with({0: "KH", 1: "QH 2H"}), taker=2, contract="garde"), "KH")
    assert holds("load_partner", deal.view(1), Play(card("QH")))
    assert not holds("load_partner", deal.view(1), Play(card("2H")))


def test_a_trump_on_a_suit_the_seat_lacks_cuts():
    deal = play(defence_leads({0: "KH", 1: "T5 5S"}, voids={1: "H"}), "KH")
    assert holds("trump", deal.view(1), Play(card("T5")))
    assert not holds("trump", deal.view(1), Play(card("5S")))


def test_the_excuse_played():
    deal = defence_leads({0: "EX KH"})
    assert holds("excuse", deal.view(0), Play(card("EX")))
    assert not holds("excuse", deal.view(0), Play(card("KH")))


def test_the_takers_call_at_five_players():
    deal = bid_until(deal_with({0: "KH"}, players=5), 0, "garde")
    while deal.phase is Phase.BIDDING:
        deal.apply(BIDS["pass"])
    view = deal.view(0)
    assert view.phase == "calling" and holds("call", view, Call(card("KS")))
    assert not holds("call", deal_with(players=5).view(0), BIDS["pass"])


def test_the_seat_that_leads_a_trick_makes_the_lead():
    deal = defence_leads({0: "KH", 1: "5H"})
    assert holds("lead", deal.view(0), Play(card("KH")))
    assert not holds("lead", play(deal, "KH").view(1), Play(card("5H")))


def test_a_defenders_low_first_lead_under_its_king_signals():
    deal = defence_leads({0: "3H KH 7S"})
    assert holds("signal", deal.view(0), Play(card("3H")))
    assert not holds("signal", deal.view(0), Play(card("7S")))  # no honour of spades in that hand


def test_the_takers_ecart():
    deal = bid_until(deal_with(), 0, "garde")
    while deal.phase is Phase.BIDDING:
        deal.apply(BIDS["pass"])
    view = deal.view(0)
    assert view.phase == "ecart" and holds("ecart", view, Ecart(tuple(deal.default_ecart())))
    assert not holds("bid", view, Ecart(tuple(deal.default_ecart())))


def test_a_bid():
    view = deal_with().view(0)
    assert holds("bid", view, BIDS["pass"])
    assert not holds("chelem", view, BIDS["pass"])


def test_a_first_card_where_a_poignee_may_be_shown():
    trumps = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12"
    view = defence_leads({0: trumps}).view(0)
    shown = next(a for a in view.legal if isinstance(a, Poignee))
    assert holds("poignee", view, shown)
    assert not holds("poignee", defence_leads({0: "KH"}).view(0), Play(card("KH")))


def test_the_takers_chelem_answer():
    deal = bid_until(deal_with(), 0, "garde")
    while deal.phase is Phase.BIDDING:
        deal.apply(BIDS["pass"])
    deal.apply(Ecart(tuple(deal.default_ecart())))
    view = deal.view(0)
    assert view.phase == "chelem" and holds("chelem", view, ANNOUNCE_CHELEM)
    assert not holds("chelem", deal_with().view(0), BIDS["garde"])
