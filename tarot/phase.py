"""The phases of a deal (:class:`tarot.state.Deal` moves through them in order)."""
from __future__ import annotations

from enum import Enum


class Phase(str, Enum):
    """The phases of a deal, in order (``calling`` where the taker calls a partner,
    ``ecart`` for prise and garde, ``purchase`` with that option after a prise)."""

    BIDDING = "bidding"
    CALLING = "calling"
    ECART = "ecart"
    PURCHASE = "purchase"
    CHELEM = "chelem"
    PLAY = "play"
    DONE = "done"

    def __str__(self) -> str:
        return self.value
