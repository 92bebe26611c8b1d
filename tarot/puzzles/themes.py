"""The themes of a puzzle: what the position is about, as the engine reads it.

Each theme is a code and a predicate on the position (the seat's view, the best action of the
solution and the analysis's reason for it), read from what that seat knows
(:class:`~tarot.bots.knowledge.Knowledge`, the trick as :class:`~tarot.bots.play.TrickState`
sees it), never from the hidden cards.  :func:`themes_of` gives the codes that hold, in the
order of :data:`THEMES`; :data:`THEME_WORDS` names each theme's words in the catalogues.
The bots' modules are imported when a first position is read: the page names the themes
without them.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..actions import Action, Poignee
from ..bot import Reason
from ..cards import EXCUSE_ID, FIRST_TRUMP, HALF_POINTS, KING, PETIT_BIT, QUEEN, RANK_OF, SUIT_MASKS, SUIT_OF, TRUMP, \
    TRUMPS, suit_card
from ..view import SeatView

if TYPE_CHECKING:
    from ..bots.facts import Position

PETIT = FIRST_TRUMP
HONOUR_HALF_POINTS = 3  # a jack (1.5 points) or dearer: a card worth loading on a partner's trick
PETIT_AU_BOUT_CARDS = 3  # the Petit kept with this few cards left is kept for the last trick
SIGNAL_CODES = frozenset({"signal_honour", "trump_lead_signal", "trump_lead_promise", "signal_petit_danger"})
PETIT_AU_BOUT_CODES = frozenset({"petit_au_bout", "draw_for_petit_au_bout"})


def _card(p: Position) -> int:
    """The card the action plays, -1 for another action."""
    return p.card if p.view.phase == "play" else -1


def _following_suit_led(p: Position) -> int:
    """The plain suit led (0..3) when the seat follows a trick led in a suit, else -1."""
    led = p.ts.led
    return led if not p.leading and 0 <= led < TRUMP else -1


def petit_hunt(p: Position) -> bool:
    """A trump (not the Petit) led or played on a trump lead while the Petit is still out in
    another hand, one that may be against the seat."""
    c = _card(p)
    if c < 0 or SUIT_OF[c] != TRUMP or c == PETIT or p.k.hand & PETIT_BIT or p.view.played & PETIT_BIT:
        return False
    if not (p.leading or p.ts.led == TRUMP):
        return False
    return any(p.k.may_hold(s, PETIT) and p.k.p_ally(s) < 1.0 for s in range(p.k.n) if s != p.k.seat)


def petit_save(p: Position) -> bool:
    """The Petit played before the last trick: brought home, or handed to the side that takes the trick."""
    return _card(p) == PETIT and len(p.view.hand) > 1


def petit_au_bout(p: Position) -> bool:
    """The engine plays for the Petit in the last trick, or the seat keeps the Petit with few cards left."""
    c = _card(p)
    if c < 0:
        return False
    kept = bool(p.k.hand & PETIT_BIT) and c != PETIT and len(p.view.hand) <= PETIT_AU_BOUT_CARDS
    return kept or p.reason.code in PETIT_AU_BOUT_CODES


def discard(p: Position) -> bool:
    """Défausse: a suit card of another suit, the seat having neither the suit led nor a trump."""
    c = _card(p)
    led = _following_suit_led(p)
    if c < 0 or led < 0 or c == EXCUSE_ID or SUIT_OF[c] in (led, TRUMP):
        return False
    return not p.k.hand & (SUIT_MASKS[led] | TRUMPS)


def load_partner(p: Position) -> bool:
    """Charger: a card of points (a jack or dearer, not a trump) on a trick a sure ally wins so far."""
    c = _card(p)
    if c < 0 or p.leading or c == EXCUSE_ID or SUIT_OF[c] == TRUMP or HALF_POINTS[c] < HONOUR_HALF_POINTS:
        return False
    winner = p.ts.best_seat
    return winner >= 0 and winner != p.k.seat and p.k.p_ally(winner) == 1.0


def trump(p: Position) -> bool:
    """Couper, surcouper: a trump played on a trick led in a suit the seat does not hold."""
    c = _card(p)
    return c >= 0 and _following_suit_led(p) >= 0 and SUIT_OF[c] == TRUMP


def excuse(p: Position) -> bool:
    """The Excuse played."""
    return _card(p) == EXCUSE_ID


def call(p: Position) -> bool:
    """Appel au roi: the taker's call."""
    return p.view.phase == "calling"


def lead(p: Position) -> bool:
    """Entame: the seat leads the trick."""
    return _card(p) >= 0 and p.leading and _card(p) != EXCUSE_ID


def signal(p: Position) -> bool:
    """Signalisation: a defender's first lead of a suit with a low card while holding its king
    or queen (the FFT's call for the suit), or a card the engine plays as a signal."""
    c = _card(p)
    if c < 0:
        return False
    if p.reason.code in SIGNAL_CODES:
        return True
    k = p.k
    if not p.leading or k.taker is None or k.i_attack or SUIT_OF[c] not in range(TRUMP):
        return False
    from ..bots.knowledge import LOW_SIGNAL_RANK

    suit = SUIT_OF[c]
    honours = (1 << suit_card(KING, suit)) | (1 << suit_card(QUEEN, suit))
    return RANK_OF[c] <= LOW_SIGNAL_RANK and not k.suit_led_count[suit] and bool(k.hand & honours)


def ecart(p: Position) -> bool:
    """Écart: the taker's discard."""
    return p.view.phase == "ecart"


def bid(p: Position) -> bool:
    """Enchère: a bid."""
    return p.view.phase == "bidding"


def poignee(p: Position) -> bool:
    """Poignée: the seat may show a poignée (show it or not, and which trumps)."""
    return p.view.phase == "play" and (isinstance(p.action, Poignee) or any(isinstance(a, Poignee) for a in p.view.legal))


def chelem(p: Position) -> bool:
    """Chelem: the taker's chelem answer."""
    return p.view.phase == "chelem"


THEMES: dict[str, Callable[[Position], bool]] = {
    "petit_hunt": petit_hunt,
    "petit_save": petit_save,
    "petit_au_bout": petit_au_bout,
    "discard": discard,
    "load_partner": load_partner,
    "trump": trump,
    "excuse": excuse,
    "call": call,
    "lead": lead,
    "signal": signal,
    "ecart": ecart,
    "bid": bid,
    "poignee": poignee,
    "chelem": chelem,
}

THEME_WORDS = {
    "petit_hunt": "theme_petit_hunt",
    "petit_save": "theme_petit_save",
    "petit_au_bout": "theme_petit_au_bout",
    "discard": "theme_discard",
    "load_partner": "theme_load_partner",
    "trump": "theme_trump",
    "excuse": "theme_excuse",
    "call": "theme_call",
    "lead": "theme_lead",
    "signal": "theme_signal",
    "ecart": "theme_ecart",
    "bid": "theme_bid",
    "poignee": "theme_poignee",
    "chelem": "theme_chelem",
}


def themes_of(view: SeatView, best: Action, reason: Reason) -> list[str]:
    """The codes of the themes of the position where ``best`` is the solution's best action."""
    from ..bots.facts import Position

    p = Position(view, best, reason)
    return [code for code, holds in THEMES.items() if holds(p)]


__all__ = ["SIGNAL_CODES", "THEMES", "THEME_WORDS", "themes_of"]
