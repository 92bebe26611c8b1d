"""An exercise from the person's mistakes at the table (:mod:`web.teaching.mistakes`).

:class:`MistakeSession` is a deal replayed outside the match (a
:class:`~web.duplicate.tournament.PracticeSession`: the match is set aside in
``Extras.saved`` and comes back as it was) at the moment of the mistake, from the person's
view.  Seat 0's answer is judged, never played: right, the exercise is solved; wrong, the
reason and the points it costs, then *Réessayer* or *Voir la réponse*: the best action
played, then the deal played out to its end by the Standard bots (every seat, the person's
too), every hand face up, step by step.  :func:`open_exercise` starts one, or drops it
silently when its record does not replay to one of seat 0's decisions."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tarot.actions import Action, Play
from tarot.bot import Reason
from tarot.cards import Card
from tarot.errors import IllegalAction, RecordError
from tarot.state import Deal

from ..duplicate.tournament import PracticeSession
from ..match.botstep import decide
from ..match.session import HUMAN, Session
from ..match.settings import Settings
from .misses import flaw
from .mistakes import Answer, Exercise, Exercises, Key

if TYPE_CHECKING:
    from ..match.screen import Screen

ANSWER_LEVEL = "standard"  # the bots that play the answer out, on the page's main thread


@dataclass(frozen=True)
class DrillView:
    """What the teaching region shows of an exercise (:func:`web.teaching.teachview.render_teaching`)."""

    grade: str
    played: Action
    loss: float
    answer: Answer | None  # the last answer judged (None: the question stands)
    tried: Action | None  # that answer's action
    solved: bool
    shown: tuple[int, int, int] | None  # the answer played out: (step on show, its last, its first)
    best: Action
    best_ev: float
    why: Reason  # why the last answer is wrong: its flaw where certain, else the analysis's reason
    more: bool  # another exercise to do


class MistakeSession(PracticeSession):
    """An exercise at the table (see the module docstring).  ``among``: the exercises it was
    started with (a deal's, from its review), *Exercice suivant* going through them first."""

    def __init__(self, settings: Settings, exercise: Exercise, book: Exercises, among: tuple[Key, ...] = ()) -> None:
        super().__init__(settings, exercise.record, exercise.step, exercise.number)
        self.exercise = exercise
        self.book = book
        self.among = among
        self.answer: Answer | None = None
        self.tried: Action | None = None
        self.why = exercise.reason
        self.shown: Deal | None = None  # the best action played out to the deal's end
        self.question = self.deal.copy()

    # ------------------------------------------------------------ the question
    def bot_to_act(self) -> int | None:
        return None  # nobody plays on: the person answers, or steps through the answer

    def undo_point(self) -> int | None:
        return None

    def act(self, seat: int, action: Action) -> IllegalAction | None:
        """Seat 0's answer judged, not played (a move the rules refuse is refused as at the table);
        nothing moves while the answer is shown."""
        if self.shown is not None:
            return None
        refusal = self.deal.why_not(action, seat)
        if refusal is not None:
            return refusal
        self.answer = self.exercise.judge(action)
        self.tried = action
        self.why = self.exercise.reason
        if not self.answer.right and isinstance(action, Play):
            named = flaw(self.deal.view(HUMAN), action)
            if named is not None:
                self.why = Reason(named, {"card": str(action.card)})
        if self.answer.right:
            self.book.solve(self.exercise.key)
            self.exercise.solved = True
        self.ui.ecart = []
        self.ui.poignee = []
        self.ui.poignee_size = None
        return None

    def retry(self) -> bool:
        """*Réessayer*: the question again, as it was."""
        if self.answer is None or self.answer.right or self.shown is not None:
            return False
        self.answer = None
        self.tried = None
        return True

    # ------------------------------------------------------------- the answer
    def reveal(self) -> bool:
        """*Voir la réponse*: the best action, then the deal played out by the bots, face up."""
        if self.shown is not None:
            return False
        deal = self.question.copy()
        deal.apply(self.exercise.best, seat=HUMAN)
        while not deal.is_over:
            deal.apply(decide(deal, ANSWER_LEVEL, self.deal_number))
        self.shown = deal
        return self.show(self.exercise.step + 1)

    def show(self, p: int) -> bool:
        """The answer played out at step ``p`` (from the question's moment to the deal's end)."""
        shown = self.shown
        if shown is None:
            return False
        p = max(self.exercise.step, min(p, len(shown.history)))
        if self.finished:  # the deal's end leaves the score sheet again
            self.match.take_back()
            self.finished = False
        self.deal = shown.replayed(p)
        self.events = []
        self.ui.message = None
        if self.deal.is_over:
            self.match.finish(self.deal)
            self.finished = True
        return True

    def step_answer(self, where: str) -> bool:
        """``prev``, ``next``, ``start`` or ``end`` through the answer played out."""
        if self.shown is None:
            return False
        p = len(self.deal.history)
        to = {"prev": p - 1, "next": p + 1, "start": self.exercise.step, "end": len(self.shown.history)}.get(where)
        if to is None or not self.exercise.step <= to <= len(self.shown.history) or to == p:
            return False
        return self.show(to)

    def view_of(self) -> DrillView:
        x = self.exercise
        shown = None
        if self.shown is not None:
            shown = len(self.deal.history), len(self.shown.history), x.step
        more = self.book.next_to_do(x.key, self.among) is not None
        return DrillView(x.grade, x.played, x.loss, self.answer, self.tried, x.solved, shown, x.best, x.best_ev,
                         self.why, more)

    def screen(self) -> Screen:
        return replace(super().screen(), drilling=True)

    def open_hands(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """Every other seat's hand while the answer is played out (none at the question)."""
        if self.shown is None:
            return ()
        hands = ((seat, self.deal.view(seat).hand) for seat in range(1, self.deal.rules.players))
        return tuple((seat, hand) for seat, hand in hands if hand)


def open_exercise(match: Session, book: Exercises, key: Key, among: tuple[Key, ...] = ()) -> MistakeSession | None:
    """The exercise ``key`` at the table, the settings of ``match`` (its language); ``None`` when it is
    not in the book, or dropped from it when its record does not replay to one of seat 0's decisions."""
    exercise = book.find(key)
    if exercise is None:
        return None
    try:
        return MistakeSession(match.settings, exercise, book, among)
    except (ValueError, RecordError, IllegalAction, KeyError, TypeError):
        book.drop(key)
        return None

