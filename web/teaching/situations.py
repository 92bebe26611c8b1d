"""Situations from the URL (``#record=…``): the recorded deal, the moment the table opens
at, and the session that shows it, with its steps and its exercise (:mod:`web.teaching`
says what the parameters do).  The record is replayed once, as the table opens."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tarot.actions import Action, Play
from tarot.errors import IllegalAction, RecordError
from tarot.rules import Rules
from tarot.situation import SituationError, decode_json, load, load_at, rotate
from tarot.state import Deal

from .moves import same_move
from ..browser.params import TeachingParams
from ..match.screen import Screen
from ..match.session import HUMAN, Session
from ..match.settings import Settings

if TYPE_CHECKING:
    from .teacher import Teacher


@dataclass
class Situation:
    """A deal from the URL: the whole recorded deal, where it starts, and how it is shown."""

    full: Deal  # the record replayed to its end (seat turned to 0)
    start: int  # the history length the table opens at
    opening: Deal  # the deal at ``start``, set aside from the same replay (the table takes it)
    params: TeachingParams

    @property
    def history(self) -> list[tuple[int, Action]]:
        return self.full.history

    def same_cards(self, deal: Deal) -> bool:
        """The deal on the table was dealt as the record's (whatever was played since)."""
        return deal.dealt_hands == self.full.dealt_hands

    def on_record(self, deal: Deal) -> bool:
        """The deal on the table is the record's, and no move has left it."""
        p = len(deal.history)
        return self.same_cards(deal) and deal.history == self.history[:p]


def load_situation(params: TeachingParams) -> tuple[Situation, list[tuple[str, str]]]:
    """The situation of the URL, its record replayed once, and the teaching parameters it
    refuses (a seat beyond its players); :class:`SituationError` when it cannot be opened."""
    if params.record is None:
        raise SituationError("not_base64")
    record = decode_json(params.record)
    if not isinstance(record, dict):
        raise SituationError("bad_record", "a record must be a JSON object",
                             RecordError("a record must be a JSON object", code="not_object"))
    refused: list[tuple[str, str]] = []
    seat = params.seat
    if seat is not None and seat >= _players(record):
        refused.append(("seat", str(seat)))
        seat = None
    try:
        opening, full = load_at(rotate(record, seat or 0), params.at)
    except SituationError:
        load(record)  # a record that is not valid is said in its own seats' numbers
        raise
    return Situation(full, len(opening.history), opening, params), refused


def _players(record: dict[str, object]) -> int:
    try:
        return Rules.from_json(record.get("rules")).players
    except (TypeError, ValueError):
        return 0  # not a record: its replay says why


class TeachingSession(Session):
    """A session on a situation: the bots wait while the record has steps to show, and
    in an exercise seat 0's decisions are judged before they are applied."""

    def __init__(self, settings: Settings, situation: Situation, teacher: Teacher) -> None:
        super().__init__(settings, situation.opening.copy())  # a copy: the situation may open again
        self.situation = situation
        self.teacher = teacher
        self.stepping = False  # the record's own moves are being played

    def _recorded_move(self) -> tuple[int, Action] | None:
        """The record's next move while the table follows the record, else ``None``."""
        situation = self.situation
        p = len(self.deal.history)
        if not situation.on_record(self.deal) or p >= len(situation.history):
            return None
        return situation.history[p]

    def screen(self) -> Screen:
        """The session's screen; the situation's deal is named as such (it has no deal number),
        with the lesson's next table where it is one of a lesson's."""
        screen = super().screen()
        if not self.situation.same_cards(self.deal):
            return screen
        return replace(screen, situation=True, lesson_next=self.teacher.lesson_next(screen.lang))

    def next_deal(self) -> None:
        """After the situation's deal, a normal one: its hands hidden, nothing to step through nor
        to answer, the situation's comments left with it."""
        super().next_deal()
        if not self.situation.same_cards(self.deal):
            self.teacher.notes = {}
            self.teacher.verdict = None

    def bot_to_act(self) -> int | None:
        if self.situation.params.steps and self._recorded_move() is not None:
            return None  # the record's own moves are shown step by step
        if self._forced() is not None:
            return HUMAN  # a decision with one legal card is played, not asked
        return super().bot_to_act()

    def _forced(self) -> Action | None:
        """In an exercise, seat 0's only legal card when it has just one (nothing to ask)."""
        deal = self.deal
        if not self.teacher.exercising(self) or deal.to_act != HUMAN or deal.is_over or self.ui.setup_open:
            return None
        legal = deal.legal_actions()
        return legal[0] if len(legal) == 1 and isinstance(legal[0], Play) else None

    def bot_step(self) -> Action | None:
        """In an exercise, the other seats play the record's moves (with the bots' pause), and
        seat 0 its only legal card."""
        forced = self._forced()
        if forced is not None:
            self.ui.message = None
            self.stepping = True  # played, not judged
            try:
                refusal = self.act(HUMAN, forced)
            finally:
                self.stepping = False
            if refusal is not None:
                raise refusal
            return forced
        move = self._recorded_move()
        if not self.situation.params.exercise or move is None or self.bot_to_act() is None:
            return super().bot_step()
        seat, action = move
        self.ui.message = None
        refusal = self.act(seat, action)
        if refusal is not None:
            raise refusal
        return action

    def act(self, seat: int, action: Action) -> IllegalAction | None:
        """In an exercise, seat 0's decision is judged: the expected one is played, another
        legal one is only answered (the person may try again).  The engine is asked once."""
        teacher = self.teacher
        if seat != HUMAN or self.stepping or not teacher.exercising(self):
            return super().act(seat, action)
        expected = teacher.expected(self)
        if same_move(action, expected):
            teacher.judge(self, action, expected)
            return super().act(seat, action)
        refusal = self.deal.why_not(action, seat)
        if refusal is None:
            teacher.judge(self, action, expected)
        return refusal

    # ------------------------------------------------------------- the steps
    def step_next(self) -> bool:
        """The record's next move, if the table still follows the record."""
        move = self._recorded_move()
        if move is None:
            return False
        seat, action = move
        self.stepping = True
        try:
            self.ui.message = None
            refusal = self.act(seat, action)
        finally:
            self.stepping = False
        return refusal is None

    def step_prev(self, to_start: bool = False) -> bool:
        """One step back (``to_start``: back to the situation's first step)."""
        situation = self.situation
        p = len(self.deal.history)
        if not situation.on_record(self.deal) or p <= situation.start:
            return False
        if self.finished:  # the finished deal leaves the score sheet again
            self.match.take_back()
            self.finished = False
        self.deal = situation.full.replayed(situation.start if to_start else p - 1)
        self.events = []
        self.ui.message = None
        return True

    def advance(self) -> None:
        """In an exercise, play the record's moves of the other seats up to seat 0's first
        decision (later ones come with the bots' pause)."""
        if not self.situation.params.exercise:
            return
        while (self.deal.to_act not in (None, HUMAN) or self._forced() is not None) and self.step_next():
            pass
