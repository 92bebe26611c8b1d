"""The page's teaching state beside the session: the URL's situation, hints, "why?", the
bidding aid, the share panel with its comments, the hands editor, an exercise's verdict
(:mod:`web.teaching` says what each does).  Its buttons are a table of actions
(:data:`CLICKS`); :mod:`web.teaching.teachview` draws it.  Nothing here touches the browser."""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tarot.actions import Action, Ecart
from tarot.bots import make_bot
from tarot.cards import parse_card
from tarot.teaching.hints import Decision, Reason, explain, hint
from tarot.inputs import excerpt, load_json, whole_number
# Imported at every start, so kept in the snapshot (web/pyodide-loader.mjs).
from tarot.situation import SituationError, decode_notes, encode, fragment
from tarot.state import Deal
from tarot.words import LANGS
from tarot.view import SeatView

from ..match.botstep import bot_seed, runs_on_main_thread
from .grading import seat_action
from .misses import LESSON_WORDS, Miss, miss
from .moves import same_move
from ..browser.params import PageParams
from ..match.session import HUMAN, Session
from ..match.settings import Settings
from .situations import Situation, TeachingSession, load_situation

if TYPE_CHECKING:
    from .editor import Editor

# What a refused teaching parameter should have been (a key of the catalogues; else yes or no).
EXPECTED = {"seat": "url_expect_seat", "at": "url_expect_at", "lesson": "url_expect_lesson",
            "next": "url_expect_next"}
Attribute = Callable[[str], object]  # a clicked button's attribute (``value:ID``: the field ID's value)


@dataclass
class Verdict:
    """An exercise's answer at ``step``: right or not; a miss says why the move is not the
    answer (``miss``) and tells the expected move only at the second miss or when asked
    (``revealed``)."""

    step: int
    correct: bool
    expected: Action
    reason: Reason
    misses: int = 0  # wrong tries at this step
    revealed: bool = False  # the expected move is shown
    miss: Miss = Miss()  # why the last move tried is not the answer

    @property
    def answer_shown(self) -> bool:
        return self.correct or self.revealed or self.misses >= 2


@dataclass
class Shown:
    """A hint or an answer to "why?", valid while the table stays at ``step`` of deal ``deal``."""

    deal: int
    step: int
    action: Action
    reason: Reason
    seat: int = HUMAN
    at: int = -1  # the action explained, by its place in the deal's history (-1: the last)
    options: tuple[tuple[Action, float], ...] = ()  # a hint of the analysis: each option's expected points, best first


@dataclass
class Asked:
    """A hint asked of the graded analysis (the bots' worker's ``advise``) at ``step`` of deal
    ``deal``, whose record then was ``record``; ``sent`` once the page has sent it."""

    deal: int
    step: int
    record: dict[str, Any]
    sent: bool = False

    def request(self) -> dict[str, Any]:
        """The worker's request: the deal so far, and the seat to advise."""
        return {"record": self.record, "seat": HUMAN}


class Teacher:
    """The page's teaching state beside the session (see the module docstring)."""

    def __init__(self, params: PageParams, recommender: str = "standard", base: str = "") -> None:
        self.params = params.teaching
        self.recommender = recommender  # the bot level whose choice hints recommend
        self.situation: Situation | None = None
        self.situation_error: tuple[str, dict[str, object]] | None = None
        self.refused = list(self.params.refused)  # teaching parameters ignored, for the notes
        self.hinted: set[int] = set()  # deal numbers where a hint was used
        self.hinted_first_deal: int | None = None
        self.hint_shown: Shown | None = None
        self.analysis_hints = False  # hints from the graded analysis in the bots' worker (the page has one)
        self.hint_asked: Asked | None = None  # a hint the worker is asked for
        self.why_shown: Shown | None = None
        self.verdict: Verdict | None = None
        self.aid_open = False
        self.aid_deal: object = None  # the deal the aid was opened on (its dealt hands): closed at another
        self.share_open = False
        self.editor: Editor | None = None
        self.navigate: str | None = None  # a fragment the page should reload with (the editor's deal)
        self.base = base  # the page's address without query nor fragment (for shared links)
        self.notes: dict[int, str] = {}  # comments by step (how many actions the table has seen)
        self._open_situation()

    # ------------------------------------------------------------ situation
    def _open_situation(self) -> None:
        if self.params.record is None:
            return
        if self.params.notes is not None:
            try:
                self.notes = decode_notes(self.params.notes)
            except SituationError as e:
                self.situation_error = (f"situation_{e.code}", {"detail": ""})
        try:
            self.situation, refused = load_situation(self.params)
            self.refused += refused
        except SituationError as e:  # the notice words the engine's refusal in the page's language
            self.situation_error = (f"situation_{e.code}", {"detail": e.cause or e})

    def notices(self) -> tuple[tuple[str, dict[str, Any]], ...]:
        """The page notes of the teaching parameters: a situation that cannot be opened, parameters
        that need one, values ignored."""
        out: list[tuple[str, dict[str, Any]]] = []
        if self.situation_error is not None:
            out.append(self.situation_error)
        if self.situation is None and self.situation_error is None and self.params.given:
            out.append(("url_needs_situation", {"names": ", ".join(self.params.given)}))
        if self.params.lesson is not None and self.lesson is None:
            out.append(("url_refused", {"name": "lesson", "value": excerpt(self.params.lesson),
                                        "expected": "url_expect_lesson"}))
        for name, value in self.refused:
            expected = EXPECTED.get(name, "url_expect_yes_no")
            out.append(("url_refused", {"name": name, "value": excerpt(value), "expected": expected}))
        return tuple(out)

    def open_session(self, base: Settings) -> TeachingSession | None:
        """The session showing the URL's situation, or ``None`` when there is none."""
        situation = self.situation
        if situation is None:
            return None
        rules = situation.full.rules
        options = {k: True for k, v in rules.to_json().items() if k != "players" and v is True}
        level = base.level
        if situation.params.exercise and not runs_on_main_thread(level):
            level = "standard"  # the record's moves are replayed on the main thread, not by the worker
        settings = Settings(players=rules.players, level=level, options=options, lang=base.lang,
                            first_deal=base.first_deal)
        session = TeachingSession(settings, situation, self)
        session.advance()
        return session

    def aid_opened(self, session: Session) -> bool:
        """Whether *Force de la main* is open: opened on the deal on the table."""
        return self.aid_open and self.aid_deal == session.deal.dealt_hands

    # ------------------------------------------------------------- exercise
    def exercising(self, session: Session) -> bool:
        return self.situation is not None and self.situation.params.exercise \
            and self.situation.same_cards(session.deal)

    def expected(self, session: Session) -> Action:
        """The move the exercise asks for: the record's, or past its end the recommender's."""
        situation = self.situation
        deal = session.deal
        p = len(deal.history)
        if situation is not None and situation.on_record(deal) and p < len(situation.history):
            return situation.history[p][1]
        return self._recommend(session, deal.view(HUMAN))

    def judge(self, session: Session, action: Action, expected: Action | None = None) -> bool:
        """Whether ``action`` (seat 0's, legal) is the expected move; the verdict is kept for the page,
        with the recommender's reason when the move is its own."""
        expected = self.expected(session) if expected is None else expected
        correct = same_move(action, expected)
        view = session.deal.view(HUMAN)
        decision = self._decision(session, view)
        reason = decision.reason if same_move(decision.action, expected) else explain(view, expected)
        step = len(session.deal.history)
        before = self.verdict
        misses = 0 if correct else 1 + (before.misses if before is not None and before.step == step else 0)
        revealed = before is not None and before.step == step and before.revealed
        missed = Miss() if correct else miss(view, action, self.lesson)
        self.verdict = Verdict(step, correct, expected, reason, misses, revealed, missed)
        return correct

    def lesson_next(self, lang: str) -> str | None:
        """The address of the lesson's next table (on the lesson's page, in ``lang``), when the
        situation is a lesson's table that has one."""
        if self.lesson is None or self.params.next is None:
            return None
        return f"lessons/{lang if lang in LANGS else LANGS[-1]}/{self.lesson}.html#table-{self.params.next}"

    @property
    def lesson(self) -> str | None:
        """The lesson the situation is a table of, when it is one of the lessons."""
        name = self.params.lesson
        return name if name in LESSON_WORDS else None

    def reveal(self, session: Session) -> None:
        """The expected move of the question missed at this step, on request."""
        v = self.verdict
        if v is not None and v.step == len(session.deal.history):
            v.revealed = True

    def answered(self, session: Session) -> bool:
        """The exercise's question at this step has had its answer."""
        v = self.verdict
        return v is not None and v.step == len(session.deal.history)

    # ---------------------------------------------------------------- clicks
    def on_action(self, action: str, session: Session, attribute: Attribute = lambda name: None) -> bool:
        """A click on one of the teaching buttons (``attribute`` reads the button's attributes);
        whether the game changed (to save it)."""
        handler = CLICKS.get(action)
        return False if handler is None else handler(self, session, attribute)

    def _recommend(self, session: Session, view: SeatView) -> Action:
        deal = session.deal
        bot = make_bot(self.recommender, bot_seed(session.deal_number, view.seat, len(deal.history)))
        return bot.choose(view)

    def _decision(self, session: Session, view: SeatView) -> Decision:
        """The recommender's decision (its action and why), seeded as :meth:`_recommend`."""
        deal = session.deal
        bot = make_bot(self.recommender, bot_seed(session.deal_number, view.seat, len(deal.history)))
        return bot.decide(view)

    def show_hint(self, session: Session) -> None:
        """*Conseil*: with the bots' worker, the graded analysis is asked for its best action (the
        page sends :attr:`hint_asked`, then :meth:`take_advice`); without, the recommender's."""
        deal = session.deal
        if deal.to_act != HUMAN or session.ui.setup_open:
            return
        view = deal.view(HUMAN)
        from tarot.teaching.analysis import advise, forced  # imported when a first hint is asked

        if self.analysis_hints and forced(view):  # one option: the analysis's answer, at once
            advice = advise(view, len(deal.to_record()["actions"]))
            self.hint_shown = Shown(session.deal_number, len(deal.history), advice.best, advice.reason)
        elif self.analysis_hints:
            if self.hint_thinking(session) or _valid(self.hint_shown, session):
                return  # asked already, or given, at this moment
            self.hint_asked = Asked(session.deal_number, len(deal.history), deal.to_record())
        else:
            self._standard_hint(session)
        self._note_hint(session)

    def _standard_hint(self, session: Session) -> None:
        deal = session.deal
        action, reason = hint(deal.view(HUMAN), lambda v: self._decision(session, v))
        self.hint_shown = Shown(session.deal_number, len(deal.history), action, reason)

    def hint_thinking(self, session: Session) -> bool:
        """A hint asked of the worker at this moment is on its way."""
        asked = self.hint_asked
        return asked is not None and asked.deal == session.deal_number and asked.step == len(session.deal.history)

    def hint_to_send(self, session: Session) -> Asked | None:
        """The hint to ask the worker for now (once), if there is one at this moment."""
        asked = self.hint_asked
        if asked is None or asked.sent or not self.hint_thinking(session):
            return None
        asked.sent = True
        return asked

    def take_advice(self, session: Session, asked: Asked, answer: dict[str, Any]) -> bool:
        """The worker's answer (:func:`web.teaching.grading.advise_step`) becomes the hint if the
        table is still at the moment it was asked for; else it is dropped.  Whether it is shown."""
        if self.hint_asked is asked:
            self.hint_asked = None
        if not self._still_at(session, asked):
            return False
        reason = answer["reason"]
        self.hint_shown = Shown(asked.deal, asked.step, seat_action(answer["best"]),
                                Reason(str(reason["code"]), dict(reason.get("params", {}))),
                                options=tuple((seat_action(o["action"]), float(o["ev"])) for o in answer["options"]))
        return True

    def advice_failed(self, session: Session, asked: Asked) -> None:
        """The worker could not answer: the recommender's hint instead, if the table is still there."""
        if self.hint_asked is asked:
            self.hint_asked = None
        if self._still_at(session, asked):
            self._standard_hint(session)

    def _still_at(self, session: Session, asked: Asked) -> bool:
        deal = session.deal
        return asked.deal == session.deal_number and asked.step == len(deal.history) \
            and deal.to_act == HUMAN and asked.record == deal.to_record()

    def _note_hint(self, session: Session) -> None:
        if self.hinted_first_deal != session.settings.first_deal:
            self.hinted = set()
            self.hinted_first_deal = session.settings.first_deal
        self.hinted.add(session.deal_number)

    def show_why(self, session: Session, at: int | None = None) -> None:
        """Why a bot took its decision: the last one, or the one at place ``at`` of the deal's
        history (a card of the trick on the table or of the one before)."""
        deal = session.deal
        index = len(deal.history) - 1 if at is None else at
        if not 0 <= index < len(deal.history):
            return
        seat, action = deal.history[index]
        if seat == HUMAN:
            return
        before = deal.replayed(index)
        reason = self._bots_reason(session, before, seat, action)
        if isinstance(action, Ecart) and not deal.is_over:
            reason = Reason("ecart_hidden")  # which suits it empties is the taker's secret
        self.why_shown = Shown(session.deal_number, len(deal.history), action, reason, seat, index)

    def _bots_reason(self, session: Session, before: Deal, seat: int, action: Action) -> Reason:
        """Why the bot at ``seat`` took ``action`` at the moment ``before``: the reason the table's bot
        gives, decided again with the same seed (a level fast enough for the main thread); for any
        other move (a slow level's, a record's) why it makes sense from the seat's view."""
        view = before.view(seat)
        level = session.settings.level
        if runs_on_main_thread(level):
            decision = make_bot(level, bot_seed(session.deal_number, seat, len(before.history))).decide(view)
            if same_move(decision.action, action):
                return decision.reason
        return explain(view, action)

    def save_note(self, session: Session, text: str) -> None:
        """The comment for the moment on the table (an empty one removes it)."""
        step = len(session.deal.history)
        if text:
            self.notes[step] = text
        else:
            self.notes.pop(step, None)

    def share_links(self, session: Session) -> list[tuple[str, str]]:
        """(kind, URL) of the situation on the table: this moment, an exercise on seat 0's next
        decision when it is to act, the whole deal step by step once it is over."""
        deal = session.deal
        record = fragment(deal.to_record(), self.notes)
        lang = f"lang={session.lang}"
        links = [("plain", f"{self.base}?{lang}{record}")]
        if deal.to_act == HUMAN:
            links.append(("exercise", f"{self.base}?embed=1&{lang}&exercise=1{record}"))
        if deal.is_over:
            links.append(("steps", f"{self.base}?embed=1&{lang}&at=0&steps=1{record}"))
        return links

    # ---------------------------------------------------------------- saving
    def hinted_deals(self, session: Session) -> frozenset[int]:
        """The deals of the session's match where a hint was used (for the score sheet)."""
        if self.hinted_first_deal != session.settings.first_deal:
            return frozenset()
        return frozenset(self.hinted)

    def hints_text(self) -> str:
        return json.dumps({"first_deal": self.hinted_first_deal, "deals": sorted(self.hinted)})

    def restore_hints(self, text: object, session: Session) -> bool:
        """The deals marked in an earlier visit (ignored when of another match or malformed);
        ``False`` when the text is refused unread (not JSON, or nested too deeply to be read
        safely: :func:`tarot.inputs.load_json`), for the page to drop it."""
        try:
            data = load_json(text) if isinstance(text, str) else None
        except ValueError:
            return False
        if not isinstance(data, dict) or data.get("first_deal") != session.settings.first_deal:
            return True
        deals = data.get("deals")
        if isinstance(deals, list) and all(type(d) is int for d in deals):
            self.hinted = set(deals)
            self.hinted_first_deal = session.settings.first_deal
        return True

    def render(self, session: Session) -> str:
        """The teaching region's HTML (``#teaching``): :func:`web.teaching.teachview.render_teaching`."""
        from .teachview import render_teaching, teaching_view

        return render_teaching(teaching_view(self, session))


def _valid(shown: Shown | None, session: Session) -> bool:
    """A hint still valid: given at this moment of this deal."""
    return shown is not None and shown.deal == session.deal_number and shown.step == len(session.deal.history)


# ----------------------------------------------------------- the buttons
Click = Callable[[Teacher, Session, Attribute], bool]


def _toggle(name: str) -> Click:
    def click(teacher: Teacher, session: Session, attribute: Attribute) -> bool:
        setattr(teacher, name, not getattr(teacher, name))
        return False
    return click


def _reveal(teacher: Teacher, session: Session, attribute: Attribute) -> bool:
    teacher.reveal(session)
    return False


def _aid(teacher: Teacher, session: Session, attribute: Attribute) -> bool:
    """*Force de la main* opens on this deal (closed again at the next), or closes."""
    teacher.aid_open = not teacher.aid_opened(session)
    teacher.aid_deal = session.deal.dealt_hands
    return False


def _hint(teacher: Teacher, session: Session, attribute: Attribute) -> bool:
    teacher.show_hint(session)
    return False


def _why(teacher: Teacher, session: Session, attribute: Attribute) -> bool:
    at = str(attribute("data-at") or "")
    teacher.show_why(session, int(at) if at.isdigit() else None)
    return False


def _note_save(teacher: Teacher, session: Session, attribute: Attribute) -> bool:
    teacher.save_note(session, str(attribute("value:teach-note") or "").strip()[:500])
    return False


def _step(move: Callable[[TeachingSession], bool]) -> Click:
    def click(teacher: Teacher, session: Session, attribute: Attribute) -> bool:
        return isinstance(session, TeachingSession) and move(session)
    return click


def _editor_open(teacher: Teacher, session: Session, attribute: Attribute) -> bool:
    from .editor import Editor  # imported when first opened: a start does without it
    teacher.editor = None if teacher.editor is not None else Editor(session.deal.rules)
    return False


def _on_editor(work: Callable[[Teacher, Editor, Session, Attribute], None]) -> Click:
    """A click in the open editor (none when it is closed); its message goes with the click."""
    def click(teacher: Teacher, session: Session, attribute: Attribute) -> bool:
        if teacher.editor is not None:
            teacher.editor.message = None
            work(teacher, teacher.editor, session, attribute)
        return False
    return click


def _editor_close(teacher: Teacher, editor: Editor, session: Session, attribute: Attribute) -> None:
    teacher.editor = None


def _editor_target(teacher: Teacher, editor: Editor, session: Session, attribute: Attribute) -> None:
    target = whole_number(str(attribute("data-seat")), 0, editor.rules.players)
    if target is not None:
        editor.target = target


def _editor_card(teacher: Teacher, editor: Editor, session: Session, attribute: Attribute) -> None:
    try:
        card = parse_card(str(attribute("data-card")))
    except ValueError:
        return
    editor.toggle(card)


def _editor_start(teacher: Teacher, editor: Editor, session: Session, attribute: Attribute) -> None:
    record = editor.record()
    if record is None:
        editor.message = "editor_incomplete"
        return
    teacher.navigate = "record=" + encode(record)


# The teaching buttons by their data-action: each returns whether the game changed.
CLICKS: dict[str, Click] = {
    "hint": _hint,
    "exercise-answer": _reveal,
    "why": _why,
    "bidding-aid": _aid,
    "share-situation": _toggle("share_open"),
    "hint-shown": lambda teacher, session, attribute: False,
    "note-save": _note_save,
    "step-next": _step(TeachingSession.step_next),
    "step-prev": _step(TeachingSession.step_prev),
    "step-start": _step(lambda session: session.step_prev(to_start=True)),
    "editor-open": _editor_open,
    "editor-close": _on_editor(_editor_close),
    "editor-target": _on_editor(_editor_target),
    "editor-card": _on_editor(_editor_card),
    "editor-fill": _on_editor(lambda teacher, editor, session, attribute: editor.fill(session.deal_number)),
    "editor-clear": _on_editor(lambda teacher, editor, session, attribute: editor.places.clear()),
    "editor-start": _on_editor(_editor_start),
}
