"""The rules in force for a deal: player count, contracts and the optional variants.

The default is the official FFT rules; each option is off unless set.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from enum import IntEnum


class Contract(IntEnum):
    """The contracts, in bidding order; the value is the coefficient's rank."""

    PRISE = 1
    GARDE = 2
    GARDE_SANS = 3
    GARDE_CONTRE = 4

    @property
    def code(self) -> str:
        """The record name: ``prise``, ``garde``, ``garde_sans``, ``garde_contre``."""
        return self.name.lower()

    @property
    def multiplier(self) -> int:
        return MULTIPLIERS[self]

    @property
    def chien_shown(self) -> bool:
        """Prise and garde: the chien is shown and taken; the taker makes an écart."""
        return self <= Contract.GARDE

    @classmethod
    def from_code(cls, code: str) -> "Contract":
        for c in cls:
            if c.code == code:
                return c
        raise ValueError(f"not a contract: {code!r}")


MULTIPLIERS = {Contract.PRISE: 1, Contract.GARDE: 2, Contract.GARDE_SANS: 4, Contract.GARDE_CONTRE: 6}

# Target for 0, 1, 2, 3 bouts.
TARGETS = (56, 51, 41, 36)
POIGNEE_NAMES = ("simple", "double", "triple")
POIGNEE_BONUS = {"simple": 20, "double": 30, "triple": 40}
POIGNEE_TRUMPS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
HAND_SIZES = {3: 24, 4: 18, 5: 15}
CHIEN_SIZES = {3: 6, 4: 6, 5: 3}
PETIT_AU_BOUT_BONUS = 10
MISERE_BONUS = 10
MISERE_KINDS = ("atout", "tetes")  # no trump; no face card (king, queen, cavalier, valet)


@dataclass(frozen=True)
class Rules:
    """The rules of a deal.

    - ``players``: 3, 4 or 5.
    - ``misere``: the misère bonuses of the older rules (a hand with no trump, or
      with no face card, declared before the first card, 10 points from each
      other player).
    - ``petit_au_bout_within``: petit au bout counts "within" the contract: it
      lowers the target by 10 for the attack (raises it by 10 for the defence)
      instead of earning a bonus.
    - ``red_pips_reversed``: the historic ranking of the pip cards in hearts and
      diamonds: the 1 is the highest pip card and the 10 the lowest (faces keep
      their order above them).
    """

    players: int = 4
    misere: bool = False
    petit_au_bout_within: bool = False
    red_pips_reversed: bool = False

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in (3, 4, 5):
            raise ValueError(f"players must be 3, 4 or 5, not {self.players!r}")
        for f in fields(self)[1:]:
            if not isinstance(getattr(self, f.name), bool):
                raise ValueError(f"rule option {f.name} must be true or false")

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.players]

    @property
    def chien_size(self) -> int:
        return CHIEN_SIZES[self.players]

    @property
    def poignee_trumps(self) -> tuple[int, int, int]:
        """Trumps to show for a simple, double and triple poignée."""
        return POIGNEE_TRUMPS[self.players]

    def to_json(self) -> dict:
        """``players`` and every option that differs from its default."""
        out = {"players": self.players}
        for f in fields(self)[1:]:
            if getattr(self, f.name) != f.default:
                out[f.name] = getattr(self, f.name)
        return out

    @classmethod
    def from_json(cls, data: object) -> "Rules":
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rule option: {unknown[0]}")
        if "players" not in data:
            raise ValueError("rules need 'players'")
        return cls(**data)

    @staticmethod
    def options() -> list[str]:
        """The names of the optional variants."""
        return [f.name for f in fields(Rules)[1:]]

