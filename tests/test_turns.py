"""Whose turn and which phase: out-of-turn and out-of-phase actions are refused, the state untouched."""
from tarot.actions import BIDS, PASS, Call, Chelem, Ecart, Play

from .helpers import card, cards, deal_with, play, refused, to_play


def test_not_your_turn_to_bid():
    deal = deal_with()
    assert deal.to_act == 0
    assert refused(deal, PASS, seat=2) == "not_your_turn"
    err = deal.why_not(PASS, seat=2)
    assert err.params == {"seat": 2, "expected": 0}


def test_not_your_turn_to_play():
    deal = to_play(deal_with({1: "7H"}), taker=0)
    assert refused(deal, Play(card("7H")), seat=1) == "not_your_turn"


def test_a_card_before_the_bidding_is_over_is_refused():
    deal = deal_with({0: "7H"})
    assert refused(deal, Play(card("7H"))) == "wrong_phase"
    assert deal.why_not(Play(card("7H"))).params == {"action": "play", "phase": "bidding"}


def test_an_ecart_during_the_bidding_is_refused():
    deal = deal_with({0: "1S 2S 3S 4S 5S 6S"})
    assert refused(deal, Ecart(tuple(cards("1S 2S 3S 4S 5S 6S")))) == "wrong_phase"


def test_a_bid_during_the_play_is_refused():
    deal = to_play(deal_with())
    assert refused(deal, BIDS["garde"]) == "wrong_phase"


def test_a_call_at_four_players_is_refused():
    deal = deal_with()
    deal.apply(BIDS["prise"])
    for _ in range(3):
        deal.apply(PASS)
    assert refused(deal, Call(card("KH"))) == "wrong_phase"


def test_a_chelem_announcement_during_the_play_is_refused():
    deal = to_play(deal_with())
    assert refused(deal, Chelem(True)) == "wrong_phase"


def test_nothing_after_the_deal_is_over():
    deal = deal_with()
    for _ in range(4):
        deal.apply(PASS)
    assert refused(deal, PASS) == "deal_over"
    assert refused(deal, Play(card("KH"))) == "deal_over"
    assert deal.legal_actions() == []


def test_something_that_is_not_an_action_is_refused():
    deal = deal_with()
    assert refused(deal, "pass") == "not_an_action"
    assert refused(deal, None) == "not_an_action"


def test_refusals_explain_themselves_in_french_and_english():
    deal = deal_with()
    err = deal.why_not(PASS, seat=3)
    assert err.explain("fr") == "Ce n'est pas à vous de jouer\u00a0: c'est au tour du joueur 0."
    assert err.explain("en") == "It is not your turn: seat 0 is to act."
    assert str(err) == err.explain("en")
    assert err.to_json() == {"code": "not_your_turn", "params": {"seat": 3, "expected": 0}}


def test_no_card_is_playable_before_the_card_play():
    deal = deal_with({0: "KH"})
    assert deal.legal_cards_mask() == 0
    deal.apply(PASS)
    assert deal.legal_cards_mask() == 0 and deal.legal_cards_mask(0) == 0
    deal.apply(BIDS["prise"])
    deal.apply(PASS)
    deal.apply(PASS)
    assert deal.phase.value == "ecart" and deal.legal_cards_mask() == 0


def test_the_playable_cards_are_those_of_the_seat_to_act():
    deal = deal_with({0: "KH"})
    deal.legal_cards_mask()  # asked during the bidding
    to_play(deal, taker=1, contract="garde_sans")
    assert deal.legal_cards_mask() == deal.hands[0]


def test_a_copy_plays_on_without_changing_the_original():
    deal = to_play(deal_with({0: "7H", 1: "8H"}), taker=1, contract="garde_sans")
    before = deal.to_record()
    other = deal.copy()
    play(other, "7H 8H")
    assert deal.to_record() == before and deal.trick == [] and card("7H") in deal.hand(0)
    assert other.trick == cards("7H 8H")
