"""Teaching at the table: hints, "why?", the bidding aid, and situations from the URL.

- **Hints** (``[data-action=hint]``): at any decision of seat 0, the recommender's
  choice (the Standard bot) and its reason (:mod:`tarot.hints`); the deals where a
  hint was used are marked on the score sheet.
- **Why?** (``[data-action=why]``): the reason for the last bot decision, from that
  bot's own view at the time.
- **Bidding aid**: the hand's value on the points scale, item by item
  (:mod:`tarot.strength`), and the contract it suggests.
- **Situations** (``#record=...`` in the fragment, :mod:`tarot.situation`): the
  table opens on that deal at that point, with the query parameters ``seat=N``
  (whose view: that seat is shown at the bottom), ``open=1`` (every hand shown),
  ``at=K`` (after the record's first K actions), ``steps=1`` (forward and back
  through the record's actions) and ``exercise=1`` (the person is asked for that
  seat's next decision and told whether it is the record's, or when the record
  stops, the recommender's).  A situation is never saved in the browser.

Nothing here touches the browser: :mod:`web.table` calls :class:`Teacher`.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from html import escape
from typing import Any

from tarot.actions import Action, Bid, Call, Chelem, Ecart, Misere, Play, Poignee, Purchase
from tarot.bots import make_bot
from tarot.cards import CARDS, EXCUSE_ID, SUIT_OF, TRUMP, Card, cards_of, mask_of, parse_card
from tarot.rng import Rng
from tarot.rules import Rules
# Imported at every start, so kept in the snapshot (web/pyodide-loader.mjs).
from tarot.situation import (SituationError, decode_json, decode_notes, encode, fragment as situation_fragment, load,
                             record_from_fragment, rotate)
from tarot.errors import IllegalAction
from tarot.hints import Reason, explain, hint
from tarot.i18n import card_name, card_with_article, contract_name
from tarot.inputs import excerpt, load_json, whole_number
from tarot.state import Deal
from tarot.strength import items, suggestion
from tarot.view import SeatView
from tarot.words import t

from .botstep import bot_seed, runs_on_main_thread
from .cardface import card_html
from .labels import seat_name
from .params import PageParams, _yes_no, query_pairs
from .session import HUMAN, Screen, Session, Settings

HINTS_KEY = "tarot.table.hints"  # localStorage: the deals of the saved match where hints were used
ACTIONS = frozenset({"hint", "why", "step-next", "step-prev", "step-start", "bidding-aid", "hint-shown", "share-situation",
                     "editor-open", "editor-close", "editor-target", "editor-card", "editor-fill", "editor-clear",
                     "editor-start", "note-save"})
PARAMS = ("seat", "open", "steps", "exercise", "at")
MAX_SEAT_OR_STEP = 999  # a seat is checked against the deal's players, a step against its actions


# ------------------------------------------------------------------ the URL
@dataclass
class TeachingParams:
    seat: int | None = None
    open: bool = False
    steps: bool = False
    exercise: bool = False
    at: int | None = None
    refused: list[tuple[str, str]] = field(default_factory=list)
    given: list[str] = field(default_factory=list)  # the parameters read, as written (``exercise=1``)


def take_params(params: PageParams, query: str) -> TeachingParams:
    """Read the teaching parameters of ``query`` and take them off ``params``' unknown ones."""
    out = TeachingParams()
    for name, value in query_pairs(query):
        key = name.strip()
        if key not in PARAMS:
            continue
        if key in ("seat", "at"):
            number = whole_number(value, 0, MAX_SEAT_OR_STEP)
            if number is not None:
                setattr(out, key, number)
                out.given.append(f"{key}={value.strip()}")
            else:
                out.refused.append((key, value))
        else:
            flag = _yes_no(value)
            if flag is None:
                out.refused.append((key, value))
            else:
                setattr(out, key, flag)
                if flag:
                    out.given.append(f"{key}={value.strip()}" if value.strip() else key)
    params.refused = [(k, v) for k, v in params.refused if k not in PARAMS]
    return out


# --------------------------------------------------------------- situations
@dataclass
class Situation:
    """A deal from the URL: the whole recorded deal, where it starts, and how it is shown."""

    full: Deal  # the record replayed to its end (seat turned to 0)
    start: int  # the history length the table opens at
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


class TeachingSession(Session):
    """A session on a situation: the bots wait while the record has steps to show, and
    in an exercise seat 0's decisions are judged before they are applied."""

    teacher: Teacher
    stepping = False

    def _recorded_move(self) -> tuple[int, Action] | None:
        """The record's next move while the table follows the record, else ``None``."""
        situation = self.teacher.situation
        p = len(self.deal.history)
        if situation is None or not situation.on_record(self.deal) or p >= len(situation.history):
            return None
        return situation.history[p]

    def screen(self) -> Screen:
        """The session's screen; the situation's deal is named as such (it has no deal number)."""
        screen = super().screen()
        situation = self.teacher.situation
        if situation is not None and situation.same_cards(self.deal):
            return replace(screen, situation=True)
        return screen

    def bot_to_act(self) -> int | None:
        situation = self.teacher.situation
        if situation is not None and situation.params.steps and self._recorded_move() is not None:
            return None  # the record's own moves are shown step by step
        return super().bot_to_act()

    def bot_step(self) -> Action | None:
        """In an exercise, the other seats play the record's moves (with the bots' pause)."""
        situation = self.teacher.situation
        move = self._recorded_move()
        if situation is None or not situation.params.exercise or move is None or self.bot_to_act() is None:
            return super().bot_step()
        seat, action = move
        self.ui.message = None
        refusal = self.act(seat, action)
        if refusal is not None:
            raise refusal
        return action

    def act(self, seat: int, action: Action) -> IllegalAction | None:
        teacher = self.teacher
        if seat == HUMAN and not self.stepping and teacher.exercising(self):
            refusal = self.deal.why_not(action, seat)
            if refusal is not None:
                return refusal
            if not teacher.judge(self, action):
                return None  # a wrong answer is not played: the person may try again
            return super().act(seat, action)
        return super().act(seat, action)


@dataclass
class Verdict:
    step: int
    correct: bool
    expected: Action
    reason: Reason


@dataclass
class Shown:
    """A hint or an answer to "why?", valid while the table stays at ``step`` of deal ``deal``."""

    deal: int
    step: int
    action: Action
    reason: Reason
    seat: int = HUMAN


class Teacher:
    """The page's teaching state beside the session (see the module docstring)."""

    def __init__(self, params: PageParams, query: str, fragment: str, recommender: str = "standard",
                 base: str = "") -> None:
        self.params = take_params(params, query)
        self.recommender = recommender  # the bot level whose choice hints recommend
        self.situation: Situation | None = None
        self.situation_error: tuple[str, dict[str, str]] | None = None
        self.hinted: set[int] = set()  # deal numbers where a hint was used
        self.hinted_first_deal: int | None = None
        self.hint_shown: Shown | None = None
        self.why_shown: Shown | None = None
        self.verdict: Verdict | None = None
        self.aid_open = False
        self.share_open = False
        self.editor: Editor | None = None
        self.navigate: str | None = None  # a fragment the page should reload with (the editor's deal)
        self.base = base  # the page's address without query nor fragment (for shared links)
        self.notes: dict[int, str] = {}  # comments by step (how many actions the table has seen)
        self._read_fragment(fragment)

    # ------------------------------------------------------------ situation
    def _read_fragment(self, fragment: str) -> None:
        if "record=" not in fragment:
            return
        notes = record_from_fragment(fragment, "notes")
        if notes is not None:
            try:
                self.notes = decode_notes(notes)
            except SituationError as e:
                self.situation_error = (f"situation_{e.code}", {"detail": ""})

        text = record_from_fragment(fragment)
        try:
            if text is None:
                raise SituationError("not_base64")
            record = decode_json(text)
            full = load(record)  # checked as written, before the seats are turned
            assert isinstance(record, dict)
            seat = self.params.seat
            if seat is not None and seat >= full.rules.players:
                self.params.refused.append(("seat", str(seat)))
                seat = None
            turned = rotate(record, seat or 0)
            full = load(turned)
            actions = turned.get("actions")
            start = len(full.history)
            if self.params.at is not None and isinstance(actions, list) and self.params.at < len(actions):
                start = len(load({**turned, "actions": actions[:self.params.at]}).history)
            self.situation = Situation(full, start, self.params)
        except SituationError as e:
            detail = e.detail if len(e.detail) <= 160 else e.detail[:160] + "…"
            self.situation_error = (f"situation_{e.code}", {"detail": detail})

    def notices(self, players: int = 5) -> tuple[tuple[str, dict[str, Any]], ...]:
        out: list[tuple[str, dict[str, Any]]] = []
        if self.situation_error is not None:
            out.append(self.situation_error)
        if self.situation is None and self.situation_error is None and self.params.given:
            out.append(("url_needs_situation", {"names": ", ".join(self.params.given)}))
        for name, value in self.params.refused:
            expected = {"seat": "url_expect_seat", "at": "url_expect_at"}.get(name, "url_expect_yes_no")
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
        session = TeachingSession(settings, situation.full.replayed(situation.start))
        session.teacher = self
        self.advance(session)
        return session

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

    def judge(self, session: Session, action: Action) -> bool:
        """Whether ``action`` (seat 0's, legal) is the expected move; the verdict is kept for the page."""
        expected = self.expected(session)
        view = session.deal.view(HUMAN)
        correct = same_move(action, expected)
        self.verdict = Verdict(len(session.deal.history), correct, expected, explain(view, expected))
        return correct

    def advance(self, session: Session) -> None:
        """In an exercise, play the record's moves of the other seats up to seat 0's first decision
        (later ones come with the bots' pause)."""
        situation = self.situation
        if situation is None or not situation.params.exercise or not isinstance(session, TeachingSession):
            return
        deal = session.deal
        while situation.on_record(deal) and len(deal.history) < len(situation.history) \
                and deal.to_act not in (None, HUMAN):
            self._step_next(session)
            deal = session.deal

    def _step_next(self, session: TeachingSession) -> bool:
        situation = self.situation
        deal = session.deal
        p = len(deal.history)
        if situation is None or not situation.on_record(deal) or p >= len(situation.history):
            return False
        seat, action = situation.history[p]
        session.stepping = True
        try:
            session.ui.message = None
            refusal = session.act(seat, action)
        finally:
            session.stepping = False
        return refusal is None

    def _step_prev(self, session: TeachingSession, to_start: bool = False) -> bool:
        """One step back (``to_start``: back to the situation's first step)."""
        situation = self.situation
        deal = session.deal
        p = len(deal.history)
        if situation is None or not situation.on_record(deal) or p <= situation.start:
            return False
        if session.finished:  # the finished deal leaves the score sheet again
            session.match.take_back()
            session.finished = False
        session.deal = situation.full.replayed(situation.start if to_start else p - 1)
        session.events = []
        session.ui.message = None
        return True

    # ---------------------------------------------------------------- clicks
    def on_action(self, action: str, session: Session,
                  attribute: Callable[[str], object] = lambda name: None) -> bool:
        """A click on one of this module's buttons (``attribute`` reads the button's attributes);
        whether the game changed (to save it)."""
        if action.startswith("editor-"):
            self._on_editor(action, session, attribute)
        elif action == "hint":
            self.show_hint(session)
        elif action == "why":
            self.show_why(session)
        elif action == "bidding-aid":
            self.aid_open = not self.aid_open
        elif action == "share-situation":
            self.share_open = not self.share_open
        elif action == "note-save":
            text = str(attribute("value:teach-note") or "").strip()[:500]
            step = len(session.deal.history)
            if text:
                self.notes[step] = text
            else:
                self.notes.pop(step, None)
        elif action == "step-next" and isinstance(session, TeachingSession):
            return self._step_next(session)
        elif action == "step-prev" and isinstance(session, TeachingSession):
            return self._step_prev(session)
        elif action == "step-start" and isinstance(session, TeachingSession):
            return self._step_prev(session, to_start=True)
        return False

    def _on_editor(self, action: str, session: Session, attribute: Callable[[str], object]) -> None:
        if action == "editor-open":
            self.editor = None if self.editor is not None else Editor(session.deal.rules)
            return
        editor = self.editor
        if editor is None:
            return
        editor.message = None
        if action == "editor-close":
            self.editor = None
        elif action == "editor-target":
            target = whole_number(str(attribute("data-seat")), 0, editor.rules.players)
            if target is not None:
                editor.target = target
        elif action == "editor-card":
            try:
                card = parse_card(str(attribute("data-card")))
            except ValueError:
                return
            editor.toggle(card)
        elif action == "editor-fill":
            editor.fill(session.deal_number)
        elif action == "editor-clear":
            editor.places.clear()
        elif action == "editor-start":
            record = editor.record()
            if record is None:
                editor.message = "editor_incomplete"
                return
            self.navigate = "record=" + encode(record)

    def _recommend(self, session: Session, view: SeatView) -> Action:
        deal = session.deal
        bot = make_bot(self.recommender, bot_seed(session.deal_number, view.seat, len(deal.history)))
        return bot.choose(view)

    def show_hint(self, session: Session) -> None:
        deal = session.deal
        if deal.to_act != HUMAN or session.ui.setup_open:
            return
        view = deal.view(HUMAN)
        action, reason = hint(view, lambda v: self._recommend(session, v))
        self.hint_shown = Shown(session.deal_number, len(deal.history), action, reason)
        self._note_hint(session)

    def _note_hint(self, session: Session) -> None:
        if self.hinted_first_deal != session.settings.first_deal:
            self.hinted = set()
            self.hinted_first_deal = session.settings.first_deal
        self.hinted.add(session.deal_number)

    def show_why(self, session: Session) -> None:
        deal = session.deal
        if not deal.history:
            return
        seat, action = deal.history[-1]
        if seat == HUMAN:
            return
        before = deal.replayed(len(deal.history) - 1)
        reason = explain(before.view(seat), action)
        if isinstance(action, Ecart) and not deal.is_over:
            reason = Reason("ecart_hidden")  # which suits it empties is the taker's secret
        self.why_shown = Shown(session.deal_number, len(deal.history), action, reason, seat)

    # ---------------------------------------------------------------- saving
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

    # ------------------------------------------------------------- rendering
    def decorate(self, region: str, html: str, session: Session) -> str:
        """Marks the score sheet's rows of the deals where a hint was used."""
        if region != "side" or not self.hinted or self.hinted_first_deal != session.settings.first_deal:
            return html
        word = escape(t("hinted", session.lang))
        for number in sorted(self.hinted):
            html = html.replace(f'<tr data-deal="{number}">',
                                f'<tr data-deal="{number}" data-hinted="true" class="hinted" title="{word}">', 1)
        return html

    def render(self, session: Session) -> str:
        """The teaching region's HTML (``#teaching``)."""
        if session.ui.setup_open:
            return ""
        lang = session.lang
        deal = session.deal
        if self.editor is not None:
            return (f'<div class="teaching" data-testid="teaching" lang="{lang}">'
                    f'{self.editor.render(lang)}</div>')
        parts = [self._render_note(session), self._render_steps(session), self._render_exercise(session), self._render_hint(session),
                 self._render_aid(session), self._render_why(session), self._render_open(session),
                 self._render_share(session)]
        body = "".join(p for p in parts if p)
        if not body:
            return ""
        return f'<div class="teaching" data-testid="teaching" lang="{lang}" data-step="{len(deal.history)}">{body}</div>'

    def _render_note(self, session: Session) -> str:
        note = self.notes.get(len(session.deal.history))
        if not note:
            return ""
        return f'<p class="step-note" data-testid="step-note">{escape(note)}</p>'

    def _render_hint(self, session: Session) -> str:
        deal, lang = session.deal, session.lang
        if deal.to_act != HUMAN or (self.exercising(session) and not self._answered(session)):
            return ""
        out = _button(t("hint", lang), "hint", title=t("hint_label", lang))
        shown = self.hint_shown
        if shown is not None and shown.deal == session.deal_number and shown.step == len(deal.history):
            attrs = move_attrs(shown.action) + f' data-reason="{escape(shown.reason.code)}"'
            face = card_html(shown.action.card, lang, size="small") if isinstance(shown.action, Play) else ""
            text = t("hint_is", lang, move=move_words(shown.action, lang)) + " " + shown.reason.explain(lang)
            out += f'<div class="hint" data-testid="hint" data-action="hint-shown"{attrs} role="status">{face}<p>{escape(text)}</p></div>'
        return f'<div class="teach-row tips">{out}</div>'

    def _answered(self, session: Session) -> bool:
        v = self.verdict
        return v is not None and v.step == len(session.deal.history)

    def _render_aid(self, session: Session) -> str:
        deal, lang = session.deal, session.lang
        if deal.phase.value != "bidding" or deal.to_act != HUMAN:
            return ""
        if self.exercising(session) and not self._answered(session):
            return ""
        button = _button(t("aid", lang), "bidding-aid", pressed=self.aid_open)
        if not self.aid_open:
            return f'<div class="teach-row tips">{button}</div>'
        view = deal.view(HUMAN)
        players = view.rules.players
        rows = "".join(f'<li data-item="{escape(i.code)}"><span>{escape(i.words(lang))}</span>'
                       f'<b>{i.points}</b></li>' for i in items(view.hand, players))
        contract, need = suggestion(view.hand, players)
        points = sum(i.points for i in items(view.hand, players))
        advice = t("aid_pass", lang, need=need) if contract is None else \
            t("aid_bid", lang, contract=contract_name(contract.code, lang), need=need)
        code = "pass" if contract is None else contract.code
        return (f'<div class="teach-row tips">{button}<div class="aid" data-testid="bidding-aid" data-points="{points}" '
                f'data-suggested="{code}"><ul>{rows}</ul><p>{escape(t("aid_total", lang, points=points, contract=advice))}'
                f'</p></div></div>')

    def _render_why(self, session: Session) -> str:
        deal, lang = session.deal, session.lang
        if not deal.history or deal.history[-1][0] == HUMAN:
            return ""
        seat, action = deal.history[-1]
        purchase = session.view().purchase
        gift_seen = purchase is not None and purchase[2] is not None  # the card given, if the person saw it
        out = (f'<p class="last-decision">{escape(told(action, seat_name(seat, lang), lang, gift_seen))}'
               f'</p>' + _button(t("why", lang), "why"))
        shown = self.why_shown
        if shown is not None and shown.deal == session.deal_number and shown.step == len(deal.history):
            text = t("why_is", lang, name=seat_name(shown.seat, lang), reason=shown.reason.explain(lang))
            out += (f'<p class="why" data-testid="why" data-seat="{shown.seat}" '
                    f'data-reason="{escape(shown.reason.code)}" role="status">{escape(text)}</p>')
        return f'<div class="teach-row last">{out}</div>'

    def _render_steps(self, session: Session) -> str:
        situation = self.situation
        if situation is None or not situation.params.steps:
            return ""
        lang, deal = session.lang, session.deal
        if not situation.on_record(deal):
            return f'<p class="teach-note">{escape(t("record_left", lang))}</p>'
        p, n = len(deal.history), len(situation.history)
        return ('<div class="teach-row steps">'
                + (_button(t("step_start", lang), "step-start") if p >= n and n - situation.start > 1 else "")
                + _button(t("step_prev", lang), "step-prev", disabled=p <= situation.start,
                          short=t("step_prev_short", lang))
                + f'<span class="step-count" data-testid="step-count">{escape(t("step_of", lang, p=p, n=n))}</span>'
                + _button(t("step_next", lang), "step-next", disabled=p >= n, short=t("step_next_short", lang))
                + '</div>')

    def _render_exercise(self, session: Session) -> str:
        if not self.exercising(session):
            return ""
        lang, deal = session.lang, session.deal
        out = ""
        v = self.verdict
        if v is not None:
            key = "exercise_right" if v.correct else "exercise_wrong"
            text = t(key, lang, move=move_words(v.expected, lang), reason=v.reason.explain(lang))
            out += (f'<p class="verdict {"right" if v.correct else "wrong"}" data-testid="exercise-verdict" '
                    f'data-correct="{"true" if v.correct else "false"}" role="status">{escape(text)}</p>')
        if deal.to_act == HUMAN and not (v is not None and v.step == len(deal.history) and not v.correct):
            out = f'<p class="teach-note">{escape(t("exercise_ask", lang))}</p>' + out
        return f'<div class="teach-row exercise">{out}</div>' if out else ""

    def share_links(self, session: Session) -> list[tuple[str, str]]:
        """(kind, URL) of the situation on the table: this moment, an exercise on seat 0's next
        decision when it is to act, the whole deal step by step once it is over."""
        deal = session.deal
        record = situation_fragment(deal.to_record(), self.notes)
        lang = f"lang={session.lang}"
        links = [("plain", f"{self.base}?{lang}{record}")]
        if deal.to_act == HUMAN:
            links.append(("exercise", f"{self.base}?embed=1&{lang}&exercise=1{record}"))
        if deal.is_over:
            links.append(("steps", f"{self.base}?embed=1&{lang}&at=0&steps=1{record}"))
        return links

    def _render_share(self, session: Session) -> str:
        if self.situation is not None and self.situation.params.exercise:
            return ""  # an exercise's answer stays hidden
        lang = session.lang
        button = _button(t("share", lang), "share-situation", pressed=self.share_open)
        if not self.share_open:
            return f'<div class="teach-row share-row">{button}</div>'
        names = {"plain": "share_link", "exercise": "share_exercise", "steps": "share_steps"}
        rows = []
        for kind, url in self.share_links(session):
            rows.append(f'<label class="share-field"><span>{escape(t(names[kind], lang))}</span>'
                        f'<input type="text" readonly data-link="{kind}" value="{escape(url)}"></label>')
        note = self.notes.get(len(session.deal.history), "")
        rows.append(f'<label class="share-field"><span>{escape(t("note_label", lang))}</span>'
                    f'<textarea id="teach-note" rows="2" maxlength="500">{escape(note)}</textarea></label>'
                    + _button(t("note_save", lang), "note-save"))
        rows.append(_button(t("editor", lang), "editor-open"))
        kind, url = self.share_links(session)[-1]
        snippet = (f'<iframe src="{escape(url)}" title="{escape(t("title", lang))}" width="900" height="700" '
                   f'style="border:0"></iframe>')
        rows.append(f'<label class="share-field"><span>{escape(t("share_iframe", lang))}</span>'
                    f'<textarea readonly rows="3" data-link="iframe">{escape(snippet)}</textarea></label>')
        return (f'<div class="teach-row share-row">{button}<div class="share" data-testid="situation-link">'
                f'<p>{escape(t("share_intro", lang))}</p>{"".join(rows)}</div></div>')

    def _render_open(self, session: Session) -> str:
        situation = self.situation
        if situation is None or not situation.params.open:
            return ""
        lang, deal = session.lang, session.deal
        rows = []
        for seat in range(1, deal.rules.players):
            faces = "".join(card_html(c, lang, size="small") for c in deal.view(seat).hand)
            rows.append(f'<div class="open-hand" data-seat="{seat}"><p>{escape(seat_name(seat, lang))}</p>'
                        f'<div class="row">{faces}</div></div>')
        return (f'<details class="open-hands" data-testid="open-hands" open><summary>{escape(t("open_hands", lang))}'
                f'</summary><div class="open-rows">{"".join(rows)}</div></details>')


# ------------------------------------------------------------------- editor
class Editor:
    """Choosing every hand by clicking cards, for a new situation."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.target = 0  # the seat being filled; ``players`` is the chien
        self.places: dict[Card, int] = {}  # card -> seat (or the chien)
        self.message: str | None = None

    def size(self, place: int) -> int:
        return self.rules.chien_size if place == self.rules.players else self.rules.hand_size

    def held(self, place: int) -> list[Card]:
        return sorted(c for c, p in self.places.items() if p == place)

    def toggle(self, card: Card) -> None:
        if self.places.get(card) == self.target:
            del self.places[card]
        elif len(self.held(self.target)) < self.size(self.target):
            self.places[card] = self.target
        else:
            self.message = "editor_full"

    def fill(self, seed: int) -> None:
        """The cards not placed go to the places with room left, shuffled by ``seed``."""
        free = [c for c in CARDS if c not in self.places]
        Rng(seed).shuffle(free)
        for place in range(self.rules.players + 1):
            room = self.size(place) - len(self.held(place))
            for card in free[:room]:
                self.places[card] = place
            free = free[room:]

    def record(self) -> dict[str, object] | None:
        """A ``tarot-deal/1`` record of the deal chosen (seat 0 bids first), or ``None`` if incomplete."""
        n = self.rules.players
        if any(len(self.held(p)) != self.size(p) for p in range(n + 1)):
            return None
        return {"format": "tarot-deal/1", "rules": self.rules.to_json(), "dealer": n - 1,
                "hands": [[str(c) for c in self.held(p)] for p in range(n)],
                "chien": [str(c) for c in self.held(n)], "actions": []}

    def _place_name(self, place: int, lang: str) -> str:
        return t("editor_chien", lang) if place == self.rules.players else seat_name(place, lang)

    def render(self, lang: str) -> str:
        n = self.rules.players
        tabs = "".join(
            f'<button type="button" class="btn ghost teach" data-action="editor-target" data-seat="{p}" '
            f'aria-pressed="{"true" if p == self.target else "false"}">'
            f'{escape(t("editor_count", lang, name=self._place_name(p, lang), n=len(self.held(p)), size=self.size(p)))}'
            f'</button>' for p in range(n + 1))
        groups = []
        for suit in (TRUMP, 0, 1, 2, 3):
            buttons = []
            for c in CARDS:
                if (SUIT_OF[c] if c != EXCUSE_ID else TRUMP) != suit:
                    continue
                place = self.places.get(c)
                mark = "" if place is None else f'<span class="ed-place">{escape(self._place_name(place, lang)[:2])}</span>'
                buttons.append(f'<button type="button" class="ed-card{"" if place is None else " placed"}" '
                               f'data-action="editor-card" data-card="{c}" data-place="{"" if place is None else place}" '
                               f'aria-pressed="{"false" if place is None else "true"}">'
                               f'{card_html(c, lang, size="small")}{mark}</button>')
            groups.append(f'<div class="ed-row">{"".join(buttons)}</div>')
        message = ""
        if self.message is not None:
            name = self._place_name(self.target, lang)
            message = f'<p class="teach-note" role="alert">{escape(t(self.message, lang, name=name))}</p>'
        actions = (_button(t("editor_fill", lang), "editor-fill") + _button(t("editor_clear", lang), "editor-clear")
                   + _button(t("editor_start", lang), "editor-start") + _button(t("editor_close", lang), "editor-close"))
        return (f'<div class="editor" data-testid="editor"><p>{escape(t("editor_intro", lang))}</p>'
                f'<div class="teach-row">{tabs}</div>{message}{"".join(groups)}'
                f'<div class="teach-row">{actions}</div></div>')


# -------------------------------------------------------------------- moves
def same_move(a: Action, b: Action) -> bool:
    """The same decision (an écart or a poignée in any order)."""
    if isinstance(a, Ecart) and isinstance(b, Ecart):
        return mask_of(a.cards) == mask_of(b.cards)
    if isinstance(a, Poignee) and isinstance(b, Poignee):
        return mask_of(a.cards) == mask_of(b.cards)
    return a == b


def _decision(action: Action, lang: str) -> tuple[str, dict[str, object]] | None:
    """What a decision's sentences need: the key's ending ("play", "no_call"…) and its words."""
    if isinstance(action, Play):
        return "play", {"card": card_with_article(action.card, lang)}
    if isinstance(action, Bid):
        return "bid", {"bid": contract_name(action.code, lang)}
    if isinstance(action, Call):
        if action.card is None:
            return "no_call", {}
        return "call", {"card": card_with_article(action.card, lang)}
    if isinstance(action, Ecart):
        return "ecart", {"cards": ", ".join(card_name(c, lang) for c in action.cards)}
    if isinstance(action, Chelem):
        return ("chelem" if action.announce else "no_chelem"), {}
    if isinstance(action, Poignee):
        return "poignee", {"n": len(action.cards)}
    if isinstance(action, Misere):
        return "misere", {}
    if isinstance(action, Purchase):
        return "purchase", {"card": card_with_article(action.card, lang), "give": card_with_article(action.give, lang)}
    return None


# A decision's words by the ending :func:`_decision` gives: as a hint gives it, and as the table tells it.
MOVE_WORDS = {"play": "move_play", "bid": "move_bid", "call": "move_call", "no_call": "move_no_call",
              "ecart": "move_ecart", "chelem": "move_chelem", "no_chelem": "move_no_chelem",
              "poignee": "move_poignee", "misere": "move_misere", "purchase": "move_purchase"}
DID_WORDS = {"no_call": "did_no_call", "ecart": "did_ecart", "chelem": "did_chelem", "no_chelem": "did_no_chelem",
             "poignee": "did_poignee", "misere": "did_misere", "purchase": "did_purchase",
             "purchase_unseen": "did_purchase_unseen",
             # told as the live region tells them
             "play": "plays", "bid": "bids", "pass": "passes", "call": "calls"}


def move_words(action: Action, lang: str) -> str:
    """A decision in words, as a hint gives it ("jouer le Roi de cœur", "Garde")."""
    decision = _decision(action, lang)
    if decision is None:
        return str(action)
    ending, words = decision
    return t(MOVE_WORDS[ending], lang, **words)


def told(action: Action, name: str, lang: str, gift_seen: bool = False) -> str:
    """A seat's decision as the table sees it happen ("Chloé joue le Valet de cœur.");
    an écart's cards stay unsaid (its sentence names none), and the card given for a
    purchase unless ``gift_seen``."""
    decision = _decision(action, lang)
    if decision is None:
        return t("review_action", lang, name=name, what=str(action)) + "."
    ending, words = decision
    if ending == "purchase" and not gift_seen:
        ending = "purchase_unseen"
    if isinstance(action, Bid):  # said as at the table: "Élise passe.", "Damien annonce une garde."
        ending = "pass" if action.contract is None else ending
        words = {"bid": str(words["bid"]).lower()}
    return t(DID_WORDS[ending], lang, name=name, **words)


def move_attrs(action: Action) -> str:
    """The hint's test attributes: ``data-card`` for a card played or called, ``data-bid`` for a bid."""
    if isinstance(action, Play):
        return f' data-card="{action.card}"'
    if isinstance(action, Bid):
        return f' data-bid="{action.code}"'
    if isinstance(action, Call):
        return f' data-call="{"none" if action.card is None else action.card}"'
    if isinstance(action, (Ecart, Poignee)):
        return f' data-cards="{" ".join(str(c) for c in cards_of(mask_of(action.cards)))}"'
    if isinstance(action, Chelem):
        return f' data-chelem="{"true" if action.announce else "false"}"'
    if isinstance(action, Misere):
        return f' data-misere="{escape(action.kind)}"'
    if isinstance(action, Purchase):
        return f' data-buy="{action.card}" data-give="{action.give}"'
    return ""


def _button(label: str, action: str, *, disabled: bool = False, pressed: bool | None = None,
            title: str = "", short: str = "") -> str:
    """A teaching button; ``short``: its words on a phone."""
    attrs = f' data-action="{action}"'
    if disabled:
        attrs += ' aria-disabled="true" disabled'
    if pressed is not None:
        attrs += f' aria-expanded="{"true" if pressed else "false"}"'
    if title:
        attrs += f' title="{escape(title)}"'
    words = f'<span class="long">{escape(label)}</span><span class="short">{escape(short)}</span>' if short \
        else escape(label)
    return f'<button type="button" class="btn ghost teach"{attrs}>{words}</button>'
