"""A reason states a fact; the fact is checked on the position, and a false one is never given."""
from tarot.actions import Ecart, Play
from tarot.bot import Reason
from tarot.bots.facts import FACTS, holds, true_reason
from tarot.bots.reasons import checked, explain
from tarot.teaching.hints import REASON_CODES
from tarot.tools.audit import run_audit

from .helpers import bid_until, card, cards, deal_with, play
from .test_bots_standard import position


def _says(deal, seat, code, text, **params):
    action = Play(card(text))
    return holds(deal.view(seat), action, Reason(code, {"card": text, **params}))


def test_every_reason_code_has_its_fact():
    assert set(FACTS) == set(REASON_CODES)


def test_the_card_that_costs_least_is_not_a_queen_when_a_pip_is_allowed():
    deal = position({0: "QS 2H T5", 1: "3S 4H T6", 2: "4S 5H T7", 3: "5S 6H T8"}, taker=1, leader=0)
    assert not _says(deal, 0, "lead_low", "QS")
    assert _says(deal, 0, "lead_low", "2H")


def test_a_master_card_is_not_safe_when_the_other_side_is_void_there_with_trumps_left():
    deal = position({0: "KS QS KH 9D", 1: "T2 4H T5 8D", 2: "T3 5H T6 7D", 3: "T4 2H T7 6D"}, taker=0, leader=0)
    play(deal, "KS T2 T3 T4 2H KH 4H 5H")  # every defender cut the spades; the taker wins the hearts
    assert deal.to_act == 0
    assert not _says(deal, 0, "cash_master", "QS")  # "aucun adversaire ne peut la battre": they can cut it
    assert _says(deal, 0, "cash_master_suit", "QS")  # "aucune carte de sa couleur ne la bat"


def test_keeping_your_honours_is_said_only_of_an_honour_not_yet_master():
    master = position({0: "KS 5S 4S 3S 2S", 1: "T2 T3", 2: "T4 T6", 3: "T5 T7"}, taker=1, leader=0)
    assert not _says(master, 0, "long_suit", "2S", suit=0)  # the king is master: nothing to keep it for
    assert _says(master, 0, "long_suit_low", "2S", suit=0)
    guarded = position({0: "QS 5S 4S 3S 2S", 1: "T2 T3", 2: "T4 T6", 3: "T5 T7"}, taker=1, leader=0)
    assert _says(guarded, 0, "long_suit", "2S", suit=0)  # the king is out: the queen is kept


def test_an_ecart_of_honours_without_their_king_is_said_only_when_it_holds_one():
    deal = deal_with({0: "QH 2S 3S 4S 5S 6S 2D 3D 4D 5D 6D 7D T2 T3 T4 T5 T6 T7", 1: "KH"})
    bid_until(deal, 0, "prise")
    while deal.to_act != 0:
        deal.apply(deal.legal_actions()[0])  # the others pass
    view = deal.view(0)
    assert view.phase == "ecart"
    low = Ecart(tuple(cards("2S 3S 4S 5S 6S 2D")))
    assert not holds(view, low, Reason("ecart_points"))
    assert checked(view, low, Reason("ecart_points")) == Reason("ecart_hidden")
    assert holds(view, Ecart(tuple(cards("QH 2S 3S 4S 5S 6S"))), Reason("ecart_points"))


def test_a_false_reason_gives_way_to_how_the_trick_stands_or_to_no_rule():
    deal = position({0: "QS 2H T5", 1: "3S 4H T6", 2: "4S 5H T7", 3: "5S 6H T8"}, taker=1, leader=0)
    view = deal.view(0)
    assert true_reason(view, Play(card("QS")), Reason("lead_low", {"card": "QS"})) == Reason("no_rule")
    assert checked(view, Play(card("2H")), Reason("lead_low", {"card": "2H"})) == Reason("lead_low", {"card": "2H"})


def test_an_unknown_code_or_a_missing_parameter_is_not_a_true_reason():
    deal = position({0: "QS 2H T5", 1: "3S 4H T6", 2: "4S 5H T7", 3: "5S 6H T8"}, taker=1, leader=0)
    view = deal.view(0)
    assert not holds(view, Play(card("2H")), Reason("no_such_code"))
    assert not holds(view, Play(card("2H")), Reason("excuse_save"))  # no card named


def test_every_hint_and_every_bots_reason_at_3_4_and_5_players_states_a_true_fact():
    for level in ("standard", "debutant"):
        audit = run_audit([3, 4, 5], 2, 7, level)
        assert sum(audit.checked.values()) > 300
        assert not audit.false, audit.false


def test_a_bid_reason_counts_the_hands_bouts_trumps_and_kings():
    deal = deal_with({0: "T21 T1 T2 T3 T4 T5 T6 T7 KS KH 2S 3S 4S 5S 6S 7S 8S 9S"})
    view = deal.view(0)
    reason = explain(view, view.legal[-1])  # the highest bid allowed
    assert reason.params["bouts"] == 2 and reason.params["trumps"] == 8 and reason.params["kings"] == 2
    assert reason.explain("fr").startswith("2 bout(s), 8 atouts, 2 roi(s)\u00a0: 50 points sur notre échelle")
    assert not holds(view, view.legal[-1], Reason(reason.code, {**reason.params, "kings": 3}))


def test_the_petit_played_to_a_trick_it_may_lose_says_its_risk():
    deal = position({0: "2H 5S", 1: "T1 T2 6S", 2: "3H T5", 3: "4H T6"}, taker=1, leader=0)
    play(deal, "2H")
    view = deal.view(1)
    reason = explain(view, Play(card("T1")))
    assert reason.code == "petit_risk" and reason.params["odds"] >= 1
    assert f"1 chance sur {reason.params['odds']}" in reason.explain("fr")
    assert not holds(view, Play(card("T1")), Reason("petit_risk", {"odds": reason.params["odds"] + 5}))
