"""The puzzle trainer (``?mode=puzzles``): a puzzle of the collection at the table, judged as an
exercise from the person's mistakes is (:class:`~web.teaching.drill.MistakeSession`), its answer
set the puzzle's solution.

:class:`PuzzleSession` opens the position in seat 0's view (the puzzle's seat turned to 0,
:mod:`web.teaching.puzzles`) with what the table showed (the bids, the trick, the chien if shown).
The person's decision is judged, never played on the question: right, the puzzle's reason and its
margin; wrong, the reason, what that decision costs, and the deal played on from it by the
Standard bots (the punishing line), every hand face up, step by step; *Voir la bonne réponse* plays
the best out the same way.  Each first answer is rated (:class:`~web.teaching.puzzles.Ratings`).

:class:`Trainer` holds the collection, the ratings, the filters and which set is on (the
collection's puzzles, or the person's own mistakes); :class:`PuzzleView` and :class:`TrainerView`
are what the teaching region draws of them (:mod:`web.teaching.trainview`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from tarot.actions import Action, seatless_json
from tarot.bot import Reason
from tarot.errors import IllegalAction, RecordError

from ..match.settings import Settings
from .drill import MistakeSession
from .mistakes import Exercise, Exercises
from .puzzles import PHASES, PLAYERS, Filters, Ratings, TrainerPuzzle, Try, choose, cost_of, daily, is_solution

if TYPE_CHECKING:
    from ..match.screen import Screen

RECENT_TRIES = 8  # the tries the trainer lists


def exercise_of(puzzle: TrainerPuzzle) -> Exercise:
    """The puzzle as an exercise: the solution's options at the best's figure, each other option
    its cost below it."""
    options = [{"action": seatless_json(a), "ev": 0.0} for a in puzzle.solution]
    options += [{"action": seatless_json(a), "ev": -loss} for a, loss in puzzle.costs]
    entry = {"step": puzzle.step, "class": "mistake", "options": options, "loss": puzzle.margin,
             "played": seatless_json(puzzle.costs[0][0] if puzzle.costs else puzzle.solution[0]),
             "best": seatless_json(puzzle.solution[0]), "reason": puzzle.reason.to_json()}
    return Exercise(f"puzzle-{puzzle.id}", puzzle.record, puzzle.step, entry)


@dataclass(frozen=True)
class PuzzleView:
    """What the teaching region shows of the puzzle on the table."""

    id: str
    themes: tuple[str, ...]
    players: int
    phase: str
    correct: bool | None  # the verdict (None: the question stands)
    tried: Action | None
    reason: Reason  # why the best is best
    margin: float
    cost: tuple[float, bool] | None  # a wrong answer's loss, and whether it was measured
    best: Action
    shown: tuple[int, int, int] | None  # a line played out: (step on show, its last, its first)
    shows_best: bool  # the line on show is the best's (else the wrong answer's)
    line_offered: bool  # the wrong answer's line is not on show: offered
    daily: bool


class PuzzleSession(MistakeSession):
    """A puzzle at the table (see the module docstring); ``on_try``: the first answer, rated."""

    def __init__(self, settings: Settings, puzzle: TrainerPuzzle,
                 on_try: Callable[[TrainerPuzzle, bool], None] = lambda p, right: None, is_daily: bool = False,
                 embedded: bool = False) -> None:
        super().__init__(settings, exercise_of(puzzle), Exercises())
        self.puzzle = puzzle
        self.on_try = on_try
        self.is_daily = is_daily
        self.embedded = embedded  # on a page that embeds the table (a small frame)
        self.correct: bool | None = None
        self.shows_best = False

    def act(self, seat: int, action: Action) -> IllegalAction | None:
        """Seat 0's answer judged once (a move the rules refuse is refused as at the table); a wrong
        one is played on at once, face up."""
        if self.correct is not None or self.shown is not None:
            return None
        refusal = self.deal.why_not(action, seat)
        if refusal is not None:
            return refusal
        self.correct = is_solution(self.puzzle, action)
        self.tried = action
        self.ui.ecart = []
        self.ui.poignee = []
        self.ui.poignee_size = None
        self.on_try(self.puzzle, self.correct)
        if not self.correct and not self.embedded:  # a small frame: the line waits to be asked for
            self.play_out(action)
        return None

    def show_line(self) -> bool:
        """*Voir la suite*: the wrong answer played on (where it was not at once)."""
        if self.correct is not False or self.tried is None or (self.shown is not None and not self.shows_best):
            return False
        self.shows_best = False
        return self.play_out(self.tried)

    def play_out(self, first: Action) -> bool:
        """``first`` played from the question, then the bots to the deal's end, shown step by step."""
        self.shown = None
        self.exercise.best = first  # what reveal() plays first
        try:
            return self.reveal()
        finally:
            self.exercise.best = self.puzzle.solution[0]

    def show_best(self) -> bool:
        """*Voir la bonne réponse*: the best played out instead, once the answer is given."""
        if self.correct is None or self.shows_best:
            return False
        self.shows_best = True
        return self.play_out(self.puzzle.solution[0])

    def retry(self) -> bool:
        return False  # one answer per puzzle: the rating counts the first

    def screen(self) -> Screen:
        return replace(super().screen(), drilling=False, puzzle=True)

    def puzzle_view(self) -> PuzzleView:
        p = self.puzzle
        shown = None
        if self.shown is not None:
            shown = len(self.deal.history), len(self.shown.history), p.step
        cost = cost_of(p, self.tried) if self.tried is not None and self.correct is False else None
        return PuzzleView(p.id, p.themes, p.players, p.phase, self.correct, self.tried, p.reason, p.margin, cost,
                          p.solution[0], shown, self.shows_best,
                          self.correct is False and (self.shown is None or self.shows_best), self.is_daily)


@dataclass(frozen=True)
class TrainerView:
    """The trainer around the exercise on show: the person's rating, the sets, the filters, the tries."""

    rating: int
    tries: tuple[Try, ...]  # the latest first
    filters: Filters
    themes: tuple[str, ...]  # the collection's themes, for the filter
    on_mistakes: bool  # the set on show is the person's own mistakes
    mistakes: int  # the person's exercises still to do
    empty: bool  # no puzzle for the filters
    embed: bool


@dataclass
class Trainer:
    """The trainer's state (see the module docstring)."""

    puzzles: list[TrainerPuzzle]
    ratings: Ratings = field(default_factory=Ratings)
    filters: Filters = Filters()
    embed: bool = False
    empty: bool = False  # the last choice found no puzzle for the filters
    keep: Callable[[Ratings], None] = lambda ratings: None  # the ratings written after each try

    def rate(self, puzzle: TrainerPuzzle, correct: bool) -> None:
        """A first answer: the person and the puzzle rated, the ratings kept."""
        self.ratings.record(puzzle, correct)
        self.keep(self.ratings)

    def find(self, ident: str | None) -> TrainerPuzzle | None:
        return next((p for p in self.puzzles if p.id == ident), None)

    def next_puzzle(self, after: str | None = None) -> TrainerPuzzle | None:
        """The puzzle near the person's rating that the filters admit (:func:`choose`)."""
        found = choose(self.puzzles, self.ratings.player.rating, self.filters, self.ratings.tried(),
                       self.ratings.puzzle_values(), after)
        self.empty = found is None
        return found

    def daily(self, date: str) -> TrainerPuzzle | None:
        return daily(self.puzzles, date)

    def themes(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for p in self.puzzles:
            seen.update(dict.fromkeys(p.themes))
        return tuple(seen)

    def set_filter(self, kind: str, value: str) -> bool:
        """One filter set (``theme``, ``players``, ``phase``; ``""``: any); ``False`` for a value unknown."""
        if kind == "theme" and (value in self.themes() or not value):
            self.filters = Filters(value or None, self.filters.players, self.filters.phase)
        elif kind == "players" and (value in tuple(map(str, PLAYERS)) or not value):
            self.filters = Filters(self.filters.theme, int(value) if value else None, self.filters.phase)
        elif kind == "phase" and (value in PHASES or not value):
            self.filters = Filters(self.filters.theme, self.filters.players, value or None)
        else:
            return False
        return True

    def view(self, on_mistakes: bool, mistakes: int) -> TrainerView:
        tries = tuple(reversed(self.ratings.history[-RECENT_TRIES:]))
        return TrainerView(round(self.ratings.player.rating), tries, self.filters, self.themes(), on_mistakes,
                           mistakes, self.empty, self.embed)

    def open(self, settings: Settings, puzzle: TrainerPuzzle, is_daily: bool = False) -> PuzzleSession | None:
        """The puzzle at the table, or ``None`` (left out of the collection) when its record does
        not bring the table back to its moment."""
        try:
            return PuzzleSession(settings, puzzle, self.rate, is_daily, self.embed)
        except (ValueError, RecordError, IllegalAction, KeyError, TypeError):
            self.puzzles = [p for p in self.puzzles if p.id != puzzle.id]
            return None
