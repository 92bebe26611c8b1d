"""The Expert plays clean cards: where a club player would laugh at a card and a
cleaner one is allowed, the Expert plays the cleaner one."""
import pytest

from tarot.tools.blunders import scan_selfplay
from tarot.actions import Play
from tarot.bots import expert, make_bot
from tarot.bots.clean import FLAWS
from tarot.bots.expert import ExpertBot, distinct_cards, king_is_safe, petit_is_safe
from tarot.bots.knowledge import Knowledge
from tarot.bots.play import choose_card
from tarot.rules import Rules
from tarot.state import Deal

from .helpers import card, deal_with, play, to_play
from .test_bots_standard import position

JUDGED_AT_THE_CARD = FLAWS  # the blunders judged from the seat's knowledge


def expert_card(deal):
    """The card an Expert with a small budget plays for the seat to act."""
    action = ExpertBot(seed=3, samples=8).choose(deal.view(deal.to_act))
    return str(action.card)


def test_the_expert_keeps_its_partners_sure_trick_with_its_small_trump():
    deal = position({0: "7H 2S", 1: "KH 3S", 2: "T5 4S", 3: "T20 T6"}, taker=0, leader=0)
    play(deal, "7H KH T5")
    assert expert_card(deal) == "T6"


def test_the_expert_takes_a_sure_trick_with_its_cheapest_trump():
    deal = position({0: "7H 2S", 1: "KH 3S", 2: "2H 4S", 3: "T18 T6"}, taker=1, leader=0)
    play(deal, "7H KH 2H")
    assert expert_card(deal) == "T6"


def test_a_defending_expert_gives_no_queen_to_the_takers_sure_trick():
    deal = position({0: "T21 2S", 1: "QS 2H", 2: "3S 4S", 3: "5S 6S"}, taker=0, leader=0)
    play(deal, "T21")
    assert expert_card(deal) == "2H"


def test_the_expert_does_not_play_its_petit_under_the_takers_trump():
    deal = position({0: "T10 2S", 1: "T1 T3", 2: "3S 4S", 3: "5S 6S"}, taker=0, leader=0)
    play(deal, "T10")
    assert expert_card(deal) == "T3"


def test_the_expert_cuts_with_its_petit_where_the_book_does():
    # Void in spades with three trumps, the taker cuts the first spade with the Petit:
    # both seats after it most likely follow, and a Petit held on to is caught later.
    taker = "T1 T4 T9 KH QH 5H 2H KD 9D 6D 3D KC NC 8C 6C 4C 2C 1C"
    deal = to_play(deal_with({0: "KS", 1: taker}), taker=1, contract="garde_sans")
    play(deal, "KS")
    assert choose_card(Knowledge(deal.view(1)), deal.legal_cards_mask(1)) == card("T1")  # the book
    assert expert_card(deal) == "T1"


def test_a_defending_expert_leads_no_false_signal():
    # Spades 2 to 6 and hearts 7, 8: a low spade would promise the king or queen.
    deal = position({0: "KS QS JS 9S 8S", 1: "2S 3S 4S 5S 6S", 2: "7H 8H 9H 10H JH",
                     3: "2D 3D 4D 5D 6D"}, taker=0, leader=1)
    assert expert_card(deal) not in ("2S", "3S", "4S", "5S")


def test_a_run_of_trumps_is_led_by_the_card_of_the_right_parity():
    # T7 T8 T9 play the same; with three trumps the first one led is even.
    deal = position({0: "T10 T11 T12", 1: "T7 T8 T9", 2: "2S 3S 4S", 3: "2H 3H 4H"}, taker=0, leader=1)
    assert distinct_cards(Knowledge(deal.view(1)), deal.legal_cards_mask()) == [card("T7")]
    assert expert_card(deal) == "T8"


def test_a_king_is_safe_when_every_seat_against_holds_its_suit_or_no_trump():
    deal = position({0: "KS 2H", 1: "3S T5", 2: "4S 5H", 3: "5S 6H"}, taker=0, leader=0)
    assert king_is_safe(deal, 0, card("KS"))
    deal = position({0: "KS 2H", 1: "3H T5", 2: "4S 5H", 3: "5S 6H"}, taker=0, leader=0)
    assert not king_is_safe(deal, 0, card("KS"))  # seat 1 cuts it
    deal = position({0: "KS 2H", 1: "3H 4H", 2: "4S 5H", 3: "5S 6H"}, taker=0, leader=0)
    assert king_is_safe(deal, 0, card("KS"))  # void, but no trump to cut with


def test_a_defender_cashes_the_king_the_book_leads_while_the_taker_likely_follows():
    hand = "KS 2H 3H 4H 5H 6H 7H 8H 9H 10H 2D 3D 4D 5D T2 T3 T4 T5"
    deal = to_play(deal_with({0: hand}), taker=1, contract="garde_sans")
    view = deal.view(0)
    assert choose_card(Knowledge(view), deal.legal_cards_mask(0)) == card("KS")  # the book
    assert ExpertBot(seed=0, samples=12).choose(view) == Play(card("KS"))  # the search alone: 2D


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_scanner_finds_no_card_blunder_in_the_experts_deals(players):
    scan = scan_selfplay(Rules(players=players), ["expert"] * players, 2, seed=2026, budget=6)
    assert scan.played > 0
    assert {d: scan.counts[d] for d in JUDGED_AT_THE_CARD} == {d: 0 for d in JUDGED_AT_THE_CARD}


def test_late_in_the_deal_a_king_nobody_can_cut_is_cashed(monkeypatch):
    # Deal 38 played by Standard bots to the 16th trick: seat 1 leads with six cards or
    # fewer, KD among them, and no defender could cut it (the book would lead another card).
    deal = Deal.new(Rules(players=4), dealer=38 % 4, seed=38)
    bots = [make_bot("standard", s) for s in range(4)]
    while len(deal.tricks) < 15 or deal.trick:
        seat = deal.to_act
        deal.apply(bots[seat].choose(deal.view(seat)), seat=seat)
    assert deal.to_act == 1 and king_is_safe(deal, 1, card("KD"))
    view = deal.view(1)
    assert choose_card(Knowledge(view), deal.legal_cards_mask(1)) != card("KD")
    assert ExpertBot(seed=0, samples=12).choose(view) == Play(card("KD"))
    monkeypatch.setattr(expert, "SAFE_KING", 2.0)  # without the rule the search keeps it
    assert ExpertBot(seed=0, samples=12).choose(view) != Play(card("KD"))


def test_the_petit_is_safe_when_no_seat_against_after_it_can_beat_it():
    hands = {0: "7H 2S", 1: "T1 T3", 2: "8H 4S", 3: "9H 5S"}
    deal = position(hands, taker=1, leader=0)
    play(deal, "7H")
    assert petit_is_safe(deal, 1)  # seats 2 and 3 follow hearts
    deal = position({**hands, 2: "4S T5"}, taker=1, leader=0)
    play(deal, "7H")
    assert not petit_is_safe(deal, 1)  # seat 2 cuts over it
    deal = position({**hands, 2: "4S 3S"}, taker=1, leader=0)
    play(deal, "7H")
    assert petit_is_safe(deal, 1)  # void, but no trump to cut with


def test_the_petit_is_safe_when_only_a_partner_after_it_can_beat_it():
    deal = position({0: "7H 2S", 1: "8H 3S", 2: "T1 4S", 3: "T5 5S"}, taker=1, leader=0)
    play(deal, "7H 8H")
    assert petit_is_safe(deal, 2)  # seat 3 defends with seat 2


def test_the_petit_under_the_other_sides_trump_is_not_safe():
    deal = position({0: "7H 2S", 1: "T5 3S", 2: "T1 4S", 3: "8H 5S"}, taker=1, leader=0)
    play(deal, "7H T5")
    assert not petit_is_safe(deal, 2)


def test_the_expert_keeps_its_petit_out_of_a_cut_a_seat_after_may_overtrump(monkeypatch):
    # Deal 10 played by Standard bots: the taker (seat 1) cuts the first trick, KH 4H,
    # with the Petit, the book's card; in some of the Expert's imagined deals a defender
    # after it cuts over it.
    deal = Deal.new(Rules(players=4), dealer=2, seed=10)
    bots = [make_bot("standard", s) for s in range(4)]
    while deal.phase.value != "play" or len(deal.trick) < 2:
        seat = deal.to_act
        deal.apply(bots[seat].choose(deal.view(seat)), seat=seat)
    view = deal.view(1)
    assert view.taker == 1 and [str(c) for c in deal.trick] == ["KH", "4H"]
    k = Knowledge(view)
    assert choose_card(k, deal.legal_cards_mask(1)) == card("T1")  # the book
    assert not all(petit_is_safe(world, 1) for world in ExpertBot(seed=0)._worlds(view, k, 40))
    assert ExpertBot(seed=0, samples=12).choose(view) == Play(card("T6"))
    monkeypatch.setattr(expert, "SAFE_PETIT", 0.0)  # risked in every case: the book's Petit
    assert ExpertBot(seed=0, samples=12).choose(view) == Play(card("T1"))
