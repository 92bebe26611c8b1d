"""What one seat may know: its own hand and everything shown to the table.

A :class:`SeatView` is built from a :class:`~tarot.state.Deal` and holds no
other seat's hidden card: not their hands, not a chien that was never shown, not
the taker's écart (except the trumps discarded, which are shown to all).  Bots
decide from it and the page renders from it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action, Play
from .cards import (CARDS, CLUBS, DIAMONDS, EXCUSE_ID, FIRST_TRUMP, HEARTS, SPADES, TRUMPS, Card,
                    cards_of, mask_of)
from .phase import Phase
from .result import DealResult
from .rules import Contract, Rules

if TYPE_CHECKING:
    from .state import Deal  # which imports this module


@dataclass(frozen=True)
class SeatView:
    seat: int
    rules: Rules
    dealer: int
    phase: str
    to_act: int | None
    hand: tuple[Card, ...]  # sorted as shown: trumps, then suits in alternating colours
    hand_sizes: tuple[int, ...]  # cards left in each seat's hand
    bids: tuple[tuple[int, str], ...]  # (seat, bid code) in order
    taker: int | None
    contract: Contract | None
    called: Card | None
    partner: int | None  # the partner, when this seat knows who it is (None: unknown or alone)
    partner_known: bool  # this seat knows whether and who the partner is
    chien: tuple[Card, ...]  # the chien when it was shown (prise, garde), or at the end
    ecart: tuple[Card, ...]  # the taker's écart: all of it for the taker or at the end, else its trumps
    chelem_announced: bool
    poignees: tuple[tuple[int, str, tuple[Card, ...]], ...]  # (seat, size, trumps shown)
    miseres: tuple[tuple[int, str], ...]
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]  # (leader, cards in play order, winner)
    leader: int  # who leads (led) the trick being played
    trick: tuple[Card, ...]  # cards of the trick being played, from the leader
    legal: tuple[Action, ...]  # what this seat may do now (empty when it is not to act)
    purchase: tuple[int, Card, Card | None] | None  # (holder, card bought, card given if this seat saw it)
    result: DealResult | None

    def visible_cards(self) -> int:
        """Every card this view shows, as a mask (for checking that nothing hidden leaks)."""
        m = mask_of(self.hand) | mask_of(self.chien) | mask_of(self.ecart) | mask_of(self.trick)
        for _, cards, _ in self.tricks:
            m |= mask_of(cards)
        for _, _, cards in self.poignees:
            m |= mask_of(cards)
        if self.purchase is not None:
            m |= 1 << self.purchase[1]
            if self.purchase[2] is not None:
                m |= 1 << self.purchase[2]
        if self.called is not None:
            m |= 1 << self.called
        return m

    @property
    def legal_cards(self) -> int:
        """Mask of the cards this seat may play now (0 when it may not play a card)."""
        known: int | None = self.__dict__.get("_legal_cards")  # given by seat_view (not a field: no part of ==)
        if known is not None:
            return known
        m = 0
        for action in self.legal:
            if type(action) is Play:
                m |= 1 << action.card
        return m

    @property
    def played(self) -> int:
        """Mask of every card played so far, the current trick included."""
        m = mask_of(self.trick)
        for _, cards, _ in self.tricks:
            m |= mask_of(cards)
        return m


# ------------------------------------------------------------------ building
# The hand's display order (as sort_for_hand): trumps high to low, the Excuse, then
# spades, hearts, clubs and diamonds, each king first.  Each of these blocks is cut
# into 7-card chunks, highest first; _HAND_CHUNKS holds, per chunk in display order,
# its lowest card, its bits and the 128 ways its cards can be held, each in display order.
def _hand_chunks() -> tuple[tuple[int, int, tuple[tuple[Card, ...], ...]], ...]:
    chunks: list[tuple[int, int, tuple[tuple[Card, ...], ...]]] = []
    for first, size in ((FIRST_TRUMP, 21), (EXCUSE_ID, 1), (14 * SPADES, 14), (14 * HEARTS, 14),
                        (14 * CLUBS, 14), (14 * DIAMONDS, 14)):
        for low in range(first + size - 7 if size >= 7 else first, first - 1, -7):
            width = min(7, first + size - low)
            chunks.append((low, (1 << width) - 1,
                           tuple(tuple(CARDS[low + b] for b in range(width - 1, -1, -1) if held >> b & 1)
                                 for held in range(1 << width))))
    return tuple(chunks)


_HAND_CHUNKS = _hand_chunks()
_PHASE_NAMES: dict[Phase, str] = {}  # Phase -> its value, filled on first use
_new = object.__new__
_set = object.__setattr__


def hand_in_order(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` in the order a hand is shown (as ``sort_for_hand``)."""
    out: tuple[Card, ...] = ()
    for low, bits, held in _HAND_CHUNKS:
        out += held[mask >> low & bits]
    return out


_Tricks = tuple[tuple[int, tuple[Card, ...], int], ...]


def _tricks(deal: Deal) -> _Tricks:
    """The finished tricks as the view shows them, kept on the deal and extended as tricks
    end (a deal's tricks are only ever appended; a copy keeps the tuple made so far)."""
    tricks = deal.tricks
    n = len(tricks)
    kept: tuple[int, object, _Tricks] | None = deal.__dict__.get("_view_tricks")
    if kept is not None:
        count_kept, last, shown = kept
        if count_kept == n and (n == 0 or tricks[n - 1] is last):
            return shown
        if count_kept < n and (count_kept == 0 or tricks[count_kept - 1] is last):
            shown = shown + tuple((t.leader, t.cards, t.winner) for t in tricks[count_kept:])
            deal.__dict__["_view_tricks"] = (n, tricks[n - 1], shown)
            return shown
    shown = tuple((t.leader, t.cards, t.winner) for t in tricks)
    deal.__dict__["_view_tricks"] = (n, tricks[n - 1] if n else None, shown)
    return shown


def _bids(deal: Deal) -> tuple[tuple[int, str], ...]:
    """The bids as the view shows them, kept on the deal (bids are only appended)."""
    bids = deal.bids
    kept: tuple[int, object, tuple[tuple[int, str], ...]] | None = deal.__dict__.get("_view_bids")
    if kept is not None and kept[0] == len(bids) and (not bids or bids[-1] is kept[1]):
        return kept[2]
    shown = tuple((s, b.code) for s, b in bids)
    deal.__dict__["_view_bids"] = (len(bids), bids[-1] if bids else None, shown)
    return shown


def _ecart(deal: Deal, mask: int) -> tuple[Card, ...]:
    """The écart's cards in ``mask`` (all of it, or its trumps), kept per mask."""
    if not mask:
        return ()
    kept: tuple[int, tuple[Card, ...]] | None = deal.__dict__.get("_view_ecart")
    if kept is not None and kept[0] == mask:
        return kept[1]
    shown = tuple(cards_of(mask))
    deal.__dict__["_view_ecart"] = (mask, shown)
    return shown


def _phase_name(phase: Phase) -> str:
    """The phase's value, looked up once per phase (an enum attribute costs more than a dict)."""
    name = _PHASE_NAMES.get(phase)
    if name is None:
        name = _PHASE_NAMES[phase] = phase.value
    return name


def _partner_known(deal: Deal, seat: int, name: str, shown_chien: bool) -> bool:
    """Whether ``seat`` knows who the taker's partner is (or that he has none) in phase ``name``."""
    taker, partner, called = deal.taker, deal.partner, deal.called
    known = name == "done" or deal.partner_revealed or seat == partner
    if called is not None and partner is None:
        in_chien = deal.chien >> called & 1
        known = known or (seat == taker and not in_chien) or bool(in_chien and shown_chien)
    if taker is not None and called is None and name != "calling":
        known = True  # no card called: no partner
    return known


def _purchase(deal: Deal, seat: int, done: bool) -> tuple[int, Card, Card | None] | None:
    """The purchase as ``seat`` sees it: who held the card bought, the card, and the card given
    (to the taker and that holder only, until the deal is done)."""
    bought = deal.purchase
    if bought is None:
        return None
    sees_gift = done or seat in (deal.taker, bought.holder)
    return bought.holder, bought.card, bought.give if sees_gift else None


def seat_view(deal: Deal, seat: int) -> SeatView:
    """What ``seat`` may know of ``deal`` now (the same as building it field by field, faster:
    no frozen ``__init__``, the tricks and bids kept on the deal, the hand in one pass)."""
    name = _phase_name(deal.phase)
    done = name == "done"
    taker = deal.taker
    contract = deal.contract
    shown_chien = contract is not None and deal.rules.chien_goes(contract) == "hand" and name != "calling"
    chien = deal.dealt_chien if done or shown_chien else ()
    ecart = _ecart(deal, deal.ecart if done or seat == taker else deal.ecart & TRUMPS)
    partner = deal.partner
    called = deal.called
    partner_known = _partner_known(deal, seat, name, shown_chien)
    to_act = deal.to_act
    view = _new(SeatView)
    _set(view, "__dict__", {
        "seat": seat,
        "rules": deal.rules,
        "dealer": deal.dealer,
        "phase": name,
        "to_act": to_act,
        "hand": hand_in_order(deal.hands[seat]),
        "hand_sizes": tuple(map(int.bit_count, deal.hands)),
        "bids": _bids(deal),
        "taker": taker,
        "contract": contract,
        "called": called,
        "partner": partner if partner_known else None,
        "partner_known": partner_known,
        "chien": tuple(chien),
        "ecart": ecart,
        "chelem_announced": deal.chelem_announced,
        "poignees": tuple(deal.poignees),
        "miseres": tuple(deal.miseres),
        "tricks": _tricks(deal),
        "leader": deal.leader,
        "trick": tuple(deal.trick),
        "legal": tuple(deal.legal_actions()) if to_act == seat else (),
        "purchase": _purchase(deal, seat, done),
        "result": deal.result,
        "_legal_cards": deal.legal_cards_mask() if to_act == seat else 0,
    })
    return view
