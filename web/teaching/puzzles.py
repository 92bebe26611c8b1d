"""The puzzle trainer's data, pure: the collection read, an answer judged, the next puzzle
chosen near the person's rating, the daily puzzle, and the ratings kept in the browser.

A puzzle of the collection (``web/puzzles/collection.jsonl``, one JSON line each, the format of
:class:`tarot.puzzles.mine.Puzzle`) is read into a :class:`TrainerPuzzle`: its record turned so
that the seat to act is seat 0 (the page shows seat 0 at the bottom), its solution and costs read
as seat 0's actions.  A line that is not a puzzle is left out, never an error.

The ratings (:class:`Ratings`, Glicko-2, :mod:`tarot.puzzles.glicko`) are kept under
:data:`RATINGS_KEY` as ``{"format": "tarot-puzzle-ratings", "version": 1, "player": R,
"themes": {CODE: R}, "puzzles": {ID: R}, "history": [{"id", "correct", "rating"}]}`` (``R``:
``{"rating", "rd", "volatility"}``); damaged or foreign data starts afresh.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tarot.actions import Action, Bid, Call, Chelem, Ecart, action_from_json
from tarot.bot import Reason
from tarot.inputs import load_document, load_json
from tarot.puzzles.glicko import START_RD, Rating, puzzle_try
from tarot.situation import rotate

from .moves import same_move

COLLECTION_PATH = "web/puzzles/collection.jsonl"  # fetched by the page when the trainer opens
RATINGS_KEY = "tarot.puzzles"
RATINGS_FORMAT = "tarot-puzzle-ratings"
RATINGS_VERSION = 1
MAX_HISTORY = 200  # the tries remembered
MAX_PUZZLE_RATINGS = 5000
PHASES = ("bidding", "ecart", "play")
PLAYERS = (3, 4, 5)
PUZZLE_ID = re.compile(r"[0-9a-f]{6,40}")
THEME_CODE = re.compile(r"[a-z_]{1,30}")
SEAT = 0


@dataclass(frozen=True)
class TrainerPuzzle:
    """A puzzle of the collection, turned to seat 0 (see the module docstring)."""

    id: str
    record: dict[str, Any]  # up to the moment, the seat to act renumbered 0
    solution: tuple[Action, ...]  # the best first
    margin: float
    themes: tuple[str, ...]
    rating: int  # the first rating (the collection's)
    reason: Reason
    costs: tuple[tuple[Action, float], ...]
    players: int

    @property
    def step(self) -> int:
        """The moment of the puzzle: how many actions of the record come before it."""
        return len(self.record["actions"])

    @property
    def phase(self) -> str:
        """``bidding`` (a bid, the call, the chelem answer), ``ecart`` or ``play`` (a card, a poignée)."""
        best = self.solution[0]
        if isinstance(best, (Bid, Call, Chelem)):
            return "bidding"
        return "ecart" if isinstance(best, Ecart) else "play"


def _seat_action(notation: object, seat: int) -> Action:
    if not isinstance(notation, dict) or notation.get("seat") != seat:
        raise ValueError("an action of the puzzle's seat")
    return action_from_json({**notation, "seat": SEAT})[1]


def _number(value: object) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise ValueError("a number")
    return float(value)


def read_puzzle(data: object) -> TrainerPuzzle:
    """One puzzle of the collection; ``ValueError`` when it is not one."""
    if not isinstance(data, dict):
        raise ValueError("a puzzle is an object")
    ident, record, seat = data.get("id"), data.get("record"), data.get("seat")
    if not isinstance(ident, str) or PUZZLE_ID.fullmatch(ident) is None:
        raise ValueError("a puzzle has an id")
    if not isinstance(record, dict) or not isinstance(record.get("actions"), list) \
            or not isinstance(record.get("hands"), list) or type(seat) is not int \
            or not 0 <= seat < len(record["hands"]) or len(record["hands"]) not in PLAYERS:
        raise ValueError("a puzzle has a record and a seat")
    solution = data.get("solution")
    if not isinstance(solution, list) or not solution:
        raise ValueError("a puzzle has a solution")
    themes, reason, costs = data.get("themes", []), data.get("reason"), data.get("costs", [])
    if not isinstance(themes, list) or not all(isinstance(c, str) and THEME_CODE.fullmatch(c) for c in themes) \
            or not isinstance(reason, dict) or not isinstance(reason.get("code"), str) \
            or not isinstance(reason.get("params", {}), dict) or not isinstance(costs, list):
        raise ValueError("a puzzle has themes, a reason and costs")
    read_costs = []
    for cost in costs:
        if not isinstance(cost, dict):
            raise ValueError("a cost is an object")
        read_costs.append((_seat_action(cost.get("action"), seat), _number(cost.get("loss"))))
    return TrainerPuzzle(ident, dict(rotate(record, seat)), tuple(_seat_action(a, seat) for a in solution),
                         _number(data.get("margin")), tuple(themes), round(_number(data.get("rating"))),
                         Reason(reason["code"], dict(reason.get("params", {}))), tuple(read_costs),
                         len(record["hands"]))


def read_collection(text: str) -> list[TrainerPuzzle]:
    """The puzzles of a collection, one JSON line each, in order; a line that is not a puzzle
    (or repeats an id) is left out."""
    found: dict[str, TrainerPuzzle] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            puzzle = read_puzzle(load_json(line))
        except (ValueError, TypeError, KeyError):
            continue
        found.setdefault(puzzle.id, puzzle)
    return list(found.values())


# ------------------------------------------------------------------ an answer
def same_answer(a: Action, b: Action) -> bool:
    """The same decision, of the same kind (an écart or a poignée in any order)."""
    return type(a) is type(b) and same_move(a, b)


def is_solution(puzzle: TrainerPuzzle, action: Action) -> bool:
    """Whether ``action`` (seat 0's) is one of the puzzle's solution."""
    return any(same_answer(action, a) for a in puzzle.solution)


def cost_of(puzzle: TrainerPuzzle, action: Action) -> tuple[float, bool]:
    """What ``action`` loses against the best, in deal units, and whether it was measured: its
    cost when the miner weighed it, else the puzzle's margin (it loses at least that); 0 for a solution."""
    if is_solution(puzzle, action):
        return 0.0, True
    found = next((loss for a, loss in puzzle.costs if same_answer(a, action)), None)
    return (puzzle.margin, False) if found is None else (found, True)


# ------------------------------------------------------------ which puzzle
@dataclass(frozen=True)
class Filters:
    """Which puzzles the person asks for: a theme, a number of players, a phase (``None``: any)."""

    theme: str | None = None
    players: int | None = None
    phase: str | None = None

    def admits(self, puzzle: TrainerPuzzle) -> bool:
        return (self.theme is None or self.theme in puzzle.themes) \
            and (self.players is None or self.players == puzzle.players) \
            and (self.phase is None or self.phase == puzzle.phase)


def choose(puzzles: Iterable[TrainerPuzzle], rating: float, filters: Filters = Filters(),
           tried: Iterable[str] = (), ratings: Mapping[str, float] | None = None,
           after: str | None = None) -> TrainerPuzzle | None:
    """The next puzzle: among those the filters admit (not ``after``, the one just done, unless it is
    the only one), those
    never ``tried`` first, the one whose rating (``ratings``, else its first rating) is nearest
    ``rating``, the smaller id on a tie; ``None`` when the filters admit none."""
    seen = set(tried)
    known = ratings or {}
    admitted = [p for p in puzzles if filters.admits(p)]
    admitted = [p for p in admitted if p.id != after] or admitted  # the one just done, when it is the only one
    fresh = [p for p in admitted if p.id not in seen] or admitted
    if not fresh:
        return None
    return min(fresh, key=lambda p: (abs(known.get(p.id, p.rating) - rating), p.id))


def daily(puzzles: Iterable[TrainerPuzzle], date: str) -> TrainerPuzzle | None:
    """The puzzle of the day ``date`` (``YYYY-MM-DD``): the same for everyone with the same
    collection, whatever its order; ``None`` for an empty collection."""
    ordered = sorted(puzzles, key=lambda p: p.id)
    if not ordered:
        return None
    digest = hashlib.sha256(f"tarot-daily:{date}".encode()).hexdigest()
    return ordered[int(digest, 16) % len(ordered)]


# ------------------------------------------------------------------ ratings
@dataclass(frozen=True)
class Try:
    """One try: the puzzle, solved or not, the person's rating after it."""

    id: str
    correct: bool
    rating: int


@dataclass
class Ratings:
    """The person's rating (overall and per theme), each puzzle's tried here, the tries."""

    player: Rating = field(default_factory=Rating)
    themes: dict[str, Rating] = field(default_factory=dict)
    puzzles: dict[str, Rating] = field(default_factory=dict)
    history: list[Try] = field(default_factory=list)

    def of_puzzle(self, puzzle: TrainerPuzzle) -> Rating:
        """The puzzle's rating here: moved by the tries, else its first rating, unrated's deviation."""
        return self.puzzles.get(puzzle.id) or Rating(float(puzzle.rating), START_RD)

    def puzzle_values(self) -> dict[str, float]:
        return {ident: r.rating for ident, r in self.puzzles.items()}

    def tried(self) -> set[str]:
        return {x.id for x in self.history}

    def record(self, puzzle: TrainerPuzzle, correct: bool) -> None:
        """One try: rated (the person and the puzzle against each other, each theme of the puzzle too)
        unless the puzzle was tried before (its answer is known then); listed either way."""
        if puzzle.id not in self.tried():
            before = self.of_puzzle(puzzle)
            self.player, self.puzzles[puzzle.id] = puzzle_try(self.player, before, correct)
            for code in puzzle.themes:
                self.themes[code] = puzzle_try(self.themes.get(code, Rating()), before, correct)[0]
        self.history.append(Try(puzzle.id, correct, round(self.player.rating)))
        del self.history[:-MAX_HISTORY]
        while len(self.puzzles) > MAX_PUZZLE_RATINGS:
            del self.puzzles[next(iter(self.puzzles))]

    def to_text(self) -> str:
        return json.dumps({"format": RATINGS_FORMAT, "version": RATINGS_VERSION, "player": self.player.to_json(),
                           "themes": {c: r.to_json() for c, r in self.themes.items()},
                           "puzzles": {i: r.to_json() for i, r in self.puzzles.items()},
                           "history": [{"id": x.id, "correct": x.correct, "rating": x.rating} for x in self.history]},
                          separators=(",", ":"))


def _rating(data: object) -> Rating:
    """A kept rating; ``ValueError`` when it is not one within reason."""
    if not isinstance(data, dict):
        raise ValueError("a rating is an object")
    rating, rd, volatility = (_number(data.get(k)) for k in ("rating", "rd", "volatility"))
    if not (0 < rating < 5000 and 0 < rd <= 1000 and 0 < volatility < 1):
        raise ValueError("a rating out of range")
    return Rating(rating, rd, volatility)


def load_ratings(text: object) -> Ratings:
    """The ratings kept under :data:`RATINGS_KEY`; fresh ones for a text that is not JSON, of another
    format or version, or whose player's rating is damaged; a damaged theme, puzzle or try is left out."""
    data = load_document(text, RATINGS_FORMAT, RATINGS_VERSION)
    if data is None:
        return Ratings()
    try:
        out = Ratings(_rating(data.get("player")))
    except ValueError:
        return Ratings()
    for name, into, check in (("themes", out.themes, THEME_CODE), ("puzzles", out.puzzles, PUZZLE_ID)):
        kept = data.get(name)
        for key, value in (kept.items() if isinstance(kept, dict) else ()):
            try:
                if check.fullmatch(key) is not None:
                    into[key] = _rating(value)
            except ValueError:
                continue
    history = data.get("history")
    for item in history[-MAX_HISTORY:] if isinstance(history, list) else ():
        if isinstance(item, dict) and isinstance(item.get("id"), str) and PUZZLE_ID.fullmatch(item["id"]) \
                and type(item.get("correct")) is bool and type(item.get("rating")) is int:
            out.history.append(Try(item["id"], item["correct"], item["rating"]))
    return out
