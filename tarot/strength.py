"""The bidding aid: a hand's value on the Standard bot's points scale, item by item.

:func:`items` lists what :func:`tarot.bots.evaluation.hand_points` counts (the 21,
the Excuse, the Petit with its trumps, the trumps, long trumps, major trumps, kings,
a queen with her king, lone honours, long suits, voids), each with its points;
they add up to ``hand_points`` (a test checks it on many hands), and
:func:`suggestion` gives the contract the scale suggests.  Words for each item are
in :data:`WORDS`.

>>> from tarot.cards import parse_cards
>>> hand = parse_cards("T21 EX T1 T5 T8 KH QH 2S".split())
>>> [(i.code, i.points) for i in items(hand, 4)][:4]
[('vingt_et_un', 8), ('excuse', 8), ('petit', 5), ('trumps', 8)]
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .bots.evaluation import THRESHOLDS, contract_for, hand_points, petit_points
from .cards import (EXCUSE_BIT, FIRST_TRUMP, KING, KNIGHT, PETIT_BIT, QUEEN, SUIT_MASKS, TRUMPS, VINGT_ET_UN,
                    Card, count, mask_of, suit_card)
from .rules import Contract

# As in tarot.bots.evaluation (read, not changed): the major trumps and an average trump holding.
_MAJOR_TRUMPS = sum(1 << (FIRST_TRUMP + r - 1) for r in range(16, 21))
_AVERAGE_TRUMPS = {3: 6, 4: 5, 5: 4}

# code -> (French, English); {n} a count, {suit} a suit symbol.
WORDS: dict[str, tuple[str, str]] = {
    "vingt_et_un": ("Le 21", "The 21"),
    "excuse": ("L'Excuse", "The Excuse"),
    "petit": ("Le Petit, gardé par {n} atouts", "The Petit, guarded by {n} trumps"),
    "trumps": ("{n} atouts (2 points chacun)", "{n} trumps (2 points each)"),
    "long_trumps": ("Atouts longs : {n} de plus que la moyenne", "Long trumps: {n} more than average"),
    "major_trumps": ("{n} gros atouts (16 à 20)", "{n} major trumps (16 to 20)"),
    "king": ("Roi {suit}", "King {suit}"),
    "mariage": ("Dame avec son roi {suit}", "Queen with her king {suit}"),
    "queen": ("Dame sans roi {suit}", "Queen without her king {suit}"),
    "knight": ("Cavalier {suit}", "Knight {suit}"),
    "long_suit": ("Longue {suit} : {n} cartes", "Long suit {suit}: {n} cards"),
    "void": ("Coupe franche {suit} avec des atouts longs", "Void {suit} with long trumps"),
}
SUITS = "♠♥♦♣"


@dataclass(frozen=True)
class Item:
    code: str
    points: int
    params: dict[str, object] = field(default_factory=dict)

    def words(self, lang: str = "fr") -> str:
        return WORDS[self.code][0 if lang == "fr" else 1].format(**self.params)


def items(hand: Iterable[Card], players: int = 4) -> list[Item]:
    """What the points scale counts in ``hand``, in the scale's order (nothing worth 0)."""
    mask = mask_of(hand)
    trumps = mask & TRUMPS
    t = count(trumps)
    average = _AVERAGE_TRUMPS[players]
    out: list[Item] = []
    if mask >> VINGT_ET_UN & 1:
        out.append(Item("vingt_et_un", 8))
    if mask & EXCUSE_BIT:
        out.append(Item("excuse", 8))
    if mask & PETIT_BIT:
        out.append(Item("petit", petit_points(t), {"n": t - 1}))
    if t:
        out.append(Item("trumps", 2 * t, {"n": t}))
    if t > average:
        out.append(Item("long_trumps", t - average, {"n": t - average}))
    majors = count(mask & _MAJOR_TRUMPS)
    if majors:
        out.append(Item("major_trumps", majors, {"n": majors}))
    for suit in range(4):
        cards = mask & SUIT_MASKS[suit]
        n = count(cards)
        symbol: dict[str, object] = {"suit": SUITS[suit]}
        king = bool(cards >> suit_card(KING, suit) & 1)
        queen = bool(cards >> suit_card(QUEEN, suit) & 1)
        if king:
            out.append(Item("king", 3, symbol))
            if queen:
                out.append(Item("mariage", 3, symbol))
        elif queen:
            out.append(Item("queen", 2 if n >= 3 else 1, symbol))
        if cards >> suit_card(KNIGHT, suit) & 1:
            out.append(Item("knight", 1, symbol))
        if n > 4:
            out.append(Item("long_suit", n - 4, {**symbol, "n": n}))
        if n == 0 and t >= average + 2:
            out.append(Item("void", 2, symbol))
    return [i for i in out if i.points]


def total(hand: Iterable[Card], players: int = 4) -> int:
    """The hand's points: the scale's own count (``hand_points``)."""
    return hand_points(mask_of(hand), players)


def suggestion(hand: Iterable[Card], players: int = 4) -> tuple[Contract | None, int]:
    """The contract the scale suggests (``None``: pass) and the points it needs (the prise's when passing)."""
    points = total(hand, players)
    contract = contract_for(points, players)
    need = THRESHOLDS[players][contract if contract is not None else Contract.PRISE]
    return contract, need
