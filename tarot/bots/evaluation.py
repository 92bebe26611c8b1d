"""Judging a hand before the play: the points scale for bidding, and when a chelem is sure.

The scale counts what the book counts: the 21, the Excuse, the Petit (worth more
the more trumps guard it), each trump and the long trumps, the major trumps,
kings, a queen with her king, lone honours, long suits and voids (which let
trumps cut).  A contract is bid when the points reach its threshold, which
depends on the number of players (a hand holds more cards with fewer players).
"""
from __future__ import annotations

from ..cards import (BOUTS, EXCUSE_BIT, FIRST_TRUMP, KING, KNIGHT, PETIT_BIT, QUEEN, SUIT_MASKS,
                     TRUMPS, VINGT_ET_UN, count, suit_card)
from ..rules import Contract

_MAJOR_TRUMPS = sum(1 << (FIRST_TRUMP + r - 1) for r in range(16, 21))  # 16 to 20
_21_BIT = 1 << VINGT_ET_UN

# Trumps an average hand holds: 21 x hand size / 78; long trumps count from there.
_AVERAGE_TRUMPS = {3: 6, 4: 5, 5: 4}


def petit_points(trumps: int) -> int:
    """The Petit is worth more the more trumps guard it (``trumps`` counts the Petit)."""
    return {0: 0, 1: 0, 2: 2, 3: 3, 4: 5, 5: 7}.get(trumps, 8)


def scale_items(hand: int, players: int = 4) -> list[tuple[str, int, dict[str, int]]]:
    """What the points scale counts in ``hand`` (a mask), item by item, in the scale's order:
    ``(code, points, params)`` with ``n`` a count and ``suit`` a suit index; nothing worth 0.

    The weights follow the book's order of importance and were checked against
    many deals played out by the bots: the bouts first, then each trump (more
    past an average holding, more for the major trumps 16 to 20), the kings, a
    queen with her king, lone honours, long suits, and voids when trumps are long
    enough to use them.
    """
    trumps = hand & TRUMPS
    t = count(trumps)
    average = _AVERAGE_TRUMPS[players]
    out: list[tuple[str, int, dict[str, int]]] = []
    if hand & _21_BIT:
        out.append(("vingt_et_un", 8, {}))
    if hand & EXCUSE_BIT:
        out.append(("excuse", 8, {}))
    if hand & PETIT_BIT:
        out.append(("petit", petit_points(t), {"n": t - 1}))
    out.append(("trumps", 2 * t, {"n": t}))
    if t > average:
        out.append(("long_trumps", t - average, {"n": t - average}))  # each one past an average holding
    majors = count(hand & _MAJOR_TRUMPS)
    out.append(("major_trumps", majors, {"n": majors}))
    for suit in range(4):
        cards = hand & SUIT_MASKS[suit]
        n = count(cards)
        king = bool(cards & (1 << suit_card(KING, suit)))
        queen = bool(cards & (1 << suit_card(QUEEN, suit)))
        if king:
            out.append(("king", 3, {"suit": suit}))
            if queen:
                out.append(("mariage", 3, {"suit": suit}))  # the queen with her king
        elif queen:
            out.append(("queen", 2 if n >= 3 else 1, {"suit": suit}))
        if cards & (1 << suit_card(KNIGHT, suit)):
            out.append(("knight", 1, {"suit": suit}))
        if n > 4:
            out.append(("long_suit", n - 4, {"suit": suit, "n": n}))
        if n == 0 and t >= average + 2:
            out.append(("void", 2, {"suit": suit}))  # a void the long trumps can use
    return [item for item in out if item[1]]


def hand_count(hand: int) -> int:
    """The Débutant's measure of a hand: its trumps, and 2 more per bout."""
    return count(hand & TRUMPS) + 2 * count(hand & BOUTS)


def hand_points(hand: int, players: int = 4) -> int:
    """The bidding value of ``hand`` (a mask) on the points scale: its items added up."""
    return sum(points for _, points, _ in scale_items(hand, players))


# Thresholds per player count: the lowest points that bid each contract.
THRESHOLDS: dict[int, dict[Contract, int]] = {
    3: {Contract.PRISE: 35, Contract.GARDE: 38, Contract.GARDE_SANS: 46, Contract.GARDE_CONTRE: 52},
    4: {Contract.PRISE: 29, Contract.GARDE: 34, Contract.GARDE_SANS: 44, Contract.GARDE_CONTRE: 50},
    5: {Contract.PRISE: 22, Contract.GARDE: 24, Contract.GARDE_SANS: 32, Contract.GARDE_CONTRE: 38},
}


# The taker of a prise who may call a partner or go on without one (Pagat, 4 players,
# ``prise_partner``) plays alone from this many points past the garde's threshold, less what
# a purchase is worth when the rules give one instead of the partner: a call shares the
# deal's value but a partner makes the prise far more often (measured in docs/bots.md).
ALONE_OVER_GARDE = 2
PURCHASE_POINTS = 4


def contract_for(points: int, players: int) -> Contract | None:
    """The highest contract the points reach (``None``: pass)."""
    best = None
    for contract, threshold in THRESHOLDS[players].items():
        if points >= threshold:
            best = contract
    return best


def sure_chelem(hand: int, unseen_trumps: int) -> bool:
    """Whether leading out ``hand`` wins every trick whatever the others hold.

    True when the trumps at the top of the hand outnumber the trumps the others may
    hold (so that leading them draws every trump), and each suit held is a run
    from its king down that no unseen card of the suit breaks into.
    """
    mine = hand & TRUMPS
    others = count(unseen_trumps)
    top = 0
    for r in range(21, 0, -1):
        if mine & (1 << (FIRST_TRUMP + r - 1)):
            top += 1
        else:
            break
    if top < others:
        return False
    for suit in range(4):
        cards = hand & SUIT_MASKS[suit]
        if not cards:
            continue
        held = count(cards)
        # a suit is sure if it is a run from the king: K, KQ, KQN...
        for r in range(KING, KING - held, -1):
            if not cards & (1 << suit_card(r, suit)):
                return False
    return count(mine) >= others


def alone_threshold(garde: int, purchase: bool, purchase_points: int = PURCHASE_POINTS) -> int:
    """The points from which the taker of a prise goes on without calling a partner, where the
    rules let him choose: :data:`ALONE_OVER_GARDE` past ``garde`` (the garde's threshold on
    the same scale), ``purchase_points`` fewer when a purchase comes instead (a card bought,
    most often a king)."""
    return garde + ALONE_OVER_GARDE - (purchase_points if purchase else 0)
