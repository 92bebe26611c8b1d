"""The one place the page reads a finished deal's result from its record.

A ``tarot-deal/1`` record keeps the deal's result in its JSON form (``"result"``);
the score sheet, its chart and statistics and the kept matches read it through
``result_json`` only, so that a change of that form is met here.  The deal on
show is read from the engine's typed result (``deal.result``) by ``web.render``.
"""
from __future__ import annotations

from typing import Any


def result_json(result: object) -> dict[str, Any] | None:
    """A deal's result as a plain dict (its JSON form), or ``None`` while the deal is on."""
    if result is None:
        return None
    if isinstance(result, dict):
        return result
    to_json = getattr(result, "to_json", None)
    if callable(to_json):
        data = to_json()
        if isinstance(data, dict):
            return data
    raise TypeError(f"not a deal result: {type(result).__name__}")
