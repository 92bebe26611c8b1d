"""Dealing the cards as at the table: packets of three, the chien one card at a time.

The deck is shuffled with a seeded :class:`~tarot.rng.Rng`; the dealer gives
packets of three cards to each seat in turn starting at their right
(seat ``dealer + 1``), and puts single cards in the chien between packets,
never as the first or the last card dealt.
"""
from __future__ import annotations

from .cards import CARDS, Card, EXCUSE_BIT, PETIT_BIT, TRUMPS, mask_of
from .rng import Rng
from .rules import Rules


def deal_cards(rules: Rules, dealer: int, seed: int) -> tuple[list[list[Card]], list[Card]]:
    """Hands (one list per seat, in the order dealt) and the chien for ``seed``."""
    rng = Rng(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    n = rules.players
    packets = n * rules.hand_size // 3
    # A chien card may follow any packet but the last; at most one per gap.
    gaps = sorted(rng.sample(list(range(packets - 1)), rules.chien_size))
    hands: list[list[Card]] = [[] for _ in range(n)]
    chien: list[Card] = []
    pos = 0
    next_gap = 0
    for p in range(packets):
        seat = (dealer + 1 + p) % n
        hands[seat].extend(deck[pos:pos + 3])
        pos += 3
        if next_gap < len(gaps) and gaps[next_gap] == p:
            chien.append(deck[pos])
            pos += 1
            next_gap += 1
    return hands, chien


def is_petit_sec(hand: list[Card] | int) -> bool:
    """The Petit is the hand's only trump and the hand has no Excuse."""
    m = hand if isinstance(hand, int) else mask_of(hand)
    return (m & TRUMPS) == PETIT_BIT and not m & EXCUSE_BIT
