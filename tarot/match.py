"""Playing deals out: one deal with bots, and a match of deals with the dealer rotating."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .rules import Rules
from .state import Deal

if TYPE_CHECKING:
    from .bots import Bot

_MASK64 = (1 << 64) - 1


def deal_seed(base: int, index: int) -> int:
    """The seed of the ``index``-th deal of a series started from ``base``."""
    return (base * 0x9E3779B97F4A7C15 + index * 0xBF58476D1CE4E5B9 + index) & _MASK64


def match_points(result: dict[str, Any], players: int) -> list[int]:
    """What a finished deal adds to each seat's total in a match, from its record's
    ``result``: the tokens under traditional scoring (where pots and tokens replace the
    score sheet), else the scores; nothing for a deal without either."""
    values = result.get("tokens", result.get("scores")) or [0] * players
    return [int(x) for x in values[:players]]


def play_out(deal: Deal, bots: Sequence[Bot]) -> Deal:
    """Let ``bots[seat]`` take every decision until the deal is over."""
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None  # a deal that is not over has a seat to act
        deal.apply(bots[seat].choose(deal.view(seat)), seat=seat)
    return deal


@dataclass
class Match:
    """A series of deals at one table: the dealer moves to the next seat after every deal,
    redeals included; ``totals`` add up each seat's scores (always summing to 0)."""

    rules: Rules
    first_deal: int = 0  # the deal number of the first deal; deal k uses number first_deal + k
    records: list[dict[str, Any]] = field(default_factory=list)  # finished deals, redeals included

    @property
    def dealer(self) -> int:
        return len(self.records) % self.rules.players

    @property
    def deal_number(self) -> int:
        return self.first_deal + len(self.records)

    @property
    def pots(self) -> tuple[tuple[int, ...], tuple[bool, ...]]:
        """Traditional scoring: the pots on the table (and which were doubled) after the last deal."""
        if not self.records:
            return (), ()
        result = self.records[-1]["result"]
        return tuple(result.get("pots", ())), tuple(result.get("pots_doubled", ()))

    def new_deal(self) -> Deal:
        pots, doubled = self.pots
        return Deal.new(self.rules, dealer=self.dealer, seed=self.deal_number, pots=pots, pots_doubled=doubled)

    def finish(self, deal: Deal) -> None:
        if not deal.is_over:
            raise ValueError("the deal is not over")
        self.records.append(deal.to_record())

    @property
    def totals(self) -> list[int]:
        return self._add_up(lambda result: result.get("scores", []))

    @property
    def standings(self) -> list[int]:
        """What the match counts for each seat (:func:`match_points` added up): the
        tokens under traditional scoring, else the scores."""
        return self._add_up(lambda result: match_points(result, self.rules.players))

    @property
    def token_totals(self) -> list[int]:
        """Traditional scoring: each seat's tokens won or lost over the match."""
        return self._add_up(lambda result: result.get("tokens", []))

    def _add_up(self, values: Callable[[dict[str, Any]], Sequence[int]]) -> list[int]:
        """Each seat's sum of ``values(result)`` over the finished deals' results."""
        totals = [0] * self.rules.players
        for record in self.records:
            for seat, value in enumerate(values(record["result"])):
                totals[seat] += value
        return totals
