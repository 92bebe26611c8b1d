"""Cards, their notation and the bit masks the hot paths work with.

A card is a small integer (0..77) wrapped in :class:`Card`, which prints in the
notation of the deal record (``KH``, ``T21``, ``EX``).  Suit cards come first
(14 per suit, ace to king), then the trumps T1..T21, then the Excuse.  A set of
cards is an ``int`` bit mask: bit ``c`` is set when card ``c`` is in the set.
"""
from __future__ import annotations

from typing import Iterable

from .inputs import Invalid, quote

SUITS = "SHDC"  # pique, cœur, carreau, trèfle
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
TRUMP = 4  # the "suit" of trumps (and of nothing else)
RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
JACK, KNIGHT, QUEEN, KING = 11, 12, 13, 14  # rank numbers (ace is 1)

N_CARDS = 78
FIRST_TRUMP = 56  # T1, le Petit
EXCUSE_ID = 77


class Card(int):
    """One of the 78 cards; an ``int`` that prints in record notation."""

    __slots__ = ()

    def __str__(self) -> str:
        return NOTATION[self]

    def __repr__(self) -> str:
        return f"Card({NOTATION[self]!r})"

    @property
    def suit(self) -> int:
        """0..3 for the suits (S, H, D, C), 4 for a trump, -1 for the Excuse."""
        return SUIT_OF[self]

    @property
    def rank(self) -> int:
        """1..14 for a suit card (14 = king), 1..21 for a trump, 0 for the Excuse."""
        return RANK_OF[self]

    @property
    def is_trump(self) -> bool:
        return FIRST_TRUMP <= self < EXCUSE_ID

    @property
    def is_bout(self) -> bool:
        return bool(BOUTS & (1 << self))

    @property
    def is_king(self) -> bool:
        return self < FIRST_TRUMP and self % 14 == 13

    @property
    def half_points(self) -> int:
        """Card points counted in half points (a king is 9, a low card 1)."""
        return HALF_POINTS[self]

    @property
    def points(self) -> float:
        return HALF_POINTS[self] / 2


def _notation(c: int) -> str:
    if c == EXCUSE_ID:
        return "EX"
    if c >= FIRST_TRUMP:
        return f"T{c - FIRST_TRUMP + 1}"
    return RANKS[c % 14] + SUITS[c // 14]


NOTATION: tuple[str, ...] = tuple(_notation(c) for c in range(N_CARDS))
CARDS: tuple[Card, ...] = tuple(Card(c) for c in range(N_CARDS))
_BY_NOTATION = {s: CARDS[c] for c, s in enumerate(NOTATION)}

SUIT_OF = tuple(-1 if c == EXCUSE_ID else TRUMP if c >= FIRST_TRUMP else c // 14 for c in range(N_CARDS))
RANK_OF = tuple(0 if c == EXCUSE_ID else c - FIRST_TRUMP + 1 if c >= FIRST_TRUMP else c % 14 + 1 for c in range(N_CARDS))


def suit_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1..14) in ``suit`` (0..3)."""
    return CARDS[suit * 14 + rank - 1]


def trump(n: int) -> Card:
    """The trump numbered ``n`` (1..21)."""
    return CARDS[FIRST_TRUMP + n - 1]


PETIT = trump(1)
VINGT_ET_UN = trump(21)
EXCUSE = CARDS[EXCUSE_ID]

# --- masks -------------------------------------------------------------------
ALL_CARDS = (1 << N_CARDS) - 1
SUIT_MASKS = tuple(((1 << 14) - 1) << (14 * s) for s in range(4))
TRUMPS = ((1 << 21) - 1) << FIRST_TRUMP
EXCUSE_BIT = 1 << EXCUSE_ID
PETIT_BIT = 1 << FIRST_TRUMP
BOUTS = PETIT_BIT | (1 << (FIRST_TRUMP + 20)) | EXCUSE_BIT
KINGS = sum(1 << (s * 14 + 13) for s in range(4))
FACES = sum(1 << (s * 14 + r) for s in range(4) for r in (10, 11, 12, 13))  # J, N, Q, K
RANK_MASKS = {r: sum(1 << (s * 14 + r - 1) for s in range(4)) for r in range(1, 15)}
# For a mask m, "m & MASK_FOR_SUIT[s]" keeps the cards of suit s (s = TRUMP for trumps).
MASK_FOR_SUIT = SUIT_MASKS + (TRUMPS,)


def _half_points(c: int) -> int:
    if BOUTS & (1 << c):
        return 9
    if c >= FIRST_TRUMP:
        return 1
    return {14: 9, 13: 7, 12: 5, 11: 3}.get(c % 14 + 1, 1)


HALF_POINTS: tuple[int, ...] = tuple(_half_points(c) for c in range(N_CARDS))


def parse_card(token: object) -> Card:
    """The card written ``token`` in record notation; strict and case-sensitive.

    Raises ``ValueError`` naming the bad token.
    """
    card = _BY_NOTATION.get(token) if isinstance(token, str) else None
    if card is None:
        raise Invalid(f"not a card: {quote(token)}", "card", value=quote(token))
    return card


def parse_cards(tokens: Iterable[object]) -> list[Card]:
    return [parse_card(t) for t in tokens]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def count(mask: int) -> int:
    return mask.bit_count()


# The cards worth more than a half point (kings, bouts, queens, cavaliers, jacks), as
# masks by value, each with the half points it adds to the one every card counts.
_EXTRA_HALVES = tuple((sum(1 << c for c in range(N_CARDS) if HALF_POINTS[c] == v), v - 1)
                      for v in sorted(set(HALF_POINTS)) if v > 1)


def half_points_of(mask: int) -> int:
    """The half points of the cards of ``mask`` (twice their card points)."""
    total = mask.bit_count()
    for cards, extra in _EXTRA_HALVES:
        total += extra * (mask & cards).bit_count()
    return total


def sort_for_hand(cards: Iterable[Card]) -> list[Card]:
    """The order a hand is shown in: the trumps (high to low) and the Excuse, then
    spades, hearts, clubs, diamonds (alternating colours), each suit king first."""
    suit_order = {SPADES: 1, HEARTS: 2, CLUBS: 3, DIAMONDS: 4}

    def key(c: Card) -> tuple[int, int]:
        if c == EXCUSE_ID:
            return (0, 0)
        if c >= FIRST_TRUMP:
            return (0, -RANK_OF[c])
        return (suit_order[SUIT_OF[c]], -RANK_OF[c])

    return sorted(cards, key=key)
