"""What a click does: a table from the clicked element's ``data-action`` (or ``data-bid``
for a bid, ``data-hand`` for a card of the hand) to its handler.

A handler changes the :class:`web.match.page.PageState` and returns an :class:`Outcome`: what the
binding (:mod:`web.browser.table`) does next with the browser (save, forget a bot's decision on its
way, read the new-game form, download, scroll, open another address).  ``Clicked`` reads the
clicked element's attributes; ``value:ID`` reads the value of the field ``ID``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..duplicate.tournament import DuplicateSession, PracticeSession
from ..teaching.extras import Extras, open_review
from ..draw.labels import other_lang
from .page import PageState, SetupChoice
from .screen import Ui
from .session import Session
from ..teaching.drill import MistakeSession
from ..teaching.trainer import PuzzleSession
from ..teaching.teacher import CLICKS as TEACHING_CLICKS
from ..browser.transfer import EXPORT_NAME, export_text


class Clicked(Protocol):
    def __call__(self, name: str) -> str | None: ...


@dataclass(frozen=True)
class Outcome:
    """What the browser side does after a click."""

    save: bool = False  # the game changed: keep it
    forget_bot: bool = False  # a bot's decision on its way belongs to the game or deal left
    start: bool = False  # *Commencer* confirmed: the new-game form is read and the game starts
    download: tuple[str, str] | None = None  # (text, file name)
    scroll_to: str | None = None  # the id of the region to bring into view
    navigate: str | None = None  # a fragment to reload the page with
    copy: str | None = None  # the share panel's link to copy (its ``data-link``)
    setup: SetupChoice | None = None  # a new game as the text mode's command gives it (web.text.commands)
    submit: str | None = None  # the id of a form to take as submitted (the new-game form's *Commencer*)


NOTHING = Outcome()
SAVE = Outcome(save=True)

Handler = Callable[[PageState, Clicked], Outcome]


def click_key(action: str | None, bid: str | None, hand: str | None) -> str | None:
    """The table's key for a clicked element: its ``data-action``, else ``bid`` or ``card``."""
    if action is not None:
        return action
    if bid is not None:
        return "bid"
    return "card" if hand is not None else None


def click(state: PageState, key: str, clicked: Clicked) -> Outcome:
    """Do what a click on ``key`` does (nothing for a key the table does not know); the open
    menu closes, unless the click is on the menu or on the finished deals' tools."""
    if key not in KEEP_MENU:
        state.session.ui.menu_open = False
    handler = CLICKS.get(key)
    return NOTHING if handler is None else handler(state, clicked)


# ------------------------------------------------------------- the game
def _saved_if(done: bool) -> Outcome:
    return SAVE if done else NOTHING


def _game(act: Callable[[Session, Clicked], bool]) -> Handler:
    """A decision at the table; the game is kept when the engine took it."""
    return lambda state, clicked: _saved_if(act(state.session, clicked))


def _undo(state: PageState, clicked: Clicked) -> Outcome:
    return Outcome(save=True, forget_bot=True) if state.session.undo() else NOTHING


def _next_deal(state: PageState, clicked: Clicked) -> Outcome:
    """The next deal; at the end of a replay, back to the match and on to its next deal."""
    if isinstance(state.session, PracticeSession):
        if _end_replay(state, clicked) == NOTHING:
            return NOTHING
        if state.session.finished:
            state.session.next_deal()
        return Outcome(save=True, forget_bot=True)
    state.session.next_deal()
    return SAVE


def _choose_poignee(state: PageState, clicked: Clicked) -> Outcome:
    state.session.choose_poignee(str(clicked("data-size")))  # nothing decided yet: nothing to keep
    return NOTHING


def _cancel_poignee(state: PageState, clicked: Clicked) -> Outcome:
    state.session.cancel_poignee()
    return NOTHING


def _no_poignee(state: PageState, clicked: Clicked) -> Outcome:
    state.session.decline_poignee()
    return SAVE


def _lang(state: PageState, clicked: Clicked) -> Outcome:
    settings = state.session.settings
    settings.lang = other_lang(settings.lang)
    return SAVE


def _dismiss_notice(state: PageState, clicked: Clicked) -> Outcome:
    state.session.notices = ()
    return NOTHING


# ----------------------------------------------------- the page's own state
def _ui(**values: bool | None) -> Handler:
    """Set the page's flags (``Ui``): dialogs opened or closed."""
    def handler(state: PageState, clicked: Clicked) -> Outcome:
        for name, value in values.items():
            setattr(state.session.ui, name, value)
        return NOTHING
    return handler


def _flip(name: str) -> Handler:
    """Open or close a flag of ``Ui`` (the menu, the last trick)."""
    def handler(state: PageState, clicked: Clicked) -> Outcome:
        ui: Ui = state.session.ui
        setattr(ui, name, not getattr(ui, name))
        return NOTHING
    return handler


# ------------------------------------------- review, replay, export, import
def _review(reference: bool) -> Handler:
    def handler(state: PageState, clicked: Clicked) -> Outcome:
        deal = clicked("data-deal")
        if deal is not None:
            match = state.extras.saved if isinstance(state.session, PracticeSession) else state.session
            open_review(match or state.session, state.extras, int(str(deal)), reference=reference,
                        hint_level=state.teacher.recommender)
        return NOTHING
    return handler


def _on_review(work: Callable[[Extras, Clicked], None]) -> Handler:
    """A click in the open review (none when it is closed)."""
    def handler(state: PageState, clicked: Clicked) -> Outcome:
        if state.extras.review is not None:
            work(state.extras, clicked)
        return NOTHING
    return handler


def _review_record(extras: Extras, clicked: Clicked) -> None:
    if extras.review is not None:
        extras.review = extras.review.show_imported(int(str(clicked("data-index"))))


def _review_go(extras: Extras, clicked: Clicked) -> None:
    """A decision chosen in the review's list: its step."""
    step = str(clicked("data-step") or "")
    if extras.review is not None and step.isdigit():
        extras.review.jump(int(step))


def _review_next_mark(extras: Extras, clicked: Clicked) -> None:
    """The next decision with the button's mark (``other``: the recommendation was another;
    ``error``: a mistake or a blunder of the graded analysis)."""
    panel = extras.review
    found = None if panel is None else panel.next_marked(str(clicked("data-mark") or ""))
    if panel is not None and found is not None:
        panel.go(found)


def _review_others(extras: Extras, clicked: Clicked) -> None:
    if extras.review is not None:
        extras.review.others = not extras.review.others


def _review_close(state: PageState, clicked: Clicked) -> Outcome:
    state.extras.review = None
    return NOTHING


def _replay(state: PageState, clicked: Clicked) -> Outcome:
    """The deal played again from the review's step, outside the match."""
    s, extras, panel = state.session, state.extras, state.extras.review
    if panel is None or not panel.can_replay():
        return NOTHING
    number = panel.deal_number if panel.deal_number is not None else s.deal_number
    practice = PracticeSession(s.settings, panel.record, panel.position, number, panel.expert)
    extras.saved = s if not isinstance(s, PracticeSession) else extras.saved
    extras.review = None
    state.session = practice
    return Outcome(forget_bot=True)


def _end_replay(state: PageState, clicked: Clicked) -> Outcome:
    if state.extras.saved is None:
        return NOTHING
    state.session, state.extras.saved = state.extras.saved, None
    return Outcome(forget_bot=True)


# ------------------------------------------------------- exercises
def _exercise(start: Callable[[PageState], bool]) -> Handler:
    """An exercise opened at the table, the match set aside (nothing when there is none); the kept
    matches' dialog and the menu it was asked from are closed, for the match's return."""
    def handler(state: PageState, clicked: Clicked) -> Outcome:
        ui = state.session.ui
        if not start(state):
            return NOTHING
        ui.history_open = ui.menu_open = False
        return Outcome(save=True, forget_bot=True)
    return handler


def _in_exercise(work: Callable[[MistakeSession, Clicked], bool]) -> Handler:
    """A click in the exercise on show (a stale one, once it is left, does nothing)."""
    def handler(state: PageState, clicked: Clicked) -> Outcome:
        s = state.session
        return _saved_if(isinstance(s, MistakeSession) and work(s, clicked))
    return handler


def _puzzle_filter(state: PageState, clicked: Clicked) -> Outcome:
    """A filter of the puzzle trainer: a theme, a number of players, a phase (``""``: any)."""
    done = state.filter_puzzles(str(clicked("data-kind") or ""), str(clicked("data-value") or ""))
    return Outcome(save=True, forget_bot=True) if done else NOTHING


def _export(state: PageState, clicked: Clicked) -> Outcome:
    """The match's deals as JSON lines; a tournament's with what their review needs."""
    s = state.session
    match = s.match
    records = s.tournament.export(match) if isinstance(s, DuplicateSession) else list(match.records)
    return Outcome(download=(export_text(records), EXPORT_NAME.format(first=match.first_deal)))


def _import_open(open_: bool) -> Handler:
    def handler(state: PageState, clicked: Clicked) -> Outcome:
        state.extras.import_open = open_
        if open_:
            state.extras.import_message = ""
        return NOTHING
    return handler


COPIED_LINKS = ("plain", "exercise", "steps", "iframe")  # the share panel's links (web.teaching.teachview)


def _copy_link(state: PageState, clicked: Clicked) -> Outcome:
    kind = clicked("data-copy")
    return Outcome(copy=kind) if kind in COPIED_LINKS else NOTHING


def _import_paste(state: PageState, clicked: Clicked) -> Outcome:
    state.import_text(clicked("value:import-text") or "", pasted=True)
    return NOTHING


# ------------------------------------------------------------ teaching
def _teaching(action: str) -> Handler:
    """A teaching button (web.teaching.teacher), unless it is disabled; the editor's deal opens as a new page."""
    def handler(state: PageState, clicked: Clicked) -> Outcome:
        if clicked("aria-disabled") == "true":
            return NOTHING
        changed = state.teacher.on_action(action, state.session, clicked)
        return Outcome(save=changed, navigate=state.teacher.navigate)
    return handler


# The finished deals' tools: they leave the menu as it is.
REVIEW_TOOLS: dict[str, Handler] = {
    "review-deal": _review(reference=False),
    "review-reference": _review(reference=True),
    "review-next": _on_review(lambda extras, clicked: extras.review.move(1) if extras.review else None),
    "review-prev": _on_review(lambda extras, clicked: extras.review.move(-1) if extras.review else None),
    "review-close": _review_close,
    "review-go": _on_review(_review_go),
    "review-next-mark": _on_review(_review_next_mark),
    "review-others": _on_review(_review_others),
    "review-record": _on_review(_review_record),
    "replay-from-here": _replay,
    "end-replay": _end_replay,
    "export-match": _export,
    "import-records": _import_open(True),
    "import-close": _import_open(False),
    "import-paste": _import_paste,
    "copy-link": _copy_link,
    "mistakes-review": _exercise(PageState.practise_review),
    "mistakes-next": _exercise(PageState.next_exercise),
    "mistake-retry": _in_exercise(lambda s, clicked: s.retry()),
    "mistake-answer": _in_exercise(lambda s, clicked: s.reveal()),
    "mistake-step": _in_exercise(lambda s, clicked: s.step_answer(str(clicked("data-to")))),
    "puzzle-next": _exercise(PageState.next_puzzle),
    "puzzle-filter": _puzzle_filter,
    "puzzle-best": _in_exercise(lambda s, clicked: isinstance(s, PuzzleSession) and s.show_best()),
    "puzzle-line": _in_exercise(lambda s, clicked: isinstance(s, PuzzleSession) and s.show_line()),
}

# Every click the page knows, by its key (:func:`click_key`).
CLICKS: dict[str, Handler] = {
    "bid": _game(lambda s, clicked: s.bid(str(clicked("data-bid")))),
    "card": _game(lambda s, clicked: s.click_card(str(clicked("data-card")))),
    "call": _game(lambda s, clicked: s.call(str(clicked("data-call")))),
    "no-call": _game(lambda s, clicked: s.decline_call()),
    "buy": _game(lambda s, clicked: s.ask_for(str(clicked("data-buy")))),
    "confirm-ecart": _game(lambda s, clicked: s.confirm_ecart()),
    "announce-chelem": _game(lambda s, clicked: s.chelem(True)),
    "no-chelem": _game(lambda s, clicked: s.chelem(False)),
    "choose-poignee": _choose_poignee,
    "declare-poignee": _game(lambda s, clicked: s.declare_poignee()),
    "cancel-poignee": _cancel_poignee,
    "no-poignee": _no_poignee,
    "declare-misere": _game(lambda s, clicked: s.declare_misere(str(clicked("data-kind")))),
    "next-deal": _next_deal,
    "undo": _undo,
    "lang": _lang,
    "dismiss-notice": _dismiss_notice,
    "new-game": _ui(setup_open=True, setup_message=None, setup_draft=None, setup_confirm=False),
    "cancel-setup": _ui(setup_open=False, setup_message=None, setup_confirm=False),
    "confirm-start": lambda state, clicked: Outcome(start=True),
    "keep-match": _ui(setup_confirm=False),
    "menu": _flip("menu_open"),
    "tricks": _ui(tricks_open=True),
    "close-tricks": _ui(tricks_open=False),
    "settings": _ui(settings_open=True),
    "close-settings": _ui(settings_open=False),
    "history": _ui(history_open=True, setup_open=False),
    "close-history": _ui(history_open=False),
    "last-trick": _flip("last_trick_open"),
    "close-last-trick": _ui(last_trick_open=False),
    "scores": lambda state, clicked: Outcome(scroll_to="side"),
    **REVIEW_TOOLS,
    **{action: _teaching(action) for action in TEACHING_CLICKS},
}

KEEP_MENU = frozenset({"menu", *REVIEW_TOOLS})
