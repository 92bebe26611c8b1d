"""The deal: hand and chien sizes, dealing order, seeds, and the redeals."""
import pytest

from tarot.actions import PASS
from tarot.cards import CARDS
from tarot.dealing import deal_cards, is_petit_sec
from tarot.rng import Rng
from tarot.rules import Rules
from tarot.state import Deal, Phase

from .helpers import cards, deal_with, refused


@pytest.mark.parametrize("players, hand, chien", [(3, 24, 6), (4, 18, 6), (5, 15, 3)])
def test_hand_and_chien_sizes(players, hand, chien):
    for seed in range(5):
        hands, dog = deal_cards(Rules(players=players), dealer=seed % players, seed=seed)
        assert [len(h) for h in hands] == [hand] * players
        assert len(dog) == chien
        assert sorted(c for h in hands + [dog] for c in h) == list(CARDS)


def _dealing_order(rules, dealer, seed):
    """The cards in the order they leave the deck, from a replay of the shuffle."""
    deck = list(CARDS)
    rng = Rng(seed)
    rng.shuffle(deck)
    return deck


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_chien_is_never_the_first_or_the_last_card_dealt(players):
    rules = Rules(players=players)
    for seed in range(40):
        hands, dog = deal_cards(rules, dealer=0, seed=seed)
        deck = _dealing_order(rules, 0, seed)
        assert deck[0] not in dog and deck[-1] not in dog
        assert set(dog) <= set(deck)


def test_cards_are_dealt_by_three_starting_right_of_the_dealer():
    rules = Rules(players=4)
    hands, dog = deal_cards(rules, dealer=2, seed=7)
    deck = [c for c in _dealing_order(rules, 2, 7) if c not in dog]
    # Seat 3 (right of dealer 2) receives the first packet, seat 0 the second...
    assert deck[0:3] == hands[3][0:3]
    assert deck[3:6] == hands[0][0:3]
    assert deck[6:9] == hands[1][0:3]
    assert deck[9:12] == hands[2][0:3]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_deal_is_reproducible_from_its_seed(players):
    a = Deal.new(Rules(players=players), dealer=1, seed=123456789)
    b = Deal.new(Rules(players=players), dealer=1, seed=123456789)
    c = Deal.new(Rules(players=players), dealer=1, seed=123456790)
    assert a.to_record() == b.to_record()
    assert a.dealt_hands != c.dealt_hands


def test_the_seeded_generator_gives_fixed_numbers():
    # SplitMix64 reference values: the same on every Python, Pyodide included.
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_a_seed_keeps_its_deal_from_one_version_to_the_next():
    # Saved seeds must keep meaning the same deal (on CPython and on Pyodide alike).
    hands, dog = deal_cards(Rules(players=4), dealer=0, seed=42)
    assert hands[1] == cards("T9 2S T4 7C T15 QH 3H 2C T1 5C QD 10H T14 3S T3 T5 9S 1D")
    assert dog == cards("QS JS 7D 2H 10C 10D")


def test_bidding_starts_right_of_the_dealer():
    for dealer in range(4):
        deal = Deal.new(Rules(players=4), dealer=dealer, seed=3)
        if deal.phase is Phase.BIDDING:
            assert deal.to_act == (dealer + 1) % 4


def test_petit_sec_is_dealt_again():
    deal = deal_with({1: "T1 KH"}, voids={1: "T"})
    assert is_petit_sec(deal.hands[1])
    assert deal.phase is Phase.DONE
    assert deal.result.to_json() == {"redeal": "petit_sec"}
    assert deal.result.petit_sec == (1,)  # its holder shows it; the record keeps only the redeal
    assert deal.to_act is None
    assert refused(deal, PASS) == "deal_over"


def test_the_petit_with_the_excuse_is_not_petit_sec():
    deal = deal_with({1: "T1 EX"}, voids={1: "T"})
    assert deal.phase is Phase.BIDDING and deal.result is None


def test_the_petit_with_another_trump_is_not_petit_sec():
    deal = deal_with({1: "T1 T2"}, voids={1: "T"})
    assert deal.phase is Phase.BIDDING


@pytest.mark.parametrize("players", [3, 4, 5])
def test_petit_sec_redeal_at_every_table_size(players):
    deal = deal_with({0: "T1"}, players=players, voids={0: "T"})
    assert deal.result.to_json() == {"redeal": "petit_sec"}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_all_pass_is_dealt_again(players):
    deal = deal_with(players=players)
    for _ in range(players):
        deal.apply(PASS)
    assert deal.phase is Phase.DONE
    assert deal.result.to_json() == {"redeal": "all_passed"}
    assert deal.to_record()["result"] == {"redeal": "all_passed"}
