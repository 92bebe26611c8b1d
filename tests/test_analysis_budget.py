"""The graded analysis's adaptive budget: a decision whose class the default imagined deals
leave unsettled is weighed again on twice as many (the next deals of the same draws), up to
a cap; a clear one keeps the default.  Small budgets keep it fast."""
from __future__ import annotations

import pytest

from tarot.actions import Play, Poignee
from tarot.teaching.accuracy import may_be_a_mistake, unsettled
from tarot.teaching.analysis import (MOST_FACTOR, PlayOut, advise, contenders, decision_rng, grade, options_of,
                                    played_out)

from .helpers import card
from .test_analysis import petit_under_the_21


# ------------------------------------------------------------------ the rule
@pytest.mark.parametrize("loss, se", [
    (20.0, 10.5),  # good only because it is within 2 se: fewer errors may make it a mistake
    (14.0, 2.0),  # an inaccuracy that 2 se take past the mistake threshold
    (16.0, 2.0),  # a mistake that 2 se take back under it
])
def test_a_loss_whose_mistake_class_more_deals_could_change_is_unsettled(loss, se):
    assert unsettled(loss, se)


@pytest.mark.parametrize("loss, se", [
    (0.0, 0.0),  # the best played
    (3.0, 1.0),  # clearly good
    (8.0, 2.0),  # clearly an inaccuracy
    (40.0, 2.0),  # clearly a blunder
    (72.0, 21.6),  # a blunder even 2 se lower
])
def test_a_loss_clearly_on_one_side_of_the_mistake_threshold_is_settled(loss, se):
    assert not unsettled(loss, se)


@pytest.mark.parametrize("advantage, se, may", [
    (-5.8, 17.9, True),  # a runner-up 5.8 worse, but within its noise of a mistake's worth better
    (10.0, 4.0, True),  # better by an inaccuracy, 2 se from a mistake
    (-5.0, 6.0, False),  # worse, and no noise takes it 15 better
    (-20.0, 0.0, False),  # worse on every imagined deal alike
])
def test_a_runner_up_of_the_best_played_may_prove_a_mistake_better(advantage, se, may):
    assert may_be_a_mistake(advantage, se) is may


# ------------------------------------------------------------------ the budget
def test_a_clear_blunder_is_weighed_on_the_budget_alone():
    graded = grade(petit_under_the_21().view(1), Play(card("T1")), 1, worlds=8)
    assert graded.grade == "blunder" and graded.worlds == 8


def test_a_clear_inaccuracy_is_weighed_on_the_budget_alone():
    view = petit_under_the_21().view(1)
    double = next(a for a in view.legal if isinstance(a, Poignee) and len(a.cards) == 10)
    graded = grade(view, double, 1, worlds=8)
    assert graded.grade == "inaccuracy" and graded.worlds == 8


def test_the_best_played_with_its_runners_up_clearly_worse_is_weighed_on_the_budget_alone():
    view = petit_under_the_21().view(1)
    best = advise(view, 1, worlds=12).best
    graded = grade(view, best, 1, worlds=12)
    assert graded.best == best and graded.loss == 0.0 and graded.worlds == 12


def test_the_best_on_the_budget_is_weighed_on_more_deals_while_a_runner_up_may_prove_a_mistake_better():
    view = petit_under_the_21().view(1)
    assert advise(view, 1, worlds=4).best == Play(card("EX"))  # on 4 imagined deals the Excuse looks best
    at_budget = grade(view, Play(card("EX")), 1, worlds=4, most=4)
    assert at_budget.loss == 0.0 and not unsettled(at_budget.loss, at_budget.se)  # no loss, no error to weigh
    graded = grade(view, Play(card("EX")), 1, worlds=4)
    assert graded.worlds > 4 and isinstance(graded.best, Poignee) and graded.loss >= 15  # the poignée, by 15 or more


def test_a_loss_called_good_only_for_its_noise_is_weighed_on_more_deals_and_found_a_mistake():
    view = petit_under_the_21().view(1)
    at_budget = grade(view, Play(card("T4")), 1, worlds=4, most=4)
    assert at_budget.grade == "good" and at_budget.loss >= 15 and unsettled(at_budget.loss, at_budget.se)
    graded = grade(view, Play(card("T4")), 1, worlds=4)
    assert graded.worlds > 4 and graded.grade == "mistake" and not unsettled(graded.loss, graded.se)


def test_an_unsettled_decision_stops_at_the_cap_or_once_settled():
    view = petit_under_the_21().view(1)
    graded = grade(view, Play(card("EX")), 1, worlds=8)
    assert 8 < graded.worlds <= MOST_FACTOR * 8
    assert graded.worlds == MOST_FACTOR * 8 or not unsettled(graded.loss, graded.se)


def test_the_deals_added_are_the_next_of_the_same_draws():
    view = petit_under_the_21().view(1)
    graded = grade(view, Play(card("EX")), 1, worlds=8)
    fixed = grade(view, Play(card("EX")), 1, worlds=graded.worlds, most=graded.worlds)
    same = ("best", "loss", "se", "grade", "worlds")
    assert [getattr(graded, k) for k in same] == [getattr(fixed, k) for k in same]
    assert graded.options[0] == fixed.options[0]  # the best, with its mean on every deal
    assert grade(view, Play(card("EX")), 1, worlds=8) == graded


def test_the_deals_added_are_played_out_only_for_the_options_in_contention():
    view = petit_under_the_21().view(1)
    options = options_of(view, Play(card("EX")))
    graded = grade(view, Play(card("EX")), 1, worlds=8)
    whole = played_out(view, options, graded.worlds, decision_rng(0, 1))
    steps = [k for k in (8, 16, 32, 64, 128) if k <= graded.worlds]
    met = {a: max(k for k in steps if sum(whole[options.index(a)][:k]) / k == ev) for a, ev in graded.options}
    assert graded.worlds == steps[-1] and met[Play(card("EX"))] == met[graded.best] == graded.worlds
    assert any(k < graded.worlds for k in met.values())  # some options left on the deals they met


def test_an_option_far_below_the_best_is_out_of_contention():
    values = [[10.0, 12.0, 11.0], [0.0, 1.0, 0.5], [9.0, 13.0, 10.0], [-40.0, -38.0, -41.0]]
    means = [sum(v) / 3 for v in values]
    assert contenders(values, means, 0, 3, [0, 1, 2, 3]) == [0, 2, 3]  # the best, a close runner-up, the one played


def test_a_play_out_extended_step_by_step_is_the_play_out_of_the_whole():
    view = petit_under_the_21().view(1)
    options = options_of(view, Play(card("T4")))
    playout = PlayOut(view, options, decision_rng(0, 1))
    playout.extend(3)
    playout.extend(7)
    assert playout.values == played_out(view, options, 7, decision_rng(0, 1))


def test_a_play_out_extended_for_some_options_leaves_the_others_as_they_were():
    view = petit_under_the_21().view(1)
    options = options_of(view, Play(card("T4")))
    playout = PlayOut(view, options, decision_rng(0, 1))
    playout.extend(3)
    playout.extend(7, [0, 2])
    whole = played_out(view, options, 7, decision_rng(0, 1))
    assert playout.values[0] == whole[0] and playout.values[2] == whole[2]
    assert playout.values[1] == whole[1][:3] and playout.made == 7
