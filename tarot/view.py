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
from .cards import TRUMPS, Card, cards_of, mask_of, sort_for_hand
from .result import DealResult
from .rules import Contract, Rules

if TYPE_CHECKING:
    from .state import Deal


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


def seat_view(deal: Deal, seat: int) -> SeatView:
    from .state import Phase

    done = deal.phase is Phase.DONE
    taker = deal.taker
    shown_chien = deal.contract is not None and deal.rules.chien_goes(deal.contract) == "hand" \
        and deal.phase is not Phase.CALLING
    if done or shown_chien:
        chien = tuple(deal.dealt_chien)
    else:
        chien = ()
    if done or seat == taker:
        ecart = tuple(cards_of(deal.ecart))
    else:
        ecart = tuple(cards_of(deal.ecart & TRUMPS))
    partner_known = done or deal.partner_revealed or seat == deal.partner
    if deal.called is not None and deal.partner is None:
        # Alone: the taker knows if it called its own card; all know if the chien showed it.
        in_chien = bool(deal.chien & (1 << deal.called))
        partner_known = partner_known or (seat == taker and not in_chien) or (in_chien and shown_chien)
    if taker is not None and deal.called is None and deal.phase is not Phase.CALLING:
        partner_known = True  # no card called: no partner
    purchase = None
    if deal.purchase is not None:
        bought = deal.purchase
        sees_gift = done or seat in (taker, bought.holder)
        purchase = (bought.holder, bought.card, bought.give if sees_gift else None)
    return SeatView(
        seat=seat,
        rules=deal.rules,
        dealer=deal.dealer,
        phase=deal.phase.value,
        to_act=deal.to_act,
        hand=tuple(sort_for_hand(cards_of(deal.hands[seat]))),
        hand_sizes=tuple(bin(h).count("1") for h in deal.hands),
        bids=tuple((s, b.code) for s, b in deal.bids),
        taker=taker,
        contract=deal.contract,
        called=deal.called,
        partner=deal.partner if partner_known else None,
        partner_known=partner_known,
        chien=chien,
        ecart=ecart,
        chelem_announced=deal.chelem_announced,
        poignees=tuple(deal.poignees),
        miseres=tuple(deal.miseres),
        tricks=tuple((t.leader, t.cards, t.winner) for t in deal.tricks),
        leader=deal.leader,
        trick=tuple(deal.trick),
        legal=tuple(deal.legal_actions()) if deal.to_act == seat else (),
        purchase=purchase,
        result=deal.result,
    )
