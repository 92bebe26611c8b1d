"""Poignée: trumps shown just before one's first card; the Excuse stands in only for a trump not held."""
import pytest

from tarot.actions import Play, Poignee
from tarot.rules import POIGNEE_TRUMPS, Rules

from .helpers import card, cards, deal_with, play, refused, to_play

TEN = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11"


def _shown(text):
    return Poignee(tuple(cards(text)))


def _playing(hands, voids=None, players=4, taker=1, contract="garde_sans"):
    return to_play(deal_with(hands, voids=voids, players=players), taker=taker, contract=contract)


@pytest.mark.parametrize("players, sizes", [(3, (13, 15, 18)), (4, (10, 13, 15)), (5, (8, 10, 13))])
def test_poignee_sizes(players, sizes):
    assert Rules(players=players).poignee_trumps == sizes == POIGNEE_TRUMPS[players]


def test_a_simple_poignee_of_ten_trumps_at_four_players():
    deal = _playing({0: TEN}, voids={0: "T"})
    assert _shown(TEN) in deal.legal_actions()
    deal.apply(_shown(TEN))
    assert deal.poignees == [(0, "simple", tuple(cards(TEN)))]
    assert deal.to_act == 0  # declaring is not playing: seat 0 still leads
    assert all(deal.view(s).poignees == ((0, "simple", tuple(cards(TEN))),) for s in range(4))


def test_a_double_and_a_triple_poignee():
    thirteen = TEN + " T12 T13 T14"
    fifteen = thirteen + " T15 T16"
    deal = _playing({0: fifteen}, voids={0: "T"})
    legal = [a for a in deal.legal_actions() if isinstance(a, Poignee)]
    assert [len(a.cards) for a in legal] == [10, 13, 15]
    deal.apply(_shown(fifteen))
    assert deal.poignees[0][1] == "triple"
    deal2 = _playing({0: fifteen}, voids={0: "T"})
    deal2.apply(_shown(thirteen))
    assert deal2.poignees[0][1] == "double"


def test_a_smaller_poignee_than_held_may_be_declared():
    deal = _playing({0: TEN + " T12 T13"}, voids={0: "T"})
    deal.apply(_shown("T3 T4 T5 T6 T7 T8 T9 T10 T12 T13"))
    assert deal.poignees[0][1] == "simple"


def test_a_poignee_must_show_exactly_a_poignee_size():
    deal = _playing({0: TEN + " T12"}, voids={0: "T"})
    assert refused(deal, _shown(TEN + " T12")) == "poignee_size"
    assert refused(deal, _shown("T2 T3 T4 T5 T6 T7 T8 T9 T10")) == "poignee_size"


def test_a_poignee_shows_only_trumps():
    deal = _playing({0: TEN + " KH"}, voids={0: "T"})
    assert refused(deal, _shown("T2 T3 T4 T5 T6 T7 T8 T9 T10 KH")) == "poignee_not_trump"


def test_a_poignee_shows_only_trumps_held():
    deal = _playing({0: TEN, 2: "T21"}, voids={0: "T"})
    assert refused(deal, _shown("T2 T3 T4 T5 T6 T7 T8 T9 T10 T21")) == "poignee_not_held"


def test_a_trump_is_shown_once():
    deal = _playing({0: TEN}, voids={0: "T"})
    assert refused(deal, _shown("T2 T2 T4 T5 T6 T7 T8 T9 T10 T11")) == "poignee_duplicate"


def test_the_excuse_may_stand_for_a_trump_when_no_other_trump_is_held():
    deal = _playing({0: "T2 T3 T4 T5 T6 T7 T8 T9 T10 EX"}, voids={0: "T"})
    shown = _shown("T2 T3 T4 T5 T6 T7 T8 T9 T10 EX")
    assert shown in deal.legal_actions()
    deal.apply(shown)
    assert deal.poignees[0][1] == "simple"


def test_the_excuse_may_not_stand_for_a_trump_while_another_trump_is_held():
    deal = _playing({0: TEN + " EX"}, voids={0: "T"})
    assert refused(deal, _shown("T2 T3 T4 T5 T6 T7 T8 T9 T10 EX")) == "poignee_excuse"
    assert not any(isinstance(a, Poignee) and card("EX") in a.cards for a in deal.legal_actions())


def test_a_poignee_comes_before_ones_first_card_not_after():
    deal = _playing({0: "KH", 1: TEN}, voids={1: "HT"})
    play(deal, "KH")
    assert deal.to_act == 1
    deal.apply(_shown(TEN))  # seat 1 has not played yet: in time
    deal2 = _playing({0: TEN + " 2H", 1: "3H"}, voids={0: "T"})
    play(deal2, "2H 3H")
    while deal2.to_act != 0:
        deal2.apply(Play(next(c for c in deal2.hand(deal2.to_act) if deal2.can(Play(c)))))
    assert refused(deal2, _shown(TEN)) == "poignee_played"


def test_a_poignee_is_declared_once():
    thirteen = TEN + " T12 T13 T14"
    deal = _playing({0: thirteen}, voids={0: "T"})
    deal.apply(_shown(TEN))
    assert refused(deal, _shown(thirteen)) == "poignee_twice"


def test_a_poignee_out_of_turn_is_refused():
    deal = _playing({2: TEN}, voids={2: "T"})
    assert refused(deal, _shown(TEN), seat=2) == "not_your_turn"


@pytest.mark.parametrize("players, trumps", [(3, 13), (5, 8)])
def test_simple_poignee_at_three_and_five_players(players, trumps):
    shown = " ".join(f"T{n}" for n in range(2, 2 + trumps))
    deal = _playing({0: shown}, voids={0: "T"}, players=players)
    deal.apply(_shown(shown))
    assert deal.poignees[0][1] == "simple"


def test_a_poignee_of_things_that_are_not_cards_is_refused():
    deal = _playing({0: TEN}, voids={0: "T"})
    assert refused(deal, Poignee(tuple(f"T{n}" for n in range(2, 12)))) == "not_an_action"


# --- choosing a poignée trump by trump (Deal.why_not_show) --------------------------------

def _show(deal, text, chosen, size=10):
    refusal = deal.why_not_show(card(text), cards(chosen), size)
    return None if refusal is None else refusal.code


def test_a_poignee_is_chosen_among_the_trumps_held():
    deal = _playing({0: TEN + " KH"}, voids={0: "T"})
    assert _show(deal, "T2", "") is None
    assert _show(deal, "KH", "") == "poignee_not_trump"
    assert _show(deal, "T21", "") == "poignee_not_held"


def test_the_excuse_is_chosen_for_a_poignee_only_when_every_trump_is_shown_with_it():
    nine = "T2 T3 T4 T5 T6 T7 T8 T9 T10"
    deal = _playing({0: nine + " EX"}, voids={0: "T"})
    assert _show(deal, "EX", nine) is None
    deal = _playing({0: TEN + " EX"}, voids={0: "T"})
    assert _show(deal, "EX", "T2 T3") == "poignee_excuse"


def test_a_trump_beyond_the_poignees_size_is_refused():
    deal = _playing({0: TEN + " T12"}, voids={0: "T"})
    refusal = deal.why_not_show(card("T12"), cards(TEN), 10)
    assert refusal.code == "poignee_size" and refusal.params["given"] == 11


def test_a_poignee_of_a_size_the_rules_do_not_know_is_refused_from_its_first_trump():
    deal = _playing({0: TEN}, voids={0: "T"})
    assert _show(deal, "T2", "", size=11) == "poignee_size"
