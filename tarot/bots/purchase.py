"""What every bot does at the purchase (Pagat, 3 and 4 players, option ``purchase``).

Buy the king of the longest suit that lacks one (it makes that suit's cards safer), or
else the highest card missing; give the cheapest card of the shortest suit (towards a
void), a trump only when nothing else is left.  (With ``prise_partner`` the taker of a
prise may call a partner instead: each level decides that with its bidding scale, see
:func:`tarot.bots.ecart.book_call`.)
"""
from __future__ import annotations

from ..actions import Purchase
from ..cards import (FIRST_TRUMP, HALF_POINTS, KING, RANK_MASKS, RANK_OF, SUIT_MASKS, TRUMPS, Card,
                     cards_of, count)


def choose_purchase(hand: int, ecart: int) -> Purchase:
    """The card to buy (a suit card held by another seat) and the card to give for it."""
    elsewhere = sum(SUIT_MASKS) & ~hand & ~ecart
    kings = [c for c in cards_of(elsewhere & RANK_MASKS[KING])]
    if kings:
        card = max(kings, key=lambda c: (count(hand & SUIT_MASKS[c // 14]), -c))
    else:
        card = max(cards_of(elsewhere), key=lambda c: (RANK_OF[c], -c))
    suits = [s for s in range(4) if hand & SUIT_MASKS[s] & ~RANK_MASKS[KING]]
    if suits:
        shortest = min(suits, key=lambda s: (count(hand & SUIT_MASKS[s]), s))
        pool = cards_of(hand & SUIT_MASKS[shortest] & ~RANK_MASKS[KING])
    else:
        pool = cards_of(hand & TRUMPS & ~(1 << FIRST_TRUMP) & ~(1 << (FIRST_TRUMP + 20))) or cards_of(hand)
    give: Card = min(pool, key=lambda c: (HALF_POINTS[c], RANK_OF[c], c))
    return Purchase(card, give)
