"""The bidding aid: the points scale item by item adds up to the Standard bot's own count."""
import doctest

import pytest

import tarot.teaching.strength
from tarot.bots.evaluation import hand_points
from tarot.cards import CARDS, mask_of
from tarot.rng import Rng
from tarot.rules import Contract, Rules
from tarot.teaching.strength import CODES, items, suggestion
from tarot.words import catalogue

from .helpers import cards


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_items_add_up_to_the_scale_on_many_hands(players):
    rng = Rng(players)
    size = Rules(players=players).hand_size
    for _ in range(400):
        hand = rng.sample(list(CARDS), size)
        assert sum(i.points for i in items(hand, players)) == hand_points(mask_of(hand), players)


def test_the_bouts_and_the_petit_with_its_trumps_are_counted_first():
    listed = [(i.code, i.points) for i in items(cards("T21 EX T1 T5 T8 KH QH 2S"), 4)]
    assert listed[:3] == [("vingt_et_un", 8), ("excuse", 8), ("petit", 5)]
    assert ("king", 3) in listed and ("mariage", 3) in listed


def test_a_strong_hand_suggests_a_garde_and_a_weak_one_a_pass():
    strong = cards("T21 EX T1 T20 T19 T18 T17 T16 T15 T14 KH QH KS KD KC 2C 3C 4C")
    assert suggestion(strong, 4)[0] is Contract.GARDE_CONTRE
    weak = cards("2H 3H 4H 5H 6H 2S 3S 4S 5S 6S 2D 3D 4D 5D 6D 2C 3C 4C")
    assert suggestion(weak, 4) == (None, 29)


def test_every_item_has_both_languages():
    for code in CODES:
        fr, en = (catalogue(lang)[f"strength_{code}"] for lang in ("fr", "en"))
        assert fr and en and fr != en, code


def test_the_example_runs():
    assert doctest.testmod(tarot.teaching.strength).failed == 0


def test_a_single_trump_is_counted_in_the_singular():
    said = {i.code: i.words("fr") for i in items(cards("T21 T18 T1 T5 KH QH 2S 3S"), 4)}
    assert said["major_trumps"] == "1 gros atout (16 à 20)"
    assert said["petit"] == "Le Petit, gardé par 3 atouts"
    english = {i.code: i.words("en") for i in items(cards("T17 2S 3S KH"), 4)}
    assert english["trumps"] == "1 trump (2 points each)" and english["major_trumps"] == "1 major trump (16 to 20)"
