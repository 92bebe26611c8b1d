"""Finished matches kept in the browser: their ``tarot-deal/1`` records, newest first.

Saved under the key ``tarot.history`` as ``{"format": "tarot-history", "version": 1,
"matches": [...]}``; each match is ``{"ended": ISO date, "settings": {...},
"records": [...]}``.  A damaged history is read as empty, never as an error; one that
is not JSON, or nested too deeply to be read safely, is dropped (:func:`load_history`).
"""
from __future__ import annotations

import json
from typing import Any

from tarot.inputs import load_json
from tarot.match import match_points

from .outcome import result_json

HISTORY_KEY = "tarot.history"
HISTORY_FORMAT = "tarot-history"
HISTORY_VERSION = 1
MAX_MATCHES = 30


def parse_history(text: object) -> list[dict[str, Any]]:
    """The matches a saved history holds (the well-formed ones); ``[]`` if none or unreadable."""
    try:
        return load_history(text)
    except ValueError:
        return []


def load_history(text: object) -> list[dict[str, Any]]:
    """The matches a saved history holds (the well-formed ones; ``[]`` if none, or of
    another format); ``ValueError`` when the text is refused unparsed (nested too deeply,
    :func:`tarot.inputs.load_json`) or is not JSON: the page then drops it."""
    if not isinstance(text, str) or not text:
        return []
    data = load_json(text)
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT \
            or data.get("version") != HISTORY_VERSION or not isinstance(data.get("matches"), list):
        return []
    return [m for m in data["matches"] if _well_formed(m)][:MAX_MATCHES]


def _well_formed(match: object) -> bool:
    return (isinstance(match, dict) and isinstance(match.get("ended"), str)
            and isinstance(match.get("settings"), dict) and isinstance(match.get("settings", {}).get("players"), int)
            and isinstance(match.get("records"), list)
            and all(isinstance(r, dict) and isinstance(r.get("result"), dict) for r in match["records"]))


def archived(matches: list[dict[str, Any]], settings: dict[str, Any], records: list[dict[str, Any]],
             ended: str) -> list[dict[str, Any]]:
    """``matches`` with a match that just ended put first (a match with no finished deal is not kept)."""
    if not records:
        return list(matches)
    entry = {"ended": ended, "settings": dict(settings), "records": list(records)}
    return [entry] + list(matches)[:MAX_MATCHES - 1]


def history_text(matches: list[dict[str, Any]]) -> str:
    return json.dumps({"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "matches": matches},
                      separators=(",", ":"))


def match_totals(match: dict[str, Any]) -> list[int]:
    """Each seat's total over a kept match's deals (its tokens under traditional scoring)."""
    n = match["settings"]["players"]
    totals = [0] * n
    for record in match["records"]:
        for seat, x in enumerate(match_points(result_json(record["result"]) or {}, n)):
            totals[seat] += x
    return totals
