"""The bidding aid: a hand's value on the Standard bot's points scale, item by item.

:func:`items` words the items :func:`tarot.bots.evaluation.scale_items` counts (the
21, the Excuse, the Petit with its trumps, the trumps, long trumps, major trumps, kings,
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

from .bots.evaluation import THRESHOLDS, contract_for, hand_points, scale_items
from .cards import (Card, mask_of)
from .i18n import french_spaces
from .rules import Contract

# code -> (French, English); {n} a count ({s}: its plural's "s"), {suit} a suit symbol.
WORDS: dict[str, tuple[str, str]] = {
    "vingt_et_un": ("Le 21", "The 21"),
    "excuse": ("L'Excuse", "The Excuse"),
    "petit": ("Le Petit, gardé par {n} atout{s}", "The Petit, guarded by {n} trump{s}"),
    "trumps": ("{n} atout{s} (2 points chacun)", "{n} trump{s} (2 points each)"),
    "long_trumps": ("Atouts longs : {n} de plus que la moyenne", "Long trumps: {n} more than average"),
    "major_trumps": ("{n} gros atout{s} (16 à 20)", "{n} major trump{s} (16 to 20)"),
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
        n = self.params.get("n")
        plural = "s" if not isinstance(n, int) or n > 1 else ""
        if lang != "fr":
            return WORDS[self.code][1].format(s=plural, **self.params)
        return french_spaces(WORDS[self.code][0].format(s=plural, **self.params))


def items(hand: Iterable[Card], players: int = 4) -> list[Item]:
    """What the points scale counts in ``hand``, in the scale's order (nothing worth 0)."""
    out = []
    for code, points, params in scale_items(mask_of(hand), players):
        words: dict[str, object] = dict(params)
        if "suit" in params:
            words["suit"] = SUITS[params["suit"]]
        out.append(Item(code, points, words))
    return out


def total(hand: Iterable[Card], players: int = 4) -> int:
    """The hand's points: the scale's own count (``hand_points``)."""
    return hand_points(mask_of(hand), players)


def suggestion(hand: Iterable[Card], players: int = 4) -> tuple[Contract | None, int]:
    """The contract the scale suggests (``None``: pass) and the points it needs (the prise's when passing)."""
    points = total(hand, players)
    contract = contract_for(points, players)
    need = THRESHOLDS[players][contract if contract is not None else Contract.PRISE]
    return contract, need
