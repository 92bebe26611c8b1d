"""The 78 cards, their notation and their points."""
import pytest

from tarot.cards import (BOUTS, CARDS, EXCUSE, HALF_POINTS, PETIT, TRUMPS, VINGT_ET_UN, cards_of,
                         half_points_of, mask_of, parse_card, parse_cards, sort_for_hand)
from tarot.i18n import card_name

from .helpers import cards


def test_there_are_78_cards_with_distinct_notations():
    assert len(CARDS) == 78
    assert len({str(c) for c in CARDS}) == 78


def test_notation_of_suit_cards_trumps_and_the_excuse():
    assert [str(c) for c in CARDS[:14]] == ["1S", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S",
                                           "10S", "JS", "NS", "QS", "KS"]
    assert str(CARDS[14 + 13]) == "KH" and str(CARDS[2 * 14 + 11]) == "ND" and str(CARDS[3 * 14]) == "1C"
    assert [str(c) for c in CARDS[56:77]] == [f"T{n}" for n in range(1, 22)]
    assert str(CARDS[77]) == "EX"


def test_every_notation_parses_back_to_its_card():
    for c in CARDS:
        assert parse_card(str(c)) == c
        assert type(parse_card(str(c))).__name__ == "Card"


@pytest.mark.parametrize("token", ["kh", "Kh", "T0", "T22", "t1", "ex", "Ex", "11S", "0S", "KX",
                                   " KH", "KH ", "", "T01", "1", 77, None, ["KH"]])
def test_parsing_is_strict_and_names_the_bad_token(token):
    with pytest.raises(ValueError) as err:
        parse_card(token)
    assert repr(token) in str(err.value)


def test_parse_cards_names_the_first_bad_token():
    with pytest.raises(ValueError, match="'XX'"):
        parse_cards(["KH", "XX", "T1"])


def test_the_bouts_are_the_petit_the_21_and_the_excuse():
    assert set(cards_of(BOUTS)) == {PETIT, VINGT_ET_UN, EXCUSE}
    assert (str(PETIT), str(VINGT_ET_UN), str(EXCUSE)) == ("T1", "T21", "EX")
    assert [c for c in CARDS if c.is_bout] == cards("T1 T21 EX")


@pytest.mark.parametrize("text, points", [
    ("KS", 4.5), ("KH", 4.5), ("KD", 4.5), ("KC", 4.5),
    ("T1", 4.5), ("T21", 4.5), ("EX", 4.5),
    ("QS", 3.5), ("QC", 3.5), ("NH", 2.5), ("ND", 2.5), ("JS", 1.5), ("JD", 1.5),
    ("1S", 0.5), ("10H", 0.5), ("7D", 0.5), ("T2", 0.5), ("T20", 0.5),
])
def test_card_points(text, points):
    assert parse_card(text).points == points
    assert HALF_POINTS[parse_card(text)] == 2 * points


def test_the_deck_holds_91_points():
    assert sum(c.points for c in CARDS) == 91
    assert sum(HALF_POINTS) == 182
    assert half_points_of(mask_of(CARDS)) == 182


@pytest.mark.parametrize("text", ["KH QH NH JH 10H", "T1 T21 EX", "QS JD 1C T2", ""])
def test_a_pile_counts_the_points_of_its_cards(text):
    pile = cards(text)
    assert half_points_of(mask_of(pile)) == sum(HALF_POINTS[c] for c in pile)


def test_trumps_are_T1_to_T21_and_the_excuse_is_not_a_trump():
    assert cards_of(TRUMPS) == [parse_card(f"T{n}") for n in range(1, 22)]
    assert not EXCUSE.is_trump and PETIT.is_trump
    assert EXCUSE.suit == -1 and PETIT.suit == 4 and parse_card("KH").suit == 1


def test_masks_and_card_lists_convert_both_ways():
    hand = cards("KH T1 EX 1S")
    assert cards_of(mask_of(hand)) == sorted(hand)


def test_a_hand_is_shown_trumps_high_to_low_and_excuse_then_suits_king_first():
    shown = sort_for_hand(cards("1S KS T1 EX T21 7H 2C KD"))
    assert [str(c) for c in shown] == ["T21", "T1", "EX", "KS", "1S", "7H", "2C", "KD"]


@pytest.mark.parametrize("text, fr, en", [
    ("KH", "Roi de cœur", "King of hearts"),
    ("T1", "Petit", "the Petit"),
    ("EX", "Excuse", "the Excuse"),
    ("T21", "21 d'atout", "trump 21"),
    ("NC", "Cavalier de trèfle", "Knight of clubs"),
    ("1S", "As de pique", "Ace of spades"),
])
def test_card_names(text, fr, en):
    assert card_name(parse_card(text), "fr") == fr
    assert card_name(parse_card(text), "en") == en
