"""The result of a deal: one typed, frozen record that the page, the command line,
the match and the tournament all read, with its ``tarot-deal/1`` JSON form."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .rules import Contract, Rules
from .scoring import DealScore

if TYPE_CHECKING:
    from .traditional import TokenStep


@dataclass(frozen=True)
class Prime:
    """A prime paid to or by one player, never multiplied (a misère; a poignée with
    ``individual_primes``): ``won`` when the player's side won the deal (or, for a
    defender's poignée under ``handful_against_taker``, always)."""

    seat: int
    kind: str  # "misere" or "poignee"
    name: str  # atout / tetes; simple / double / triple
    value: int  # what each other player pays (or is paid)
    won: bool

    def share(self, seat: int, players: int) -> int:
        """What ``seat`` scores from this prime."""
        sign = 1 if self.won else -1
        return sign * self.value * (players - 1) if seat == self.seat else -sign * self.value


@dataclass(frozen=True)
class DealResult:
    """How a deal ended: dealt again (``redeal``), or counted and scored.

    For a counted deal: the attack's card points (``half_points``, in half points) and
    bouts, petit au bout and chelem (``"attack"``/``"defense"``; the chelem outcome),
    the poignées and misères declared, the FFT calculation per defender (``score``),
    the primes paid player by player, and each seat's score.  With
    ``traditional_scoring`` also each seat's tokens, the pots after the deal and the
    payments that made them (``token_steps``, not part of the record).
    """

    rules: Rules
    scores: tuple[int, ...]
    redeal: str | None = None  # "all_passed" or "petit_sec"
    taker: int | None = None
    partner: int | None = None
    contract: Contract | None = None
    half_points: int = 0
    bouts: int = 0
    piles: tuple[int, int] = (0, 0)  # the cards the defence and the attack end with (masks)
    petit_au_bout: str | None = None
    chelem: str | None = None
    poignees: tuple[tuple[int, str], ...] = ()
    miseres: tuple[tuple[int, str], ...] = ()
    score: DealScore | None = None  # the calculation; None for a redeal
    primes: tuple[Prime, ...] = ()
    tokens: tuple[int, ...] | None = None
    pots: tuple[int, ...] | None = None  # after the deal
    pots_doubled: tuple[bool, ...] | None = None
    token_steps: tuple[TokenStep, ...] = field(default=(), compare=False)
    petit_sec: tuple[int, ...] = field(default=(), compare=False)  # seats showing a petit sec (not in the record)

    @property
    def points(self) -> int | float:
        """The attack's card points as a player writes them (``40``, ``40.5``)."""
        return self.half_points // 2 if self.half_points % 2 == 0 else self.half_points / 2

    @property
    def card_points(self) -> tuple[int, int]:
        """The half points of the defence and of the attack (they add up to 182)."""
        return 182 - self.half_points, self.half_points

    @property
    def made(self) -> bool:
        return self.score is not None and self.score.made

    @property
    def target(self) -> int:
        return self.score.target if self.score is not None else 0

    @property
    def shares(self) -> tuple[int, int, int]:
        """How many times the value per defender the taker, the partner and each defender score."""
        return self.rules.shares(self.partner is not None)

    def to_json(self) -> dict[str, object]:
        """The record's ``result`` object (``tarot-deal/1``)."""
        out: dict[str, object]
        if self.redeal is not None:
            out = {"redeal": self.redeal}
        else:
            assert self.contract is not None
            out = {
                "taker": self.taker,
                "partner": self.partner,
                "contract": self.contract.code,
                "points": self.points,
                "bouts": self.bouts,
                "target": self.target,
                "made": self.made,
                "petit_au_bout": self.petit_au_bout,
                "chelem": self.chelem,
                "poignees": [{"seat": s, "size": size} for s, size in self.poignees],
            }
            if self.rules.misere:
                out["miseres"] = [{"seat": s, "kind": k} for s, k in self.miseres]
            out["scores"] = list(self.scores)
        if self.tokens is not None and self.pots is not None:
            out["tokens"] = list(self.tokens)
            out["pots"] = list(self.pots)
            if self.pots_doubled and any(self.pots_doubled):
                out["pots_doubled"] = list(self.pots_doubled)
        return out
