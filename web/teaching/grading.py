"""The graded analysis of the person's finished deals, in the page (``tarot-analysis/1``).

The bots' worker (``web/worker.py``) grades one decision of seat 0 per request, so that
it still answers the table's bots in between: :func:`analyse_step` takes
``{"record", "at", "worlds"}`` (``at``: the rank of the decision among seat 0's,
:func:`~tarot.teaching.analysis.seat_steps`; ``worlds``, optional: the budget) and answers
``{"decision", "loss", "se", "total", "next", "worlds"}`` (the spec's decision entry, its
loss and standard error unrounded, the number of decisions, the next rank or ``None`` at the
end, the budget).  With ``"slice_ms": N`` it grades for about N milliseconds, then answers
``"pending": true`` (no decision, ``next`` the same rank) and keeps the decision under way: the
same request again takes it on where it stopped, so that a hint or a bot asked meanwhile waits
for a slice, not for a whole decision weighed on up to 384 imagined deals.  Another request
for the analysis drops it.  The budget is the command's default
(:data:`~tarot.teaching.analysis.DEFAULT_WORLDS`) unless the URL's ``worlds`` sets it, the
seed the command's (0): the page and ``python -m tarot analyse --worlds W`` give the same
figures.

*Conseil* asks the same worker for the analysis's best action at seat 0's decision:
:func:`advise_step` takes ``{"record", "seat": 0, "worlds"}`` (the deal so far) and answers
:meth:`~tarot.teaching.analysis.Advice.to_json` (``step``, ``phase``, ``best``, ``reason``,
``options`` with their evs), at the same budget and seed as the analysis: the hint and the
deal's analysis agree.

:class:`Analyses` is the page's state beside the match: per deal number, the decisions
graded so far (:class:`DealAnalysis`), the newest finished deal first; then the deals of the
finished matches kept in the browser that were never graded (``kept``, by
:func:`~web.teaching.mistakes.deal_id`), for the person's exercises.  A new deal of the
same number, or a reload, starts that deal's analysis again.

:mod:`tarot.teaching.analysis` (and the bots' modules it plays out with) is imported when
first used, not as the page starts.
"""
from __future__ import annotations

import json
import time
from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tarot.actions import Action, action_from_json
from tarot.bot import Reason
from tarot.errors import RecordError
from tarot.replay import decisions, from_record_at

if TYPE_CHECKING:
    from tarot.teaching.analysis import Graded

SEAT = 0  # the person's seat
SEED = 0  # the command's default seed
MOST_WORLDS = 960  # the largest budget a request or the URL's ``worlds`` may ask for: forty times the default
MOST_SLICE_MS = 60_000  # the longest slice a request may ask for
_under_way: tuple[tuple[str, int, int], Generator[None, None, Graded]] | None = None  # (request's key, its grading)


def budget_of(request: dict[str, Any]) -> int:
    """The request's ``worlds`` (the analysis's default when it has none); ``ValueError``
    for one that is not a whole number from 1 to :data:`MOST_WORLDS`."""
    from tarot.teaching.analysis import DEFAULT_WORLDS
    worlds = request.get("worlds", DEFAULT_WORLDS)
    if type(worlds) is not int or not 1 <= worlds <= MOST_WORLDS:
        raise ValueError(f"worlds must be a whole number from 1 to {MOST_WORLDS}")
    return worlds


def analyse_step(request: object) -> dict[str, Any]:
    """Grade the decision of rank ``at`` of seat 0 in ``record`` (see the module docstring)."""
    from tarot.teaching.analysis import finished, grading, seat_steps
    global _under_way
    if not isinstance(request, dict) or not isinstance(request.get("record"), dict):
        raise ValueError("record must be a deal record")
    worlds = budget_of(request)
    at = request.get("at", 0)
    if type(at) is not int or at < 0:
        raise ValueError("at must be a decision's rank")
    slice_ms = request.get("slice_ms")
    if slice_ms is not None and (type(slice_ms) is not int or not 1 <= slice_ms <= MOST_SLICE_MS):
        raise ValueError(f"slice_ms must be a whole number from 1 to {MOST_SLICE_MS}")
    record = request["record"]
    steps = seat_steps(record, SEAT)
    if at >= len(steps):
        return {"decision": None, "loss": 0.0, "se": 0.0, "total": len(steps), "next": None, "worlds": worlds}
    key = (json.dumps(record, sort_keys=True), at, worlds)
    if _under_way is not None and _under_way[0] == key:
        weighing = _under_way[1]
    else:
        weighing = next(grading(deal.view(SEAT), action, index, worlds, SEED)
                        for index, _seat, action, deal in decisions(record) if index == steps[at])
    _under_way = None
    graded = finished(weighing) if slice_ms is None else _for_a_slice(weighing, slice_ms / 1000)
    if graded is None:
        _under_way = (key, weighing)
        return {"decision": None, "pending": True, "loss": 0.0, "se": 0.0, "total": len(steps), "next": at,
                "worlds": worlds}
    return {"decision": graded.to_json(), "loss": graded.loss, "se": graded.se, "total": len(steps),
            "next": at + 1 if at + 1 < len(steps) else None, "worlds": worlds}


def _for_a_slice(weighing: Generator[None, None, Graded], seconds: float) -> Graded | None:
    """Take ``weighing``'s steps for about ``seconds``: the :class:`Graded` if it ends, else ``None``."""
    end = time.perf_counter() + seconds
    try:
        while True:
            next(weighing)
            if time.perf_counter() >= end:
                return None
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]


def advise_step(request: object) -> dict[str, Any]:
    """The analysis's best action for seat 0, to act at the end of ``record`` (see the module
    docstring); ``ValueError`` for a request that is not one, a record that does not replay, or
    a seat not to act."""
    from tarot.teaching.analysis import advise
    if not isinstance(request, dict) or not isinstance(request.get("record"), dict):
        raise ValueError("record must be a deal record")
    worlds = budget_of(request)
    if request.get("seat", SEAT) != SEAT:
        raise ValueError("seat must be 0")
    record = request["record"]
    try:
        deal = from_record_at(record, None)[1]
    except RecordError as e:
        raise ValueError(f"record does not replay: {e}") from None
    if deal.to_act != SEAT:
        raise ValueError("seat 0 is not to act")
    actions = record.get("actions", [])
    return advise(deal.view(SEAT), len(actions), worlds, SEED).to_json()


def seat_action(notation: object) -> Action:
    """An action of seat 0 from the analysis's notation (without the seat); ``ValueError``."""
    if not isinstance(notation, dict):
        raise ValueError("an action must be an object")
    return action_from_json({**notation, "seat": SEAT})[1]


def graded_from(answer: dict[str, Any]) -> Graded:
    """The :class:`Graded` of an :func:`analyse_step` answer (its entry, and the unrounded loss)."""
    from tarot.teaching.analysis import Graded
    entry = answer["decision"]
    reason = entry["reason"]
    return Graded(int(entry["step"]), str(entry["phase"]), seat_action(entry["played"]), seat_action(entry["best"]),
                  float(answer["loss"]), float(answer["se"]), str(entry["class"]),
                  Reason(str(reason["code"]), dict(reason.get("params", {}))),
                  tuple((seat_action(o["action"]), float(o["ev"])) for o in entry["options"]))


@dataclass
class DealAnalysis:
    """One deal's analysis under way: its record, the decisions graded so far, the next rank,
    and the budget the worker graded them on."""

    record: dict[str, Any]
    graded: list[Graded] = field(default_factory=list)
    worlds: int | None = None  # the imagined deals per decision, once the worker has said
    total: int | None = None  # seat 0's decisions, once the worker has said
    next: int | None = 0  # the next rank to grade; None once all are

    @property
    def done(self) -> bool:
        return self.next is None

    def entries(self) -> dict[int, dict[str, Any]]:
        """The spec's decision entries graded so far, by step (index in the record's actions)."""
        return {g.step: g.to_json() for g in self.graded}

    def accuracy(self) -> float | None:
        """The deal's accuracy, once every decision is graded (``None`` before, or with none)."""
        from tarot.teaching.analysis import accuracies
        return accuracies(self.graded)["deal"] if self.done else None

    def losses(self) -> dict[str, float] | None:
        """Where the points went (:func:`~tarot.teaching.analysis.phase_losses`), once every
        decision is graded."""
        from tarot.teaching.analysis import phase_losses
        return phase_losses(self.graded) if self.done else None

    def to_json(self) -> dict[str, object]:
        """The ``tarot-analysis/1`` object of what is graded so far."""
        from tarot.teaching.analysis import DEFAULT_WORLDS, analysis_of
        return analysis_of(self.graded, SEAT, DEFAULT_WORLDS if self.worlds is None else self.worlds)


@dataclass
class Analyses:
    """The analyses of the match's finished deals, by deal number."""

    deals: dict[int, DealAnalysis] = field(default_factory=dict)
    kept: dict[str, DealAnalysis] = field(default_factory=dict)  # the kept matches' deals, by deal id

    def of(self, number: int, record: dict[str, Any]) -> DealAnalysis:
        """Deal ``number``'s analysis of ``record`` (a fresh one for another record)."""
        known = self.deals.get(number)
        if known is None or (known.record is not record and known.record != record):
            known = self.deals[number] = DealAnalysis(record)
        return known

    def request(self, first_deal: int, records: list[dict[str, Any]],
                kept: Iterable[tuple[str, int, dict[str, Any]]] = ()) -> dict[str, Any] | None:
        """The next decision to grade, the newest finished deal first: ``{"deal_number", "record",
        "at"}`` for the worker's ``analyse``; then those of ``kept`` (deal id, number, record:
        the kept matches' deals not graded yet), with ``"kept"``: the deal id; ``None`` when
        every deal is graded."""
        for k in reversed(range(len(records))):
            analysis = self.of(first_deal + k, records[k])
            if analysis.next is not None:
                return {"deal_number": first_deal + k, "record": analysis.record, "at": analysis.next}
        for ident, number, record in kept:
            analysis = self.kept.setdefault(ident, DealAnalysis(record))
            if analysis.next is not None:
                return {"kept": ident, "deal_number": number, "record": analysis.record, "at": analysis.next}
        return None

    def analysis_of(self, request: dict[str, Any]) -> DealAnalysis | None:
        """The analysis a request of :meth:`request` is for (``None`` once it is gone)."""
        if "kept" in request:
            return self.kept.get(request["kept"])
        return self.deals.get(request["deal_number"])

    def take(self, request: dict[str, Any], answer: dict[str, Any]) -> bool:
        """Keep the worker's answer if the deal still waits for it; ``True`` if it changed anything
        (a ``pending`` answer changes nothing: the same request goes again)."""
        analysis = self.analysis_of(request)
        if analysis is None or analysis.record is not request["record"] or analysis.next != request["at"] \
                or answer.get("pending"):
            return False
        if answer["decision"] is not None:
            analysis.graded.append(graded_from(answer))
        analysis.total = int(answer["total"])
        analysis.worlds = int(answer["worlds"])
        analysis.next = answer["next"]
        return True

    def accuracy(self, number: int, record: dict[str, Any] | None) -> float | None:
        """Deal ``number``'s accuracy once its record is analysed."""
        analysis = self._of_record(number, record)
        return None if analysis is None else analysis.accuracy()

    def losses(self, number: int, record: dict[str, Any] | None) -> dict[str, float] | None:
        """Where deal ``number``'s points went once its record is analysed."""
        analysis = self._of_record(number, record)
        return None if analysis is None else analysis.losses()

    def _of_record(self, number: int, record: dict[str, Any] | None) -> DealAnalysis | None:
        """Deal ``number``'s analysis if it is that of ``record``."""
        analysis = self.deals.get(number)
        if analysis is None or record is None or (analysis.record is not record and analysis.record != record):
            return None
        return analysis

    def match_accuracy(self, first_deal: int, records: list[dict[str, Any]]) -> float | None:
        """The mean of the accuracies of the match's deals analysed so far (``None`` before any)."""
        found = (self.accuracy(first_deal + k, record) for k, record in enumerate(records))
        values = [a for a in found if a is not None]
        return round(sum(values) / len(values), 1) if values else None
