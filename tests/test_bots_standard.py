"""The Standard bot plays by the book: one rule of thumb per test, on a small hand."""
import pytest

from tarot.actions import Bid, Play, Poignee
from tarot.tools.blunders import scan_selfplay
from tarot.bots import make_bot
from tarot.bots.clean import FLAWS, card_flaws
from tarot.bots.ecart import standard_call, standard_ecart
from tarot.bots.evaluation import THRESHOLDS, contract_for, hand_points, sure_chelem
from tarot.bots.knowledge import Knowledge
from tarot.bots.play import petit_au_bout_sound
from tarot.cards import BOUTS, KINGS, TRUMPS, cards_of, mask_of
from tarot.rules import Contract, Rules
from tarot.state import Deal

from .helpers import card, cards, deal_with, play, to_play


def _playing(hands, voids=None, players=4, contract="garde_sans", taker=0, chien=None, call=None):
    """Seat 0 leads the first trick (the dealer is the last seat)."""
    deal = deal_with(hands, voids=voids, players=players, chien=chien)
    return to_play(deal, taker=taker, contract=contract, call=call)


def decide(deal, level="standard", seed=1):
    """The card the bot of the seat to act plays (declarations it makes are applied first)."""
    bot = make_bot(level, seed)
    while True:
        action = bot.choose(deal.view(deal.to_act))
        if isinstance(action, Play):
            return str(action.card)
        deal.apply(action)


def position(hands, taker, leader, players=4, called=None, contract="garde_sans"):
    """A late position: every seat holds just the given cards, ``leader`` to lead.

    A real deal is brought to its first card and its hands are then replaced; the
    cards nobody holds count as unseen for every seat.
    """
    seed = 11
    while True:
        deal = Deal.new(Rules(players=players), dealer=(leader - 1) % players, seed=seed)
        if not deal.is_over:
            break
        seed += 1
    to_play(deal, taker=taker, contract=contract, call=called)
    deal.hands = [mask_of(cards(hands.get(s, ""))) for s in range(players)]
    deal._legal = -1
    if players == 5:
        holder = next((s for s in range(players) if deal.hands[s] >> deal.called & 1), None)
        deal.partner = None if holder == taker else holder
    return deal


# ---------------------------------------------------------------- knowledge
def test_a_seat_that_does_not_follow_is_known_void_and_one_that_does_not_overtrump_is_capped():
    deal = position({0: "2H 3S", 1: "T10 4S", 2: "T5 5S", 3: "4H 6S"}, taker=0, leader=0)
    play(deal, "2H T10 T5 4H")  # seat 1 trumps, seat 2 cannot overtrump the 10
    k = Knowledge(deal.view(3))
    hearts, trumps = card("2H").suit, 4
    assert k.void[1] >> hearts & 1 and k.void[2] >> hearts & 1
    assert not k.void[0] >> hearts & 1  # the leader showed nothing
    assert k.trump_cap[2] < card("T10")  # seat 2 holds no trump above the 10
    assert not k.may_hold(2, card("T12")) and k.may_hold(1, card("T12"))
    assert k.played & mask_of(cards("2H T10 T5 4H")) == mask_of(cards("2H T10 T5 4H"))
    assert not k.void[1] >> trumps & 1


def test_a_seat_that_neither_follows_nor_trumps_has_no_trump():
    deal = position({0: "2H 3S", 1: "4S 5S", 2: "3H 6S", 3: "4H 7S"}, taker=0, leader=0)
    play(deal, "2H 4S")
    k = Knowledge(deal.view(2))
    assert k.void[1] >> 4 & 1 and not k.may_hold(1, card("T3"))


# ------------------------------------------------------------------ following
def test_a_defender_takes_with_the_king_behind_the_takers_queen():
    deal = _playing({0: "QH 2H", 1: "KH 3H 4H"})
    play(deal, "QH")
    assert decide(deal) == "KH"


def test_a_defender_gives_points_to_a_partners_winning_trick():
    deal = _playing({0: "2H", 1: "KH", 2: "QH 5H"})
    play(deal, "2H KH")
    assert decide(deal) == "QH"


def test_no_points_to_the_other_sides_trick():
    deal = _playing({0: "KH", 1: "QH 5H"})
    play(deal, "KH")
    assert card(decide(deal)).half_points == 1  # a low heart, not the queen


def test_the_petit_is_saved_under_a_partners_master_trump():
    deal = _playing({0: "T5", 1: "T21", 2: "T1 T3 T4"})
    play(deal, "T5 T21")
    assert decide(deal) == "T1"


def test_the_petit_is_not_thrown_under_the_other_sides_trump():
    deal = _playing({0: "T21", 1: "T1 T3 T4"})
    play(deal, "T21")
    assert decide(deal) == "T3"


def test_a_defender_beats_the_takers_petit():
    deal = _playing({0: "T1 T2", 1: "T4 T9 T14"}, voids={0: "H"})
    play(deal, "T1")
    assert decide(deal) == "T4"  # the cheapest trump that wins takes the Petit


# -------------------------------------------------------------------- leading
def test_the_taker_leads_trumps_to_hunt_the_petit():
    deal = _playing({0: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 KS KH KD KC", 2: "T1 T2"})
    led = card(decide(deal))
    assert led.is_trump and led == card("T21")


def test_the_taker_does_not_draw_trumps_once_the_defenders_are_out():
    deal = _playing({0: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 KS 2S"},
                    chien="T5 T4 T3 T2 T1 EX", voids={1: "T", 2: "T", 3: "T"})
    play(deal, "T21")
    for _ in range(3):  # the defenders discard: everyone now knows they have no trump
        deal.apply(Play(cards_of(deal.legal_cards_mask())[0]))
    assert deal.to_act == 0
    assert not card(decide(deal)).is_trump


def test_the_petit_is_kept_for_the_last_trick_when_nobody_can_beat_it():
    deal = position({0: "T19 T21 T1 KS", 1: "2H 3H 4H 5H", 2: "6H 7H 8H 9H", 3: "2D 3D 4D 5D"},
                    taker=0, leader=0)
    play(deal, "T19 2H 6H 2D")  # the defenders show they hold no trump
    k = Knowledge(deal.view(0))
    assert petit_au_bout_sound(k)
    assert decide(deal) != "T1"
    play(deal, decide(deal) + " 3H 7H 3D")
    assert decide(deal) != "T1"


def test_the_petit_is_not_kept_when_the_defence_may_still_trump():
    deal = position({0: "T2 T1 KS", 1: "T5 3H 4H", 2: "7H 8H 9H", 3: "3D 4D 5D"}, taker=0, leader=0)
    assert not petit_au_bout_sound(Knowledge(deal.view(0)))


def test_the_excuse_is_played_before_the_last_trick():
    deal = position({0: "KS 2S", 1: "EX 3S", 2: "4S 5S", 3: "6S 7S"}, taker=0, leader=0)
    play(deal, "KS")
    assert decide(deal) == "EX"
    assert decide(deal, "debutant") == "EX"


def test_the_excuse_is_led_before_the_last_trick():
    deal = position({0: "KS 2S", 1: "EX 3H", 2: "4S 5S", 3: "6S 7S"}, taker=0, leader=1)
    assert decide(deal) == "EX"


def test_the_taker_leads_the_called_suit_to_find_the_partner():
    deal = _playing({0: "KS QH 4H 2S 3S", 1: "4S", 2: "5S", 3: "6S", 4: "7S"}, players=5, call="KH")
    play(deal, "KS 4S 5S 6S 7S")  # the called suit may not be led to the first trick
    assert card(decide(deal)).suit == card("KH").suit


# -------------------------------------------------------------- the signals
def test_a_defender_leads_a_low_card_under_its_honour_in_five_cards():
    deal = position({1: "QH 3H 9H 8H 10H 2S", 0: "4H 5H 6H 7H 2C 3C", 2: "2D 3D 4D 5D 6D 7D",
                     3: "8D 9D 10D 4C 5C 6C"}, taker=0, leader=1)
    assert decide(deal) == "3H"


def test_with_fewer_than_five_cards_under_its_honour_a_defender_leads_a_high_pip():
    # 3H would promise the queen in five hearts: the 9 promises nothing.
    deal = position({1: "QH 3H 9H 2S", 0: "4H 5H 6H 7H", 2: "2D 3D 4D 5D", 3: "6D 7D 8D 9D"},
                    taker=0, leader=1)
    assert decide(deal) == "9H"


def test_without_an_honour_a_defender_leads_high_promising_nothing():
    deal = position({1: "9H 3H 2H 4S", 0: "KD 5H 6H 7H", 2: "2D 3D 4D 5D", 3: "6D 7D 8D 9D"},
                    taker=0, leader=1)
    led = card(decide(deal))
    assert led.rank > 5


def test_a_defender_does_not_lead_a_low_pip_that_would_promise_an_honour_it_lacks():
    # Its longest suit is spades, but 5S led first would promise the king or the queen.
    deal = position({1: "2S 3S 5S 9H", 0: "KS QS 4H 5H", 2: "2D 3D 4D 5D", 3: "6D 7D 8D 9D"},
                    taker=0, leader=1)
    assert decide(deal) == "9H"


def test_a_defender_with_only_trumps_leads_its_first_one_of_the_right_parity():
    # Three trumps: the first trump led is even (an odd one would promise seven).
    deal = position({1: "T3 T4 T5", 0: "KS 2S 3S", 2: "2D 3D 4D", 3: "6D 7D 8D"}, taker=0, leader=1)
    assert decide(deal) == "T4"


def test_a_defender_returns_the_suit_its_partner_asked_for():
    deal = position({3: "2H QH 9D", 0: "5H 6D 7D", 1: "KH 4H 8C", 2: "3H 2C 3C"}, taker=0, leader=3)
    play(deal, "2H 5H KH 3H")  # seat 3 led a low heart: it holds the king or the queen
    assert Knowledge(deal.view(1)).led_low[3] == 1 << card("2H").suit
    assert decide(deal) == "4H"


def test_a_defender_with_seven_trumps_leads_an_odd_one():
    deal = position({1: "T3 T4 T5 T6 T7 T8 T9 2C", 0: "KS 2S 3S 4S 5S 6S 7S 8S"}, taker=0, leader=1)
    led = card(decide(deal))
    assert led.is_trump and led.rank % 2 == 1


def test_with_fewer_than_seven_trumps_a_trump_lead_is_even():
    from tarot.bots.play import _trump_signal_lead

    deal = position({1: "T4 T5 T6 2C", 0: "KS 2S 3S 4S"}, taker=0, leader=1)
    assert _trump_signal_lead(Knowledge(deal.view(1)), cards("T4 T5 T6")).rank % 2 == 0


def test_a_partner_reads_an_odd_trump_and_returns_trumps():
    deal = position({1: "T3 T7 T9 T11 T13 T15 T17 4D", 2: "T10 T6 2C 3C 5D 6D 7D 8D",
                     3: "T4 2S 3S 4S 5S 6S 7S 8S", 0: "T5 T1 2H 3H 4H 5H 6H 7H"}, taker=0, leader=1)
    play(deal, "T3 T10 T4 T5")
    k = Knowledge(deal.view(2))
    assert k.long_trumps[1] and not k.short_trumps[1]
    assert decide(deal) == "T6"


def test_high_then_low_in_trumps_says_the_petit_is_in_danger():
    deal = position({0: "T21 T20 2S 3S", 1: "T1 T6 T4 4S", 2: "5S 6S 7S 8S", 3: "9S 10S JS NS"},
                    taker=0, leader=0)
    play(deal, "T21")
    assert decide(deal) == "T6"  # high first (the Petit in danger)...
    play(deal, "T6 5S 9S T20")
    assert decide(deal) == "T4"  # ...then low
    play(deal, "T4 6S 10S")
    assert Knowledge(deal.view(2)).petit_danger[1]


def test_the_excuse_on_the_first_round_of_trumps_says_the_petit_is_in_danger():
    deal = position({0: "T21 T20 2S 3S", 1: "EX T1 T4 4S", 2: "5S 6S 7S 8S", 3: "9S 10S JS NS"},
                    taker=0, leader=0)
    play(deal, "T21 EX")
    assert Knowledge(deal.view(2)).petit_danger[1]


def test_after_a_partners_petit_danger_signal_a_defender_without_the_master_leads_no_trump():
    # Seat 1 excuses itself on the first trump: seat 2, seven trumps but not the master, leads a suit.
    deal = position({0: "T2 2H 3H 4H 5H 6H 7H 8H 9H", 1: "EX T1 T4 4D 5D 6D 7D 8D 9D",
                     2: "T9 T3 T5 T6 T7 T8 T10 T11 9C", 3: "9S 10S JS NS QS 2C 3C 4C 6C"}, taker=0, leader=0)
    play(deal, "T2 EX T9 9S")
    assert deal.to_act == 2
    assert decide(deal) == "9C"


def test_a_defender_leads_the_21_when_a_partner_signals_the_petit_in_danger():
    deal = position({2: "5S KH 6S KD T21 9C", 3: "2S 4H 3S 8D 5D 9D", 0: "T19 2H T20 6D 7C 8C",
                     1: "T6 3H T4 10D T1 4C"}, taker=0, leader=2)
    play(deal, "5S 2S T19 T6")  # seat 1 trumps high under the taker...
    play(deal, "2H 3H KH 4H")
    play(deal, "6S 3S T20 T4")  # ...then low: its Petit is in danger
    play(deal, "6D 10D KD 8D")
    assert deal.to_act == 2
    assert decide(deal) == "T21"  # the Petit can go under it


# ---------------------------------------------------------------- 5 players
def test_a_seat_void_in_the_called_suit_cannot_be_the_partner():
    deal = _playing({0: "KS 2H", 1: "3S 4H", 2: "4S 3D", 3: "5S 5H", 4: "6S KH"}, players=5,
                    call="KH", voids={2: "HT"})
    play(deal, "KS 3S 4S 5S 6S 2H 4H 3D")  # seat 2 discards on a heart: it has no king there
    k = Knowledge(deal.view(3))
    assert k.p_partner[2] == 0.0
    assert k.p_partner[1] > 0 and k.p_partner[4] > 0
    assert k.p_ally(0) == 0.0  # the taker is never a defender's ally


def test_the_called_king_opening_the_first_trick_shows_the_partner_to_the_defenders():
    # The called suit opens the first trick only with the called king itself.
    deal = _playing({0: "KH 7H 8S"}, players=5, call="KH", taker=1)
    play(deal, "KH")
    k = Knowledge(deal.view(3))
    assert k.p_partner[0] == 1.0
    assert k.p_partner[2] == 0.0 and k.p_partner[4] == 0.0


# ------------------------------------------------------------------- set-up
def test_bidding_follows_the_points_scale():
    strong = mask_of(cards("T21 T20 T19 T18 T17 T16 T15 T14 T1 EX KS KH QH KD 2C 3C 4C 5C"))
    weak = mask_of(cards("T2 T3 4S 5S 6S 7S 8S 9S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C"))
    assert contract_for(hand_points(strong, 4), 4) >= Contract.GARDE
    assert contract_for(hand_points(weak, 4), 4) is None
    assert hand_points(strong, 4) > hand_points(weak, 4)


def test_thresholds_rise_with_the_contract_at_every_player_count():
    for players, table in THRESHOLDS.items():
        values = [table[c] for c in Contract]
        assert values == sorted(values) and len(set(values)) == 4, players


def test_the_petit_counts_more_with_more_trumps():
    from tarot.bots.evaluation import petit_points

    assert petit_points(2) < petit_points(3) < petit_points(4) < petit_points(5) < petit_points(6)


def test_a_standard_bot_does_not_bid_below_the_current_bid():
    strong = "T21 T20 T19 T18 T17 T16 T15 T14 T1 EX KS KH QH KD"
    deal = deal_with({1: strong})
    deal.apply(Bid(None))
    assert make_bot("standard", 0).choose(deal.view(1)).contract >= Contract.GARDE
    deal = deal_with({1: strong})
    deal.apply(Bid(Contract.GARDE_CONTRE))
    assert make_bot("standard", 0).choose(deal.view(1)) == Bid(None)


def test_the_ecart_makes_voids_and_keeps_kings_and_bouts():
    hand = mask_of(cards("T21 T20 T19 T18 T17 T16 T15 T14 T1 EX KS 4S KH QH 2D 3D 2C 8C 9C 10C "
                         "KD 4H 5H 6H"))
    ecart = standard_ecart(hand, 6)
    assert len(ecart) == 6 and len(set(ecart)) == 6
    assert not mask_of(ecart) & (KINGS | BOUTS | TRUMPS)
    chosen = {str(c) for c in ecart}
    assert {"2C", "8C", "9C", "10C"} <= chosen  # clubs, which hold no king, become a void
    assert "QH" not in chosen  # the queen stays with her king


def test_the_ecart_puts_away_a_queen_without_her_king():
    hand = mask_of(cards("T21 T20 T19 T18 T17 T16 T15 T14 T1 EX KS 4S 5S 6S KH 4H 5H 6H "
                         "KD 2D 3D 4D QC 7C"))
    chosen = {str(c) for c in standard_ecart(hand, 6)}
    assert {"QC", "7C"} <= chosen


def test_the_ecart_takes_trumps_only_when_the_rules_force_it():
    hand = mask_of(cards("T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T1 EX KS KH KD "
                         "KC 2S 3S 4S"))
    ecart = standard_ecart(hand, 6)
    assert {str(c) for c in ecart} >= {"2S", "3S", "4S"}
    trumps = [c for c in ecart if c.is_trump]
    assert len(trumps) == 3 and not any(c.is_bout for c in trumps)


def test_the_call_is_a_king_the_taker_lacks_in_its_best_suit():
    hand = mask_of(cards("KS QH 2H 3H 4H 2D"))
    called = standard_call(hand, cards("KS KH KD KC"))
    assert str(called) == "KH"


def test_a_chelem_is_announced_only_when_it_is_sure():
    low = mask_of(cards("T1 T2 T3 T4 T5 T6 T7 T8 T9"))
    sure = mask_of(cards("T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 KS KH KD KC EX QS"))
    assert sure_chelem(sure, low)  # twelve master trumps draw the nine others
    broken = sure & ~mask_of(cards("T20")) | mask_of(cards("T9"))
    assert not sure_chelem(broken, low & ~mask_of(cards("T9")) | mask_of(cards("T20")))
    lone_queen = sure & ~mask_of(cards("KS"))
    assert not sure_chelem(lone_queen | mask_of(cards("2D")), low)


def test_the_taker_shows_its_poignee():
    deal = _playing({0: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 KS KH"}, voids={0: "T"})
    action = make_bot("standard", 0).choose(deal.view(0))
    assert isinstance(action, Poignee) and len(action.cards) == 10


def test_a_defender_shows_a_poignee_only_with_trumps_to_spare_or_a_bout():
    plain = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11"
    deal = _playing({0: "2S", 1: plain}, voids={1: "T"})
    play(deal, "2S")
    assert isinstance(make_bot("standard", 0).choose(deal.view(1)), Play)
    deal = _playing({0: "2S", 1: plain + " T12 T13"}, voids={1: "T"})
    play(deal, "2S")
    assert isinstance(make_bot("standard", 0).choose(deal.view(1)), Poignee)


def test_the_debutant_and_standard_bots_play_only_legal_cards_in_a_position():
    deal = _playing({0: "7H", 1: "T5 T12 2S"}, voids={1: "H"})
    play(deal, "7H")
    for level in ("debutant", "standard"):
        assert card(decide(deal, level)).is_trump


# ---------------------------------------------------------------- clean cards
def test_the_book_takes_a_sure_trick_with_a_master_and_keeps_the_petit_for_the_last_trick():
    # Three players: the defenders showed no trump on the 21, so the Petit is sure to win the
    # last trick; taking this one with it would throw away the Petit au bout.
    deal = position({0: "T21 T20 T1 2H", 1: "2S 3S 4H 5H", 2: "4S 5S 6H 7H"}, taker=0, leader=0, players=3)
    play(deal, "T21 4H 6H 2H 5H 7H 5S")
    view = deal.view(0)
    assert card_flaws(Knowledge(view), card("T20"), deal.legal_cards_mask()) == []  # not a dearer trump
    assert make_bot("standard").choose(view) == Play(card("T20"))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_scanner_finds_no_card_blunder_in_the_books_deals(players):
    # The rules of thumb alone gave 1.4 dearer trumps and 1.4 trumps led for nothing per
    # 100 deals at 3 players: where their card has a flaw, the book plays a clean one.
    scan = scan_selfplay(Rules(players=players), ["standard"] * players, 150, seed=2026)
    assert scan.played > 100
    assert {d: scan.counts[d] for d in FLAWS} == {d: 0 for d in FLAWS}
