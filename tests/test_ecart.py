"""The chien and the écart: shown at prise and garde, unseen at garde sans and garde contre."""
import pytest

from tarot.actions import PASS, Ecart
from tarot.state import Phase

from .helpers import bid_until, card, cards, deal_with, refused


def _at_ecart(hands, chien, contract="prise", taker=0, players=4, voids=None):
    deal = bid_until(deal_with(hands, chien=chien, players=players, voids=voids), taker, contract)
    while deal.phase is Phase.BIDDING:
        deal.apply(PASS)
    return deal


def _ecart(text):
    return Ecart(tuple(cards(text)))


def test_at_prise_the_chien_is_shown_to_all_and_joins_the_takers_hand():
    deal = _at_ecart({}, chien="KH 1S 2S 3S 4S 5S")
    assert deal.phase is Phase.ECART and deal.to_act == 0
    for seat in range(4):
        assert deal.view(seat).chien == tuple(cards("1S 2S 3S 4S 5S KH"))
    assert set(cards("KH 1S 2S 3S 4S 5S")) <= set(deal.hand(0))
    assert len(deal.hand(0)) == 24


def test_at_garde_the_chien_is_shown_too():
    deal = _at_ecart({}, chien="KH 1S 2S 3S 4S 5S", contract="garde")
    assert deal.phase is Phase.ECART
    assert deal.view(2).chien != ()


@pytest.mark.parametrize("contract", ["garde_sans", "garde_contre"])
def test_at_garde_sans_and_garde_contre_nobody_sees_the_chien(contract):
    deal = _at_ecart({}, chien="KH 1S 2S 3S 4S 5S", contract=contract)
    assert deal.phase is Phase.CHELEM
    assert all(deal.view(s).chien == () for s in range(4))
    assert len(deal.hand(0)) == 18


def test_the_ecart_leaves_the_takers_hand_and_is_seen_only_by_the_taker():
    deal = _at_ecart({}, chien="1S 2S 3S 4S 5S 6S")
    deal.apply(_ecart("1S 2S 3S 4S 5S 6S"))
    assert deal.phase is Phase.CHELEM
    assert len(deal.hand(0)) == 18
    assert deal.view(0).ecart == tuple(cards("1S 2S 3S 4S 5S 6S"))
    assert all(deal.view(s).ecart == () for s in (1, 2, 3))


def test_the_ecart_has_six_cards():
    deal = _at_ecart({}, chien="1S 2S 3S 4S 5S 6S")
    err = deal.why_not(_ecart("1S 2S 3S 4S 5S"))
    assert err.code == "ecart_size" and err.params == {"expected": 6, "given": 5}
    assert refused(deal, _ecart("1S 2S 3S 4S 5S")) == "ecart_size"


def test_the_ecart_has_three_cards_at_five_players():
    deal = _at_ecart({}, chien="1S 2S 3S", players=5)
    from tarot.actions import Call
    deal.apply(Call(next(c for c in deal.callable_cards() if c not in deal.hand(0))))
    assert refused(deal, _ecart("1S 2S 3S 4S 5S 6S")) == "ecart_size"
    deal.apply(_ecart("1S 2S 3S"))
    assert len(deal.hand(0)) == 15


def test_a_king_may_not_be_discarded():
    deal = _at_ecart({0: "KH"}, chien="1S 2S 3S 4S 5S 6S")
    assert refused(deal, _ecart("KH 1S 2S 3S 4S 5S")) == "ecart_king"
    assert deal.why_not(_ecart("KH 1S 2S 3S 4S 5S")).params == {"card": card("KH")}


@pytest.mark.parametrize("bout", ["T1", "T21", "EX"])
def test_a_bout_may_not_be_discarded(bout):
    deal = _at_ecart({0: bout + " T2 T3"}, chien="1S 2S 3S 4S 5S 6S")
    assert refused(deal, _ecart(bout + " 1S 2S 3S 4S 5S")) == "ecart_bout"


def test_a_trump_may_not_be_discarded_while_other_cards_can_be():
    deal = _at_ecart({0: "T5"}, chien="1S 2S 3S 4S 5S 6S")
    assert refused(deal, _ecart("T5 1S 2S 3S 4S 5S")) == "ecart_trump_avoidable"
    assert deal.why_not(_ecart("T5 1S 2S 3S 4S 5S")).params == {"card": card("T5")}


def test_a_card_not_held_may_not_be_discarded():
    deal = _at_ecart({1: "7H"}, chien="1S 2S 3S 4S 5S 6S")
    assert refused(deal, _ecart("7H 1S 2S 3S 4S 5S")) == "ecart_not_in_hand"


def test_a_card_may_not_be_discarded_twice():
    deal = _at_ecart({}, chien="1S 2S 3S 4S 5S 6S")
    assert refused(deal, _ecart("1S 1S 2S 3S 4S 5S")) == "ecart_duplicate"


# A taker with kings and trumps only: with the chien, 4 kings + 17 trumps + the Excuse
# + 2 suit cards = 24 cards.
TRUMPY = "KS KH KD KC T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15"
TRUMPY_CHIEN = "1S 2S T1 T16 T17 EX"


def test_trumps_are_discarded_when_nothing_else_is_possible_and_shown_to_all():
    deal = _at_ecart({0: TRUMPY}, chien=TRUMPY_CHIEN)
    # Only 1S and 2S may go besides trumps: four trumps complete the écart.
    assert refused(deal, _ecart("T2 T3 T4 T5 T6 1S")) == "ecart_trump_avoidable"
    deal.apply(_ecart("1S 2S T2 T3 T4 T5"))
    for seat in (1, 2, 3):
        assert deal.view(seat).ecart == tuple(cards("T2 T3 T4 T5"))
    assert deal.view(0).ecart == tuple(cards("1S 2S T2 T3 T4 T5"))


def test_even_a_forced_trump_ecart_keeps_the_bouts():
    deal = _at_ecart({0: TRUMPY}, chien=TRUMPY_CHIEN)
    assert refused(deal, _ecart("1S 2S T1 T3 T4 T5")) == "ecart_bout"


def test_the_default_ecart_is_legal():
    deal = _at_ecart({0: TRUMPY}, chien=TRUMPY_CHIEN)
    (default,) = deal.legal_actions()
    assert deal.can(default)
    assert set(cards("1S 2S")) <= set(default.cards)


def test_a_refused_ecart_leaves_the_hand_as_it_was():
    deal = _at_ecart({0: "KH"}, chien="1S 2S 3S 4S 5S 6S")
    hand = deal.hand(0)
    refused(deal, _ecart("KH 1S 2S 3S 4S 5S"))
    assert deal.hand(0) == hand and deal.phase is Phase.ECART


@pytest.mark.parametrize("bad", [("1S", "2S", "3S", "4S", "5S", "6S"), (None,) * 6, (1, 2, 3, 4, 5, 6.5)])
def test_an_ecart_of_things_that_are_not_cards_is_refused(bad):
    deal = _at_ecart({}, chien="1S 2S 3S 4S 5S 6S")
    assert refused(deal, Ecart(bad)) == "not_an_action"


# --- choosing the écart card by card (Deal.why_not_discard) --------------------------------

def _discard(deal, text, chosen=""):
    refusal = deal.why_not_discard(card(text), cards(chosen))
    return None if refusal is None else refusal.code


def test_a_king_or_a_bout_is_refused_as_the_first_card_chosen_for_the_ecart():
    deal = _at_ecart({0: "KH T1 T5"}, chien="1S 2S 3S 4S 5S 6S")
    assert _discard(deal, "KH") == "ecart_king"
    assert _discard(deal, "T1") == "ecart_bout"
    assert _discard(deal, "1S") is None


def test_a_card_not_held_is_refused_for_the_ecart():
    deal = _at_ecart({1: "7H"}, chien="1S 2S 3S 4S 5S 6S")
    assert _discard(deal, "7H") == "ecart_not_in_hand"


def test_a_trump_chosen_for_the_ecart_while_suit_cards_are_left_is_refused_and_named():
    deal = _at_ecart({0: "T5"}, chien="1S 2S 3S 4S 5S 6S")
    refusal = deal.why_not_discard(card("T5"))
    assert refusal.code == "ecart_trump_avoidable" and refusal.params == {"card": card("T5")}


def test_trumps_are_chosen_for_the_ecart_up_to_the_number_the_suit_cards_leave_short():
    deal = _at_ecart({0: TRUMPY}, chien=TRUMPY_CHIEN)  # two suit cards besides kings: four trumps go
    assert _discard(deal, "T2", "T3 T4 T5") is None
    assert _discard(deal, "T2", "T3 T4 T5 T6") == "ecart_trump_avoidable"
    assert _discard(deal, "T16") is None and _discard(deal, "T1") == "ecart_bout"  # never a bout


def test_a_card_beyond_the_ecarts_size_is_refused_after_its_own_fault():
    deal = _at_ecart({0: "KH"}, chien="1S 2S 3S 4S 5S 6S")
    six = "1S 2S 3S 4S 5S 6S"
    low = next(str(c) for c in deal.hand(0) if _discard(deal, str(c)) is None and str(c) not in six.split())
    refusal = deal.why_not_discard(card(low), cards(six))
    assert refusal.code == "ecart_size" and refusal.params == {"expected": 6, "given": 7}
    assert _discard(deal, "KH", six) == "ecart_king"


def test_a_card_is_chosen_for_the_ecart_by_the_taker_in_the_ecart_only():
    deal = _at_ecart({}, chien="1S 2S 3S 4S 5S 6S")
    assert deal.why_not_discard(card("1S"), seat=1).code == "not_your_turn"
    deal.apply(_ecart("1S 2S 3S 4S 5S 6S"))
    assert _discard(deal, "7S") == "wrong_phase"


def test_an_ecart_chosen_card_by_card_as_allowed_is_an_ecart_the_rules_accept():
    for chien in ("1S 2S 3S 4S 5S 6S", TRUMPY_CHIEN):
        deal = _at_ecart({0: TRUMPY} if chien == TRUMPY_CHIEN else {0: "KH T5"}, chien=chien)
        for hand in (deal.hand(0), list(reversed(deal.hand(0)))):
            chosen = []
            for c in hand:
                if len(chosen) < 6 and deal.why_not_discard(c, chosen) is None:
                    chosen.append(c)
            assert deal.why_not(Ecart(tuple(chosen))) is None, [str(c) for c in chosen]
