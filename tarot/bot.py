"""What a bot is, and what it says: the :class:`Bot` protocol, a :class:`Decision` and its :class:`Reason`.

A bot decides from one seat's view (:class:`~tarot.view.SeatView`).  ``choose(view)``
returns the action alone (the fast path of self-play and search); ``decide(view)``
returns the same action with the reason the bot chose it, a :class:`Reason`: a stable
code (its words are the catalogues' ``reason_CODE``, :mod:`tarot.words`) and its
parameters (cards in record notation, suits as numbers, contracts by code).

>>> from tarot.actions import Bid
>>> from tarot.rules import Contract
>>> d = Decision(Bid(Contract.PRISE), Reason("bid_points", {"points": 42, "contract": "prise", "threshold": 40}))
>>> d.reason.code, d.reason.to_json()["params"]["points"]
('bid_points', 42)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from .actions import Action
from .i18n import contract_name, explain as explain_code
from .view import SeatView


@dataclass(frozen=True)
class Reason:
    """Why an action: a code (``tarot.teaching.hints.REASON_CODES``) and its parameters."""

    code: str
    params: dict[str, object] = field(default_factory=dict)

    def explain(self, lang: str = "fr") -> str:
        """The reason in the words of ``lang``."""
        words = dict(self.params)
        value = words.get("contract")
        if isinstance(value, str):
            words["contract"] = contract_name(value, lang)
        return explain_code(self.code, words, lang)

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "params": dict(self.params)}


@dataclass(frozen=True)
class Decision:
    """A bot's action and why it took it."""

    action: Action
    reason: Reason


class Bot(Protocol):
    """A player: ``choose`` the action for the seat of ``view`` (which must be to act);
    ``decide`` the same action with its reason."""

    level: str

    def choose(self, view: SeatView) -> Action: ...

    def decide(self, view: SeatView) -> Decision: ...


__all__ = ["Bot", "Decision", "Reason"]
