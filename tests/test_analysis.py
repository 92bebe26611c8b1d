"""The graded analysis (``tarot-analysis/1``): each decision of a seat weighed in deal units
against every option played out on the same imagined deals.  Small budgets keep it fast."""
from __future__ import annotations

import json

import pytest

from tarot.actions import Play, Poignee
from tarot.bots import make_bot
from tarot.match import play_out
from tarot.replay import decisions
from tarot.result import scored
from tarot.rules import Contract, Rules
from tarot.state import Deal
from tarot.teaching.accuracy import HALF_LIFE, accuracy, classify, counted_loss
from tarot.teaching.analysis import (ACCURACY_KEYS, accuracies, analyse_record, analysis_of, deal_units, grade, grade_record,
                                     seat_steps)
from tarot.teaching.hints import REASON_CODES

from .helpers import card, deal_with, play, to_play


def finished(players: int, seed: int, partner: bool = False, **options: bool) -> Deal:
    """A deal the Standard bots played to the end, with a taker (and a partner, if asked)."""
    while True:
        deal = play_out(Deal.new(Rules(players=players, **options), dealer=seed % players, seed=seed),
                        [make_bot("standard", seed * 10 + s) for s in range(players)])
        result = deal.result
        if result is not None and result.taker is not None and (result.partner is not None or not partner):
            return deal
        seed += 1


def petit_under_the_21() -> Deal:
    """A defender leads the 21 of trumps; the taker (at garde) must play a trump, the Petit among them."""
    deal = to_play(deal_with({0: "T21 KH", 1: "T1 T20 T19 T18 T17 T16 T15 EX"}), taker=1, contract="garde")
    return play(deal, "T21")


# ------------------------------------------------------------------ grades
def test_a_card_that_gives_the_petit_away_is_a_blunder_and_says_so():
    graded = grade(petit_under_the_21().view(1), Play(card("T1")), 1, worlds=8)
    assert graded.grade == "blunder"
    assert graded.reason.code == "petit_given" and graded.reason.params == {"card": "T1"}
    assert graded.best != Play(card("T1"))


def test_the_best_option_loses_nothing_and_no_option_beats_it():
    view = petit_under_the_21().view(1)
    best = grade(view, Play(card("T1")), 1, worlds=8).best
    again = grade(view, best, 1, worlds=8)
    assert again.best == best and again.loss == 0.0 and again.grade == "good"
    assert again.options[0][0] == best and all(ev <= again.options[0][1] for _, ev in again.options)


def test_a_forced_card_is_good_with_no_options():
    deal = to_play(deal_with({0: "KH", 1: "2H"}, voids={1: "H"}), taker=0, contract="garde")
    play(deal, "KH")
    graded = grade(deal.view(1), Play(card("2H")), 1, worlds=8)
    assert graded.forced and graded.options == ()
    assert (graded.grade, graded.loss, graded.best) == ("good", 0.0, Play(card("2H")))


def test_every_option_meets_every_imagined_deal_so_the_loss_is_never_negative():
    record = finished(4, 3).to_record()
    for graded in grade_record(record, 0, worlds=3):
        assert graded.loss >= 0.0 and graded.se >= 0.0
        if graded.played == graded.best:
            assert graded.loss == 0.0
        if graded.options:
            assert graded.options[0][0] == graded.best
            assert graded.reason.code in REASON_CODES


def test_a_bid_or_a_call_gets_the_books_words_only_where_it_is_the_books_choice():
    deal = finished(5, 21, partner=True)
    record = deal.to_record()
    book = make_bot("standard", 0)
    checked = []
    for index, seat, action, at in decisions(record):
        if seat != deal.result.taker or at.phase.value not in ("bidding", "calling"):
            continue
        graded = grade(at.view(seat), action, index, worlds=2)
        checked.append(graded.reason.code)
        if graded.options and graded.reason.code != "search_best":
            assert graded.best == book.choose(at.view(seat)), graded
    assert "bid_points" in checked or "call_king" in checked or "call_partner" in checked, checked


def test_a_triple_poignee_not_shown_at_a_garde_is_a_blunder():
    trumps = " ".join(f"T{n}" for n in range(2, 15))  # thirteen trumps at least: a triple poignée
    deal = to_play(deal_with({0: trumps}), taker=0, contract="garde")
    graded = grade(deal.view(0), Play(card("T2")), 6, worlds=4)
    declarations = [a for a, _ in graded.options if isinstance(a, Poignee)]
    assert len(declarations) == 3  # simple, double, triple
    assert isinstance(graded.best, Poignee) and graded.grade == "blunder"


def test_the_takers_ecart_and_chelem_answer_are_graded_against_their_options():
    deal = finished(4, 31)
    assert deal.result.contract.code in ("prise", "garde")  # a chien taken, an écart made
    analysis = analyse_record(deal.to_record(), deal.result.taker, worlds=2)
    by_phase = {d["phase"]: d for d in analysis["decisions"]}
    ecart = by_phase["ecart"]
    assert len(ecart["options"]) > 1 and ecart["played"] in [o["action"] for o in ecart["options"]]
    chelem = by_phase["chelem"]
    assert sorted(o["action"].get("announce", True) for o in chelem["options"]) == [False, True]


# ------------------------------------------------------------------ classes
@pytest.mark.parametrize("loss, se, grade_", [
    (0.0, 0.0, "good"), (4.9, 0.0, "good"), (5.0, 0.0, "inaccuracy"), (15.0, 1.0, "mistake"),
    (30.0, 2.0, "blunder"), (29.9, 0.0, "mistake"), (40.0, 20.0, "good"), (40.0, 19.9, "blunder"),
])
def test_a_class_needs_its_threshold_and_a_loss_beyond_two_standard_errors(loss, se, grade_):
    assert classify(loss, se) == grade_


def test_accuracy_halves_for_every_half_life_lost_beyond_the_noise():
    assert accuracy([]) is None
    assert accuracy([0.0, 0.0]) == 100.0
    assert accuracy([HALF_LIFE / 2, HALF_LIFE / 2]) == 50.0


def test_a_loss_beyond_the_noise_counts_whole_so_that_a_mistake_weighs_as_its_class_says():
    assert counted_loss(26.5, 12.0) == 26.5  # an "erreur −26,5" is not a 96.8 % deal
    assert accuracy([counted_loss(26.5, 12.0)]) == 39.9
    assert counted_loss(5.0, 3.0) == 0.0  # within two standard errors: the luck of the imagined deals


def test_forced_decisions_do_not_count_in_the_accuracy():
    deal = finished(4, 5)
    graded = list(grade_record(deal.to_record(), 0, worlds=2))
    forced = [g for g in graded if g.forced]
    assert forced and forced[-1].step == max(g.step for g in graded)  # the last card is always forced
    only_forced = accuracies(forced)
    assert list(only_forced.values()) == [None, None, None, None]  # no decision taken at all
    mixed = accuracies(graded)
    assert mixed["deal"] == accuracy(counted_loss(g.loss, g.se) for g in graded if not g.forced)


# ------------------------------------------------------------------ deal units
def _result(players: int, partner: int | None, half_points: int = 120):
    return scored(Rules(players=players), 0, partner, Contract.GARDE, half_points, 1)


@pytest.mark.parametrize("players, partner, share", [(3, None, 2), (4, None, 3), (5, 1, 2), (5, None, 4)])
def test_the_takers_score_is_divided_by_its_share_of_the_deal(players, partner, share):
    result = _result(players, partner)
    assert deal_units(result, 0) == result.scores[0] / share
    assert deal_units(result, 0) == -result.scores[players - 1]  # what one defender pays


def test_a_partners_and_a_defenders_scores_are_deal_units_as_they_are():
    result = _result(5, 1)
    assert deal_units(result, 1) == result.scores[1] and deal_units(result, 4) == result.scores[4]
    assert deal_units(None, 0) == 0.0  # a redeal


# ------------------------------------------------------------------ the object
def test_the_analysis_has_the_keys_of_the_contract():
    record = finished(4, 7).to_record()
    analysis = analyse_record(record, 1, worlds=2, seed=3)
    assert list(analysis) == ["format", "seat", "worlds", "unit", "decisions", "accuracy"]
    assert (analysis["format"], analysis["seat"], analysis["worlds"], analysis["unit"]) == \
        ("tarot-analysis/1", 1, 2, "deal")
    assert list(analysis["accuracy"]) == list(ACCURACY_KEYS) == ["deal", "bidding", "ecart", "play"]
    steps = [d["step"] for d in analysis["decisions"]]
    assert steps == seat_steps(record, 1) and steps == [i for i, a in enumerate(record["actions"]) if a["seat"] == 1]
    for d in analysis["decisions"]:
        assert list(d) == ["step", "phase", "played", "best", "loss", "se", "class", "reason", "options"]
        assert d["played"] == {k: v for k, v in record["actions"][d["step"]].items() if k != "seat"}
        assert list(d["reason"]) == ["code", "params"]
        assert all(list(o) == ["action", "ev"] for o in d["options"])
    json.dumps(analysis)


def test_the_same_record_seat_worlds_and_seed_give_the_same_bytes():
    record = finished(4, 9).to_record()
    first = json.dumps(analyse_record(record, 2, worlds=2, seed=5))
    assert json.dumps(analyse_record(record, 2, worlds=2, seed=5)) == first
    one_at_a_time = analysis_of(list(grade_record(record, 2, worlds=2, seed=5)), 2, 2)  # as a page does
    assert json.dumps(one_at_a_time) == first


def test_a_decision_graded_alone_gets_the_figures_of_its_whole_deal():
    deal = finished(4, 11)
    record = deal.to_record()
    whole = list(grade_record(record, 0, worlds=2, seed=1))
    chosen = next(g for g in whole if g.options)
    replayed = Deal.from_record({**record, "actions": record["actions"][:chosen.step]})
    assert grade(replayed.view(0), chosen.played, chosen.step, worlds=2, seed=1) == chosen


def test_under_the_purchase_rule_the_takers_deal_is_analysed_to_its_end():
    seed = 9
    deal = finished(3, seed, purchase=True)
    while deal.purchase is None:  # a prise, and a card bought
        seed += 1
        deal = finished(3, seed, purchase=True)
    analysis = analyse_record(deal.to_record(), deal.result.taker, worlds=2)
    phases = [d["phase"] for d in analysis["decisions"]]
    assert "purchase" in phases and phases[-1] == "play"
    purchase = analysis["decisions"][phases.index("purchase")]
    assert len(purchase["options"]) == 2 and any(o["ev"] != 0 for o in purchase["options"])  # deals were imagined


# ------------------------------------------------------------------ table sizes
def test_three_players_the_takers_decisions_are_graded():
    deal = finished(3, 2)
    analysis = analyse_record(deal.to_record(), deal.result.taker, worlds=2)
    phases = {d["phase"] for d in analysis["decisions"]}
    assert {"bidding", "play"} <= phases and analysis["accuracy"]["bidding"] is not None


def test_five_players_the_call_is_graded_and_the_partner_and_a_defender_too():
    deal = finished(5, 4, partner=True)
    result = deal.result
    record = deal.to_record()
    taker = analyse_record(record, result.taker, worlds=2)
    call = next(d for d in taker["decisions"] if d["phase"] == "calling")
    assert call["played"]["type"] == "call" and len(call["options"]) >= 2
    defender = next(s for s in range(5) if s not in (result.taker, result.partner))
    for seat in (result.partner, defender):
        analysis = analyse_record(record, seat, worlds=2)
        assert analysis["decisions"] and analysis["accuracy"]["play"] is not None
