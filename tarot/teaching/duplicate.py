"""Duplicate: the same deal played by the Expert in your seat, as the reference.

A duplicate tournament takes the luck of the cards out: on each deal your score
is compared with the score of someone who held the same cards in your seat.
Here that someone is the Expert bot.  The *reference* of a deal is the deal as
dealt (same cards, same dealer), the same bots in the other seats with the same
seeds, and the Expert in seat 0 (:data:`SEAT`).  Every decision is seeded by
:func:`decision_seed` (deal number, seat, how many actions were taken), the
scheme the page uses for its bots, so the reference computed in the page's
worker and the one computed here are the same deal, move for move.

Your duplicate score on a deal is your score minus the reference's score for
seat 0 (:func:`duplicate_score`).

The *field* of a deal is the same deal played in seat 0 by the other levels
(:data:`FIELD`: the Standard and the Débutant bots), with the same bots and seeds
elsewhere (:func:`field_deal`): your place among the four who held your cards
(:func:`places`) is what a duplicate club tells its players.

The Expert's effort for the reference is a :class:`Budget` (imagined deals per
decision); :data:`REFERENCE_BUDGET` keeps a reference deal within a few seconds
in the browser.  A reference is computed in steps (:func:`advance_reference`:
until the Expert has taken one more decision), so that a worker can answer other
requests between two steps.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..actions import Action, action_to_json
from ..bots import make_bot
from ..match import deal_seed
from ..replay import decisions
from ..result import DealResult
from ..rules import Rules
from ..state import Deal

SEAT = 0  # the person's seat, where the Expert plays the reference
# Rule options a duplicate leaves off: each deal is compared with its reference by its
# own score, and pots carried from deal to deal (traditional scoring) would make two
# plays of the same cards incomparable.
NOT_IN_DUPLICATE = frozenset({"traditional_scoring"})
EXPERT = "expert"
FIELD = ("standard", "debutant")  # the levels that play your seat beside the Expert


def decision_seed(deal_number: int, seat: int, step: int) -> int:
    """The seed of a bot's decision: the same deal, seat and moment give the same choice."""
    return deal_seed(deal_number * 8 + seat, step)


@dataclass(frozen=True)
class Budget:
    """The Expert's effort in the reference: imagined deals per card played
    (``samples``) and for its bid, call and écart (``setup_samples``)."""

    samples: int = 16
    setup_samples: int = 20

    def to_json(self) -> dict[str, int]:
        return {"samples": self.samples, "setup_samples": self.setup_samples}

    @classmethod
    def from_json(cls, data: object) -> "Budget":
        """A budget from plain JSON; ``ValueError`` naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("the budget must be an object")
        samples = data.get("samples", cls.samples)
        setup = data.get("setup_samples", cls.setup_samples)
        for name, value in (("samples", samples), ("setup_samples", setup)):
            if type(value) is not int or not 1 <= value <= 1000:
                raise ValueError(f"{name} must be an integer from 1 to 1000")
        return cls(samples, setup)


REFERENCE_BUDGET = Budget()


def dealer_of(deal_number: int, rules: Rules) -> int:
    """The dealer of deal number ``deal_number`` at the page's table: ``k mod players``."""
    return deal_number % rules.players


def bot_action(deal: Deal, level: str, deal_number: int, budget: Budget | None = None,
               seat_level: str | None = None) -> Action:
    """The decision of the seat to act: in :data:`SEAT`, the Expert (with ``budget``) when a
    budget is given, else the bot of ``seat_level`` when one is given; elsewhere the bot of
    ``level``.  It sees its own seat's view only."""
    seat = deal.to_act
    if seat is None:
        raise ValueError("the deal is over: no seat is to act")
    seed = decision_seed(deal_number, seat, len(deal.history))
    if budget is not None and seat == SEAT:
        bot = make_bot(EXPERT, seed, samples=budget.samples, setup_samples=budget.setup_samples)
    else:
        bot = make_bot(seat_level if seat_level is not None and seat == SEAT else level, seed)
    return bot.choose(deal.view(seat))


def advance_reference(deal: Deal, level: str, deal_number: int,
                      budget: Budget | None = REFERENCE_BUDGET, seat_level: str | None = None) -> Deal:
    """Play the reference on until the deal is over or seat 0 has taken one more
    decision; ``deal`` is changed in place and returned.  (``budget=None`` puts a bot of
    ``seat_level``, by default of ``level``, in seat 0: the same deal without the Expert.)"""
    while not deal.is_over:
        seat = deal.to_act
        deal.apply(bot_action(deal, level, deal_number, budget, seat_level), seat=seat)
        if seat == SEAT:
            break
    return deal


def play_reference(deal: Deal, level: str, deal_number: int, budget: Budget | None = REFERENCE_BUDGET) -> Deal:
    """The reference played from ``deal`` (normally as dealt) to its end, in place."""
    while not deal.is_over:
        advance_reference(deal, level, deal_number, budget)
    return deal


def reference(rules: Rules, deal_number: int, level: str, budget: Budget = REFERENCE_BUDGET,
              dealer: int | None = None) -> Deal:
    """The reference of deal ``deal_number`` (dealt by ``dealer``, by default the page's
    dealer for that number) with bots of ``level`` in the other seats."""
    if dealer is None:
        dealer = dealer_of(deal_number, rules)
    return play_reference(Deal.new(rules, dealer=dealer, seed=deal_number), level, deal_number, budget)


def field_deal(deal: Deal, level: str, deal_number: int, seat_level: str) -> Deal:
    """The deal played from ``deal`` (normally as dealt) to its end, in place, by the bot of
    ``seat_level`` in :data:`SEAT` and bots of ``level`` elsewhere, seeded as the reference."""
    while not deal.is_over:
        advance_reference(deal, level, deal_number, None, seat_level)
    return deal


def places(scores: dict[str, int]) -> dict[str, int]:
    """Each player's place by score, from 1, as clubs rank them: equal scores share a place
    and the next place is skipped (40, 20, 20, -10 → 1, 2, 2, 4)."""
    return {who: 1 + sum(other > score for other in scores.values()) for who, score in scores.items()}


def field_scores(scores: object) -> dict[str, int]:
    """A deal's field as saved or exported: field levels to whole scores (ValueError otherwise)."""
    if not isinstance(scores, dict) or not all(k in FIELD and type(v) is int for k, v in scores.items()):
        raise ValueError(f"a field maps {', '.join(FIELD)} to whole scores")
    return dict(scores)


def as_dealt(record: dict[str, Any]) -> dict[str, Any]:
    """A record's deal before any decision (its cards, dealer, rules and pots)."""
    return {k: v for k, v in record.items() if k not in ("actions", "result")} | {"actions": []}


def seat_score(result: DealResult, seat: int = SEAT) -> int:
    return result.scores[seat]


def duplicate_score(own: DealResult, ref: DealResult, seat: int = SEAT) -> int:
    """Your duplicate score on a deal: your score minus the reference's, in the same seat."""
    return seat_score(own, seat) - seat_score(ref, seat)


def expert_choices(record: dict[str, Any], level: str, deal_number: int, budget: Budget = REFERENCE_BUDGET,
                   start: int = 0, limit: int | None = None) -> tuple[list[tuple[int, dict[str, Any]]], int | None]:
    """What the Expert would have done at each of :data:`SEAT`'s decisions in ``record``
    where it would have done something else: ``(action index, action in record form)``.

    Looks at the actions from index ``start`` on and at most ``limit`` of seat 0's
    decisions; returns the differences found and the index to go on from (``None``
    when the whole record was looked at)."""
    return other_choices(record, lambda deal: bot_action(deal, level, deal_number, budget), start, limit)


def other_choices(record: dict[str, Any], choose: Callable[[Deal], Action], start: int = 0,
                  limit: int | None = None) -> tuple[list[tuple[int, dict[str, Any]]], int | None]:
    """Where ``choose`` (asked at each of :data:`SEAT`'s decisions in ``record``, the deal
    as it then stood) would have done something else: ``(action index, its choice in
    record form)``; ``start`` and ``limit`` as for :func:`expert_choices`."""
    differences: list[tuple[int, dict[str, Any]]] = []
    looked = 0
    for index, seat, action, deal in decisions(record):
        if index >= start and seat == SEAT and deal.to_act == SEAT:
            if limit is not None and looked >= limit:
                return differences, index
            looked += 1
            choice = action_to_json(SEAT, choose(deal))
            if not same_decision(choice, action_to_json(seat, action)):
                differences.append((index, choice))
    return differences, None


def same_decision(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two decisions in record form are the same (an écart or a poignée in any order)."""
    if "cards" in a and "cards" in b:
        return {**a, "cards": sorted(a["cards"])} == {**b, "cards": sorted(b["cards"])}
    return a == b
