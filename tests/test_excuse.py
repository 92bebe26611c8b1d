"""The Excuse: never wins a trick, stays with its side for a low card, and its last-trick cases."""
from tarot.cards import EXCUSE, EXCUSE_BIT, half_points_of

from .helpers import card, deal_with, play, play_keeping, to_play

# The taker (seat 0, garde sans) holds the Excuse and trumps T4..T20; seat 1 holds the 21.
TAKER_EX = "EX T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20"


def _side_points(deal, side):
    """Half points in a side's tricks (and the chien or écart when it is theirs), before any exchange."""
    return half_points_of(deal.piles[side])


def test_the_excuse_never_wins_a_trick():
    deal = to_play(deal_with({0: "2H", 1: "EX", 2: "3H", 3: "4H"}, voids={1: "H"}), contract="garde_sans")
    play(deal, "2H EX 3H 4H")
    assert deal.tricks[0].winner == 3


def test_the_excuse_stays_with_its_side_which_gives_a_low_card_in_exchange_even_from_a_later_trick():
    # Seat 1 (defence) plays the Excuse on the first trick, which the taker wins: the defence
    # has no trick yet. It wins one later, and gives a low card for the Excuse then.
    deal = deal_with({0: "KH 2S", 1: "EX KS", 2: "3H", 3: "4H"}, voids={1: "H"})
    to_play(deal, taker=0, contract="garde_sans")
    play(deal, "KH EX 3H 4H")  # the taker wins the Excuse's trick
    play(deal, "2S KS")  # seat 1 will win this trick with the king of spades
    play_keeping(deal)
    assert deal.tricks[0].winner == 0 and deal.tricks[1].winner == 1
    assert deal.piles[0] & EXCUSE_BIT  # the Excuse is back with the defence
    # The attack receives a low card (half a point) for it:
    assert deal.card_points[1] == _side_points(deal, 1) + 1
    assert sum(deal.card_points) == 182


def test_the_excuse_goes_to_the_other_side_when_its_side_wins_no_trick():
    # The taker wins every trick; the defence played the Excuse early: it cannot get it back.
    deal = deal_with({0: "T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 KH", 1: "EX"})
    to_play(deal, taker=0, contract="garde_sans")
    play_keeping(deal)
    assert deal.side_tricks == [0, 18]
    excuse_trick = next(t for t in deal.tricks if EXCUSE in t.cards)
    assert excuse_trick is not deal.tricks[-1]
    assert deal.piles[1] & EXCUSE_BIT
    assert deal.card_points == (0, 182)
    assert deal.result["bouts"] == 3


def test_the_attack_excuse_goes_to_the_defence_when_the_attack_wins_no_trick():
    # Seat 1 (defence) holds every trump from T1 to T18 and wins every trick; the taker's
    # Excuse is played on one of them and goes to the defence.
    deal = deal_with({1: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18", 0: "EX"},
                     chien="T19 T20 T21 1S 2S 3S")
    to_play(deal, taker=0, contract="garde_sans")
    play_keeping(deal)
    assert deal.side_tricks == [18, 0]
    assert deal.piles[0] & EXCUSE_BIT
    assert deal.result["chelem"] == "defense"


def test_the_excuse_played_in_the_last_trick_goes_to_the_trick_winners():
    deal = deal_with({0: TAKER_EX, 1: "T21"}, voids={1: "T"})
    to_play(deal, taker=0, contract="garde_sans")
    play_keeping(deal, keep={0: "EX"})
    first, last = deal.tricks[0], deal.tricks[-1]
    assert first.winner == 1  # the 21 beats the 20: the defence has a trick, no chelem
    assert last.cards[0] == card("EX") and last.leader == 0 and last.winner != 0
    assert deal.piles[0] & EXCUSE_BIT  # the attack loses its Excuse
    assert deal.card_points[1] == _side_points(deal, 1)  # no exchange
    assert deal.result["chelem"] is None


def test_in_a_chelem_the_excuse_led_to_the_last_trick_wins_it():
    deal = deal_with({0: "EX T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"})
    to_play(deal, taker=0, contract="garde_sans", chelem=True)
    play_keeping(deal, keep={0: "EX"})
    last = deal.tricks[-1]
    assert last.cards[0] == card("EX") and last.winner == 0
    assert deal.side_tricks == [0, 18]
    assert deal.piles[1] & EXCUSE_BIT
    assert deal.result["chelem"] == "announced_made"
    assert deal.result["bouts"] == 3 and deal.card_points == (0, 182)


def test_the_excuse_led_to_the_last_trick_also_wins_an_unannounced_chelem():
    deal = deal_with({0: "EX T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"})
    to_play(deal, taker=0, contract="garde_sans", chelem=False)
    play_keeping(deal, keep={0: "EX"})
    assert deal.tricks[-1].winner == 0
    assert deal.result["chelem"] == "unannounced_made"


def test_the_defence_taking_every_trick_wins_the_last_with_its_excuse():
    deal = deal_with({1: "EX T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17"},
                     chien="T18 T19 T20 T21 1S 2S")
    to_play(deal, taker=0, contract="garde_sans")
    play_keeping(deal, keep={1: "EX"})
    last = deal.tricks[-1]
    assert last.leader == 1 and last.cards[0] == EXCUSE and last.winner == 1
    assert deal.side_tricks == [18, 0]
    assert deal.result["chelem"] == "defense"
