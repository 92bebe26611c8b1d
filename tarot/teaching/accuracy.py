"""Grading a decision by the points it lost, in deal units (see ``docs/analysis.md``).

A loss is what the seat's expected score drops, in deal units, by the action played
rather than the best one.  Its class follows thresholds of 5, 15 and 30 deal units, and
only a loss larger than :data:`SE_FACTOR` standard errors counts: a smaller one may be
the luck of the imagined deals.  Accuracy halves for every :data:`HALF_LIFE` deal units
of the losses that count: ``100 · 2^(−lost / HALF_LIFE)``, for one decision and for a
phase or a whole deal (the losses of its decisions added up).
"""
from __future__ import annotations

import math
from collections.abc import Iterable

INACCURACY, MISTAKE, BLUNDER = 5.0, 15.0, 30.0  # deal units lost, from which a decision is so classed
SE_FACTOR = 2.0  # a loss counts only beyond this many standard errors
SETTLE_Z = SE_FACTOR  # a class is unsettled while the mistake threshold is within the standard errors a class needs
HALF_LIFE = 20.0  # deal units lost that halve the accuracy
CLASSES = ("good", "inaccuracy", "mistake", "blunder")


def classify(loss: float, se: float) -> str:
    """``good``, ``inaccuracy``, ``mistake`` or ``blunder`` for a ``loss`` with standard error ``se``."""
    if loss <= SE_FACTOR * se:
        return "good"
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return "good"


def unsettled(loss: float, se: float) -> bool:
    """Whether more imagined deals could turn a decision into a mistake or out of one: a loss
    of ``loss`` ± :data:`SETTLE_Z` standard errors reaches across the mistake threshold, or is
    beyond it but within the :data:`SE_FACTOR` standard errors a class needs."""
    if se <= 0.0:
        return False
    serious = classify(loss, se) in ("mistake", "blunder")
    if serious:
        return loss - SETTLE_Z * se < MISTAKE
    return loss + SETTLE_Z * se >= MISTAKE


def may_be_a_mistake(advantage: float, se: float) -> bool:
    """Whether an option that did ``advantage`` deal units better than the one played (less than
    nothing: worse), with standard error ``se``, could on more imagined deals prove better by a
    mistake's worth: ``advantage`` + :data:`SETTLE_Z` standard errors reaches the threshold.  A
    best action played leaves :func:`unsettled` nothing to weigh (no loss, no error): its
    runners-up are weighed this way."""
    return se > 0.0 and advantage + SETTLE_Z * se >= MISTAKE


def counted_loss(loss: float, se: float) -> float:
    """What a loss counts in the accuracy: all of it when it is beyond the imagined deals' noise
    (more than :data:`SE_FACTOR` standard errors, as a class needs), else nothing."""
    return loss if loss > SE_FACTOR * se else 0.0


def accuracy(losses: Iterable[float]) -> float | None:
    """0–100 from the counted losses of some decisions (``None`` when there is none):
    100 for none lost, halved for every :data:`HALF_LIFE` deal units lost in all."""
    values = list(losses)
    if not values:
        return None
    return round(100.0 * math.exp(-math.log(2.0) * sum(values) / HALF_LIFE), 1)


__all__ = ["BLUNDER", "CLASSES", "HALF_LIFE", "INACCURACY", "MISTAKE", "SE_FACTOR", "SETTLE_Z", "accuracy", "classify",
           "counted_loss", "may_be_a_mistake", "unsettled"]
