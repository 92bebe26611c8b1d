"""The bidding aid: a hand's value on the Standard bot's points scale, item by item.

:func:`items` words the items :func:`tarot.bots.evaluation.scale_items` counts (the
21, the Excuse, the Petit with its trumps, the trumps, long trumps, major trumps, kings,
a queen with her king, lone honours, long suits, voids), each with its points;
they add up to ``hand_points`` (a test checks it on many hands), and
:func:`suggestion` gives the contract the scale suggests.  Each item's code is in
:data:`CODES`; its words are the catalogues' ``strength_CODE`` (:mod:`tarot.words`).

>>> from tarot.cards import parse_cards
>>> hand = parse_cards("T21 EX T1 T5 T8 KH QH 2S".split())
>>> [(i.code, i.points) for i in items(hand, 4)][:4]
[('vingt_et_un', 8), ('excuse', 8), ('petit', 5), ('trumps', 8)]
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..bots.evaluation import THRESHOLDS, contract_for, hand_points, scale_items
from ..cards import (Card, mask_of)
from ..words import t
from ..rules import Contract

# Every item's code (its words: the catalogues' "strength_" + code; {n} a count, {s} its plural's "s",
# {suit} a suit symbol).
CODES = ("vingt_et_un", "excuse", "petit", "trumps", "long_trumps", "major_trumps", "king", "mariage", "queen",
         "knight", "long_suit", "void")
SUITS = "♠♥♦♣"


@dataclass(frozen=True)
class Item:
    code: str
    points: int
    params: dict[str, object] = field(default_factory=dict)

    def words(self, lang: str = "fr") -> str:
        n = self.params.get("n")
        plural = "s" if not isinstance(n, int) or n > 1 else ""
        return t(f"strength_{self.code}", lang, s=plural, **self.params)


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
