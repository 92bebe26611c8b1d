"""*Mes erreurs*: each mistake or blunder of the person in a graded deal becomes an exercise.

An :class:`Exercise` is a deal's record, the step of one of seat 0's decisions in it (the
index of the decision in the record's actions), the graded entry of that decision
(``tarot-analysis/1``: its class, the action played, the best one, the loss, the reason
and every option's expected score in deal units) and whether it is solved.

An answer is judged by the options the analysis weighed (:meth:`Exercise.judge`): it is
right when its expected score is within :data:`MARGIN` deal units of the best's.  Every
legal bid, call and card is an option; an écart or a purchase that is not among the
candidates the analysis weighed has no figure, and is said to be so (not judged).

The exercises are kept in the browser under :data:`EXERCISES_KEY` as
``{"format": "tarot-exercises", "version": 1, "deals": {ID: record}, "exercises":
[{"deal": ID, "number": N, "step": K, "decision": ENTRY, "solved": bool}], "scanned": [ID]}``
(each record once, by :func:`deal_id`; ``scanned``: the deals whose every decision was graded,
so that a reload grades them no more).  Damaged or foreign data is left out, never an error;
a (deal, step) is listed once; at most :data:`MAX_EXERCISES`, the oldest solved dropped first.
"""
from __future__ import annotations

import hashlib
import math
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tarot.actions import Action
from tarot.bot import Reason
from tarot.inputs import load_document

from .grading import seat_action
from .moves import same_move

EXERCISES_KEY = "tarot.exercises"
EXERCISES_FORMAT = "tarot-exercises"
EXERCISES_VERSION = 1
MAX_EXERCISES = 60
MAX_SCANNED = 500  # deals remembered as graded (a history holds at most 30 matches)
MARGIN = 2.0  # deal units: an answer this close to the best is right
CLASSES = ("mistake", "blunder")  # the graded classes that become exercises
SEAT = 0  # the person's seat

Key = tuple[str, int]  # (deal id, step)


def deal_id(record: dict[str, Any]) -> str:
    """A short name of a deal's record, the same for the same record wherever it comes from."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def same_answer(a: Action, b: Action) -> bool:
    """The same decision, of the same kind (an écart or a poignée in any order)."""
    return type(a) is type(b) and same_move(a, b)


@dataclass(frozen=True)
class Answer:
    """An answer judged: right or not, its expected score (``None`` when the analysis did not
    weigh it), the best action and its expected score, and what the answer costs against it."""

    right: bool
    ev: float | None
    best: Action
    best_ev: float
    reason: Reason

    @property
    def weighed(self) -> bool:
        return self.ev is not None

    @property
    def cost(self) -> float:
        """The points the answer gives away against the best (0 when right or not weighed)."""
        return 0.0 if self.right or self.ev is None else round(self.best_ev - self.ev, 2)


@dataclass
class Exercise:
    """One mistake or blunder to find better than (see the module docstring)."""

    deal: str  # deal_id(record)
    record: dict[str, Any]
    step: int  # the decision's index in the record's actions
    entry: dict[str, Any]  # the graded decision (tarot-analysis/1)
    number: int = 0  # the deal's number (the bots' seeds when the answer is played out)
    solved: bool = False
    # read from the entry by __post_init__
    options: tuple[tuple[Action, float], ...] = field(init=False, compare=False, repr=False)
    played: Action = field(init=False, compare=False, repr=False)
    best: Action = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        """The entry read once; ``ValueError`` if it is not a graded decision of this step."""
        e = self.entry
        if not isinstance(e, dict) or e.get("step") != self.step or e.get("class") not in CLASSES:
            raise ValueError("not a mistake or a blunder of this step")
        options = e.get("options")
        reason = e.get("reason")
        if not isinstance(options, list) or not options or not isinstance(reason, dict) \
                or not isinstance(reason.get("code"), str) or not isinstance(reason.get("params", {}), dict):
            raise ValueError("a graded decision has options and a reason")
        read = []
        for o in options:
            ev = o.get("ev") if isinstance(o, dict) else None
            if not isinstance(ev, (int, float)) or isinstance(ev, bool) or not math.isfinite(ev):
                raise ValueError("an option has an action and an ev")
            read.append((seat_action(o.get("action")), float(ev)))
        self.options = tuple(read)
        self.played = seat_action(e.get("played"))
        self.best = seat_action(e.get("best"))
        if not isinstance(e.get("loss"), (int, float)) or isinstance(e.get("loss"), bool):
            raise ValueError("a graded decision has a loss")

    @property
    def key(self) -> Key:
        return self.deal, self.step

    @property
    def grade(self) -> str:
        return str(self.entry["class"])

    @property
    def loss(self) -> float:
        return float(self.entry["loss"])

    @property
    def reason(self) -> Reason:
        r = self.entry["reason"]
        return Reason(str(r["code"]), dict(r.get("params", {})))

    @property
    def best_ev(self) -> float:
        return max(ev for _a, ev in self.options)

    def ev_of(self, action: Action) -> float | None:
        """The expected score of ``action`` among the options weighed, else ``None``."""
        return next((ev for a, ev in self.options if same_answer(a, action)), None)

    def judge(self, action: Action) -> Answer:
        """``action`` as an answer: right within :data:`MARGIN` of the best's expected score."""
        best_ev = self.best_ev
        ev = self.ev_of(action)
        return Answer(ev is not None and ev >= best_ev - MARGIN, ev, self.best, best_ev, self.reason)

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "number": self.number, "step": self.step, "decision": self.entry,
                "solved": self.solved}


def exercises_of(record: dict[str, Any], entries: Iterable[dict[str, Any]], number: int = 0) -> list[Exercise]:
    """The exercises of a graded deal: its mistakes and blunders (the other entries left out)."""
    ident = deal_id(record)
    found = []
    for entry in entries:
        if isinstance(entry, dict) and entry.get("class") in CLASSES and type(entry.get("step")) is int:
            try:
                found.append(Exercise(ident, record, entry["step"], entry, number))
            except ValueError:
                continue
    return found


@dataclass
class Exercises:
    """The person's exercises, oldest first, and the deals already graded."""

    items: list[Exercise] = field(default_factory=list)
    scanned: list[str] = field(default_factory=list)

    # ----------------------------------------------------------- queries
    def find(self, key: Key) -> Exercise | None:
        return next((x for x in self.items if x.key == key), None)

    def counts(self) -> tuple[int, int]:
        """(to do, solved)."""
        solved = sum(x.solved for x in self.items)
        return len(self.items) - solved, solved

    def of_deal(self, record: dict[str, Any]) -> list[Exercise]:
        ident = deal_id(record)
        return sorted((x for x in self.items if x.deal == ident), key=lambda x: x.step)

    def next_to_do(self, after: Key | None = None, among: tuple[Key, ...] = ()) -> Exercise | None:
        """The next exercise to do: the first of ``among`` (after ``after`` when it is one of them)
        still to do, else the newest one to do (not ``after``)."""
        rest = among[among.index(after) + 1:] if after in among else among
        for key in rest:
            x = self.find(key)
            if x is not None and not x.solved and x.key != after:
                return x
        return next((x for x in reversed(self.items) if not x.solved and x.key != after), None)

    def is_scanned(self, ident: str) -> bool:
        return ident in self.scanned

    # ----------------------------------------------------------- changes
    def add(self, found: Iterable[Exercise]) -> int:
        """Add these exercises (one already listed is kept as it is); how many were new."""
        new = 0
        for x in found:
            if self.find(x.key) is None:
                self.items.append(x)
                new += 1
        self._cap()
        return new

    def add_deal(self, record: dict[str, Any], entries: Iterable[dict[str, Any]], number: int = 0) -> int:
        """A deal graded to its end: its mistakes and blunders added, the deal marked as graded."""
        new = self.add(exercises_of(record, entries, number))
        self.mark_scanned(deal_id(record))
        return new

    def mark_scanned(self, ident: str) -> None:
        if ident not in self.scanned:
            self.scanned.append(ident)
            del self.scanned[:-MAX_SCANNED]

    def solve(self, key: Key) -> bool:
        """Mark the exercise solved; whether it changed."""
        x = self.find(key)
        if x is None or x.solved:
            return False
        x.solved = True
        return True

    def drop(self, key: Key) -> None:
        self.items = [x for x in self.items if x.key != key]

    def _cap(self) -> None:
        """At most :data:`MAX_EXERCISES`: the oldest solved go first, then the oldest."""
        while len(self.items) > MAX_EXERCISES:
            gone = next((x for x in self.items if x.solved), self.items[0])
            self.items.remove(gone)

    # ----------------------------------------------------------- storage
    def to_text(self) -> str:
        deals = {x.deal: x.record for x in self.items}
        return json.dumps({"format": EXERCISES_FORMAT, "version": EXERCISES_VERSION, "deals": deals,
                           "exercises": [x.to_json() for x in self.items], "scanned": self.scanned},
                          separators=(",", ":"))


def load_exercises(text: object) -> Exercises:
    """The exercises kept under :data:`EXERCISES_KEY`: the well-formed ones; none for a text that
    is not JSON, nested too deeply, or of another format or version."""
    data = load_document(text, EXERCISES_FORMAT, EXERCISES_VERSION)
    if data is None:
        return Exercises()
    deals = data.get("deals")
    deals = deals if isinstance(deals, dict) else {}
    records = {ident: r for ident, r in deals.items() if isinstance(r, dict) and deal_id(r) == ident}
    book = Exercises()
    entries = data.get("exercises")
    for item in entries if isinstance(entries, list) else []:
        x = _exercise(item, records)
        if x is not None:
            book.add([x])
    scanned = data.get("scanned")
    for ident in scanned if isinstance(scanned, list) else []:
        if isinstance(ident, str) and len(ident) <= 64:
            book.mark_scanned(ident)
    return book


def _exercise(item: object, records: dict[str, dict[str, Any]]) -> Exercise | None:
    """A kept exercise, or ``None`` if it is damaged (its record is checked when it is opened)."""
    if not isinstance(item, dict) or item.get("deal") not in records or type(item.get("step")) is not int \
            or type(item.get("number", 0)) is not int or type(item.get("solved", False)) is not bool:
        return None
    try:
        return Exercise(str(item["deal"]), records[str(item["deal"])], item["step"], item.get("decision", {}),
                        item.get("number", 0), item.get("solved", False))
    except (ValueError, TypeError, KeyError):
        return None
