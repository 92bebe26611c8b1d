"""A duplicate tournament at the table, and a deal replayed outside the match.

:class:`DuplicateSession` is a :class:`web.match.session.Session` whose match is a
tournament of 4, 8 or 12 deals: beside each deal the page computes, in the bots'
worker, its reference (:mod:`tarot.teaching.duplicate`: the same deal played by the Expert
in seat 0), its field (the same deal played in seat 0 by the Standard and the Débutant
bots) and, once the deal is over, the Expert's other choices at the person's decisions.  :class:`Tournament` holds those results and the work in progress; it
hands the page the next worker request (:meth:`Tournament.request`) and takes the
answers (:meth:`Tournament.take`), so the main thread only moves plain JSON.

:class:`PracticeSession` replays a deal from one of the person's decisions, with
the same cards and bots, outside the match's score (never saved).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from tarot.teaching.duplicate import (FIELD, NOT_IN_DUPLICATE, REFERENCE_BUDGET, SEAT, Budget, as_dealt, field_scores,
                                      places, seat_score)
from tarot.inputs import load_json
from tarot.record import recorded_result
from tarot.result import DealResult
from tarot.rules import Rules
from tarot.state import Deal

from ..browser.transfer import DUPLICATE_KEY
from ..match.screen import Screen
from ..match.session import SaveError, Session, TableMatch, save_data
from ..match.settings import Settings

TOURNAMENT_SIZES = (4, 8, 12)
DEFAULT_SIZE = 4


@dataclass
class Row:
    """One deal of the tournament, for its table."""

    deal_number: int
    own: int  # the person's score
    reference: int | None  # the Expert's score in seat 0 (None while it is computed)
    contract: str | None  # the reference's contract and taker
    taker: int | None
    field: dict[str, int] = field(default_factory=dict)  # each field level's score in seat 0, once known

    @property
    def difference(self) -> int | None:
        return None if self.reference is None else self.own - self.reference

    @property
    def place(self) -> int | None:
        """The person's place among the four who played these cards (None until all are known)."""
        if self.reference is None or len(self.field) < len(FIELD):
            return None
        return places({"you": self.own, "expert": self.reference, **self.field})["you"]


@dataclass(frozen=True)
class TournamentView:
    """What the page shows of a tournament: its table and where it stands."""

    size: int
    over: bool  # every deal played
    complete: bool  # every deal played and every reference known
    rows: tuple[Row, ...]
    total: int
    first_deal: int
    reference: DealResult | None  # the reference's result of the deal on show (None while computed)
    deal_on: int  # which deal of the tournament the match is at (from 1), a replay aside
    place: int | None = None  # the person's place by total among the four, once every deal's field is known
    advising: bool = False  # the Expert's other choices of a finished deal still being found (for its review)


@dataclass
class Tournament:
    size: int = DEFAULT_SIZE
    budget: Budget = REFERENCE_BUDGET
    references: dict[int, dict[str, Any]] = field(default_factory=dict)  # deal number → finished reference's record
    results: dict[int, DealResult] = field(default_factory=dict)  # deal number → finished reference's result
    advice: dict[int, list[list[Any]]] = field(default_factory=dict)  # deal number → [[index, action], ...]
    progress: dict[int, dict[str, Any]] = field(default_factory=dict)  # deal number → reference under way
    advice_next: dict[int, int] = field(default_factory=dict)  # deal number → next action index to look at
    field_scores: dict[int, dict[str, int]] = field(default_factory=dict)  # deal number → field level → score
    field_progress: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)  # under way (not saved)

    # --------------------------------------------------------------- work
    def request(self, session: Session) -> tuple[str, dict[str, Any]] | None:
        """The next piece of work for the worker: ``("reference" | "advice", request)``."""
        number = session.deal_number
        base = {"level": session.settings.level, "deal_number": number, "budget": self.budget.to_json()}
        if number not in self.references:
            record = self.progress.get(number) or as_dealt(session.deal.to_record())
            return "reference", {**base, "record": record}
        for level in FIELD:
            if level not in self.field_scores.get(number, {}):
                record = self.field_progress.get((number, level)) or as_dealt(session.deal.to_record())
                return "field", {**base, "record": record, "seat_level": level}
        if session.finished and number in self.advice_next:
            return "advice", {**base, "record": session.match.records[-1],
                              "from": self.advice_next[number]}
        return None

    def take(self, session: Session, kind: str, request: dict[str, Any], answer: dict[str, Any]) -> bool:
        """Keep a worker's answer if it is still wanted; ``True`` when something changed."""
        number = request["deal_number"]
        if kind == "reference":
            if number in self.references:
                return False
            record = answer["record"]
            if answer["done"]:
                self.results[number] = recorded_result(record)
                self.references[number] = record
                self.progress.pop(number, None)
                self.advice.setdefault(number, [])
                self.advice_next.setdefault(number, 0)
            else:
                self.progress[number] = record
            return True
        if kind == "field":
            level = request["seat_level"]
            if level in self.field_scores.get(number, {}):
                return False
            if answer["done"]:
                self.field_scores.setdefault(number, {})[level] = answer["score"]
                self.field_progress.pop((number, level), None)
            else:
                self.field_progress[(number, level)] = answer["record"]
            return True
        if kind == "advice" and self.advice_next.get(number) == request["from"]:
            self.advice.setdefault(number, []).extend(answer["advice"])
            if answer["next"] is None:
                del self.advice_next[number]
            else:
                self.advice_next[number] = answer["next"]
            return True
        return False

    # ------------------------------------------------------------ results
    def reference_result(self, number: int) -> DealResult | None:
        return self.results.get(number)

    def rows(self, match: TableMatch) -> list[Row]:
        out = []
        for number, result in enumerate(match.results, match.first_deal):
            ref = self.reference_result(number)
            out.append(Row(number, seat_score(result),
                           None if ref is None else seat_score(ref),
                           None if ref is None or ref.contract is None else ref.contract.code,
                           None if ref is None else ref.taker, dict(self.field_scores.get(number, {}))))
        return out

    def total(self, match: TableMatch) -> int:
        return sum(r.difference or 0 for r in self.rows(match))

    def complete(self, match: TableMatch) -> bool:
        """Every deal played and every reference known."""
        rows = self.rows(match)
        return len(rows) >= self.size and all(r.reference is not None for r in rows)

    # ------------------------------------------------------------- export
    def export(self, match: TableMatch) -> list[dict[str, Any]]:
        """The match's records, each with what its review needs under ``duplicate``: its deal
        number, the tournament's size, the Expert's finished record and other choices (when known)."""
        out = []
        for number, record in enumerate(match.records, match.first_deal):
            extra: dict[str, Any] = {"deal": number, "size": self.size}
            if number in self.references:
                extra["reference"] = self.references[number]
                extra["advice"] = self.advice.get(number, [])
            if number in self.field_scores:
                extra["field"] = self.field_scores[number]
            out.append({**record, DUPLICATE_KEY: extra})
        return out

    # -------------------------------------------------------------- saves
    def to_json(self) -> dict[str, Any]:
        return {"size": self.size, "budget": self.budget.to_json(),
                "references": {str(k): v for k, v in self.references.items()},
                "advice": {str(k): v for k, v in self.advice.items()},
                "progress": {str(k): v for k, v in self.progress.items()},
                "advice_next": {str(k): v for k, v in self.advice_next.items()},
                "field": {str(k): v for k, v in self.field_scores.items()}}

    @classmethod
    def from_json(cls, data: object, settings: Settings) -> "Tournament":
        if not isinstance(data, dict):
            raise ValueError("the tournament must be an object")
        size = data.get("size")
        if size not in TOURNAMENT_SIZES:
            raise ValueError(f"a tournament has 4, 8 or 12 deals, not {size!r}")
        out = cls(size, Budget.from_json(data.get("budget", {})))
        rules = settings.rules()
        for name in ("references", "progress"):
            table = _numbered(data.get(name, {}), name)
            for number, record in table.items():
                deal = Deal.from_record(record)
                dealt = Deal.new(rules, dealer=number % rules.players, seed=number)
                if deal.rules != rules or [set(h) for h in deal.dealt_hands] != [set(h) for h in dealt.dealt_hands]:
                    raise ValueError(f"a reference does not match deal {number}")
                if name == "references":
                    if deal.result is None:
                        raise ValueError(f"the reference of deal {number} is not over")
                    out.results[number] = deal.result
                getattr(out, name)[number] = record
        for number, items in _numbered(data.get("advice", {}), "advice").items():
            if not isinstance(items, list) or not all(isinstance(i, list) and len(i) == 2 for i in items):
                raise ValueError("bad advice")
            out.advice[number] = items
        for number, scores in _numbered(data.get("field", {}), "field").items():
            out.field_scores[number] = field_scores(scores)
        for number, start in _numbered(data.get("advice_next", {}), "advice_next").items():
            if type(start) is not int or start < 0:
                raise ValueError("bad advice position")
            out.advice_next[number] = start
        return out


def total_place(rows: tuple[Row, ...]) -> int | None:
    """The person's place by the sum of the deals' scores among the four who played them
    (None until every deal played so far has its reference and field)."""
    if not rows or any(r.place is None for r in rows):
        return None
    totals = {"you": sum(r.own for r in rows), "expert": sum(r.reference or 0 for r in rows)}
    for level in FIELD:
        totals[level] = sum(r.field[level] for r in rows)
    return places(totals)["you"]


def _numbered(table: object, name: str) -> dict[int, Any]:
    if not isinstance(table, dict) or not all(isinstance(k, str) and k.isdigit() for k in table):
        raise ValueError(f"{name} must map deal numbers to values")
    return {int(k): v for k, v in table.items()}


class DuplicateSession(Session):
    """A duplicate tournament: a match of ``tournament.size`` deals, each with its reference."""

    tournament: Tournament

    def __init__(self, settings: Settings, size: int = DEFAULT_SIZE, budget: Budget = REFERENCE_BUDGET) -> None:
        if size not in TOURNAMENT_SIZES:
            raise ValueError(f"a tournament has 4, 8 or 12 deals, not {size}")
        self.tournament = Tournament(size, budget)
        super().__init__(replace(settings, options={k: v for k, v in settings.options.items()
                                                     if k not in NOT_IN_DUPLICATE}))

    @property
    def over(self) -> bool:
        """Every deal of the tournament has been played."""
        return len(self.match.records) >= self.tournament.size

    def screen(self) -> Screen:
        t = self.tournament
        rows = tuple(t.rows(self.match))
        view = TournamentView(t.size, self.over, t.complete(self.match), rows, t.total(self.match),
                              self.match.first_deal, t.reference_result(self.deal_number),
                              min(len(rows) + (0 if self.finished else 1), t.size), total_place(rows),
                              bool(t.advice_next))
        return replace(super().screen(), tournament=view)

    def next_deal(self) -> None:
        if self.over:
            return
        super().next_deal()

    def to_save(self) -> dict[str, Any]:
        return {**super().to_save(), "duplicate": self.tournament.to_json()}

    @classmethod
    def from_save(cls, data: object) -> "DuplicateSession":
        data = save_data(data)
        session = super().from_save(data)
        assert isinstance(session, DuplicateSession) and isinstance(data, dict)
        try:
            session.tournament = Tournament.from_json(data.get("duplicate"), session.settings)
            if len(session.match.records) > session.tournament.size:
                raise ValueError("more deals than the tournament has")
        except ValueError as e:
            raise SaveError("unreadable", str(e), e) from None
        return session


def load_session(raw: str) -> Session:
    """The session a save describes, a tournament or a match; :class:`SaveError` if damaged."""
    try:
        data = load_json(raw)
    except ValueError as e:
        raise SaveError("unreadable", f"JSON: {e}") from None
    if isinstance(data, dict) and "duplicate" in data:
        return DuplicateSession.from_save(data)
    return Session.from_save(data)


class PracticeSession(Session):
    """A deal replayed from a point of its record, outside the match (never saved):
    the same cards, the same bots with the same seeds, the person back in seat 0."""

    def __init__(self, settings: Settings, record: dict[str, Any], upto: int, deal_number: int,
                 expert: int | None = None) -> None:
        actions = record.get("actions", [])
        if not isinstance(actions, list) or not 0 <= upto <= len(actions):
            raise ValueError("no such point in the deal")
        prefix = {k: v for k, v in record.items() if k != "result"} | {"actions": actions[:upto]}
        deal = Deal.from_record(prefix)
        if deal.is_over or deal.to_act != SEAT:
            raise ValueError("replay starts at one of your decisions")
        options = {o: True for o in Rules.options() if getattr(deal.rules, o) is True}
        super().__init__(Settings(deal.rules.players, settings.level, options, settings.lang, deal_number,
                                  settings.name), deal)  # the same cards, at that point of the record
        self.upto = upto
        played = Deal.from_record(record).result  # the deal as it was played (the engine's count)
        self.against = (None if played is None else seat_score(played)), expert

    def next_deal(self) -> None:  # a replay is one deal
        return

    def screen(self) -> Screen:
        return replace(super().screen(), practice=(self.deal_number, self.upto), replayed_against=self.against)


def duplicate_scores(session: Session) -> tuple[int, int | None]:
    """The person's score and the reference's on the deal on show (None while computed)."""
    assert isinstance(session, DuplicateSession)
    own = session.deal.result
    ref = session.tournament.reference_result(session.deal_number)
    return (0 if own is None else seat_score(own)), (None if ref is None else seat_score(ref))
