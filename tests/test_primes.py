"""The older French rules' primes: misères, primes paid player by player, and the
points rounded to ten; and Pagat's poignée of a defender counted against the taker."""
import pytest

from tarot.actions import Misere, Poignee
from tarot.rules import Contract, Rules
from tarot.scoring import round_to_ten, score_deal

from .helpers import cards, deal_with, play_keeping, refused, to_play

STRONG = "T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"
PIPS = "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H 8H"


def _won_by_the_taker(declare=None, **options):
    """Seat 0 takes a garde with every high trump and wins every trick; seat 1 holds no trump
    and no face card; ``declare`` is what seat 1 declares before its first card."""
    deal = deal_with({0: STRONG, 1: PIPS}, chien="1D 2D 3D 4D 5D 6D", misere=True, **options)
    to_play(deal, taker=0, contract="garde", ecart="1D 2D 3D 4D 5D 6D")
    deal.apply(deal.legal_actions()[0])  # seat 0 leads
    if declare is not None:
        deal.apply(declare)
    play_keeping(deal)
    assert deal.result.made
    return deal.result


def test_an_honour_misere_is_refused_for_a_hand_with_a_bout():
    # "Pas d'honneur, ni tête ni bout": no face card and no Petit, 21 or Excuse.
    deal = deal_with({0: "EX 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H"}, misere=True)
    to_play(deal, taker=1, contract="garde_sans")
    assert refused(deal, Misere("tetes")) == "misere_tetes_bout"
    assert "Excuse" in deal.why_not(Misere("tetes")).explain("fr")


def test_an_honour_misere_is_accepted_without_face_card_or_bout():
    deal = deal_with({0: PIPS}, misere=True, voids={0: "T"})
    to_play(deal, taker=1, contract="garde_sans")
    assert deal.can(Misere("tetes"))


def test_a_misere_is_paid_by_its_declarer_when_his_side_loses():
    plain = _won_by_the_taker()
    misere = _won_by_the_taker(Misere("atout"))
    # Seat 1's side (the defence) loses: seat 1 pays 10 to each other player, never multiplied.
    assert [a - b for a, b in zip(misere.scores, plain.scores)] == [10, -30, 10, 10]


def test_a_misere_is_paid_to_its_declarer_when_his_side_wins():
    deal = deal_with({1: STRONG, 0: PIPS}, chien="1D 2D 3D 4D 5D 6D", misere=True)
    to_play(deal, taker=0, contract="prise", ecart="1D 2D 3D 4D 5D 6D")
    deal.apply(Misere("atout"))
    play_keeping(deal)
    assert not deal.result.made
    plain = deal_with({1: STRONG, 0: PIPS}, chien="1D 2D 3D 4D 5D 6D", misere=True)
    to_play(plain, taker=0, contract="prise", ecart="1D 2D 3D 4D 5D 6D")
    play_keeping(plain)
    # The misère's declarer is the taker, whose side loses: he pays 10 to each other player.
    assert [a - b for a, b in zip(deal.result.scores, plain.result.scores)] == [-30, 10, 10, 10]


def _taker_wins_showing(poignee: bool, **options):
    deal = deal_with({0: STRONG, 2: "T1 T2 T3"}, chien="1D 2D 3D 4D 5D 6D", **options)
    to_play(deal, taker=0, contract="garde", ecart="1D 2D 3D 4D 5D 6D")
    if poignee:
        deal.apply(Poignee(tuple(cards("T4 T5 T6 T7 T8 T9 T10 T11 T12 T13"))))  # a simple poignée
    play_keeping(deal)
    assert deal.result.made
    return deal.result


def test_with_individual_primes_a_poignee_is_paid_to_the_player_who_showed_it():
    shown, plain = _taker_wins_showing(True, individual_primes=True), _taker_wins_showing(False, individual_primes=True)
    # His side wins: he receives 20 from each other player (not 20 per defender by side).
    assert [a - b for a, b in zip(shown.scores, plain.scores)] == [60, -20, -20, -20]
    assert shown.score.poignees == 0 and shown.primes[0].won


def test_without_individual_primes_a_poignee_goes_to_the_winning_side():
    shown, plain = _taker_wins_showing(True), _taker_wins_showing(False)
    assert [a - b for a, b in zip(shown.scores, plain.scores)] == [60, -20, -20, -20]
    assert shown.score.poignees == 20 and not shown.primes


def _defender_shows(show: bool, **options):
    """Seat 0 makes a garde; seat 2 (defence) may show a simple poignée."""
    layout = {0: "T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 KS KH KD KC QS QH QD QC",
              2: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 1C 2C 3C 4C 5C 6C 7C 8C"}
    deal = deal_with(layout, chien="1D 2D 3D 4D 5D 6D", **options)
    to_play(deal, taker=0, contract="garde", ecart="1D 2D 3D 4D 5D 6D")
    deal.apply(deal.legal_actions()[0])  # seat 0 leads
    deal.apply(deal.legal_actions()[0])  # seat 1 follows
    if show:
        deal.apply(Poignee(tuple(cards("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10"))))
    play_keeping(deal)
    assert deal.result.made
    return deal.result


@pytest.mark.parametrize("against_taker, per_defender", [(False, +20), (True, -20)])
def test_a_defenders_poignee_goes_to_the_winner_or_with_pagat_against_the_taker(against_taker, per_defender):
    shown = _defender_shows(True, handful_against_taker=against_taker)
    plain = _defender_shows(False, handful_against_taker=against_taker)
    change = [a - b for a, b in zip(shown.scores, plain.scores)]
    assert change == [3 * per_defender, -per_defender, -per_defender, -per_defender]


@pytest.mark.parametrize("points, rounded", [(0, 0), (4, 0), (5, 10), (14, 10), (15, 20), (46, 50)])
def test_round_to_ten_takes_the_nearest_ten_a_5_up(points, rounded):
    assert round_to_ten(points) == rounded


def test_round_to_ten_rounds_the_points_before_the_25_is_added():
    rules = Rules(players=4, round_to_ten=True)
    # 47 points with 2 bouts: made by 6, rounded to 10: (25 + 10) x 2 = 70 per defender.
    score = score_deal(rules, Contract.GARDE, 2 * 47, 2)
    assert (score.difference, score.base, score.per_defender, score.taker) == (10, 70, 70, 210)
    assert score.unrounded == 6  # as the cards fell, for the count written out
    # Failed by 4 (37 against 41): rounded to 0: (25 + 0) x 2 = 50, paid by the taker.
    score = score_deal(rules, Contract.GARDE, 2 * 37, 2)
    assert (score.made, score.difference, score.per_defender) == (False, 0, -50)
