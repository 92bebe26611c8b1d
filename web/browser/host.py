"""What a framed table tells the page that holds it (the ``<tarot-deal>`` tag, web/tarot-deal.js).

A table in a frame posts two kinds of message to its parent window, which the tag turns
into DOM events on its element: ``tarot-step`` after each action (the step, the phase, the
seat to act) and ``tarot-done`` once when a deal ends (its number and its result as the
record writes it: ``tarot-deal/1``'s ``result``). Nothing hidden goes out: the result is
what the end of the deal shows everyone.  :class:`HostLink` is pure; web/browser/table.py
posts what it returns.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..draw.render import phase_of
from ..match.screen import Screen

STEP = "tarot-step"
DONE = "tarot-done"


@dataclass
class HostLink:
    """The messages due since the last screen drawn: one step per change, one end per deal."""

    step: tuple[int, int, int] | None = None  # (deal, step, whether over) last told
    done: tuple[int, int] | None = None  # (deal, step) whose end was told

    def messages(self, screen: Screen, result: dict[str, Any] | None) -> list[dict[str, Any]]:
        """The messages for ``screen`` (``result``: the deal's result as a record writes it, once over)."""
        out: list[dict[str, Any]] = []
        phase = phase_of(screen)
        if phase in ("loading", "setup"):
            return out
        at = (screen.deal_number, screen.step, int(result is not None))
        if at != self.step:
            self.step = at
            to_act = screen.view.to_act
            out.append({"type": STEP, "detail": {"deal": screen.deal_number, "step": screen.step,
                                                 "phase": phase, "toAct": to_act}})
        ended = (screen.deal_number, screen.step)
        if result is not None and ended != self.done:
            self.done = ended
            out.append({"type": DONE, "detail": {"deal": screen.deal_number, "players": screen.view.rules.players,
                                                 "result": result}})
        return out
