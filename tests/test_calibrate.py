"""The analysis's calibration benchmarks (``python -m tarot calibrate``): their figures from their lines."""
from __future__ import annotations

import sys

import pytest

from tarot.rules import Rules
import tarot.teaching.analysis
from tarot.replay import decisions
from tarot.teaching.analysis import grade
from tarot.tools.calibrate import judge, refine_line, trust_deal, trust_play, trust_summary, validity_summary

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="a command-line benchmark, not the page: run under CPython only")


def _decision(default: str, large: str, same: bool = True, forced: bool = False) -> dict[str, object]:
    return {"forced": forced, "default": default, "large": large, "same_best": same}


def test_trust_counts_the_large_runs_mistakes_the_default_finds_and_the_defaults_it_confirms():
    line = {"decisions": [_decision("mistake", "blunder"), _decision("good", "mistake", same=False),
                          _decision("blunder", "inaccuracy"), _decision("mistake", "good", same=False),
                          _decision("good", "good"), _decision("good", "good", forced=True)]}
    summary = trust_summary([line])
    assert (summary["large_serious"], summary["found_by_default"], summary["recall"]) == (2, 1, 50.0)
    assert summary["flagged_by_default"] == 1  # the large run's mistake the default calls good is not flagged
    assert (summary["default_serious"], summary["confirmed_by_large"], summary["precision"]) == (3, 2, 66.7)
    assert (summary["decisions"], summary["same_best"]) == (5, 60.0)  # the forced card is no decision


def test_trust_gives_each_share_a_95_percent_interval_around_it():
    line = {"decisions": [_decision("mistake", "mistake")] * 9 + [_decision("good", "mistake")]}
    summary = trust_summary([line])
    low, high = summary["recall_95"]
    assert summary["recall"] == 90.0 and low < 90.0 < high <= 100.0
    assert summary["precision"] == 100.0 and summary["precision_95"][1] == 100.0


def test_trust_says_how_many_decisions_the_default_weighed_on_more_deals():
    weighed = [{**_decision("good", "good"), "worlds": w} for w in (24, 24, 24, 96)]
    summary = trust_summary([{"worlds": 24, "decisions": weighed}])
    assert (summary["extended"], summary["mean_worlds"]) == (25.0, 42.0)
    assert summary["mean_large_worlds"] is None  # a large run not refined says no deals per decision


def test_trust_says_how_many_deals_a_refined_large_run_weighed_per_decision():
    refined = [{**_decision("good", "good"), "worlds": w, "large_worlds": 10 * w} for w in (24, 24, 24, 96)]
    assert trust_summary([{"worlds": 24, "decisions": refined}])["mean_large_worlds"] == 420.0


def test_validity_gives_each_levels_mean_and_each_gaps_interval():
    lines = [{"accuracy": {"expert": 90.0, "debutant": 60.0}}, {"accuracy": {"expert": 100.0, "debutant": 80.0}}]
    summary = validity_summary(lines)
    assert summary["accuracy"]["expert"]["mean"] == 95.0 and summary["accuracy"]["debutant"]["mean"] == 70.0
    gap = summary["gaps"]["expert-debutant"]
    assert gap["mean"] == 25.0 and gap["low"] < 25.0 < gap["high"]


def test_a_trust_line_grades_every_decision_of_the_seat_twice():
    rules = Rules(players=4)
    seed = next(s for s in range(1, 50) if trust_play(rules, s, 1) is not None)  # not a redeal
    deal = trust_play(rules, seed, 1)
    line = trust_deal(deal, seed, 1, worlds=2, factor=2)
    steps = [i for i, (seat, _action) in enumerate(deal.history) if seat == 1]
    assert [d["step"] for d in line["decisions"]] == steps
    assert all(d["default"] == d["large"] == "good" for d in line["decisions"] if d["forced"])
    assert all(2 <= d["worlds"] for d in line["decisions"] if not d["forced"])  # the default's deals, adaptive
    assert all(d["same_best"] == (d["best"] == d["large_best"]) for d in line["decisions"])


def test_a_trust_lines_large_run_weighs_each_decision_on_factor_times_the_defaults_deals():
    rules = Rules(players=4)
    seed = next(s for s in range(1, 50) if trust_play(rules, s, 1) is not None)
    line = trust_deal(trust_play(rules, seed, 1), seed, 1, worlds=2, factor=3)
    chosen = [d for d in line["decisions"] if not d["forced"]]
    assert any(d["worlds"] > 2 for d in chosen)  # the default extended some: their judge too
    assert all(d["large_worlds"] == 3 * d["worlds"] for d in chosen)


def test_a_trust_line_again_reuses_the_earlier_large_run_and_weighs_only_the_default():
    rules = Rules(players=4)
    seed = next(s for s in range(1, 50) if trust_play(rules, s, 1) is not None)
    deal = trust_play(rules, seed, 1)
    first = trust_deal(deal, seed, 1, worlds=2, factor=2)
    earlier = {**first, "decisions": [{**d, "large": "blunder", "large_loss": 99.0} for d in first["decisions"]]}
    again = trust_deal(deal, seed, 1, worlds=3, factor=2, large_from=earlier)
    chosen = [d for d in again["decisions"] if not d["forced"]]
    assert chosen and all(d["large"] == "blunder" and d["large_loss"] == 99.0 for d in chosen)
    assert all(d["worlds"] >= 3 for d in chosen)  # the default weighed again, at its own budget


def test_a_trust_line_again_refuses_a_line_of_other_decisions():
    rules = Rules(players=4)
    seed = next(s for s in range(1, 50) if trust_play(rules, s, 1) is not None)
    deal = trust_play(rules, seed, 1)
    line = trust_deal(deal, seed, 1, worlds=2, factor=2)
    other = {**line, "decisions": line["decisions"][1:]}
    with pytest.raises(ValueError, match="other decisions"):
        trust_deal(deal, seed, 1, worlds=2, factor=2, large_from=other)


def _small_line():
    """A 4-player trust deal (seat 1 graded) and its line at a fixed budget of 2, the large run 4."""
    rules = Rules(players=4)
    seed = next(s for s in range(1, 50) if trust_play(rules, s, 1) is not None)
    deal = trust_play(rules, seed, 1)
    return deal, trust_deal(deal, seed, 1, worlds=2, factor=2, most=2)


def test_refining_weighs_again_only_the_decisions_the_default_extended_on_factor_times_its_deals():
    deal, line = _small_line()
    chosen = [d["step"] for d in line["decisions"] if not d["forced"]]
    extended = chosen[0]  # as if the default had weighed this one on 8 deals
    line["decisions"] = [{**d, "worlds": 8, "large": "blunder", "large_loss": 99.0} if d["step"] == extended
                         else {**d, "large": "blunder", "large_loss": 99.0} if not d["forced"] else d
                         for d in line["decisions"]]
    refined = {d["step"]: d for d in refine_line(line, deal, 2)["decisions"]}
    assert refined[extended]["large_worlds"] == 16 and refined[extended]["large_loss"] != 99.0
    assert all(refined[s]["large_worlds"] == 4 and refined[s]["large_loss"] == 99.0 for s in chosen[1:])
    again = {d["step"]: d for d in refine_line({**line, "decisions": list(refined.values())}, deal, 2)["decisions"]}
    assert again == refined  # a refined line is refined already: nothing weighed twice


def test_refining_from_a_least_loss_leaves_the_decisions_both_runs_put_under_it():
    deal, line = _small_line()
    chosen = [d["step"] for d in line["decisions"] if not d["forced"]]
    near, far = chosen[:2]  # both weighed on 8 deals by the default; one near a mistake, one far from it
    losses = {near: (12.0, 9.0), far: (6.0, 9.5)}
    line["decisions"] = [{**d, "worlds": 8, "loss": losses[d["step"]][0], "large_loss": losses[d["step"]][1]}
                         if d["step"] in losses else d for d in line["decisions"]]
    refined = {d["step"]: d for d in refine_line(line, deal, 2, least=10)["decisions"]}
    assert refined[near]["large_worlds"] == 16  # the default put it at 12: graded again
    assert refined[far]["large_worlds"] == 4 and refined[far]["large_loss"] == 9.5  # both under 10: kept


def _choices():
    """The decisions with a choice of the small line's graded seat: ``(view, action, step)``."""
    deal, _line = _small_line()
    for index, s, action, moment in decisions(deal.to_record()):
        if s == 1 and len(moment.view(1).legal) > 2:
            yield moment.view(1), action, index


def test_the_judge_weighs_the_options_it_keeps_on_the_same_deals_as_a_grade_of_them_all(monkeypatch):
    monkeypatch.setattr(tarot.teaching.analysis, "PRUNE", 1e9)  # no option left out
    view, action, step = next(_choices())
    graded = grade(view, action, step, 8, 1, 8)
    assert judge(view, action, step, 2, 8) == (graded.grade, graded.loss, graded.best, graded.worlds)


def test_the_judge_left_with_no_margin_weighs_again_only_the_played_option_and_the_first_deals_best_ones(monkeypatch):
    monkeypatch.setattr(tarot.teaching.analysis, "PRUNE", 0.0)
    for view, action, step in _choices():
        first = grade(view, action, step, 2, 1, 2).options  # the large run on its first deals, best first
        tied_best = [a for a, ev in first if ev == first[0][1]]
        _class, _loss, best, made = judge(view, action, step, 2, 6)
        assert made == 6 and best in (action, *tied_best)


def test_refining_refuses_a_line_of_other_decisions():
    deal, line = _small_line()
    with pytest.raises(ValueError, match="other decisions"):
        refine_line({**line, "decisions": line["decisions"][1:]}, deal, 2)


def test_same_best_counts_only_the_lines_that_kept_the_large_runs_best():
    old = {"decisions": [{"forced": False, "default": "good", "large": "good"}] * 3}
    new = {"decisions": [_decision("good", "good", same=True), _decision("good", "good", same=False)]}
    assert trust_summary([old, new])["same_best"] == 50.0
