"""The Standard bot: good French Tarot by the book.

Bids from the points scale (:mod:`tarot.bots.evaluation`), calls the king of its
best suit (where the call is optional, only below the scale's threshold for playing
alone), makes its écart for voids (:mod:`tarot.bots.ecart`), announces a chelem only
when it is sure, shows a poignée when its side should win the deal, and plays its
cards by the rules of thumb of :mod:`tarot.bots.play`.
"""
from __future__ import annotations

from ..actions import Action, Bid, Call, Chelem, Ecart, Misere, Poignee, PASS, PLAYS
from ..bot import Decision
from ..cards import BOUTS, TRUMPS, Card, count, mask_of
from ..rng import Rng
from ..rules import Contract
from ..view import SeatView
from .purchase import choose_purchase
from .ecart import book_call, standard_ecart
from .evaluation import contract_for, hand_points, sure_chelem
from .knowledge import Knowledge
from .clean import book_card, book_play
from .reasons import card_reason, checked, explain


def legal_bid(view: SeatView, contract: Contract | None) -> Bid:
    """``Bid(contract)`` when the rules allow it now, else a pass."""
    bid = Bid(contract)
    return bid if bid in view.legal else PASS


def standard_bid(view: SeatView, offset: int = 0) -> Bid:
    """The bid of the points scale; ``offset`` points are added to the hand's (a player who
    plays better may take on less)."""
    hand = mask_of(view.hand)
    contract = contract_for(hand_points(hand, view.rules.players) + offset, view.rules.players)
    return legal_bid(view, contract) if contract is not None else PASS


def poignee_pays(k: Knowledge, poignee: Poignee) -> bool:
    """Show a poignée when our side should win the deal (its bonus goes to the winners)."""
    if k.i_attack:
        if k.seat == k.taker:
            return True  # the taker bid on this hand
        return True  # the partner joins a taker who bid
    # A defender: the bonus helps only if the taker fails, which a long trump holding
    # in defence makes likely; with the Petit or the 21 it is likelier still.
    trumps = count(k.hand & TRUMPS)
    size = len(poignee.cards)
    bouts = count(k.hand & BOUTS)
    return trumps >= size + 2 or bouts >= 1


def choose_declaration(view: SeatView, k: Knowledge | None = None) -> Action | None:
    """A misère held (it always pays) or a poignée worth showing, before the first card."""
    for action in view.legal:
        if isinstance(action, Misere):
            return action
    poignees = [a for a in view.legal if isinstance(a, Poignee)]
    if not poignees:
        return None
    k = k or Knowledge(view)
    best = max(poignees, key=lambda a: len(a.cards))
    return best if poignee_pays(k, best) else None


def callable_in(view: SeatView) -> list[Card]:
    """The cards the taker may call now (going on without a call left out)."""
    return [a.card for a in view.legal if type(a) is Call and a.card is not None]


def call_choice(view: SeatView) -> Call:
    """The Standard taker's call (:func:`~tarot.bots.ecart.book_call`)."""
    assert view.contract is not None  # a call follows the bidding
    return book_call(mask_of(view.hand), callable_in(view), view.rules, view.contract)


def chelem_call(view: SeatView) -> Chelem:
    k = Knowledge(view)
    return Chelem(sure_chelem(k.hand, k.unseen & TRUMPS))


class StandardBot:
    """Plays by the book; see the module docstring."""

    level = "standard"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: SeatView) -> Action:
        phase = view.phase
        if phase == "bidding":
            return standard_bid(view)
        if phase == "calling":
            return call_choice(view)
        if phase == "purchase":
            return choose_purchase(mask_of(view.hand), mask_of(view.ecart))
        if phase == "ecart":
            return Ecart(tuple(standard_ecart(mask_of(view.hand), view.rules.chien_size, view.called)))
        if phase == "chelem":
            return chelem_call(view)
        k = Knowledge(view)
        declaration = choose_declaration(view, k)
        if declaration is not None:
            return declaration
        return PLAYS[book_card(k, view.legal_cards)]

    def decide(self, view: SeatView) -> Decision:
        """:meth:`choose`'s action and why: a card by the rule of the book that chose it, the
        rest by the points scale and the book's other rules (:mod:`tarot.bots.reasons`)."""
        if view.phase == "play":
            k = Knowledge(view)
            if choose_declaration(view, k) is None:
                card, rule = book_play(k, view.legal_cards)
                return Decision(PLAYS[card], checked(view, PLAYS[card], card_reason(k, card, rule)))
        action = self.choose(view)
        return Decision(action, explain(view, action))


__all__ = ["StandardBot", "standard_bid", "call_choice", "callable_in", "choose_declaration", "chelem_call",
           "legal_bid"]
