"""What the page shows, as the drawing (web.draw.render) receives it: the page's own state
beside the engine's (:class:`Ui`) and the snapshot of everything shown (:class:`Screen`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tarot.cards import Card
from tarot.teaching.livecount import LiveCount
from tarot.result import DealResult
from tarot.scoring import DealScore
from tarot.view import SeatView

from .history import KeptMatch
from .settings import Settings

if TYPE_CHECKING:
    from ..duplicate.tournament import TournamentView
    from ..teaching.review import ReviewPanel
    from ..teaching.teachview import TeachingView
    from ..teaching.trainer import TrainerView


@dataclass
class Ui:
    """The page's own state, beside the engine's."""

    ecart: list[Card] = field(default_factory=list)  # cards chosen for the écart
    poignee_size: str | None = None  # choosing the trumps of a poignée of this size
    poignee: list[Card] = field(default_factory=list)
    poignee_declined: bool = False
    message: object = None  # an IllegalAction, or (page text key, params)
    last_trick_open: bool = False
    setup_open: bool = False
    setup_message: object = None
    setup_draft: dict[str, Any] | None = None  # the form as filled in, kept when a value is refused
    setup_confirm: bool = False  # asking before a new game throws the match in progress away
    history_open: bool = False  # the finished matches, listed
    settings_open: bool = False  # the page's settings dialog
    tricks_open: bool = False  # every trick of the deal, listed
    menu_open: bool = False  # the top bar's other tools, on a narrow screen
    purchase: Card | None = None  # option purchase: the card the person asks for
    reply: tuple[str, dict[str, str]] | None = None  # the text mode's answer to the last command (web.text)


@dataclass(frozen=True)
class Screen:
    """Everything the page shows, computed from the engine: rendering input."""

    lang: str
    settings: Settings
    levels: tuple[str, ...]
    options: tuple[str, ...]
    view: SeatView
    deal_number: int
    playable: frozenset[int]  # hand cards that may be chosen now (play, écart, poignée)
    selected: frozenset[int]  # hand cards selected (écart or poignée)
    poignee_offers: tuple[tuple[str, int], ...]  # (size name, trumps) the person may show
    misere_offers: tuple[str, ...]
    poignee_size: str | None
    ui: Ui
    score: DealScore | None  # the deal's count, once over
    sheet: tuple[tuple[int, DealResult], ...]  # (deal number, result) of each finished deal
    totals: tuple[int, ...]  # what the match counts: the scores, or the tokens under traditional scoring
    tokens: tuple[int, ...] | None  # traditional scoring: the tokens won over the match (then also the totals)
    pots: tuple[int, ...]  # traditional scoring: the pots on the table
    events: tuple[tuple[str, dict[str, Any]], ...]  # what just happened, for the live region
    step: int  # how many actions the deal has seen (changes whenever the table does)
    notices: tuple[tuple[str, dict[str, Any]], ...] = ()  # page notes until dismissed (bad URL parameters)
    history: tuple[KeptMatch, ...] = ()  # finished matches kept in the browser, newest first
    live: LiveCount | None = None  # the live count, when shown
    can_undo: bool = False  # "Reprendre mon coup" may take back the person's last decision
    undone: frozenset[int] = frozenset()  # deal numbers where a decision was taken back
    bot_thinking: bool = True  # a bot will act next (False when a recorded deal waits for "Étape suivante")
    situation: bool = False  # the deal on the table is a shared situation's, which has no deal number
    lesson_next: str | None = None  # a lesson's table: the address of the lesson's next table
    finished: bool = False  # the deal on show is over and written in the match
    tournament: TournamentView | None = None  # a duplicate tournament (web.duplicate.tournament)
    practice: tuple[int, int] | None = None  # a deal replayed outside the match: (its number, from action k)
    drilling: bool = False  # the replay is an exercise from the person's mistakes (web.teaching.drill)
    puzzle: bool = False  # the replay is a puzzle of the trainer (web.teaching.trainer): no banner, no mark
    mistakes: tuple[int, int] | None = None  # the person's exercises: (to do, solved); None where none are kept
    trainer: TrainerView | None = None  # the puzzle trainer around the exercise on show (web.teaching.trainer)
    puzzle_ratings: tuple[tuple[str, int], ...] = ()  # the puzzle ratings: ("", overall), then (theme, rating)
    replayed_against: tuple[int | None, int | None] = (None, None)  # a replay's deal as played, the Expert's score
    review: ReviewPanel | None = None  # the review dialog, open (web.teaching.review)
    importing: str | None = None  # the import dialog, open: its message ("" for none)
    reference_error: str = ""  # why the tournament's reference could not be computed
    accuracies: tuple[tuple[int, float | None], ...] = ()  # (deal number, accuracy) of each deal analysed
    match_accuracy: float | None = None  # the mean of the analysed deals' accuracies
    losses: tuple[tuple[int, dict[str, float]], ...] = ()  # (deal number, deal units lost by phase) of each deal analysed
    analysis_progress: tuple[int, int | None] | None = None  # the deal on show: decisions graded, of how many
    analysis_error: str = ""  # why the graded analysis stopped
    teaching: TeachingView | None = None  # the teaching region (web.teaching.teachview); None: empty
    hinted: frozenset[int] = frozenset()  # deal numbers where a hint was used
    text_mode: bool = False  # the page drawn as text, for a screen reader (web.text)
    commands: int = 0  # the text mode's commands typed: a repeated answer is a new announcement
