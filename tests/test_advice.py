"""*Conseil*: the graded analysis's best action for a decision still to take, with every
option's expected score; the same figures as the analysis of that decision.  Small budgets."""
from __future__ import annotations

import pytest

from tarot.actions import Bid, Play
from tarot.rules import Contract, Rules
from tarot.state import Deal
from tarot.teaching.analysis import advise, grade
from tarot.teaching.hints import REASON_CODES

from .helpers import card, deal_with, play, to_play
from .test_analysis import petit_under_the_21


def test_the_advice_is_the_analysis_s_best_with_the_same_evs_where_the_budget_settles_it():
    view = petit_under_the_21().view(1)
    advice = advise(view, 1, worlds=12)
    graded = grade(view, advice.best, 1, worlds=12)
    assert graded.worlds == 12  # no runner-up near enough to weigh the decision again
    assert (advice.best, advice.options) == (graded.best, graded.options)
    assert graded.loss == 0.0 and advice.reason == graded.reason


def test_whatever_was_played_the_analysis_weighs_the_options_as_the_advice_does():
    view = petit_under_the_21().view(1)
    advice = advise(view, 1, worlds=6)
    graded = grade(view, Play(card("T1")), 1, worlds=6)
    assert dict(advice.options) == dict(graded.options)


def test_the_advice_lists_every_legal_option_best_first():
    view = petit_under_the_21().view(1)
    advice = advise(view, 1, worlds=6)
    assert {a for a, _ in advice.options} == set(view.legal)
    assert advice.options[0][0] == advice.best
    assert all(ev <= advice.options[0][1] for _, ev in advice.options)
    assert advice.reason.code in REASON_CODES


def test_a_bid_is_advised_among_every_bid_allowed():
    deal = Deal.new(Rules(players=4), dealer=3, seed=5)
    view = deal.view(0)
    advice = advise(view, 0, worlds=4)
    assert isinstance(advice.best, Bid) and advice.phase == "bidding"
    assert {a for a, _ in advice.options} == set(view.legal)
    assert grade(view, advice.best, 0, worlds=4).options == advice.options


def test_a_forced_card_is_the_one_card_with_no_options():
    deal = to_play(deal_with({0: "KH", 1: "2H"}, voids={1: "H"}), taker=0, contract="garde")
    play(deal, "KH")
    advice = advise(deal.view(1), 1, worlds=4)
    assert advice.forced and advice.best == Play(card("2H")) and advice.options == ()
    assert advice.reason.code == "only_card"


def test_a_seat_not_to_act_gets_no_advice():
    deal = Deal.new(Rules(players=4), dealer=3, seed=5)
    with pytest.raises(ValueError):
        advise(deal.view(1), 0, worlds=4)


def test_the_advice_in_json_names_the_action_without_the_seat():
    deal = Deal.new(Rules(players=4), dealer=3, seed=5)
    entry = advise(deal.view(0), 0, worlds=4).to_json()
    assert set(entry) == {"step", "phase", "best", "reason", "options"}
    assert "seat" not in entry["best"] and entry["options"][0]["action"] == entry["best"]
    assert entry["best"]["type"] == "bid" and entry["best"]["bid"] in ("pass", *(c.code for c in Contract))
