"""Chelem: announced by the taker before the first card (the taker then leads), made or not."""
from tarot.actions import PASS, Chelem
from tarot.state import Phase

from .helpers import bid_until, deal_with, play_keeping, refused, to_play

ALL_TRUMPS_BUT_FOUR = "EX T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"


def _at_chelem(taker=2, contract="garde_sans", players=4, hands=None):
    deal = bid_until(deal_with(hands or {}, players=players), taker, contract)
    while deal.phase is Phase.BIDDING:
        deal.apply(PASS)
    assert deal.phase is Phase.CHELEM and deal.to_act == taker
    return deal


def test_the_taker_is_asked_about_a_chelem_before_the_first_card():
    deal = _at_chelem()
    assert deal.legal_actions() == [Chelem(False), Chelem(True)]


def test_a_chelem_announced_makes_the_taker_lead():
    deal = _at_chelem(taker=2)
    deal.apply(Chelem(True))
    assert deal.phase is Phase.PLAY
    assert deal.chelem_announced and deal.to_act == 2 and deal.leader == 2
    assert all(deal.view(s).chelem_announced for s in range(4))


def test_without_a_chelem_the_dealers_right_leads():
    deal = _at_chelem(taker=2)
    deal.apply(Chelem(False))
    assert deal.to_act == 0 and not deal.chelem_announced


def _at_chelem_5(taker):
    from tarot.actions import Call
    deal = bid_until(deal_with(players=5), taker, "garde_contre")
    while deal.phase is Phase.BIDDING:
        deal.apply(PASS)
    deal.apply(Call(deal.callable_cards()[0]))
    return deal


def test_a_chelem_is_announced_after_the_ecart():
    deal = bid_until(deal_with(chien="1S 2S 3S 4S 5S 6S"), 1, "prise")
    while deal.phase is Phase.BIDDING:
        deal.apply(PASS)
    assert deal.phase is Phase.ECART
    assert refused(deal, Chelem(True)) == "wrong_phase"


def test_a_chelem_announcement_that_is_not_yes_or_no_is_refused():
    deal = _at_chelem()
    assert refused(deal, Chelem("yes")) == "not_an_action"


def test_a_chelem_announced_and_made():
    deal = deal_with({0: ALL_TRUMPS_BUT_FOUR})
    to_play(deal, taker=0, contract="garde_sans", chelem=True)
    play_keeping(deal, keep={0: "EX"})
    assert deal.result.chelem == "announced_made"
    assert deal.result.score.chelem == 400


def test_a_chelem_announced_and_failed():
    deal = deal_with({0: "EX T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20", 1: "T21"},
                     voids={1: "T"})
    to_play(deal, taker=0, contract="garde_sans", chelem=True)
    play_keeping(deal, keep={0: "EX"})
    assert deal.side_tricks[0] >= 1
    assert deal.result.chelem == "announced_failed"
    assert deal.result.score.chelem == -200


def test_a_chelem_made_without_announcement():
    deal = deal_with({0: ALL_TRUMPS_BUT_FOUR})
    to_play(deal, taker=0, contract="garde_sans")
    play_keeping(deal, keep={0: "EX"})
    assert deal.result.chelem == "unannounced_made"
    assert deal.result.score.chelem == 200


def test_the_defence_taking_every_trick_earns_the_chelem_bonus():
    deal = deal_with({1: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18"},
                     chien="T19 T20 T21 EX 1S 2S")
    to_play(deal, taker=0, contract="garde_sans")
    play_keeping(deal)
    assert deal.side_tricks == [18, 0]
    assert deal.result.chelem == "defense"
    assert deal.result.score.chelem == -200  # 200 for each defender, paid by the attack


def test_five_players_chelem_announced_makes_the_taker_lead():
    deal = _at_chelem_5(taker=3)
    deal.apply(Chelem(True))
    assert deal.to_act == 3 and deal.leader == 3
