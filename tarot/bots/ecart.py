"""The taker's écart and call, by the book.

Call: where the call is optional (4 players, ``prise_partner``) the taker goes on without
a partner when its hand reaches :func:`~tarot.bots.evaluation.alone_threshold` on the
points scale; else it calls the king of its best suit that it lacks.

Écart: make voids in the short suits that hold no king (their cards would fall
to the defence, and a void lets a trump cut), put in the écart the honours that
no king protects (their points are then safe), keep a queen with her king, and
discard trumps only when the rules force it (the lowest, never a bout).
"""
from __future__ import annotations

from ..actions import NO_CALL, Call
from ..cards import (BOUTS, HALF_POINTS, KINGS, QUEEN, RANK_OF, SUIT_MASKS, SUIT_OF, TRUMPS,
                     Card, cards_of, count, suit_card)
from ..rules import Contract, ECARTABLE, Rules, ecart_trumps_needed
from .evaluation import THRESHOLDS, alone_threshold, hand_points


def standard_ecart(hand: int, size: int, called: int | None = None) -> list[Card]:
    """A good legal écart of ``size`` cards from ``hand`` (a mask, chien included)."""
    need = ecart_trumps_needed(hand, size)
    if need:
        return cards_of(hand & ECARTABLE) + cards_of(hand & TRUMPS & ~BOUTS)[:need]
    keep_suit = SUIT_OF[called] if called is not None else -1
    picks = 0
    left = size
    # 1. voids: the shortest suits without a king, while they fit.
    suits = []
    for s in range(4):
        cards = hand & SUIT_MASKS[s]
        if cards and not cards & KINGS and s != keep_suit:
            suits.append((count(cards), -_points(cards), s))
    for n, _, s in sorted(suits):
        if n <= left:
            picks |= hand & SUIT_MASKS[s]
            left -= n
    # 2. the rest: unguarded honours first, then the cards of the shortest suits.
    if left:
        def key(c: Card) -> tuple[int, ...]:
            s = SUIT_OF[c]
            suit = hand & SUIT_MASKS[s] & ~picks
            has_king = bool(suit & KINGS)
            married_queen = has_king and RANK_OF[c] == QUEEN
            honour = RANK_OF[c] > 10
            return (
                s == keep_suit,
                married_queen,
                not (honour and not has_king),  # an honour without its king goes first
                has_king,
                count(suit),
                -HALF_POINTS[c],
                RANK_OF[c],
            )

        rest = sorted(cards_of(hand & ECARTABLE & ~picks), key=key)
        for c in rest[:left]:
            picks |= 1 << c
    return cards_of(picks)


def _points(mask: int) -> int:
    return sum(HALF_POINTS[c] for c in cards_of(mask))


def alone_points(rules: Rules, contract: Contract) -> int:
    """The points on the scale from which the taker of ``contract`` goes on without calling,
    where the rules let him (:func:`~tarot.bots.evaluation.alone_threshold`, the purchase
    counting where the rules give one instead)."""
    garde = THRESHOLDS[rules.players][Contract.GARDE]
    return alone_threshold(garde, rules.purchases(contract, called=False))


def goes_alone(hand: int, rules: Rules, contract: Contract) -> bool:
    """Whether the taker, who may go on without a partner, does so: its hand (before the
    chien) reaches :func:`alone_points` on the points scale."""
    return rules.call_optional(contract) and hand_points(hand, rules.players) >= alone_points(rules, contract)


def book_call(hand: int, callable_cards: list[Card], rules: Rules, contract: Contract) -> Call:
    """The taker's call by the book: none where it may go on alone and its hand is strong
    enough (:func:`goes_alone`), else :func:`standard_call`'s card."""
    if goes_alone(hand, rules, contract):
        return NO_CALL
    return Call(standard_call(hand, callable_cards))


def standard_call(hand: int, callable_cards: list[Card]) -> Card:
    """The card to call, from those the rules allow.

    Never one of ours when another is allowed; the king of the suit where we hold
    the most, the queen counting double (she becomes a master once the king falls).
    """
    others = [c for c in callable_cards if not hand >> c & 1] or list(callable_cards)

    def score(c: Card) -> tuple[int, ...]:
        s = SUIT_OF[c]
        cards = hand & SUIT_MASKS[s]
        queen = bool(cards & (1 << suit_card(QUEEN, s)))
        return (count(cards) + 2 * queen, RANK_OF[c], -s)

    return max(others, key=score)


__all__ = ["alone_points", "book_call", "goes_alone", "standard_ecart", "standard_call"]
