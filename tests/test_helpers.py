"""The deal builder the rule examples rely on."""
import pytest

from tarot.cards import CARDS
from tarot.dealing import is_petit_sec

from .helpers import cards, deal_with, layout


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_builder_deals_every_card_once_with_the_given_cards_in_place(players):
    hands, chien = layout(players, {0: "KH T1", 2: "EX"}, chien=None)
    assert sorted(c for h in hands + [chien] for c in h) == list(CARDS)
    assert set(cards("KH T1")) <= set(hands[0]) and cards("EX")[0] in hands[2]


def test_the_builder_respects_voids_and_a_given_chien():
    hands, chien = layout(4, {1: "7H"}, chien="1S 2S 3S 4S 5S 6S", voids={1: "HT", 3: "S"})
    assert chien == cards("1S 2S 3S 4S 5S 6S")
    assert [str(c) for c in hands[1] if str(c).endswith("H") or c.is_trump or str(c) == "EX"] == ["7H"]
    assert not any(str(c).endswith("S") for c in hands[3])


def test_the_builder_never_makes_a_petit_sec_by_itself():
    for seat in range(4):
        for voids in ({}, {seat: "S"}, {seat: "SH"}):
            hands, _ = layout(4, {seat: "T1"}, voids=voids)
            assert not any(is_petit_sec(h) for h in hands)


def test_the_builder_is_deterministic():
    assert layout(5, {0: "KH"}) == layout(5, {0: "KH"})


def test_the_builder_refuses_impossible_hands():
    with pytest.raises(ValueError):
        layout(4, {0: "KH", 1: "KH"})
    with pytest.raises(ValueError):
        deal_with({0: " ".join(str(c) for c in CARDS[:19])})
