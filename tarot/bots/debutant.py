"""The Débutant bot: legal and simple, for a first game.

It bids on the count of its trumps and bouts, calls the first king it lacks (where the
call is optional, only while that count stays below its threshold for playing alone),
discards its lowest cards, shows every poignée, and plays the way a beginner is
taught: win a trick when it can (with the lowest card that does), otherwise play
its smallest card; lead its kings, then its smallest card.  It knows one more
rule: the Excuse is played before the last trick.
"""
from __future__ import annotations

from ..actions import NO_CALL, Action, Bid, Call, Chelem, Ecart, Misere, Poignee, PASS, PLAYS
from ..cards import (BOUTS, EXCUSE_BIT, EXCUSE_ID, HALF_POINTS, KINGS, SUIT_OF, TRUMP, TRUMPS, cards_of,
                     Card, count, mask_of)
from ..rng import Rng
from ..rules import Contract, ECARTABLE, ecart_trumps_needed, strength_table
from ..view import SeatView
from .evaluation import alone_threshold
from .purchase import choose_purchase

# Trumps + 2 per bout needed to take (prise) and to guard (garde), per player count.
_TAKE = {3: (9, 12), 4: (8, 11), 5: (7, 10)}
_PURCHASE_COUNT = 3  # what a purchase adds to that count, when deciding to call a partner


def hand_count(hand: int) -> int:
    """The Débutant's measure of a hand: its trumps, and 2 more per bout."""
    return count(hand & TRUMPS) + 2 * count(hand & BOUTS)


def goes_alone(view: SeatView, hand: int) -> bool:
    """Where the call is optional, the Débutant goes on without a partner when its count
    reaches :func:`~tarot.bots.evaluation.alone_threshold` of its own garde."""
    contract = view.contract
    if contract is None or not view.rules.call_optional(contract):
        return False
    garde = _TAKE[view.rules.players][1]
    purchase = view.rules.purchases(contract, called=False)
    return hand_count(hand) >= alone_threshold(garde, purchase, _PURCHASE_COUNT)


class DebutantBot:
    level = "debutant"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: SeatView) -> Action:
        phase = view.phase
        hand = mask_of(view.hand)
        if phase == "bidding":
            score = hand_count(hand)
            prise, garde = _TAKE[view.rules.players]
            contract = Contract.GARDE if score >= garde else Contract.PRISE if score >= prise else None
            bid = Bid(contract)
            return bid if contract is not None and bid in view.legal else PASS
        if phase == "calling":
            if goes_alone(view, hand):
                return NO_CALL
            calls = [a for a in view.legal if isinstance(a, Call) and a.card is not None and not hand >> a.card & 1]
            return calls[0] if calls else view.legal[0]
        if phase == "purchase":
            return choose_purchase(hand, mask_of(view.ecart))
        if phase == "ecart":
            return Ecart(tuple(_lowest_ecart(hand, view.rules.chien_size)))
        if phase == "chelem":
            return Chelem(False)
        for action in view.legal:
            if isinstance(action, (Misere, Poignee)):
                return action
        return PLAYS[_card(view, hand, view.legal_cards)]


def _lowest_ecart(hand: int, size: int) -> list[Card]:
    need = ecart_trumps_needed(hand, size)
    suit = sorted(cards_of(hand & ECARTABLE), key=lambda c: (HALF_POINTS[c], c))
    return suit[: size - need] + cards_of(hand & TRUMPS & ~BOUTS)[:need]


def _card(view: SeatView, hand: int, legal: int) -> int:
    cards = cards_of(legal)
    if len(cards) == 1:
        return cards[0]
    if legal & EXCUSE_BIT and count(hand) == 2:
        return EXCUSE_ID
    options = [c for c in cards if c != EXCUSE_ID] or cards
    strength = strength_table(view.rules)
    if not view.trick:
        kings = [c for c in options if KINGS >> c & 1]
        if kings:
            return kings[0]
        return min(options, key=lambda c: (SUIT_OF[c] == TRUMP, strength[c]))
    led = next((SUIT_OF[c] for c in view.trick if c != EXCUSE_ID), -1)
    best = -2
    for c in view.trick:
        if c == EXCUSE_ID:
            continue
        st = strength[c] if SUIT_OF[c] in (led, TRUMP) else -1
        best = max(best, st)
    winners = [c for c in options if (SUIT_OF[c] in (led, TRUMP) or led < 0) and strength[c] > best]
    if winners:
        return min(winners, key=lambda c: strength[c])
    return min(options, key=lambda c: (HALF_POINTS[c], strength[c]))
