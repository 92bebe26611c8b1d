"""A match at the table: seat 0 is the person, the other seats are bots.

``Session`` holds the engine's match and deal plus the page's own state (the
écart or poignée being chosen, the open panels, the last message).  Every
decision goes through the engine (``apply``, which checks it; ``why_not_discard`` and the
like for a card of an écart, a poignée or a purchase being chosen); ``screen()`` gives the
snapshot that :mod:`web.draw.render` turns into HTML.  Saves are plain JSON built
from ``tarot-deal/1`` records.  Nothing here touches the browser.
"""
from __future__ import annotations

from typing import Any, Callable

import json
import random

from tarot.actions import (ANNOUNCE_CHELEM, BIDS, NO_CALL, NO_CHELEM, Action, Bid, Call, Chelem, Ecart,
                           Misere, Play, Poignee, Purchase, action_from_json)
from tarot.bots import LEVEL_NAMES
from tarot.cards import Card, cards_of
from tarot.errors import IllegalAction
from tarot.inputs import load_json
from tarot.teaching.livecount import live_count
from tarot.match import Match
from tarot.rules import POIGNEE_NAMES, Rules
from tarot.state import Deal, Event, Phase
from tarot.view import SeatView

from .botstep import decide
from .history import KeptMatch
from .screen import Screen, Ui
from .settings import Settings as Settings  # a session's settings: imported from here too

HUMAN = 0
SAVE_KEY = "tarot.table"
SAVE_FORMAT = "tarot-table"
SAVE_VERSION = 1


class SaveError(ValueError):
    """A save that cannot be resumed; ``reason`` is ``version`` or ``unreadable``, ``detail`` says
    more in English (for developers), ``cause`` is the error that stopped the reading (the engine's
    refusal of a deal in it, which the page words by its code)."""

    def __init__(self, reason: str, detail: str = "", cause: Exception | None = None) -> None:
        self.reason = reason
        self.detail = detail
        self.cause = cause
        super().__init__(f"{reason}: {detail}" if detail else reason)


class TableMatch(Match):
    """A match where deal number ``k`` is always dealt by seat ``k mod players``,
    so that a deal number alone gives the same cards in any match."""

    @property
    def dealer(self) -> int:
        return self.deal_number % self.rules.players



def save_data(data: object) -> object:
    """A save as read from storage: its JSON text parsed (:class:`SaveError` if it is not JSON),
    anything else as it is."""
    if not isinstance(data, str):
        return data
    try:
        return load_json(data)
    except ValueError as e:
        raise SaveError("unreadable", f"JSON: {e}") from None

class Session:
    notices: tuple[tuple[str, dict[str, Any]], ...] = ()  # page notes shown until dismissed: (text key, params)
    history: tuple[KeptMatch, ...] = ()  # finished matches (web.match.history), set by the page

    def __init__(self, settings: Settings, deal: Deal | None = None) -> None:
        """A match on ``settings`` showing its first deal, or ``deal`` in its place (a shared
        situation, a replay): then the match deals nothing, and the deal is its first once over."""
        self.settings = settings
        self.match = TableMatch(settings.rules(), first_deal=settings.first_deal)
        self.deal_number = self.match.deal_number
        self.deal = self.match.new_deal() if deal is None else deal
        self.ui = Ui()
        self.events: list[tuple[str, dict[str, Any]]] = []
        self.finished = False  # the deal on show is over and written in the match
        self.undone: set[int] = set()  # deal numbers where the person took a decision back
        self._check_over()

    @classmethod
    def on_random_deal(cls, settings_of: Callable[[Settings], Settings] = lambda s: s,
                       draw: Callable[[], int] = lambda: random.randrange(1, 1_000_000)) -> "Session":
        """A session on a deal number drawn at random (``settings_of`` may set it up, a
        number of its own included): one whose first deal is no petit sec, which would open
        the page on a deal dealt again before anybody plays (1 deal in 500 at 4 players)."""
        for _ in range(20):
            number = draw()
            session = cls(settings_of(Settings(first_deal=number)))
            result = session.deal.result
            if session.settings.first_deal != number or result is None or result.redeal != "petit_sec":
                break
        return session

    # --------------------------------------------------------------- queries
    @property
    def lang(self) -> str:
        return self.settings.lang

    def view(self) -> SeatView:
        return self.deal.view(HUMAN)

    def bot_to_act(self) -> int | None:
        """The bot seat whose turn it is, or ``None`` (the person's turn, deal over, setup open)."""
        if self.ui.setup_open or self.deal.is_over:
            return None
        seat = self.deal.to_act
        return None if seat == HUMAN else seat

    def screen(self) -> Screen:
        """Everything the table shows of this session (:mod:`web.draw.render` draws it)."""
        deal = self.deal
        view = deal.view(HUMAN)
        ui = self.ui
        playable, selected = self._choices(view) if deal.to_act == HUMAN else (frozenset(), frozenset())
        declarations = view.legal if deal.to_act == HUMAN and deal.phase is Phase.PLAY else ()
        sheet = tuple(enumerate(self.match.results, self.match.first_deal))
        return Screen(
            lang=self.lang, settings=self.settings, levels=tuple(LEVEL_NAMES), options=tuple(Rules.options()),
            view=view, deal_number=self.deal_number, playable=playable, selected=selected,
            poignee_offers=tuple((POIGNEE_NAMES[deal.rules.poignee_trumps.index(len(a.cards))], len(a.cards))
                                 for a in declarations if isinstance(a, Poignee)),
            misere_offers=tuple(a.kind for a in declarations if isinstance(a, Misere)),
            poignee_size=ui.poignee_size, ui=ui,
            score=deal.result.score if deal.result is not None else None, sheet=sheet,
            totals=tuple(self.match.standings), events=tuple(self.events), step=len(deal.history),
            tokens=tuple(self.match.token_totals) if self.settings.rules().traditional_scoring else None,
            pots=self.match.pots[0],
            notices=tuple(self.notices), history=tuple(self.history),
            live=live_count(view) if self.settings.live_count and view.phase == "play" else None,
            can_undo=self.undo_point() is not None, undone=frozenset(self.undone),
            bot_thinking=self.bot_to_act() is not None, finished=self.finished)

    def _choices(self, view: SeatView) -> tuple[frozenset[int], frozenset[int]]:
        """The person's cards that may be chosen now (a card to play, to discard, to give for the
        card bought, to show), and those chosen (the écart or the poignée being made)."""
        deal, ui = self.deal, self.ui
        if deal.phase is Phase.ECART:  # the cards that may go in the écart at all
            return frozenset(c for c in view.hand if deal.why_not_discard(c) is None), frozenset(ui.ecart)
        if deal.phase is Phase.PURCHASE and ui.purchase is not None:
            bought = ui.purchase
            return frozenset(c for c in view.hand if deal.why_not_give(c, bought) is None), frozenset()
        if deal.phase is not Phase.PLAY:
            return frozenset(), frozenset()
        if ui.poignee_size is not None:
            n = self._poignee_trumps(ui.poignee_size)
            return frozenset(c for c in view.hand if deal.why_not_show(c, (), n) is None), frozenset(ui.poignee)
        return frozenset(cards_of(view.legal_cards)), frozenset()

    def _poignee_trumps(self, size: str) -> int:
        return self.deal.rules.poignee_trumps[POIGNEE_NAMES.index(size)]

    def undo_point(self) -> int | None:
        """How many actions the deal keeps when the person takes back their last decision:
        the actions before it (and so the bots' after it go too); ``None`` when there is none."""
        if self.finished:
            return None
        for i in range(len(self.deal.history) - 1, -1, -1):
            seat, _ = self.deal.history[i]
            if seat == HUMAN:
                return i
        return None

    def undo(self) -> bool:
        """"Reprendre mon coup": the deal as it was just before the person's last decision."""
        keep = self.undo_point()
        if keep is None:
            return False
        self.deal = self.deal.replayed(keep)  # the same cards and pots, the decisions before it
        self.undone.add(self.deal_number)
        self.events = []
        self.ui = Ui(history_open=False)
        return True

    def in_progress(self) -> bool:
        """Whether a new game would throw something away: a decision taken, in this deal or
        a finished one.  A deal dealt again for a petit sec before anybody acted holds none
        (the first deal, dealt behind the new-game form, may be one)."""
        return bool(self.deal.history) or any(record["actions"] for record in self.match.records)

    # --------------------------------------------------------------- actions
    def act(self, seat: int, action: Action) -> IllegalAction | None:
        """Apply ``action`` for ``seat`` if the engine allows it (it checks once); else return
        its refusal, the deal as it was."""
        try:
            event = self.deal.apply(action, seat=seat)
        except IllegalAction as refusal:
            return refusal
        self.events = self._describe(event)
        self.ui.reply = None  # the table moved on: the text mode says what happened
        self._check_over()
        return None

    def _describe(self, event: Event) -> list[tuple[str, dict[str, Any]]]:
        """The public account of what a seat just did (never a hidden card), from the
        engine's record of it."""
        deal = self.deal
        seat, action = event.seat, event.action
        out: list[tuple[str, dict[str, Any]]] = []
        if isinstance(action, Bid):
            out.append(("bids", {"seat": seat, "bid": action.code}))
        elif isinstance(action, Call) and action.card is not None:
            out.append(("calls", {"seat": seat, "card": action.card}))
        elif isinstance(action, Ecart):
            out.append(("ecart_made", {"seat": seat}))
        elif isinstance(action, Chelem) and action.announce:
            out.append(("chelem_announced", {"seat": seat}))
        elif isinstance(action, Poignee):
            size = POIGNEE_NAMES[deal.rules.poignee_trumps.index(len(action.cards))]
            out.append(("poignee_shown", {"seat": seat, "size": size}))
        elif isinstance(action, Misere):
            out.append(("misere_declared", {"seat": seat, "kind": action.kind}))
        elif isinstance(action, Purchase):
            out.append(("purchase_made", {"seat": seat, "card": action.card}))
        elif isinstance(action, Play):
            out.append(("plays", {"seat": seat, "card": action.card}))
            if event.trick is not None:
                out.append(("trick_won", {"seat": event.trick.winner}))
        if deal.phase is Phase.ECART and deal.taker is not None and not isinstance(action, Ecart):
            out.append(("taker_takes_chien", {"seat": deal.taker}))  # the chien goes to the taker's hand
        if event.result is not None:
            redeal = event.result.redeal
            out.append((redeal, {}) if redeal else ("result_title", {}))
        return out

    def _check_over(self) -> None:
        if self.deal.is_over and not self.finished:
            self.match.finish(self.deal)
            self.finished = True
            self.ui = Ui(setup_open=self.ui.setup_open, setup_message=self.ui.setup_message,
                         history_open=self.ui.history_open)

    def bot_request(self) -> dict[str, Any] | None:
        """What a bot in a worker needs to decide now (plain JSON), or ``None``."""
        seat = self.bot_to_act()
        if seat is None:
            return None
        deal = self.deal
        return {"record": deal.to_record(), "level": self.settings.level, "deal_number": self.deal_number,
                "seat": seat, "step": len(deal.history)}

    def bot_answer(self, request: dict[str, Any], answer: dict[str, Any]) -> bool:
        """Apply a worker's decision if the table is still where the request was made."""
        if self.bot_request() != request:
            return False
        seat, action = action_from_json(answer)
        if seat != request["seat"]:
            raise ValueError("a bot answered for another seat")
        self.ui.message = None
        refusal = self.act(seat, action)
        if refusal is not None:
            raise refusal
        return True

    def bot_step(self) -> Action | None:
        """Let the bot to act take its decision; ``None`` if it is not a bot's turn."""
        seat = self.bot_to_act()
        if seat is None:
            return None
        action = decide(self.deal, self.settings.level, self.deal_number)
        self.ui.message = None  # the table moved on: an old explanation would mislead
        refusal = self.act(seat, action)
        if refusal is not None:  # a bot must only choose legal actions
            raise refusal
        return action

    def next_deal(self) -> None:
        if not self.finished:
            return
        if self.settings.next_level:
            self.settings.level = self.settings.next_level
            self.settings.next_level = ""
        self.deal_number = self.match.deal_number
        self.deal = self.match.new_deal()
        self.finished = False
        self.events = []
        self.ui = Ui()
        self._check_over()
        result = self.deal.result
        if result is not None and len(result.petit_sec) == 1:  # dealt again at once: said like any event
            self.events = [("petit_sec_shown", {"seat": result.petit_sec[0]})]

    # ----------------------------------------------------------- the person
    def _note(self, refusal: IllegalAction | None) -> bool:
        self.ui.message = refusal
        return refusal is None

    def bid(self, code: str) -> bool:
        action = BIDS.get(code)
        if action is None:
            return self._note(IllegalAction("not_an_action"))
        return self._note(self.act(HUMAN, action))

    def call(self, notation: str) -> bool:
        card = _card(notation)
        if card is None:
            return self._note(IllegalAction("not_an_action"))
        return self._note(self.act(HUMAN, Call(card)))

    def decline_call(self) -> bool:
        """Go on without a partner where the call is optional."""
        return self._note(self.act(HUMAN, NO_CALL))

    def ask_for(self, notation: str) -> bool:
        """Option purchase: choose the card to buy, or no longer (then a click on a hand card
        gives one for it)."""
        card = _card(notation)
        if card is None:
            return self._note(IllegalAction("not_an_action"))
        if self.ui.purchase == card:
            self.ui.purchase = None
            self.ui.message = None
        elif self._note(self.deal.why_not_buy(card, HUMAN)):
            self.ui.purchase = card
        return False

    def chelem(self, announce: bool) -> bool:
        return self._note(self.act(HUMAN, ANNOUNCE_CHELEM if announce else NO_CHELEM))

    def click_card(self, notation: str) -> bool:
        """A click on one of the person's cards: play it, give it for the card bought, or
        (un)select it for an écart or a poignée.  The engine is asked once."""
        card = _card(notation)
        deal = self.deal
        if card is None:
            return self._note(IllegalAction("not_an_action"))
        mine = deal.to_act == HUMAN
        if deal.phase is Phase.ECART and mine:
            return self._toggle(self.ui.ecart, card, lambda chosen: deal.why_not_discard(card, chosen, HUMAN))
        if deal.phase is Phase.PURCHASE and mine:
            if self.ui.purchase is None:
                self.ui.message = ("purchase_first", {})
                return False
            bought, self.ui.purchase = self.ui.purchase, None
            return self._note(self.act(HUMAN, Purchase(bought, card)))
        if deal.phase is Phase.PLAY and mine and self.ui.poignee_size is not None:
            n = self._poignee_trumps(self.ui.poignee_size)
            return self._toggle(self.ui.poignee, card, lambda chosen: deal.why_not_show(card, chosen, n, HUMAN))
        refusal = self.act(HUMAN, Play(card))
        if refusal is None:
            self.ui.poignee_size = None
        return self._note(refusal)

    def _toggle(self, chosen: list[Card], card: Card,
                check: Callable[[list[Card]], IllegalAction | None]) -> bool:
        """A card chosen is chosen no more; another joins the choice if the engine allows it."""
        if card in chosen:
            chosen.remove(card)
            return self._note(None)
        refusal = check(chosen)
        if refusal is None:
            chosen.append(card)
        return self._note(refusal)

    def confirm_ecart(self) -> bool:
        if self._note(self.act(HUMAN, Ecart(tuple(self.ui.ecart)))):
            self.ui.ecart = []
            return True
        return False

    def choose_poignee(self, size: str) -> bool:
        """Start choosing the trumps of a poignée of ``size``, the engine's proposal preselected."""
        for a in self.deal.legal_actions() if self.deal.to_act == HUMAN else ():
            if isinstance(a, Poignee) and size in POIGNEE_NAMES \
                    and len(a.cards) == self._poignee_trumps(size):
                self.ui.poignee_size = size
                self.ui.poignee = list(a.cards)
                return self._note(None)
        return self._note(self.deal.why_not(Poignee(()), HUMAN) or IllegalAction("not_an_action"))

    def declare_poignee(self) -> bool:
        if self._note(self.act(HUMAN, Poignee(tuple(self.ui.poignee)))):
            self.ui.poignee_size = None
            self.ui.poignee = []
            return True
        return False

    def cancel_poignee(self) -> None:
        self.ui.poignee_size = None
        self.ui.poignee = []
        self.ui.message = None

    def decline_poignee(self) -> None:
        self.cancel_poignee()
        self.ui.poignee_declined = True

    def declare_misere(self, kind: str) -> bool:
        return self._note(self.act(HUMAN, Misere(kind)))

    # ---------------------------------------------------------------- saves
    def to_save(self) -> dict[str, Any]:
        deal = self.deal
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "settings": self.settings.to_json(),
            "records": list(self.match.records),
            "current": None if self.finished else deal.to_record(),
            "poignee_declined": self.ui.poignee_declined,
            "undone": sorted(self.undone),
        }

    def save_text(self) -> str:
        return json.dumps(self.to_save(), separators=(",", ":"))

    @classmethod
    def from_save(cls, data: object) -> "Session":
        """The session a save describes; :class:`SaveError` if it is damaged or incompatible."""
        data = save_data(data)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("unreadable", "not a saved table")
        if data.get("version") != SAVE_VERSION:
            raise SaveError("version", f"version {data.get('version')!r}")
        try:
            return cls._restore(data)
        except SaveError:
            raise
        except Exception as e:  # any damage: the page starts afresh instead of breaking
            raise SaveError("unreadable", str(e) or type(e).__name__, e) from None

    @classmethod
    def _restore(cls, data: dict[str, Any]) -> "Session":
        settings = Settings.from_json(data.get("settings"))
        records = data.get("records")
        if not isinstance(records, list):
            raise ValueError("records must be a list")
        session = cls.__new__(cls)
        session.settings = settings
        session.match = TableMatch(settings.rules(), first_deal=settings.first_deal)
        session.ui = Ui()
        session.events = []
        undone = data.get("undone", [])
        if not isinstance(undone, list) or any(type(x) is not int for x in undone):
            raise ValueError("bad list of deals taken back")
        session.undone = set(undone)
        for record in records:
            deal = Deal.from_record(record)
            _same_deal(deal, session.match.new_deal())
            if not deal.is_over:
                raise ValueError("a finished deal is not over")
            session.match.finish(deal)
        current = data.get("current")
        if current is None:
            if session.match.records:  # the last deal's end is on show
                session.deal_number = session.match.deal_number - 1
                session.deal = Deal.from_record(session.match.records[-1])
                session.finished = True
            else:
                session.deal_number = session.match.deal_number
                session.deal = session.match.new_deal()
                session.finished = False
        else:
            session.deal_number = session.match.deal_number
            deal = Deal.from_record(current)
            _same_deal(deal, session.match.new_deal())
            session.deal = deal
            session.finished = False
            session.ui.poignee_declined = data.get("poignee_declined") is True
        session._check_over()
        return session


def _same_deal(deal: Deal, expected: Deal) -> None:
    if deal.rules != expected.rules or deal.dealer != expected.dealer \
            or deal.dealt_hands != expected.dealt_hands or deal.dealt_chien != expected.dealt_chien:
        raise ValueError("a deal does not match its deal number")


def _card(notation: object) -> Card | None:
    from tarot.cards import parse_card

    try:
        return parse_card(notation)
    except ValueError:
        return None
