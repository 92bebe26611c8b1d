"""The bots with Pagat's partner at 4 players (``prise_partner``): whether the taker of a prise
calls, and the called king's holder playing for its taker, the defenders against both."""
import sys

import pytest

from tarot.actions import NO_CALL, PASS, Call, Play
from tarot.bots import make_bot
from tarot.bots.knowledge import Knowledge
from tarot.rules import Contract, Rules
from tarot.state import Deal, Phase

from .helpers import bid_until, card, cards, deal_with, play, to_play

WEAK_PRISE = "T2 T4 T6 T8 T10 T12 T14 T16 KS QS 4S 3S KH 6H 5D 4D 3C 2C"  # 29 points, Débutant's count 8
UPPER_PRISE = "T2 T4 T6 T8 T10 T12 T14 T16 T18 KS QS 4S KH 6H 5D 4D 3C 2C"  # 33 points, count 9
GARDE_AND_MORE = "T21 T18 T15 T12 T9 T7 T5 T3 KS QS 4S 3S KH 6H 5D 4D 3C 2C"  # 37 points, count 10
VERY_STRONG = "T21 T20 T19 T17 T15 T12 T10 T7 T1 EX KS QS 4S KH QH 6H KD 2C"  # 64 points, count 15


def _calling(hand: str, **options) -> Deal:
    """Seat 0 holds ``hand`` and has taken a prise: it is to call or go on without a partner."""
    deal = deal_with({0: hand}, prise_partner=True, **options)
    bid_until(deal, 0, "prise")
    while deal.phase is Phase.BIDDING:
        deal.apply(PASS)
    assert deal.phase is Phase.CALLING
    return deal


def _choice(level: str, hand: str, **options) -> Call:
    action = make_bot(level, 1).choose(_calling(hand, **options).view(0))
    assert isinstance(action, Call)
    return action


# ------------------------------------------------------------------ to call or not
def test_the_standard_taker_calls_with_a_prise_hand_and_plays_alone_past_the_garde():
    # The points scale: alone from 36 (the garde's 34, and 2), else the king of its best suit.
    assert _choice("standard", WEAK_PRISE) == Call(card("KD"))
    assert _choice("standard", UPPER_PRISE) == Call(card("KD"))
    assert _choice("standard", GARDE_AND_MORE) == NO_CALL


def test_where_the_purchase_comes_instead_the_standard_taker_calls_only_with_a_weaker_prise():
    # A purchase counts for 4 points: 32 and more buy a card rather than call.
    assert _choice("standard", WEAK_PRISE, purchase=True) == Call(card("KD"))
    assert _choice("standard", UPPER_PRISE, purchase=True) == NO_CALL


def test_the_debutant_calls_below_its_own_garde_and_two():
    # Trumps plus two per bout: alone from 13 (its garde's 11, and 2), 10 with a purchase.
    assert _choice("debutant", WEAK_PRISE) == Call(card("KD"))
    assert _choice("debutant", GARDE_AND_MORE) == Call(card("KD"))
    assert _choice("debutant", GARDE_AND_MORE, purchase=True) == NO_CALL
    assert _choice("debutant", VERY_STRONG) == NO_CALL


def test_the_expert_searches_the_call_and_going_alone_alike():
    weak = make_bot("expert", 1, samples=8).choose(_calling(WEAK_PRISE).view(0))
    assert isinstance(weak, Call) and weak.card is not None
    assert weak.card.is_king and weak.card not in cards(WEAK_PRISE)  # a king it lacks
    assert make_bot("expert", 1, samples=8).choose(_calling(VERY_STRONG).view(0)) == NO_CALL


def test_a_garde_calls_nobody_whatever_the_hand():
    deal = deal_with({0: WEAK_PRISE}, prise_partner=True)
    bid_until(deal, 0, "garde")
    while deal.phase is Phase.BIDDING:
        deal.apply(PASS)
    assert deal.phase is Phase.ECART and deal.called is None


# ------------------------------------------------------------------ sides
CHIEN = "2D 3D 4D 5D 6D 7D"  # taken and put back: the taker's hand stays as dealt


def _prise(hands, call: str | None = "KH", taker: int = 0, **kwargs) -> Deal:
    """A prise by ``taker`` at 4 players, calling ``call`` (None: going on without a call);
    the dealer is seat 3, so seat 0 leads."""
    deal = deal_with(hands, chien=CHIEN, prise_partner=True, **kwargs)
    return to_play(deal, taker=taker, contract="prise", call=call, ecart=CHIEN)


def test_the_called_kings_holder_reads_itself_as_its_takers_partner():
    deal = _prise({0: "KH 2S"}, taker=1)
    k = Knowledge(deal.view(0))
    assert k.i_attack and k.p_partner[0] == 1.0
    assert k.p_ally(1) == 1.0  # the taker
    assert k.p_ally(2) == 0.0 and k.p_ally(3) == 0.0


def test_the_defenders_know_the_partner_once_the_called_king_falls():
    deal = _prise({0: "KH 2S", 1: "3H", 2: "QH 5H", 3: "4H"}, taker=1)
    before = Knowledge(deal.view(2))
    assert before.p_partner[0] == before.p_partner[3] == 0.5  # either may hold it
    play(deal, "KH")  # the called king opens the first trick
    k = Knowledge(deal.view(2))
    assert k.p_partner[0] == 1.0 and k.p_partner[3] == 0.0
    assert k.p_ally(0) == 0.0 and k.p_ally(1) == 0.0 and k.p_ally(3) == 1.0
    play(deal, "3H")
    assert make_bot("standard", 1).choose(deal.view(2)) == Play(card("5H"))  # no queen to the attack


def test_without_a_call_the_same_king_wins_a_fellow_defenders_trick():
    deal = _prise({0: "KH 2S", 1: "3H", 2: "QH 5H", 3: "4H"}, call=None, taker=1)
    assert deal.called is None
    play(deal, "KH 3H")
    assert make_bot("standard", 1).choose(deal.view(2)) == Play(card("QH"))  # loaded: its side's trick


def test_the_partner_loads_its_takers_sure_trick():
    hands = {0: "T21 9S", 1: "T5", 2: "KH QS 2S 3S"}
    deal = _prise(hands, voids={2: "T"})  # seat 2, the partner, holds no trump
    play(deal, "T21 T5")
    assert make_bot("standard", 1).choose(deal.view(2)) == Play(card("KH"))  # its most points
    alone = _prise(hands, call=None, voids={2: "T"})
    play(alone, "T21 T5")
    low = make_bot("standard", 1).choose(alone.view(2))
    assert isinstance(low, Play) and low.card.half_points == 1  # a defender gives the least


# ------------------------------------------------------------------ self-play
@pytest.mark.skipif(sys.platform == "emscripten", reason="300 deals: run under CPython only")
def test_300_deals_with_the_partner_of_a_prise_hold_calls_and_prises_without_and_replay():
    rules = Rules(players=4, prise_partner=True, purchase=True)  # Pagat: a call or a purchase
    choices = {"debutant": [0, 0], "standard": [0, 0]}  # per level: calls, prises without a call
    for index in range(300):
        deal = Deal.new(rules, dealer=index % 4, seed=7000 + index)
        bots = [make_bot(("debutant", "standard")[(seat + index) % 2], index * 4 + seat) for seat in range(4)]
        while (seat := deal.to_act) is not None:
            action = bots[seat].choose(deal.view(seat))
            if isinstance(action, Call):
                choices[bots[seat].level][action.card is None] += 1
            deal.apply(action, seat=seat)
        if deal.contract is Contract.PRISE:
            assert (deal.called is not None) != (deal.purchase is not None)  # one or the other
        again = Deal.from_record(deal.to_record())
        assert again.result == deal.result and again.to_record() == deal.to_record()
    for level, (calls, without) in choices.items():
        assert calls > 0 and without > 0, level
