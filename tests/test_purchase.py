"""Pagat's purchase (3 or 4 players): after a prise and the écart, the taker asks for a suit card
he does not hold and gives a card of his choice, face down, to its holder."""
import pytest

from tarot.actions import Ecart, Purchase
from tarot.rules import Rules
from tarot.state import Deal, Phase

from .helpers import bid_until, card, cards, deal_with, refused, to_play

CHIEN = "1D 2D 3D 4D 5D 6D"


def _at_purchase(contract: str = "prise") -> Deal:
    deal = deal_with({0: "KS KH 2C", 2: "KD QD", 3: "KC"}, chien=CHIEN, purchase=True)
    bid_until(deal, 0, contract)
    while deal.phase is Phase.BIDDING:
        deal.apply(deal.legal_actions()[0])
    deal.apply(Ecart(tuple(cards(CHIEN))))
    return deal


def test_after_a_prise_and_the_ecart_the_taker_buys_a_card():
    deal = _at_purchase()
    assert deal.phase is Phase.PURCHASE and deal.to_act == 0
    deal.apply(Purchase(card("KD"), card("2C")))
    assert card("KD") in deal.hand(0) and card("2C") not in deal.hand(0)
    assert card("2C") in deal.hand(2) and card("KD") not in deal.hand(2)
    assert deal.phase is Phase.CHELEM


def test_a_garde_has_no_purchase():
    deal = deal_with({0: "KS"}, chien=CHIEN, purchase=True)
    to_play(deal, taker=0, contract="garde", ecart=CHIEN)
    assert deal.purchase is None and deal.phase is Phase.PLAY


@pytest.mark.parametrize("bought, given, reason", [
    ("T5", "2C", "purchase_not_suit"),
    ("KS", "2C", "purchase_held"),
    ("3D", "2C", "purchase_in_ecart"),
    ("KD", "KD", "purchase_give_bought"),
    ("KD", "QD", "purchase_give_not_held"),
])
def test_a_purchase_of_a_card_in_no_other_hand_is_refused_with_its_reason(bought, given, reason):
    deal = _at_purchase()
    assert refused(deal, Purchase(card(bought), card(given))) == reason


def test_the_purchase_is_written_right_after_the_ecart_and_reads_back():
    deal = _at_purchase()
    deal.apply(Purchase(card("KD"), card("2C")))
    record = deal.to_record()
    assert record["actions"][-2]["type"] == "ecart"
    assert record["actions"][-1] == {"seat": 0, "type": "purchase", "card": "KD", "give": "2C"}
    again = Deal.from_record(record)
    assert again.hands == deal.hands and again.phase is Phase.CHELEM


def test_the_card_given_is_seen_by_the_taker_and_its_receiver_only():
    deal = _at_purchase()
    deal.apply(Purchase(card("KD"), card("2C")))
    assert deal.view(0).purchase == (2, card("KD"), card("2C"))
    assert deal.view(2).purchase == (2, card("KD"), card("2C"))
    assert deal.view(1).purchase == (2, card("KD"), None)  # the card bought is asked aloud


def test_at_three_players_the_taker_of_a_prise_buys_a_card_too():
    deal = deal_with({0: "KS KH 2C", 1: "KD QD", 2: "KC"}, players=3, chien=CHIEN, purchase=True)
    to_play(deal, taker=0, contract="prise", ecart=CHIEN, purchase="KD 2C")
    assert card("KD") in deal.hand(0) and card("2C") in deal.hand(1)
    assert deal.purchase.holder == 1


def test_the_purchase_is_for_three_and_four_players():
    with pytest.raises(ValueError, match="3 or 4 players"):
        Rules(players=5, purchase=True)  # at 5 the taker calls a partner instead
    assert "purchase" in Rules.options_for(3) and "purchase" not in Rules.options_for(5)


@pytest.mark.parametrize("bought, reason", [("T5", "purchase_not_suit"), ("KS", "purchase_held"),
                                            ("3D", "purchase_in_ecart"), ("KD", None)])
def test_the_card_asked_for_is_judged_alone_by_the_same_rules(bought, reason):
    deal = _at_purchase()
    refusal = deal.why_not_buy(card(bought))
    assert (None if refusal is None else refusal.code) == reason


@pytest.mark.parametrize("given, reason", [("KD", "purchase_give_bought"), ("QD", "purchase_give_not_held"),
                                           ("2C", None)])
def test_the_card_given_is_judged_alone_by_the_same_rules(given, reason):
    deal = _at_purchase()
    refusal = deal.why_not_give(card(given), card("KD"))
    assert (None if refusal is None else refusal.code) == reason
