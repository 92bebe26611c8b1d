"""Petit au bout: the Petit in the last trick earns 10 x multiplier to the side winning that trick."""
from tarot.cards import PETIT

from tarot.rules import Contract, Rules
from tarot.scoring import score_deal

from .helpers import card, deal_with, play, play_keeping, to_play


def test_the_petit_won_in_the_last_trick_by_the_attack():
    deal = deal_with({0: "T1 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"})
    to_play(deal, taker=0, contract="garde")
    play_keeping(deal, keep={0: "T1"})
    last = deal.tricks[-1]
    assert PETIT in last.cards and last.winner == 0
    assert deal.result.petit_au_bout == "attack"
    assert deal.result.score.petit_au_bout == 10 * 2  # garde: 10 x 2 per defender


def test_the_petit_captured_in_the_last_trick_goes_to_the_defence():
    # Seat 1 holds T1..T18 and wins every trick; it leads its Petit to the last one.
    deal = deal_with({1: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18"},
                     chien="T19 T20 T21 EX 1S 2S")
    to_play(deal, taker=0, contract="garde_sans")
    play_keeping(deal, keep={1: "T1"})
    last = deal.tricks[-1]
    assert last.cards[0] == PETIT and last.winner == 1
    assert deal.result.petit_au_bout == "defense"
    assert deal.result.score.petit_au_bout == -10 * 4


def test_petit_au_bout_counts_for_its_side_whoever_wins_the_deal():
    # Garde, 1 bout, the attack makes 45 of 51 (lost by 6) but brings the Petit au bout:
    # per defender -(25 + 6) x 2 + 10 x 2 = -62 + 20 = -42; taker 3 x -42 = -126.
    score = score_deal(Rules(players=4), Contract.GARDE, 90, 1, petit_au_bout="attack")
    assert not score.made
    assert score.petit_au_bout == 20 and score.per_defender == -42
    assert (score.taker, score.defender) == (-126, 42)
    # Prise made by 10 with 2 bouts (51 of 41), the defence took the Petit au bout:
    # per defender (25 + 10) x 1 - 10 = 25; taker 3 x 25 = 75.
    score = score_deal(Rules(players=4), Contract.PRISE, 102, 2, petit_au_bout="defense")
    assert score.made and score.per_defender == 25 and score.taker == 75


def test_no_petit_au_bout_when_the_petit_falls_earlier():
    deal = deal_with({0: "T1 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"})
    to_play(deal, taker=0, contract="garde")
    play(deal, "T1")
    play_keeping(deal)
    assert PETIT not in deal.tricks[-1].cards
    assert deal.result.petit_au_bout is None


def test_in_a_chelem_ending_with_the_excuse_the_petit_may_be_au_bout_in_the_trick_before():
    deal = deal_with({0: "EX T1 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"})
    to_play(deal, taker=0, contract="garde_sans", chelem=True)
    play_keeping(deal, keep={0: "EX T1"}, tricks_left=2)
    play(deal, "T1")
    play_keeping(deal, keep={0: "EX"}, tricks_left=1)
    play(deal, "EX")
    play_keeping(deal)
    before_last, last = deal.tricks[-2], deal.tricks[-1]
    assert before_last.cards[0] == PETIT and before_last.winner == 0
    assert last.cards[0] == card("EX") and last.winner == 0
    assert deal.result.chelem == "announced_made"
    assert deal.result.petit_au_bout == "attack"


def test_a_defence_making_every_trick_may_bring_the_petit_au_bout_before_its_excuse():
    deal = deal_with({1: "EX T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17"},
                     chien="T18 T19 T20 T21 1S 2S")
    to_play(deal, taker=0, contract="garde_sans")
    play_keeping(deal, keep={1: "EX T1"}, tricks_left=2)
    play(deal, "T1")
    play_keeping(deal, keep={1: "EX"}, tricks_left=1)
    play(deal, "EX")
    play_keeping(deal)
    before_last, last = deal.tricks[-2], deal.tricks[-1]
    assert before_last.cards[0] == PETIT and before_last.winner == 1
    assert last.cards[0] == card("EX") and last.winner == 1
    assert deal.result.chelem == "defense"
    assert deal.result.petit_au_bout == "defense"


def test_the_petit_in_the_trick_before_last_is_not_au_bout_without_the_chelem_excuse():
    deal = deal_with({0: "EX T1 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20", 1: "T21"},
                     voids={1: "T"})
    to_play(deal, taker=0, contract="garde_sans")
    play_keeping(deal, keep={0: "EX T1"}, tricks_left=2)
    play(deal, "T1")
    play_keeping(deal, tricks_left=0)
    assert deal.tricks[0].winner == 1  # the defence has a trick: no chelem
    assert PETIT in deal.tricks[-2].cards and deal.tricks[-1].cards[0] == card("EX")
    assert deal.result.petit_au_bout is None
