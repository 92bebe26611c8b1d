"""Hints and reasons: in a tiny position, the recommended move and the reason it is given."""
import doctest
import string

import pytest

import tarot.teaching.hints
import tarot.situation
from tarot.actions import BIDS, NO_CALL, Bid, Call, Chelem, Ecart, Play, Poignee
from tarot.bots import make_bot
from tarot.teaching.hints import REASON_CODES, Reason, explain, hint
from tarot.words import LANGS, catalogue, known
from tarot.rules import Rules
from tarot.state import Deal

from .helpers import bid_until, card, deal_with, play, play_keeping, to_play


def _hint(deal: Deal) -> tuple[object, str]:
    action, reason = hint(deal.view(deal.to_act))
    for lang in ("fr", "en"):
        words = reason.explain(lang)
        assert words and "{" not in words and words != reason.code
    return action, reason.code


def _bid_to(deal: Deal, seat: int, contract: str) -> Deal:
    bid_until(deal, seat, contract)
    while deal.phase.value == "bidding":
        deal.apply(BIDS["pass"])
    return deal


# ------------------------------------------------------------------ the play
def test_a_defender_plays_low_when_the_taker_wins_the_trick():
    deal = to_play(deal_with({0: "2H", 1: "KH", 2: "5H 7H QH"}), taker=1, contract="garde_sans")
    play(deal, "2H KH")
    assert _hint(deal) == (Play(card("5H")), "follow_low_taker_wins")


def test_a_higher_trump_than_needed_with_the_petit_is_explained_as_its_danger_signal():
    # FFT signals: trumps given high then low say the Petit is in danger.
    deal = to_play(deal_with({0: "T21 T20", 1: "T1 T4 T10 2H"}, voids={1: "T"}), taker=0, contract="garde_sans")
    play(deal, "T21")
    assert _hint(deal) == (Play(card("T10")), "signal_petit_danger")
    play(deal, "T10")
    while deal.to_act != 0:
        deal.apply(Play(next(c for c in deal.legal_actions() if isinstance(c, Play)).card))
    play(deal, "T20")
    assert _hint(deal) == (Play(card("T4")), "follow_low_taker_wins")  # the low one: no new signal


def test_a_defender_loads_a_partners_master_trick():
    deal = to_play(deal_with({0: "KH", 1: "3H", 2: "4H", 3: "QH 5H"}), taker=1, contract="garde_sans")
    play(deal, "KH 3H 4H")
    assert _hint(deal) == (Play(card("QH")), "load_partner_trick")


def test_the_taker_with_long_trumps_hunts_the_petit():
    deal = to_play(deal_with({0: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12", 2: "T1 T2"}),
                   taker=0, contract="garde_sans")
    action, code = _hint(deal)
    assert isinstance(action, Poignee) and code == "poignee_attack"  # first the poignée
    deal.apply(action)
    assert _hint(deal) == (Play(card("T21")), "hunt_petit")


def test_a_defender_cashes_a_master_king_before_it_is_trumped():
    deal = to_play(deal_with({0: "KS 2S 3S 4H 5H 6H 7D 8D 9D 2C 3C 4C"}), taker=1, contract="garde_sans")
    assert _hint(deal) == (Play(card("KS")), "cash_master_king")


def test_a_defender_returns_the_suit_a_partner_led_low():
    deal = deal_with({2: "3H KH", 3: "4H", 0: "QH 7H 8H", 1: "6H"}, dealer=1)
    to_play(deal, taker=3, contract="garde_sans")
    play(deal, "3H 4H QH 6H")  # seat 2's low heart promises the king or the queen; seat 0 wins with
    # the queen and leads: the promise is the king
    assert _hint(deal) == (Play(card("7H")), "lead_to_partner_signal_king")


def test_a_partners_low_lead_promises_the_queen_once_the_seat_has_played_the_king_itself():
    deal = to_play(deal_with({0: "3C 4H", 1: "5C", 2: "KC 6C", 3: "2C QC"}), taker=1, contract="garde_sans")
    play(deal, "3C 5C KC 2C")
    assert deal.to_act == 2
    assert explain(deal.view(2), Play(card("6C"))).code == "lead_to_partner_signal_queen"


def test_a_partners_signal_is_not_called_returned_into_the_takers_cut():
    # Seat 2's low heart promised an honour, but the taker trumped it: hearts now only make him cut.
    deal = deal_with({2: "3H KH 4S", 3: "T4 2S", 0: "QH 7H 8H KS", 1: "6H 3S"}, voids={3: "H"}, dealer=1)
    to_play(deal, taker=3, contract="garde_sans")
    play(deal, "3H T4 7H 6H")  # the taker trumps the signal
    play(deal, "2S KS 3S 4S")  # seat 0 wins the next trick and leads
    assert deal.to_act == 0
    assert explain(deal.view(0), Play(card("8H"))).code == "make_taker_cut"


def test_returning_a_partners_low_lead_names_the_honour_it_promises_beside_ones_own():
    # A low lead promises the king or the queen; holding the king, the partner has the queen.
    deal = deal_with({2: "3H 9H", 3: "4H", 0: "NH KH 7H", 1: "6H"}, dealer=1)
    to_play(deal, taker=3, contract="garde_sans")
    play(deal, "3H 4H NH 6H")
    action, code = _hint(deal)
    assert code == "lead_to_partner_signal_queen" and card(str(action.card)) in (card("KH"), card("7H"))
    assert explain(deal.view(0), action).explain("fr") == (
        "Rejouez cœur\u00a0: l'entame basse de votre partenaire y promet la dame (vous avez le roi).")


def test_a_seat_void_in_the_suit_led_trumps_to_win():
    deal = to_play(deal_with({0: "7H", 1: "T5 T9 T12"}, voids={1: "HT"}), taker=0, contract="garde_sans")
    play(deal, "7H")
    assert _hint(deal) == (Play(card("T5")), "trump_to_win")


def test_the_excuse_goes_before_the_last_trick():
    deal = to_play(deal_with({0: "EX 2S", 1: "3S"}), taker=1, contract="garde_sans")
    play_keeping(deal, keep={0: "EX 2S"}, tricks_left=2)
    while deal.to_act != 0:
        deal.apply(deal.legal_actions()[0])
    assert _hint(deal) == (Play(card("EX")), "excuse_before_last")


def test_the_excuse_keeps_a_queen_from_a_trick_the_taker_has_won():
    deal = to_play(deal_with({2: "KH", 3: "2H", 0: "3H", 1: "QH EX"}, voids={1: "H"}, dealer=1), taker=2,
                   contract="garde_sans")
    play(deal, "KH 2H 3H")  # seat 1 plays last: nobody can take the king any more
    action, reason = hint(deal.view(1))
    assert (action, reason.code, reason.params) == (Play(card("EX")), "excuse_save", {"card": "QH"})
    assert reason.explain("fr") == ("Jouez l'Excuse\u00a0: le pli est perdu pour votre camp, "
                                    "et elle vous garde la Dame de cœur.")


def test_the_excuse_keeps_a_queen_when_the_trick_is_not_sure_for_the_defence():
    # A partner's 10 of clubs leads, the taker plays after: he may hold the king.
    deal = to_play(deal_with({1: "10C", 2: "QC EX"}, voids={2: "C"}, dealer=0), taker=3, contract="garde_sans")
    play(deal, "10C")
    assert deal.to_act == 2
    assert explain(deal.view(2), Play(card("EX"))) == Reason("excuse_keeps", {"card": "QC"})
    assert explain(deal.view(2), Play(card("EX"))).explain("en") == (
        "Play the Excuse rather than the Queen of clubs: your side is not sure to win this trick.")


def test_the_excuse_led_opens_no_suit():
    deal = to_play(deal_with({0: "EX 2S"}), taker=1, contract="garde_sans")
    assert explain(deal.view(0), Play(card("EX"))).code == "excuse_lead"


def test_the_excuse_played_over_a_low_card_says_only_what_it_does():
    deal = to_play(deal_with({0: "7H", 1: "2H EX"}, voids={1: "H"}), taker=0, contract="garde_sans")
    play(deal, "7H")
    assert explain(deal.view(1), Play(card("EX"))).code == "excuse_anytime"


def test_a_single_playable_card_is_said_to_be_the_only_one():
    deal = to_play(deal_with({0: "7H", 1: "2H"}, voids={1: "H"}), taker=0, contract="garde_sans")
    play(deal, "7H")
    assert _hint(deal) == (Play(card("2H")), "only_card")


# ------------------------------------------------------------- the decisions
def test_a_weak_hand_passes_by_the_points_scale():
    deal = deal_with({0: "2H 3H 4H 5H 6H 2S 3S 4S 5S 6S 2D 3D 4D 5D 6D 2C 3C 4C"})
    action, code = _hint(deal)
    assert action == Bid(None) and code == "pass_weak"
    assert hint(deal.view(0))[1].params["threshold"] == 29  # a prise at 4 players


def test_a_strong_hand_bids_its_contract_by_the_points_scale():
    deal = deal_with({0: "T21 EX T1 T20 T19 T18 T17 T16 T15 T14 KH QH KS KD KC 2C 3C 4C"})
    action, code = _hint(deal)
    assert action == BIDS["garde_contre"] and code == "bid_points"


def test_the_taker_calls_the_king_of_its_longest_suit():
    deal = _bid_to(deal_with({0: "T21 EX T20 T19 T18 T17 QH 10H 9H 8H KS KD KC 2C"}, players=5), 0, "garde")
    assert _hint(deal) == (Call(card("KH")), "call_king")


def test_at_4_players_a_prise_hand_is_told_to_call_a_partner_and_a_stronger_one_to_play_alone():
    weak = _bid_to(deal_with({0: "T2 T4 T6 T8 T10 T12 T14 T16 KS QS 4S 3S KH 6H 5D 4D 3C 2C"},
                             prise_partner=True), 0, "prise")
    assert _hint(weak) == (Call(card("KD")), "call_partner")
    assert hint(weak.view(0))[1].params == {"points": 29, "threshold": 36, "card": "KD"}
    assert explain(weak.view(0), NO_CALL).code == "no_call_stake"  # alone all the same: the stake
    strong = _bid_to(deal_with({0: "T21 T18 T15 T12 T9 T7 T5 T3 KS QS 4S 3S KH 6H 5D 4D 3C 2C"},
                               prise_partner=True), 0, "prise")
    assert _hint(strong) == (NO_CALL, "no_call")
    assert hint(strong.view(0))[1].params == {"points": 37, "threshold": 36, "times": 3}  # 3 defenders pay


def test_with_the_purchase_the_hint_says_to_buy_rather_than_call():
    deal = _bid_to(deal_with({0: "T2 T4 T6 T8 T10 T12 T14 T16 T18 KS QS 4S KH 6H 5D 4D 3C 2C"},
                             prise_partner=True, purchase=True), 0, "prise")
    assert _hint(deal) == (NO_CALL, "no_call_purchase")
    assert hint(deal.view(0))[1].params == {"points": 33, "threshold": 32}


def test_the_ecart_makes_voids():
    deal = _bid_to(deal_with({0: "T21 EX T20 T19 T18 T17 T16 T15 2H 3H 4H KS QS KD KC 2C 3C 4C"},
                             chien="5S 6S 7S 8S 9S 10S"), 0, "garde")
    action, code = _hint(deal)
    assert isinstance(action, Ecart) and code == "ecart_voids"
    assert hint(deal.view(0))[1].params == {"suits": "♥"}


def test_a_chelem_is_announced_only_when_sure():
    deal = _bid_to(deal_with({0: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 EX"}),
                   0, "garde_contre")
    assert _hint(deal) == (Chelem(True), "chelem_sure")
    weak = _bid_to(deal_with({0: "T21 EX T20 T19 T18 T17 T16 T15 2H 3H 4H KS QS KD KC 2C 3C 4C"},
                             chien="5S 6S 7S 8S 9S 10S"), 0, "garde_sans")
    assert _hint(weak) == (Chelem(False), "no_chelem")


def test_at_4_players_the_called_kings_holder_is_advised_as_the_takers_partner():
    # Seat 2 holds the called king and no trump: the taker's 21 is a trick to load, not to flee.
    hands = {0: "T21 9S", 1: "T5", 2: "KH QS 2S 3S"}
    chien = "2D 3D 4D 5D 6D 7D"
    deal = to_play(deal_with(hands, voids={2: "T"}, chien=chien, prise_partner=True), call="KH", ecart=chien)
    play(deal, "T21 T5")
    assert _hint(deal) == (Play(card("KH")), "load_partner_trick")
    alone = to_play(deal_with(hands, voids={2: "T"}, chien=chien, prise_partner=True), ecart=chien)
    play(alone, "T21 T5")
    assert _hint(alone)[1] == "follow_low_taker_wins"  # a defender's advice, without a call


# ---------------------------------------------------------------- the words
def test_every_reason_has_both_languages():
    fields = {"card": "KH", "suit": 1, "suits": "♥", "points": 30, "threshold": 29, "contract": "prise", "times": 3,
              "bouts": 1, "trumps": 7, "kings": 2, "odds": 12}
    written_from = {"the_card": "card", "The_card": "card"}  # the card with its article
    for code in REASON_CODES:
        assert not known(f"refusal_{code}")  # no reason shares a refusal's code
        texts = [catalogue(lang)[f"reason_{code}"] for lang in LANGS]
        names = {written_from.get(f, f) for text in texts for _, f, _, _ in string.Formatter().parse(text) if f}
        assert names <= set(fields), (code, names)
        reason = Reason(code, {k: fields[k] for k in names})
        assert reason.explain("fr") != reason.explain("en"), code
        for lang in ("fr", "en"):
            assert "{" not in reason.explain(lang)
    assert REASON_CODES == tuple(k.removeprefix("reason_") for k in catalogue("fr") if k.startswith("reason_"))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_decision_of_a_played_deal_has_a_reason_in_words(players):
    deal = Deal.new(Rules(players=players), dealer=0, seed=11)
    bots = [make_bot("standard", s) for s in range(players)]
    while not deal.is_over:
        seat = deal.to_act
        view = deal.view(seat)
        action = bots[seat].choose(view)
        reason = explain(view, action)
        assert reason.code in REASON_CODES
        assert reason.explain("fr") and reason.explain("en")
        deal.apply(action, seat=seat)


def test_the_modules_examples_run():
    for module in (tarot.teaching.hints, tarot.situation):
        assert doctest.testmod(module).failed == 0


# ----------------------------------------------- a certainty only when it is one
def test_a_partners_trick_the_taker_may_still_take_is_said_to_lead_for_now():
    # Seat 2 leads the 7 of hearts; seat 3 plays low; the taker, after, may hold a higher heart.
    deal = to_play(deal_with({2: "7H", 3: "2H 3H"}, dealer=1), taker=0, contract="garde_sans")
    play(deal, "7H")
    assert explain(deal.view(3), Play(card("2H"))).code == "low_partner_leads"


def test_a_card_the_taker_may_still_beat_wins_the_trick_for_now():
    deal = to_play(deal_with({2: "2H", 3: "9H 3H"}, dealer=1), taker=0, contract="garde_sans")
    play(deal, "2H")
    assert explain(deal.view(3), Play(card("9H"))).explain("fr") == "Montez\u00a0: cette carte prend le pli pour l'instant."


def test_at_five_players_a_trick_led_by_a_seat_of_unknown_side_is_not_called_lost():
    deal = to_play(deal_with({0: "KS", 1: "4S", 2: "2S 3S", 3: "KH"}, players=5, dealer=4), taker=1,
                   contract="garde_sans", call="KH")
    play(deal, "KS 4S")  # seat 0 may be the taker's partner, as far as seat 2 knows
    assert explain(deal.view(2), Play(card("2S"))).code == "follow_low_unsure"


def test_a_master_card_an_opponent_may_trump_is_master_in_its_suit_only():
    deal = to_play(deal_with({0: "KS QS", 1: "2S", 2: "3S", 3: "4S"}), taker=0, contract="garde_sans")
    play(deal, "KS 2S 3S 4S")  # the king falls first: the queen is master
    assert explain(deal.view(0), Play(card("QS"))).code == "cash_master_suit"


def test_a_low_lead_in_a_suit_already_led_is_no_signal():
    deal = to_play(deal_with({0: "KH QH 2H 3H 4H", 1: "5H", 2: "6H", 3: "7H"}), taker=1, contract="garde_sans")
    assert explain(deal.view(0), Play(card("2H"))).code == "signal_honour"  # the suit's first lead
    play(deal, "KH 5H 6H 7H")
    assert explain(deal.view(0), Play(card("2H"))).code != "signal_honour"  # hearts were led: not read


def test_the_petit_that_wins_the_last_trick_is_called_petit_au_bout():
    deal = to_play(deal_with({0: "T1 2S", 1: "3S", 2: "4S", 3: "5S"}, voids={1: "T", 2: "T", 3: "T"}), taker=0,
                   contract="garde_sans")
    play_keeping(deal, keep={0: "T1 2S", 1: "3S", 2: "4S", 3: "5S"}, tricks_left=2)
    while len(deal.view(0).hand) > 1 or deal.to_act != 0:
        deal.apply(deal.legal_actions()[0])  # the 2 of spades goes first: the Petit is left for the last trick
    assert [str(c) for c in deal.view(0).hand] == ["T1"]  # nobody else has a trump: it wins
    assert explain(deal.view(0), Play(card("T1"))).code == "petit_au_bout"



def test_the_lowest_pip_that_beats_the_ace_led_is_given_as_the_cheapest_card():
    deal = to_play(deal_with({0: "1C", 1: "2C 9C", 2: "3C", 3: "4C"}), taker=3, contract="garde_sans")
    play(deal, "1C")  # the 2 leads the trick for now, by chance: the taker plays after
    assert explain(deal.view(1), Play(card("2C"))).code == "follow_low_unsure"
    assert explain(deal.view(1), Play(card("9C"))).code == "win_for_now"  # a card played higher to win


def test_the_lowest_pip_that_wins_for_sure_is_still_said_to_win():
    deal = to_play(deal_with({0: "1C", 1: "2C", 2: "3C", 3: "5C 9C"}), taker=0, contract="garde_sans")
    play(deal, "1C 2C 3C")
    assert explain(deal.view(3), Play(card("5C"))).code == "win_cheaply"


def test_a_low_lead_under_an_honour_in_fewer_than_five_cards_is_no_signal():
    from .test_bots_standard import position

    deal = position({0: "QH 3H 9H 2S", 1: "4H 5H 6H 7H", 2: "2D 3D 4D 5D", 3: "6D 7D 8D 9D"}, taker=1, leader=0)
    assert explain(deal.view(0), Play(card("3H"))).code == "lead_low"  # the signal promises five cards


def test_a_first_trump_from_15_to_20_is_explained_by_the_card_it_promises():
    from .test_bots_standard import position

    deal = position({0: "T16 EX T4 2S", 1: "4H 5H 6H 7H", 2: "2D 3D 4D 5D", 3: "6D 7D 8D 9D"}, taker=1, leader=0)
    reason = explain(deal.view(0), Play(card("T16")))
    assert reason.code == "trump_lead_promise"
    assert "promet l'Excuse" in reason.explain("fr") and "promises the Excuse" in reason.explain("en")
    assert explain(deal.view(0), Play(card("T4"))).code == "trump_lead_signal"
