"""Playing deals out: one deal with bots, and a match of deals with the dealer rotating."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .result import DealResult
from .rules import Rules
from .state import Deal

if TYPE_CHECKING:
    from .bots import Bot

_MASK64 = (1 << 64) - 1


def deal_seed(base: int, index: int) -> int:
    """The seed of the ``index``-th deal of a series started from ``base``."""
    return (base * 0x9E3779B97F4A7C15 + index * 0xBF58476D1CE4E5B9 + index) & _MASK64


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
    redeals included; ``totals`` add up each seat's scores (always summing to 0).

    Each finished deal is kept twice over: its typed result (``results``), which the
    match adds up, and its ``tarot-deal/1`` record (``records``), the JSON that is saved,
    exported and replayed.  :meth:`finish` and :meth:`take_back` keep the two in step."""

    rules: Rules
    first_deal: int = 0  # the deal number of the first deal; deal k uses number first_deal + k
    records: list[dict[str, Any]] = field(default_factory=list, init=False)  # finished deals, redeals included
    results: list[DealResult] = field(default_factory=list, init=False)  # their results, in the same order

    @property
    def dealer(self) -> int:
        return len(self.records) % self.rules.players

    @property
    def deal_number(self) -> int:
        return self.first_deal + len(self.records)

    @property
    def pots(self) -> tuple[tuple[int, ...], tuple[bool, ...]]:
        """Traditional scoring: the pots on the table (and which were doubled) after the last deal."""
        if not self.results:
            return (), ()
        result = self.results[-1]
        return result.pots or (), result.pots_doubled or ()

    def new_deal(self) -> Deal:
        pots, doubled = self.pots
        return Deal.new(self.rules, dealer=self.dealer, seed=self.deal_number, pots=pots, pots_doubled=doubled)

    def finish(self, deal: Deal) -> None:
        if not deal.is_over or deal.result is None:
            raise ValueError("the deal is not over")
        self.records.append(deal.to_record())
        self.results.append(deal.result)

    def take_back(self) -> None:
        """The last finished deal leaves the match again (a lesson stepping back into it)."""
        self.records.pop()
        self.results.pop()

    @property
    def totals(self) -> list[int]:
        return self._add_up(lambda result: result.scores)

    @property
    def standings(self) -> list[int]:
        """What the match counts for each seat (:attr:`DealResult.match_points` added up):
        the tokens under traditional scoring, else the scores."""
        return self._add_up(lambda result: result.match_points)

    @property
    def token_totals(self) -> list[int]:
        """Traditional scoring: each seat's tokens won or lost over the match."""
        return self._add_up(lambda result: result.tokens or ())

    def _add_up(self, values: Callable[[DealResult], Sequence[int]]) -> list[int]:
        """Each seat's sum of ``values(result)`` over the finished deals' results."""
        return add_up(self.results, values, self.rules.players)


def add_up(results: Sequence[DealResult], values: Callable[[DealResult], Sequence[int]], players: int) -> list[int]:
    """Each seat's sum of ``values(result)`` over ``results``."""
    totals = [0] * players
    for result in results:
        for seat, value in enumerate(values(result)):
            totals[seat] += value
    return totals
