"""The puzzle collection shipped with the site: its lines read back, and each margin re-measured.

A line of the collection is a puzzle's JSON (:meth:`~tarot.puzzles.mine.Puzzle.to_json`).
:func:`position_of` brings it back to the seat to act with its options (the solution and
the options of its ``costs``: every option the miner weighed); :func:`remeasure` weighs them
again at the page's budget (:data:`~tarot.teaching.analysis.DEFAULT_WORLDS` imagined deals,
other ones), as a player's review would.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..actions import Action, action_from_json
from ..state import Deal
from ..teaching.analysis import DEFAULT_WORLDS, decision_rng
from ..view import SeatView
from .mine import DEFAULT_MARGIN, weigh

REMEASURE_SEED = 0x5EED_3  # the re-measure's imagined deals: neither the main budget's nor the second's


@dataclass(frozen=True)
class PuzzlePosition:
    """A collection line brought back: the deal at the moment, the seat's view, the solution
    (the best first) and every option weighed (the solution first)."""

    deal: Deal
    view: SeatView
    solution: tuple[Action, ...]
    options: tuple[Action, ...]


def _action(entry: object) -> Action:
    return action_from_json(entry)[1]


def position_of(line: Mapping[str, object]) -> PuzzlePosition:
    """The position of a collection line.  A record that does not replay raises
    :class:`~tarot.errors.RecordError`; a malformed action, ``ValueError``."""
    deal = Deal.from_record(line.get("record"))
    seat = line.get("seat")
    if not isinstance(seat, int) or deal.to_act != seat:
        raise ValueError(f"the record does not bring seat {seat!r} to act")
    solution = line.get("solution")
    costs = line.get("costs")
    if not isinstance(solution, list) or not solution or not isinstance(costs, list) or not costs:
        raise ValueError("a puzzle needs a solution and its costs")
    best = tuple(_action(a) for a in solution)
    others = tuple(_action(c["action"]) if isinstance(c, dict) else _action(c) for c in costs)
    return PuzzlePosition(deal, deal.view(seat), best, best + others)


def remeasure(line: Mapping[str, object], worlds: int = DEFAULT_WORLDS, seed: int = REMEASURE_SEED) -> float | None:
    """By how much the best option beats every option outside the solution on ``worlds`` other
    imagined deals (deal units, the smallest gap), or ``None`` when the best there is not one
    of the solution."""
    position = position_of(line)
    weighing = weigh(position.view, list(position.options), worlds, decision_rng(seed, int(str(line["id"]), 16)))
    means, best = weighing.means, weighing.best
    if best >= len(position.solution):
        return None
    return min(means[best] - m for m in means[len(position.solution):])


def holds(line: Mapping[str, object], margin: float = DEFAULT_MARGIN, worlds: int = DEFAULT_WORLDS,
          seed: int = REMEASURE_SEED) -> bool:
    """Whether the puzzle still holds at ``worlds`` imagined deals: the best is one of the
    solution and beats every other option by ``margin`` deal units or more."""
    gap = remeasure(line, worlds, seed)
    return gap is not None and gap >= margin


__all__ = ["PuzzlePosition", "REMEASURE_SEED", "holds", "position_of", "remeasure"]
