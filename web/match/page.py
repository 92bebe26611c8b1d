"""The page's whole state, and what it becomes: the game on the table (:class:`web.match.session.Session`),
the teaching beside it (:class:`web.teaching.teacher.Teacher`), the review, import and replay
(:class:`web.teaching.extras.Extras`), the matches kept, and what the browser keeps of them.

:class:`PageState` opens the game the URL and the browser ask for, gives the
:class:`web.match.screen.Screen` that :func:`web.draw.render.render` draws, starts a new game, applies the
settings, imports deals, closes dialogs, saves; :mod:`web.match.clicks` holds what each click does.
Nothing here touches the DOM: :mod:`web.browser.table` reads it and writes the regions.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from tarot.words import LANGS

from ..duplicate.tournament import DuplicateSession, PracticeSession, load_session
from ..teaching.extras import Extras
from .history import HISTORY_KEY, KeptMatch, archived, history_text, load_history
from ..browser.params import PageParams
from ..teaching.review import ReviewPanel
from .screen import Screen
from .session import SAVE_KEY, SaveError, Session
from .settings import Settings, parse_deal_number
from ..browser.storage import Store
from ..teaching.teacher import Teacher
from ..teaching import HINTS_KEY
from ..teaching.drill import MistakeSession, open_exercise
from ..teaching.mistakes import EXERCISES_KEY, Key, deal_id, exercises_of, load_exercises
from ..teaching.teachview import teaching_view
from ..teaching.puzzles import RATINGS_KEY, Filters, Ratings, TrainerPuzzle, load_ratings, read_collection
from ..teaching.trainer import PuzzleSession, Trainer
from ..browser.transfer import ImportProblem, import_message, import_records

Notice = tuple[str, dict[str, Any]]
TEXT_MODE_KEY = "tarot.textmode"  # localStorage: "1" while the page is shown as text (web.text)


@dataclass
class SetupChoice:
    """The new-game form as filled in."""

    players: int = 4
    level: str = ""
    options: dict[str, bool] = field(default_factory=dict)
    lang: str = LANGS[0]
    deal: str = ""  # the deal number as typed
    name: str = ""
    duplicate: int = 0  # a tournament of this many deals; 0: a free match

    def draft(self) -> dict[str, Any]:
        """The form kept as filled in (``Ui.setup_draft``) when it is not taken."""
        return {"players": self.players, "level": self.level, "options": self.options, "deal": self.deal,
                "name": self.name}


@dataclass
class SettingsChoice:
    """The settings dialog as filled in (a value left out stays as it was)."""

    pace: str | None = None
    animations: bool = True
    live_count: bool = True
    lang: str | None = None
    text_mode: bool | None = None  # the page as text (web.text); None: as it is
    next_level: str = ""


def screen_of(session: Session, extras: Extras, teacher: Teacher | None = None) -> Screen:
    """The session's screen with the page's state beside it: the review or the import open,
    the reference's failure, the teaching (none without ``teacher``), the hinted deals.  During a
    replay, the match set aside keeps its score sheet and its tournament's table."""
    screen, match = session.screen(), session
    if isinstance(session, PracticeSession) and extras.saved is not None:
        match = extras.saved
        kept = match.screen()
        screen = replace(screen, sheet=kept.sheet, totals=kept.totals, tokens=kept.tokens, pots=kept.pots,
                         undone=kept.undone, tournament=kept.tournament, history=kept.history)
    records, first = match.match.records, match.match.first_deal
    analyses = extras.analyses
    graded = tuple((first + k, analyses.accuracy(first + k, r)) for k, r in enumerate(records))
    lost = tuple((first + k, analyses.losses(first + k, r)) for k, r in enumerate(records))
    screen = replace(screen, accuracies=tuple((n, a) for n, a in graded if a is not None),
                     losses=tuple((n, losses) for n, losses in lost if losses is not None),
                     match_accuracy=analyses.match_accuracy(first, records),
                     analysis_progress=_progress(session, extras) if screen.finished else None,
                     analysis_error=extras.analysis_error)
    return replace(screen, review=extras.review, reference_error=extras.reference_error,
                   importing=extras.import_message if extras.import_open else None,
                   teaching=None if teacher is None else teaching_view(teacher, session),
                   hinted=frozenset() if teacher is None else teacher.hinted_deals(match))


def _progress(session: Session, extras: Extras) -> tuple[int, int | None] | None:
    """The graded analysis of the deal on show, over: decisions graded, of how many."""
    records = session.match.records
    if not records:
        return None
    analysis = extras.analyses.deals.get(session.match.first_deal + len(records) - 1)
    if analysis is None or (analysis.record is not records[-1] and analysis.record != records[-1]):
        return 0, None
    return len(analysis.graded), analysis.total


def puzzle_ratings(ratings: Ratings) -> tuple[tuple[str, int], ...]:
    """The person's puzzle ratings for the statistics: ``("", rating)`` overall, then each theme's
    (its code, its rating); none before a first try."""
    if not ratings.history:
        return ()
    return (("", round(ratings.player.rating)), *((code, round(r.rating)) for code, r in sorted(ratings.themes.items())))


def new_number() -> int:
    """A deal number drawn at random, for a match the URL or the form gives none."""
    return random.randrange(1, 1_000_000)


class PageState:
    """See the module docstring.  ``store``: the browser's storage; ``base``: the page's
    address without query nor fragment (for shared links)."""

    def __init__(self, params: PageParams, store: Store, base: str = "", today: str = "") -> None:
        self.params = params
        self.store = store
        self.today = today  # the person's date, YYYY-MM-DD (the daily puzzle)
        self.ratings = load_ratings(store.get(RATINGS_KEY))  # the puzzle ratings (web.teaching.puzzles)
        self.trainer: Trainer | None = None
        self.teacher = Teacher(params, base=base)
        self.extras = Extras()
        self.dropped: list[Notice] = []  # notes of stored values removed unread
        self.unsaved_told = False  # the visitor was told once that this browser keeps nothing
        self.history = self._read_history()
        self.book = load_exercises(store.get(EXERCISES_KEY))  # the person's exercises (web.teaching.mistakes)
        self.book_text = self.book.to_text()  # as last written
        self._kept_for: object = None  # the history whose deals _kept lists
        self._kept: list[tuple[str, int, dict[str, Any]]] = []
        self.text_mode = store.get(TEXT_MODE_KEY) == "1" if params.text_mode is None else params.text_mode
        if params.text_mode is not None and not params.embed:  # an embedded table keeps nothing
            self.set_text_mode(params.text_mode)
        self.commands = 0  # the text mode's commands typed (web.text.commands)
        self.session = self._open()
        self.session.history = tuple(self.history)
        if self.text_mode and not params.sets_game:  # the text mode's first visit plays at once ("nouvelle 5": another game)
            self.session.ui.setup_open = False

    def set_text_mode(self, on: bool) -> None:
        """The page as text for a screen reader (web.text), or drawn; kept in the browser for every page."""
        self.text_mode = on
        if on:
            self.store.set(TEXT_MODE_KEY, "1")
        else:
            self.store.remove(TEXT_MODE_KEY)

    # --------------------------------------------------------------- opening
    def _open(self) -> Session:
        """The session to show.  A situation from the URL, or embedded (``embed=1``): the URL's
        game at once, never saved.  Otherwise the saved game, with the URL's game waiting in
        the new-game form."""
        p = self.params
        situation = self.teacher.open_session(p.settings(Settings(first_deal=new_number())))
        session: Session
        if situation is not None:
            session = situation
        elif p.embed or p.trainer:  # the trainer: this deal waits, unseen, for the collection (open_trainer)
            session = Session.on_random_deal(p.settings)
        else:
            session = self._resume()
            if p.lang is not None:
                session.settings.lang = p.lang
            if p.sets_game:
                session.ui.setup_open = True
                session.ui.setup_draft = p.draft(session.settings)
        session.notices = tuple(p.notices()) + self.teacher.notices()
        if situation is None and not p.embed and not p.trainer:
            self.restore_hints(self.store.get(HINTS_KEY), session)
        session.notices += tuple(self.dropped)
        return session

    @property
    def trainer_waits(self) -> bool:
        """The URL opens the puzzle trainer and its collection is not read yet (:meth:`open_trainer`)."""
        return self.params.trainer and self.trainer is None

    def open_trainer(self, text: str | None) -> None:
        """The puzzle trainer, once its collection is fetched (``None``: it could not be): the puzzle the
        URL asks for (``#puzzle=ID``, the day's), else the one nearest the person's rating; the new-game
        form with a note when there is none."""
        p = self.params
        trainer = Trainer(read_collection(text or ""), self.ratings, Filters(theme=p.theme), p.embed,
                          keep=self._keep_ratings)
        self.trainer = trainer
        notes: list[Notice] = []
        if not trainer.puzzles:
            notes.append(("puzzle_no_collection", {}))
        wanted = trainer.find(p.puzzle)
        if p.puzzle is not None and wanted is None and trainer.puzzles:
            notes.append(("puzzle_unknown", {"id": p.puzzle}))
        if p.theme is not None and p.theme not in trainer.themes():
            notes.append(("puzzle_no_theme", {"theme": p.theme}))
            trainer.filters = Filters()
        today = trainer.daily(self.today) if p.daily else None
        daily = today is not None and (wanted is None or wanted == today)  # the day's, named or not
        waiting = self.session
        first = wanted or today
        session: Session | None = self._puzzle_session(waiting.settings, first, daily)
        if session is None:
            session = waiting
            session.ui.setup_open = True
        session.notices = waiting.notices + tuple(notes)
        session.history = waiting.history
        self.session = session

    def _puzzle_session(self, settings: Settings, first: TrainerPuzzle | None = None, is_daily: bool = False,
                        after: str | None = None) -> PuzzleSession | None:
        """``first`` at the table, else the next puzzle near the person's rating (not ``after``); a puzzle
        whose record does not replay is left out, and the next one tried."""
        trainer = self.trainer
        puzzle = first
        while trainer is not None:
            puzzle = puzzle or trainer.next_puzzle(after)
            if puzzle is None:
                return None
            opened = trainer.open(settings, puzzle, is_daily)
            if opened is not None:
                return opened
            puzzle, is_daily = None, False
        return None

    def _keep_ratings(self, ratings: Ratings) -> None:
        """The ratings after a try, kept in the browser (not on an embedded page: it keeps nothing)."""
        self.ratings = ratings
        if not self.params.embed and not self.store.set(RATINGS_KEY, ratings.to_text(), "puzzle ratings"):
            self._tell_unsaved()

    def next_puzzle(self) -> bool:
        """*Problème suivant*: the next puzzle near the person's rating that the filters admit."""
        s = self.session
        found = self._puzzle_session(s.settings, after=s.puzzle.id if isinstance(s, PuzzleSession) else None)
        if found is None:
            return False
        found.history = self.session.history
        self.session = found
        self.extras.saved = None
        return True

    def filter_puzzles(self, kind: str, value: str) -> bool:
        """A trainer's filter set, and the next puzzle it admits (the one on show when none)."""
        if self.trainer is None or not self.trainer.set_filter(kind, value):
            return False
        s = self.session
        if isinstance(s, PuzzleSession) and s.correct is None and self.trainer.filters.admits(s.puzzle):
            self.trainer.empty = False
            return True
        self.next_puzzle()
        return True

    def _resume(self) -> Session:
        """The game saved in the browser, else a new one behind the new-game form: the URL's
        game when it asks for one (its deal number too)."""
        raw = self.store.get(SAVE_KEY)
        if not raw:
            session = Session.on_random_deal(self.params.settings)
            session.ui.setup_open = True
            return session
        try:
            return load_session(raw)
        except SaveError as e:
            self.store.warn(f"saved game not resumed: {e}")
            self.store.set(SAVE_KEY + ".damaged", raw, "damaged save")
            self.store.remove(SAVE_KEY)
            session = Session.on_random_deal(self.params.settings)
            session.ui.setup_open = True
            why = {"cause": e.cause} if e.cause is not None else {}  # a deal refused: said by its refusal
            session.ui.setup_message = ("save_damaged", {"reason": e.reason, **why})
            return session

    def _read_history(self) -> list[KeptMatch]:
        """The kept matches; a history that cannot be read safely is dropped, with a note."""
        try:
            return load_history(self.store.get(HISTORY_KEY))
        except ValueError:
            self._drop(HISTORY_KEY, "stored_history_dropped")
            return []

    def restore_hints(self, raw: object, session: Session) -> None:
        if not self.teacher.restore_hints(raw, session):
            self._drop(HINTS_KEY, "stored_hints_dropped")

    def _drop(self, key: str, notice: str) -> None:
        """Remove a stored value that cannot be read safely, and say so (once per value)."""
        self.store.warn(f"{key}: unreadable, removed")
        self.store.remove(key)
        if (notice, {}) not in self.dropped:
            self.dropped.append((notice, {}))
            if hasattr(self, "session"):
                self.session.notices = (*self.session.notices, (notice, {}))

    # ---------------------------------------------------------------- saving
    def shows_its_own_deal(self) -> bool:
        """Embedded, or a situation from the URL: the table never shows nor writes the saved game."""
        return self.params.embed or self.teacher.situation is not None or self.params.trainer

    def save(self) -> None:
        """The game and its hinted deals, kept in the browser (not a replay's, nor a shared or
        embedded deal's)."""
        if self.shows_its_own_deal() or isinstance(self.session, PracticeSession):
            return  # a replay, too, leaves the visitor's own game as it was
        if not (self.store.set(SAVE_KEY, self.session.save_text(), "game")
                and self.store.set(HINTS_KEY, self.teacher.hints_text(), "game")):
            self._tell_unsaved()  # storage full or disabled: the game goes on, and the visitor knows

    def save_exercises(self) -> None:
        """The person's exercises, kept in the browser when they changed (not from a shared or
        embedded deal's page: there they last the visit)."""
        text = self.book.to_text()
        if text == self.book_text or self.params.embed or self.teacher.situation is not None:
            return
        self.book_text = text
        if not self.store.set(EXERCISES_KEY, text, "exercises"):
            self._tell_unsaved()

    def kept_to_grade(self) -> list[tuple[str, int, dict[str, Any]]]:
        """The kept matches' deals never graded, newest first: (deal id, number, record); none on a
        shared or embedded deal's page."""
        if self.shows_its_own_deal():
            return []
        scanned = set(self.book.scanned)
        return [(ident, number, record) for ident, number, record in self._kept_deals() if ident not in scanned]

    def _kept_deals(self) -> list[tuple[str, int, dict[str, Any]]]:
        """Every deal of the kept matches (read once per history)."""
        if self._kept_for is not self.history:
            self._kept_for = self.history
            self._kept = []
            for match in self.history:
                first = match.settings.get("first_deal")
                first = first if type(first) is int else 0
                self._kept += [(deal_id(r), first + k, r) for k, r in enumerate(match.records)]
        return self._kept

    def graded(self, request: dict[str, Any]) -> bool:
        """A deal's analysis went on: once it is complete, its mistakes and blunders become
        exercises (a kept match's deal is then left); whether the exercises changed."""
        analysis = self.extras.analyses.analysis_of(request)
        if analysis is None or not analysis.done:
            return False
        self.book.add_deal(analysis.record, analysis.entries().values(), int(request.get("deal_number", 0)))
        if "kept" in request:
            self.extras.analyses.kept.pop(request["kept"], None)
        return True

    def kept_failed(self, request: dict[str, Any]) -> None:
        """A kept match's deal the worker could not grade: left, as if graded."""
        self.extras.analyses.kept.pop(str(request["kept"]), None)
        self.book.mark_scanned(str(request["kept"]))

    def archive(self, old: Session, ended: str) -> None:
        """Keep the match being left (its finished deals) in the history."""
        if not self.params.embed and old.match.records:
            self.history = archived(self.history, old.settings.to_json(), list(old.match.records), ended)
            if not self.store.set(HISTORY_KEY, history_text(self.history), "history"):
                self._tell_unsaved()
        self.session.history = tuple(self.history)

    def _tell_unsaved(self) -> None:
        """Once per visit: a page note that a reload or a closed tab will lose the game."""
        if not self.unsaved_told:
            self.unsaved_told = True
            self.session.notices = (*self.session.notices, ("save_failed", {}))

    def read_again(self, key: str | None, raw: str | None) -> bool:
        """Another tab wrote ``key``: the kept matches or the hinted deals are read again
        (``True``); the lease and the match itself are the binding's (web.browser.tabs, :meth:`take_up`)."""
        if self.shows_its_own_deal():
            return False
        if key == HISTORY_KEY:
            self.history = self._read_history()
            self.session.history = tuple(self.history)
            return True
        if key == HINTS_KEY:
            self.restore_hints(raw, self.session)
            return True
        if key == EXERCISES_KEY:  # the exercises an exercise on show holds are read afresh at the next one
            self.book = load_exercises(raw)
            self.book_text = self.book.to_text()
            if isinstance(self.session, MistakeSession):
                self.session.book = self.book  # its answer is marked in the exercises read
            return True
        return False

    def take_up(self, raw: str | None) -> bool:
        """The saved match ``raw`` in this tab, with this tab's dialogs; whether it changed.
        A replay goes on: leaving it shows that match."""
        if not raw:
            return False
        if not isinstance(self.session, PracticeSession) and raw == self.session.save_text():
            return False
        try:
            session = load_session(raw)
        except SaveError:
            return False
        session.history = tuple(self.history)
        self.restore_hints(self.store.get(HINTS_KEY), session)
        if isinstance(self.session, PracticeSession):
            self.extras.saved = session
            return False
        session.notices = self.session.notices
        session.ui = self.session.ui
        session.ui.message = None
        self.session = session
        return True

    # --------------------------------------------------------------- drawing
    def screen(self) -> Screen:
        """Everything the page shows now (:func:`web.draw.render.render` draws it).  A plain embedded
        deal (no situation) keeps its height: no teaching region."""
        plain_embed = self.params.embed and self.teacher.situation is None \
            and not isinstance(self.session, MistakeSession)
        screen = screen_of(self.session, self.extras, None if plain_embed else self.teacher)
        screen = replace(screen, mistakes=self.book.counts() if self.book.items else None,
                         puzzle_ratings=puzzle_ratings(self.ratings), text_mode=self.text_mode,
                         commands=self.commands)
        if self.trainer is not None:
            view = self.trainer.view(not isinstance(self.session, PuzzleSession), self.book.counts()[0])
            screen = replace(screen, trainer=view,
                             teaching=None if screen.teaching is None else replace(screen.teaching, trainer=view))
        return screen

    # ------------------------------------------------------------ exercises
    def match_session(self) -> Session:
        """The match: the session on the table, or the one set aside during a replay or an exercise."""
        saved = self.extras.saved
        return saved if isinstance(self.session, PracticeSession) and saved is not None else self.session

    def open_exercise(self, key: Key, among: tuple[Key, ...] = ()) -> bool:
        """The exercise ``key`` at the table, the match set aside (web.teaching.drill); ``False``
        when there is no such exercise, or it was dropped because its record does not replay."""
        match = self.match_session()
        practice = open_exercise(match, self.book, key, among)
        if practice is None:
            return False
        self.extras.saved = match
        self.extras.review = None
        practice.history = match.history
        self.session = practice
        return True

    def next_exercise(self) -> bool:
        """The next exercise to do (after the one on show, among those it was started with
        first); ``False`` when there is none."""
        s = self.session
        after, among = (s.exercise.key, s.among) if isinstance(s, MistakeSession) else (None, ())
        while (found := self.book.next_to_do(after, among)) is not None:
            if self.open_exercise(found.key, among):
                return True
        return False

    def practise_review(self) -> bool:
        """*S'entraîner sur mes erreurs* in a deal's review: its mistakes and blunders graded so far
        become exercises, and the first still to do opens (else the first)."""
        panel = self.extras.review
        if panel is None or panel.source != "match" or panel.analysis is None:
            return False
        self.book.add(exercises_of(panel.record, panel.analysis.entries().values(), panel.deal_number or 0))
        found = self.book.of_deal(panel.record)
        if not found:
            return False
        todo = [x for x in found if not x.solved] or found
        return self.open_exercise(todo[0].key, tuple(x.key for x in found))

    # ----------------------------------------------------------- new game
    def start(self, choice: SetupChoice, confirmed: bool = False) -> Session | None:
        """A new game as the form says, unless a value is refused (said in the form) or a
        match in progress would be lost (the form asks first, unless ``confirmed``); the
        session left, to keep in the history."""
        old = self.session
        try:
            number = parse_deal_number(choice.deal)
        except ValueError:
            old.settings.lang = choice.lang
            old.ui.setup_message = ("bad_deal_number", {"value": choice.deal})
            old.ui.setup_draft = choice.draft()
            return None
        mine = old.settings  # the page's own settings go on to the new match
        settings = Settings(players=choice.players, level=choice.level, options=choice.options, lang=choice.lang,
                            first_deal=new_number() if number is None else number, name=choice.name,
                            pace=mine.pace, animations=mine.animations, live_count=mine.live_count)
        settings.rules()
        if not confirmed and not self.params.embed and old.in_progress():
            old.settings.lang = choice.lang  # ask first: the match in progress would be lost
            old.ui.setup_confirm = True
            old.ui.setup_message = None
            old.ui.setup_draft = choice.draft()
            return None
        self.extras = Extras()
        if choice.duplicate:
            self.session = DuplicateSession(settings, choice.duplicate, self.params.reference_budget())
        else:
            self.session = Session(settings)
        self.session.history = tuple(self.history)
        return old

    def apply_settings(self, choice: SettingsChoice) -> None:
        """The settings dialog: pace, moving cards, live count, language, the next deal's bot level."""
        s = self.session.settings
        if choice.pace is not None:
            s.pace = choice.pace
        s.animations = choice.animations
        s.live_count = choice.live_count
        if choice.text_mode is not None and choice.text_mode != self.text_mode:
            self.set_text_mode(choice.text_mode)
        if choice.lang is not None:
            s.lang = choice.lang
        s.next_level = "" if choice.next_level == s.level else choice.next_level
        self.session.ui.settings_open = False

    # ----------------------------------------------------------- import
    def import_text(self, text: str, pasted: bool = False) -> None:
        """Deals read from a file, or ``pasted``: the first opens in the review, the others a click away."""
        try:
            records = import_records(text)
        except ImportProblem as e:
            self.refuse_import(e, pasted)
            return
        panel = ReviewPanel.imported_at(records, 0)
        self.extras.import_open = False
        self.extras.import_message = ""
        self.extras.review = panel

    def refuse_import(self, problem: ImportProblem, pasted: bool = False) -> None:
        self.extras.import_message = import_message(problem, self.session.lang, pasted)

    # ------------------------------------------------------------- keys
    def escape(self) -> bool:
        """Escape closes what is open: the review or the import, else the question before a new
        game, else a dialog (the new-game form only when it may be left), else the menu."""
        extras, ui = self.extras, self.session.ui
        if extras.review is not None or extras.import_open:
            extras.review = None
            extras.import_open = False
        elif ui.setup_confirm:
            ui.setup_confirm = False
        elif ui.last_trick_open or ui.history_open or ui.settings_open or ui.tricks_open \
                or (ui.setup_open and ui.setup_message is None):
            ui.last_trick_open = ui.history_open = ui.settings_open = ui.tricks_open = ui.setup_open = False
        elif ui.menu_open:
            ui.menu_open = False
        else:
            return False
        return True

    def review_key(self, key: str) -> bool:
        """Arrow keys, Home and End move the open review; ``True`` when used."""
        panel = self.extras.review
        moves = {"ArrowLeft": -1, "ArrowRight": 1}
        if panel is None or key not in (*moves, "Home", "End"):
            return False
        if key in moves:
            panel.move(moves[key])
        else:
            panel.go(0 if key == "Home" else len(panel.steps) - 1)
        return True
