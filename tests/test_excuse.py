"""The Excuse: never wins a trick, stays with its side for a low card, and its last-trick cases."""
import pytest

from tarot.cards import EXCUSE, EXCUSE_BIT, half_points_of, mask_of

from .helpers import card, cards, deal_with, play, play_keeping, to_play

# The taker (seat 0, garde sans) holds the Excuse and trumps T4..T20; seat 1 holds the 21.
TAKER_EX = "EX T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20"


def _side_points(deal, side):
    """Half points in a side's tricks (and the chien or écart when it is theirs), before any exchange."""
    return half_points_of(deal.result.piles[side])


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
    assert deal.result.piles[0] & EXCUSE_BIT  # the Excuse is back with the defence
    # The attack receives a low card (half a point) for it:
    assert deal.result.card_points[1] == _side_points(deal, 1) + 1
    assert sum(deal.result.card_points) == 182


def _strongest(players: int) -> str:
    """A hand that wins every trick it leads: the highest trumps (and kings at 3 players)."""
    size = {3: 24, 4: 18, 5: 15}[players]
    trumps = [f"T{r}" for r in range(21, max(0, 21 - size), -1)]
    return " ".join(trumps + ["KS", "KH", "KD"][: size - len(trumps)])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_defence_that_wins_no_trick_keeps_the_excuse_it_played_for_4_points(players):
    # The taker (seat 0) wins every trick; seat 1 (defence) plays the Excuse early. The
    # defence keeps it, 4 points and a bout: the attack counts 87 points and 2 bouts.
    hands = {0: _strongest(players), 1: "EX"}
    if players == 5:
        hands[2] = "KC"  # the called king: seat 2 is the partner
    deal = deal_with(hands, players=players)
    to_play(deal, taker=0, contract="garde_sans", call="KC" if players == 5 else None)
    play_keeping(deal)
    excuse_trick = next(t for t in deal.tricks if EXCUSE in t.cards)
    assert excuse_trick is not deal.tricks[-1] and deal.side_tricks[0] == 0
    assert deal.result.piles[0] == EXCUSE_BIT  # the defence ends with the Excuse alone
    assert (deal.result.points, deal.result.bouts) == (87, 2)
    assert deal.result.chelem == "unannounced_made"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_an_attack_that_wins_no_trick_keeps_the_excuse_it_played_for_4_points(players):
    # Garde sans: seat 1 (defence) wins every trick; the taker plays the Excuse. The attack
    # keeps it: the chien and 4 points, one bout.
    chien = "1S 2S 3S 4S 5S 6S" if players < 5 else "1S 2S 3S"
    hands = {1: _strongest(players), 0: "EX"}
    if players == 5:
        hands[2] = "KC"  # the called king: seat 2, who wins no trick either, is the partner
    deal = deal_with(hands, players=players, chien=chien, voids={0: "T", 2: "T"})
    to_play(deal, taker=0, contract="garde_sans", call="KC" if players == 5 else None)
    play_keeping(deal)
    assert deal.side_tricks[1] == 0
    assert deal.result.piles[1] == EXCUSE_BIT | mask_of(cards(chien))
    chien_points = len(cards(chien)) / 2
    assert (deal.result.points, deal.result.bouts) == (chien_points + 4, 1)
    assert deal.result.chelem == "defense"


def test_the_excuse_played_in_the_last_trick_goes_to_the_trick_winners():
    deal = deal_with({0: TAKER_EX, 1: "T21"}, voids={1: "T"})
    to_play(deal, taker=0, contract="garde_sans")
    play_keeping(deal, keep={0: "EX"})
    first, last = deal.tricks[0], deal.tricks[-1]
    assert first.winner == 1  # the 21 beats the 20: the defence has a trick, no chelem
    assert last.cards[0] == card("EX") and last.leader == 0 and last.winner != 0
    assert deal.result.piles[0] & EXCUSE_BIT  # the attack loses its Excuse
    assert deal.result.card_points[1] == _side_points(deal, 1)  # no exchange
    assert deal.result.chelem is None


def test_in_a_chelem_the_excuse_led_to_the_last_trick_wins_it():
    deal = deal_with({0: "EX T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"})
    to_play(deal, taker=0, contract="garde_sans", chelem=True)
    play_keeping(deal, keep={0: "EX"})
    last = deal.tricks[-1]
    assert last.cards[0] == card("EX") and last.winner == 0
    assert deal.side_tricks == [0, 18]
    assert deal.result.piles[1] & EXCUSE_BIT
    assert deal.result.chelem == "announced_made"
    assert deal.result.bouts == 3 and deal.result.card_points == (0, 182)


def test_the_excuse_led_to_the_last_trick_also_wins_an_unannounced_chelem():
    deal = deal_with({0: "EX T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"})
    to_play(deal, taker=0, contract="garde_sans", chelem=False)
    play_keeping(deal, keep={0: "EX"})
    assert deal.tricks[-1].winner == 0
    assert deal.result.chelem == "unannounced_made"


def test_the_defence_taking_every_trick_wins_the_last_with_its_excuse():
    deal = deal_with({1: "EX T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17"},
                     chien="T18 T19 T20 T21 1S 2S")
    to_play(deal, taker=0, contract="garde_sans")
    play_keeping(deal, keep={1: "EX"})
    last = deal.tricks[-1]
    assert last.leader == 1 and last.cards[0] == EXCUSE and last.winner == 1
    assert deal.side_tricks == [18, 0]
    assert deal.result.chelem == "defense"
