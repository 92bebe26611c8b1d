"""Mining puzzles from play: the decisions where one action (or a few alike) is clearly best.

For each decision of a record, every option of the seat to act is played out on the same
imagined deals, as the graded analysis does it (:func:`~tarot.teaching.analysis.options_of`,
:func:`~tarot.teaching.analysis.played_out`): the deals are drawn from what that seat saw,
so a solution never rests on where the hidden cards really lie.  A position is kept when

* the seat has a choice (two options or more);
* at the main budget (:attr:`Budget.worlds` imagined deals), the best option beats every
  option outside the solution (the options within :data:`SOLUTION_UNITS` deal units of the
  best) by :attr:`Budget.margin` deal units or more, and by more than two paired standard
  errors; a solution that holds more than half the options (every option: cards of the same
  effect) is no puzzle: it avoids a blunder rather than finds a move;
* at a second budget (:attr:`Budget.recheck`, other imagined deals), the best is still one
  of the solution and beats every other option by as much;
* it is no Excuse that could as well wait a trick (:func:`excuse_can_wait`), nor obvious:
  both bots find it and the others lose :data:`OBVIOUS_MARGIN` deal units or more.

A cheaper screen (:attr:`Budget.screen` imagined deals) first sets aside the decisions
where no option stands out by half the margin, so the main budget is spent on the few that may.

The puzzle (:class:`Puzzle`, one JSON line) holds the record up to that moment, the seat,
the solution in the record's notation, the margin (the smaller of the two budgets'), the
themes (:mod:`.themes`), a first rating (:func:`first_rating`) and the analysis's reason
for the best action.
"""
from __future__ import annotations

import hashlib
import json
import math
from collections import Counter
from collections.abc import Iterator, Sequence, Set
from dataclasses import dataclass, field

from ..actions import Action, Play, action_to_json
from ..bot import Reason
from ..bots import make_bot
from ..bots.standard import StandardBot
from ..cards import EXCUSE_ID
from ..errors import RecordError
from ..replay import decisions
from ..rng import Rng
from ..state import Deal
from ..teaching.analysis import DEFAULT_WORLDS, decision_rng, normal_action, options_of, paired_se, played_out, why
from ..view import SeatView
from .themes import themes_of

SOLUTION_UNITS = 2.0  # an option this close to the best (deal units) is as good: one of the solution
DEFAULT_MARGIN = 10.0  # deal units by which the best must beat every option outside the solution
MAIN_WORLDS = 4 * DEFAULT_WORLDS  # imagined deals of the main budget: four times the page's
RECHECK_WORLDS = 2 * DEFAULT_WORLDS  # imagined deals of the second budget (other deals)
SCREEN_WORLDS = DEFAULT_WORLDS  # imagined deals of the screen: the page's budget
MAX_SOLUTION_SHARE = 0.5  # a solution of more options than this share is avoiding a blunder, not finding a move
SE_FACTOR = 2.0  # the gap must exceed this many paired standard errors
RECHECK_SALT = 0x5EED_2  # the second budget's seed: the miner's seed mixed with this
SCREEN_SALT = 0x5EED_1
# The first rating (see first_rating): a puzzle starts from this, plus so much per doubling of the
# options, plus so much when a bot misses the solution.
RATING_BASE = 1000.0
RATING_PER_DOUBLING = 150.0
RATING_STANDARD_MISSES = 300.0
RATING_DEBUTANT_MISSES = 150.0
RATING_RANGE = (600.0, 2600.0)
EXCUSE_WAITS_CARDS = 2  # with more cards than this in hand, playing the Excuse now is no only move
OBVIOUS_MARGIN = 100.0  # a gap this big that both bots see is no puzzle (a weak hand passes, a chelem declined)
ID_CHARS = 12  # hex digits of a puzzle's id


@dataclass(frozen=True)
class Budget:
    """How hard the miner looks: imagined deals at the screen, the main and the second budget,
    and the margin in deal units (0 worlds at the screen: no screen)."""

    worlds: int = MAIN_WORLDS
    recheck: int = RECHECK_WORLDS
    screen: int = SCREEN_WORLDS
    margin: float = DEFAULT_MARGIN


@dataclass(frozen=True)
class Weighing:
    """Each option's scores on the same imagined deals (deal units), and their means."""

    options: tuple[Action, ...]
    values: tuple[tuple[float, ...], ...]

    @property
    def means(self) -> list[float]:
        return [sum(v) / len(v) if v else 0.0 for v in self.values]

    @property
    def best(self) -> int:
        means = self.means
        return max(range(len(means)), key=lambda i: (means[i], -i))

    def solution(self) -> list[int]:
        """The options within :data:`SOLUTION_UNITS` of the best, the best first."""
        means, best = self.means, self.best
        return [best] + [i for i in range(len(means)) if i != best and means[best] - means[i] <= SOLUTION_UNITS]

    def gap(self, best: int, solution: Sequence[int]) -> float | None:
        """By how much ``best`` beats every option outside ``solution`` (the smallest gap), or
        ``None`` when some gap is within two paired standard errors or there is no other option."""
        means = self.means
        gaps = []
        for i in range(len(means)):
            if i in solution:
                continue
            diff = means[best] - means[i]
            if diff <= SE_FACTOR * paired_se(list(self.values[best]), list(self.values[i])):
                return None
            gaps.append(diff)
        return min(gaps) if gaps else None


def weigh(view: SeatView, options: list[Action], worlds: int, rng: Rng) -> Weighing:
    """The options of ``view``'s decision played out on ``worlds`` imagined deals."""
    values = played_out(view, options, worlds, rng)
    return Weighing(tuple(options), tuple(tuple(v) for v in values))


@dataclass(frozen=True)
class Found:
    """An only move: the options, the solution's indices (the best first), the margin, and
    each option's loss against the best at the main budget (deal units, 0 for the best)."""

    options: tuple[Action, ...]
    solution: tuple[int, ...]
    margin: float
    losses: tuple[float, ...] = ()


def only_move(view: SeatView, played: Action, step: int, budget: Budget, seed: int = 0) -> Found | None:
    """The only move of the decision of ``view`` at ``step`` (``played`` was played there), or
    ``None`` when there is none: a single option, no clear best, or one the second budget denies."""
    options = options_of(view, normal_action(played))
    if len(options) <= 1:
        return None
    if budget.screen:
        screened = weigh(view, options, budget.screen, decision_rng(seed ^ SCREEN_SALT, step))
        means, top = screened.means, screened.best
        outside = [means[top] - m for i, m in enumerate(means) if i not in screened.solution()]
        if not outside or min(outside) < budget.margin / 2:
            return None
    main = weigh(view, options, budget.worlds, decision_rng(seed, step))
    solution = main.solution()
    if len(solution) > MAX_SOLUTION_SHARE * len(options) or excuse_can_wait(view, [options[i] for i in solution]):
        return None
    margin = main.gap(solution[0], solution)
    if margin is None or margin < budget.margin:
        return None
    second = weigh(view, options, budget.recheck, decision_rng(seed ^ RECHECK_SALT, step))
    if second.best not in solution:
        return None
    again = second.gap(second.best, solution)
    if again is None or again < budget.margin:
        return None
    means = main.means
    losses = tuple(means[solution[0]] - m for m in means)
    return Found(tuple(options), tuple(solution), min(margin, again), losses)


def excuse_can_wait(view: SeatView, solution: Sequence[Action]) -> bool:
    """The solution is the Excuse alone while the seat holds more than two cards: it could as
    well come a trick later, and what the gap measures is how the play-out policy would keep
    it too long, not the position.  (With two cards, the Excuse kept is lost in the last trick.)"""
    return len(view.hand) > EXCUSE_WAITS_CARDS and all(isinstance(a, Play) and a.card == EXCUSE_ID for a in solution)


# ---------------------------------------------------------------- a puzzle
@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the record up to the moment, the seat to act, the solution and what it is about."""

    id: str
    record: dict[str, object]
    seat: int
    solution: tuple[Action, ...]
    margin: float
    themes: tuple[str, ...]
    rating: int
    reason: Reason
    costs: tuple[tuple[Action, float], ...] = ()  # each option outside the solution and its loss (deal units)

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "record": self.record,
            "seat": self.seat,
            "solution": [action_to_json(self.seat, a) for a in self.solution],
            "margin": round(self.margin, 2),
            "themes": list(self.themes),
            "rating": self.rating,
            "reason": self.reason.to_json(),
            "costs": [{"action": action_to_json(self.seat, a), "loss": round(loss, 1)} for a, loss in self.costs],
        }


def puzzle_id(record: dict[str, object], seat: int) -> str:
    """A short hash of the record and the seat: the same position, the same id."""
    text = json.dumps({"record": record, "seat": seat}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:ID_CHARS]


def bots_miss(view: SeatView, solution: Sequence[Action], seed: int) -> tuple[bool, bool]:
    """Whether the Standard bot's choice and the Débutant's are outside the solution."""
    return (normal_action(StandardBot().choose(view)) not in solution,
            normal_action(make_bot("debutant", seed).choose(view)) not in solution)


def first_rating(options: int, standard_misses: bool, debutant_misses: bool) -> int:
    """A puzzle's rating before anyone tried it: :data:`RATING_BASE`, plus
    :data:`RATING_PER_DOUBLING` per doubling of the options, plus :data:`RATING_STANDARD_MISSES`
    when the Standard bot's choice is not in the solution and :data:`RATING_DEBUTANT_MISSES`
    when the Débutant's is not; within :data:`RATING_RANGE`."""
    rating = RATING_BASE + RATING_PER_DOUBLING * math.log2(options)
    rating += RATING_STANDARD_MISSES * standard_misses + RATING_DEBUTANT_MISSES * debutant_misses
    low, high = RATING_RANGE
    return round(min(high, max(low, rating)))


def puzzle_of(deal: Deal, seat: int, found: Found, seed: int = 0) -> Puzzle | None:
    """The puzzle of ``seat``'s decision in ``deal`` as it stands, or ``None`` when its record
    does not bring a replay back to this very moment, or when it is obvious: both bots find the
    solution and the others lose :data:`OBVIOUS_MARGIN` deal units or more."""
    view = deal.view(seat)
    solution = tuple(found.options[i] for i in found.solution)
    standard_misses, debutant_misses = bots_miss(view, solution, seed)
    if found.margin >= OBVIOUS_MARGIN and not (standard_misses or debutant_misses):
        return None
    record = deal.to_record()
    record.pop("result", None)
    replayed = Deal.from_record(record)
    if replayed.to_act != seat or replayed.phase is not deal.phase:
        return None
    best = solution[0]
    reason = why(view, best)
    costs = tuple((option, loss) for i, (option, loss) in enumerate(zip(found.options, found.losses))
                  if i not in found.solution)
    return Puzzle(puzzle_id(record, seat), record, seat, solution, found.margin, tuple(themes_of(view, best, reason)),
                  first_rating(len(found.options), standard_misses, debutant_misses), reason, costs)


# ---------------------------------------------------------------- a record
@dataclass
class Tally:
    """What the miner saw: decisions, positions examined (a choice to make), puzzles kept by theme."""

    decisions: int = 0
    examined: int = 0
    kept: int = 0
    themes: Counter[str] = field(default_factory=Counter)

    def count(self, puzzle: Puzzle) -> None:
        self.kept += 1
        self.themes.update(puzzle.themes)


def may_carry(view: SeatView, options: Sequence[Action], themes: Set[str]) -> bool:
    """Whether some option, were it the solution's best, would carry one of ``themes`` (with
    the reason the puzzle would give it): a puzzle of those themes can come from no other decision."""
    return any(not themes.isdisjoint(themes_of(view, option, why(view, option))) for option in options)


def mine_record(record: object, budget: Budget = Budget(), seed: int = 0, tally: Tally | None = None,
                themes: Set[str] | None = None) -> Iterator[Puzzle]:
    """The puzzles of every decision of ``record``, in order; with ``themes``, only the decisions
    that may carry one of them (:func:`may_carry`: every puzzle of those themes, fewer of the
    others).  A record that does not replay raises :class:`~tarot.errors.RecordError` before any puzzle."""
    Deal.from_record(record)  # the whole record replays, or nothing is mined
    tally = tally if tally is not None else Tally()
    for step, seat, played, deal in decisions(record):
        tally.decisions += 1
        view = deal.view(seat)
        options = options_of(view, normal_action(played))
        if len(options) <= 1 or themes is not None and not may_carry(view, options, themes):
            continue
        tally.examined += 1
        found = only_move(view, played, step, budget, seed)
        puzzle = puzzle_of(deal, seat, found, seed ^ step) if found is not None else None
        if puzzle is not None:
            tally.count(puzzle)
            yield puzzle


__all__ = ["bots_miss", "Budget", "DEFAULT_MARGIN", "Found", "MAIN_WORLDS", "MAX_SOLUTION_SHARE", "OBVIOUS_MARGIN", "Puzzle", "RECHECK_WORLDS", "RecordError", "SCREEN_WORLDS",
           "SOLUTION_UNITS", "Tally", "Weighing", "excuse_can_wait", "first_rating", "may_carry", "mine_record", "only_move", "puzzle_id", "puzzle_of", "weigh"]
