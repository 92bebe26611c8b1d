"""The one place the page reads a deal's result.

The engine's ``deal.result`` (also ``SeatView.result`` and a record's ``"result"``)
is read here only, and always handed on in its JSON form (a plain dict, as in a
``tarot-deal/1`` record), so that the rest of the page does not depend on how
the engine holds it.
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


def redeal_reason(result: object) -> str | None:
    """``all_passed`` or ``petit_sec`` when the deal was dealt again, else ``None``."""
    data = result_json(result)
    return None if data is None else data.get("redeal")
