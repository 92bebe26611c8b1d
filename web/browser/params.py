"""The page's URL parameters: a link, or a page that embeds the table, sets it up.

    ?players=3&level=standard&lang=en&misere=1&deal=1234&embed=1&sheet=1&pause=0

- ``players``: 3, 4 or 5; ``level``: a bot level of ``tarot.bots.LEVEL_NAMES``
  (``débutant`` is read as ``debutant``); ``lang``: ``fr`` or ``en`` (or ``xx``, the pseudo-locale
  that marks every word: :mod:`tarot.words`);
- each rule option by its engine name (``Rules.options()``: ``misere``,
  ``petit_au_bout_within``, ``purchase``, ``traditional_scoring``…), ``1`` or ``0``;
- ``deal``: the deal number (the same number gives the same cards);
- ``embed``: ``1`` shows the table alone for a page that embeds it: the deal starts
  at once (no new-game form), no menus and no score sheet (``sheet=1`` keeps
  the sheet), and nothing is saved in the browser;
- ``pause``: the bots' pause before each decision, in milliseconds;
- ``mode=duplicate`` (and ``duplicate=4|8|12``, the number of deals; ``duplicate=N``
  alone also asks for a tournament): the new-game form filled in for a duplicate
  tournament against the Expert (``mode=match``: a free match);
- ``mode=puzzles``: the puzzle trainer (:mod:`web.teaching.trainer`), with ``daily=1`` the
  puzzle of the day, ``theme=CODE`` the puzzles of a theme (a code of :mod:`tarot.puzzles.themes`),
  and in the fragment ``#puzzle=ID`` one puzzle of the collection;
- ``mode=texte`` (or ``text``): the text mode for a screen reader (:mod:`web.text`), kept in the
  browser until ``mode=graphique`` (or ``graphic``) or the command *graphique*;
- ``refsamples``: the Expert's imagined deals per decision in the duplicate
  reference (a cheaper reference for tests; default :data:`tarot.teaching.duplicate.REFERENCE_BUDGET`);
- ``worlds``: the graded analysis's and *Conseil*'s imagined deals per decision, as
  ``python -m tarot analyse --worlds`` (default :data:`tarot.teaching.analysis.DEFAULT_WORLDS`);
- the teaching parameters of a situation (:mod:`web.teaching`): ``seat``, ``at``,
  ``open``, ``steps``, ``exercise``, a lesson's table's ``lesson`` (the lesson's name, as in
  ``lessons/fr/NAME.html``) and ``next`` (the number of the lesson's next table), and in the
  fragment ``#record=…`` (with ``&notes=…``): :class:`TeachingParams`.

:func:`parse_params` reads the query and the fragment, once, into one
:class:`PageParams`.

Yes and no may also be written ``true``/``false``, ``on``/``off``, ``oui``/``non``;
a bare ``embed`` means yes.  Numbers are read by :func:`tarot.inputs.whole_number`:
ASCII digits only (not ``²``, ``４`` nor ``1_000``), a few of them, within range.  A
value that is not valid is ignored (the default stays) and :attr:`PageParams.refused`
names it, for the page to say so (with its first 40 characters).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from collections.abc import Callable

from tarot.bots import LEVEL_NAMES
from tarot.teaching.duplicate import REFERENCE_BUDGET, Budget
from tarot.inputs import excerpt, whole_number
from tarot.rules import Rules
from tarot.situation import record_from_fragment
from tarot.words import ALL_LANGS

from ..match.settings import Settings, parse_deal_number
from ..teaching.grading import MOST_WORLDS

# web/boot.js holds a copy of these words (python3 -m web.browser.bootwords).
YES = ("", "1", "true", "yes", "on", "oui")
NO = ("0", "false", "no", "off", "non")
LANGS = ALL_LANGS  # the languages offered, and the pseudo-locale
MAX_PAUSE_MS = 10_000

# What a refused parameter should have been: a key of the catalogues (tarot.words).
EXPECTED = {
    "players": "url_expect_players",
    "level": "url_expect_level",
    "lang": "url_expect_lang",
    "deal": "url_expect_deal",
    "pause": "url_expect_pause",
    "embed": "url_expect_yes_no",
    "sheet": "url_expect_yes_no",
    "mode": "url_expect_mode",
    "duplicate": "url_expect_duplicate",
    "refsamples": "url_expect_refsamples",
    "worlds": "url_expect_worlds",
    "daily": "url_expect_yes_no",
    "theme": "url_expect_theme",
}
DUPLICATE_SIZES = (4, 8, 12)
TEXT_MODES = {"texte": True, "text": True, "graphique": False, "graphic": False}  # mode=…: the text mode on or off
MAX_REFERENCE_SAMPLES = 200
TEACHING = ("seat", "open", "steps", "exercise", "at", "lesson", "next")  # a situation's parameters (web.teaching)
ABOUT_THE_DEAL = frozenset(("players", "deal", "mode", "duplicate", "daily", "theme", *Rules.options(), *TEACHING))
MAX_SEAT_OR_STEP = 999  # a seat is checked against the deal's players, a step against its actions
MAX_TABLES = 99  # a lesson's tables
LESSON_NAME = re.compile(r"[a-z0-9-]{1,40}")  # checked against the lessons by web.teaching.misses
THEME_CODE = re.compile(r"[a-z_]{1,30}")  # checked against the collection's themes by the trainer
PUZZLE_FRAGMENT = re.compile(r"(?:^#?|&)puzzle=([0-9a-f]{6,40})(?:&|$)")


@dataclass
class TeachingParams:
    """How a situation from the URL is shown (:mod:`web.teaching`): whose view (``seat``),
    every hand (``open``), step by step (``steps``), as an exercise (``exercise``), from
    which action (``at``); the fragment's record and comments, as written."""

    seat: int | None = None
    open: bool = False
    steps: bool = False
    exercise: bool = False
    at: int | None = None
    lesson: str | None = None  # the lesson the situation is a table of (its page's name)
    next: int | None = None  # the number of the lesson's next table (on the lesson's page: #table-N)
    record: str | None = None  # the fragment's record=… text (tarot.situation)
    notes: str | None = None  # the fragment's notes=… text
    refused: list[tuple[str, str]] = field(default_factory=list)  # (parameter, value) ignored
    given: list[str] = field(default_factory=list)  # the parameters read, as written (``exercise=1``)


@dataclass
class PageParams:
    players: int | None = None
    level: str | None = None
    lang: str | None = None
    options: dict[str, bool] = field(default_factory=dict)
    deal: int | None = None
    embed: bool = False
    sheet: bool = False
    pause: int | None = None
    duplicate: int | None = None  # a duplicate tournament of this many deals; 0: a free match
    refsamples: int | None = None
    worlds: int | None = None  # the analysis's budget (None: the default)
    puzzles: bool = False  # the puzzle trainer (mode=puzzles)
    text_mode: bool | None = None  # mode=texte (or text): the page as text; mode=graphique: drawn; None: as kept
    daily: bool = False  # the puzzle of the day
    theme: str | None = None  # the trainer's theme filter
    puzzle: str | None = None  # the puzzle asked for (#puzzle=ID)
    refused: list[tuple[str, str]] = field(default_factory=list)  # (parameter, value) ignored
    teaching: TeachingParams = field(default_factory=TeachingParams)

    @property
    def trainer(self) -> bool:
        """Whether the URL opens the puzzle trainer (``mode=puzzles``, or ``#puzzle=ID``)."""
        return self.puzzles or self.puzzle is not None

    @property
    def sets_game(self) -> bool:
        """Whether the URL asks for a particular game (not only language or pause)."""
        return self.players is not None or self.level is not None or bool(self.options) \
            or self.deal is not None or self.duplicate is not None

    def settings(self, base: Settings) -> Settings:
        """``base`` with what the URL sets."""
        options = {**base.options, **self.options}
        return Settings(
            players=self.players if self.players is not None else base.players,
            level=self.level if self.level is not None else base.level,
            options={k: v for k, v in options.items() if v},
            lang=self.lang if self.lang is not None else base.lang,
            first_deal=self.deal if self.deal is not None else base.first_deal,
            name=base.name, pace=base.pace, animations=base.animations, live_count=base.live_count,
        )

    def draft(self, base: Settings) -> dict[str, object]:
        """The new-game form filled in with what the URL sets (``Ui.setup_draft``)."""
        s = self.settings(base)
        draft: dict[str, object] = {"players": s.players, "level": s.level, "options": s.options,
                                    "deal": "" if self.deal is None else str(self.deal), "name": base.name}
        if self.duplicate is not None:
            draft["duplicate"] = self.duplicate
        return draft

    def reference_budget(self) -> Budget:
        """The Expert's effort in a duplicate reference (``refsamples``, else the default)."""
        if self.refsamples is None:
            return REFERENCE_BUDGET
        return Budget(self.refsamples, self.refsamples)

    def notices(self) -> list[tuple[str, dict[str, str]]]:
        """One page note per refused parameter: ``("url_refused", {...})`` or ``("url_unknown", {...})``."""
        out: list[tuple[str, dict[str, str]]] = []
        for name, value in self.refused:
            shown = excerpt(value)
            if name in EXPECTED or name in Rules.options():
                out.append(("url_refused", {"name": name, "value": shown,
                                            "expected": EXPECTED.get(name, "url_expect_yes_no")}))
            else:
                out.append(("url_unknown", {"name": name}))
        return out


def _yes_no(value: str) -> bool | None:
    value = value.strip().lower()
    if value in YES:
        return True
    if value in NO:
        return False
    return None


def _plain(text: str) -> str:
    """Lower case, accents removed: ``Débutant`` → ``debutant``."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_ESCAPED = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _unquote(text: str) -> str:
    """Form-encoded text as typed: ``+`` is a space, ``%C3%A9`` is ``é``.  (Not
    urllib.parse: importing it costs the page a tenth of a second at start.)"""
    return _ESCAPED.sub(lambda m: bytes.fromhex(m.group().replace("%", "")).decode("utf-8", "replace"),
                        text.replace("+", " "))


def query_pairs(query: str) -> list[tuple[str, str]]:
    """``a=1&b&c=x`` → ``[("a", "1"), ("b", ""), ("c", "x")]``, decoded, in order; a part
    without a name (``&&``, ``=``, ``=x``) is no parameter at all."""
    pairs = []
    for part in query.lstrip("?").split("&"):
        name, _, value = part.partition("=")
        name = _unquote(name)
        if name.strip():
            pairs.append((name, _unquote(value)))
    return pairs


def made_situation_query(query: str) -> str:
    """The query for a situation made in the editor: the parameters that say how the page is
    shown (``lang``, ``level``, ``pause``…) kept as written, those that say which deal is on
    the table (``players``, ``deal``, a rule option, a tournament, a situation's) left out: the
    record says it.  ``"?lang=fr&pause=0"``, or ``""`` when nothing is kept."""
    names = [(part, _unquote(part.partition("=")[0]).strip()) for part in query.lstrip("?").split("&")]
    kept = [part for part, name in names if name and name not in ABOUT_THE_DEAL]
    return "?" + "&".join(kept) if kept else ""


def _read_players(params: PageParams, value: str) -> bool:
    players = whole_number(value, 3, 5)
    if players is not None:
        params.players = Rules(players=players).players
    return players is not None


def _read_level(params: PageParams, value: str) -> bool:
    if _plain(value) not in LEVEL_NAMES:
        return False
    params.level = _plain(value)
    return True


def _read_lang(params: PageParams, value: str) -> bool:
    if value.strip().lower() not in LANGS:
        return False
    params.lang = value.strip().lower()
    return True


def _read_deal(params: PageParams, value: str) -> bool:
    try:
        params.deal = parse_deal_number(value)
    except ValueError:
        return False
    return True


def _read_mode(params: PageParams, value: str) -> bool:
    mode = value.strip().lower()
    params.puzzles = params.puzzles or mode == "puzzles"
    if mode in TEXT_MODES:
        params.text_mode = TEXT_MODES[mode]
    elif mode == "match":
        params.duplicate = 0
    elif mode == "duplicate" and not params.duplicate:
        params.duplicate = DUPLICATE_SIZES[0]
    return mode in ("duplicate", "match", "puzzles", *TEXT_MODES)


def _read_duplicate(params: PageParams, value: str) -> bool:
    size = whole_number(value, 0, max(DUPLICATE_SIZES))
    if size in DUPLICATE_SIZES:
        params.duplicate = size
    return size in DUPLICATE_SIZES


def _read_theme(params: PageParams, value: str) -> bool:
    code = value.strip().lower()
    if THEME_CODE.fullmatch(code) is None:
        return False
    params.theme = code
    return True


def _read_whole(name: str, low: int, high: int) -> Callable[[PageParams, str], bool]:
    """The reader of a whole number from ``low`` to ``high`` kept in :class:`PageParams`'s ``name``."""
    def read(params: PageParams, value: str) -> bool:
        number = whole_number(value, low, high)
        if number is not None:
            setattr(params, name, number)
        return number is not None
    return read


def _read_flag(name: str) -> Callable[[PageParams, str], bool]:
    def read(params: PageParams, value: str) -> bool:
        flag = _yes_no(value)
        if flag is not None:
            setattr(params, name, flag)
        return flag is not None
    return read


def _read_option(name: str) -> Callable[[PageParams, str], bool]:
    def read(params: PageParams, value: str) -> bool:
        flag = _yes_no(value)
        if flag is not None:
            params.options[name] = flag
        return flag is not None
    return read


def _read_teaching(name: str) -> Callable[[PageParams, str], bool]:
    """A situation's parameter; one that is refused is named among the situation's notes."""
    def read(params: PageParams, value: str) -> bool:
        teaching = params.teaching
        if name == "lesson":
            ok = LESSON_NAME.fullmatch(value.strip()) is not None
            if ok:
                teaching.lesson = value.strip()
                teaching.given.append(f"{name}={value.strip()}")
        elif name == "next":
            number = whole_number(value, 1, MAX_TABLES)
            ok = number is not None
            if ok:
                teaching.next = number
                teaching.given.append(f"{name}={value.strip()}")
        elif name in ("seat", "at"):
            number = whole_number(value, 0, MAX_SEAT_OR_STEP)
            ok = number is not None
            if ok:
                setattr(teaching, name, number)
                teaching.given.append(f"{name}={value.strip()}")
        else:
            flag = _yes_no(value)
            ok = flag is not None
            if flag:
                teaching.given.append(f"{name}={value.strip()}" if value.strip() else name)
            if flag is not None:
                setattr(teaching, name, flag)
        if not ok:
            teaching.refused.append((name, value))
        return True
    return read


# Each parameter's reader: it sets the value read and says whether it was valid.
READERS: dict[str, Callable[[PageParams, str], bool]] = {
    "players": _read_players, "level": _read_level, "lang": _read_lang, "deal": _read_deal,
    "pause": _read_whole("pause", 0, MAX_PAUSE_MS), "mode": _read_mode, "duplicate": _read_duplicate,
    "refsamples": _read_whole("refsamples", 1, MAX_REFERENCE_SAMPLES), "worlds": _read_whole("worlds", 1, MOST_WORLDS),
    "embed": _read_flag("embed"), "sheet": _read_flag("sheet"), "daily": _read_flag("daily"), "theme": _read_theme,
    **{name: _read_option(name) for name in Rules.options()},
    **{name: _read_teaching(name) for name in TEACHING},
}


FRAGMENT = ("record", "notes", "puzzle")  # what the fragment holds: a situation (tarot.situation), a puzzle


def parameter_names() -> tuple[str, ...]:
    """Every name the page reads from its URL: the query's, then the fragment's.  The
    ``<tarot-deal>`` tag's attributes are these (scripts/build.py writes them into tarot-deal.js)."""
    return (*READERS, *FRAGMENT)


def parse_params(query: str, fragment: str = "") -> PageParams:
    """Read a query string (``location.search``, with or without its ``?``) and a fragment
    (``location.hash``: a situation's ``record=`` and ``notes=``, a puzzle's ``puzzle=``) into one
    :class:`PageParams`."""
    params = PageParams()
    for name, value in query_pairs(query):
        key = name.strip()
        read = READERS.get(key)
        if read is None or not read(params, value):
            params.refused.append((key, value))
    found = PUZZLE_FRAGMENT.search(fragment)
    if found is not None:
        params.puzzle = found.group(1)
    if "record=" in fragment:  # a situation, however unreadable ("": none to be found)
        params.teaching.record = record_from_fragment(fragment) or ""
        params.teaching.notes = record_from_fragment(fragment, "notes")
    return params
