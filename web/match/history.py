"""Finished matches kept in the browser: their ``tarot-deal/1`` records, newest first.

Saved under the key ``tarot.history`` as ``{"format": "tarot-history", "version": 1,
"matches": [...]}``; each match is ``{"ended": ISO date, "settings": {...},
"records": [...]}``.  A kept match is read with its deals' typed results
(:class:`KeptMatch`); a damaged match is left out, never as an error; a history that
is not JSON, or nested too deeply to be read safely, is dropped (:func:`load_history`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tarot.inputs import load_json
from tarot.match import add_up
from tarot.record import recorded_result
from tarot.result import DealResult

HISTORY_KEY = "tarot.history"
HISTORY_FORMAT = "tarot-history"
HISTORY_VERSION = 1
MAX_MATCHES = 30


@dataclass(frozen=True)
class KeptMatch:
    """A finished match as the history keeps it: when it ended, its settings and its deals'
    records (the JSON it is saved as), and those deals' results, read once."""

    ended: str
    settings: dict[str, Any]
    records: tuple[dict[str, Any], ...]
    results: tuple[DealResult, ...]

    @property
    def players(self) -> int:
        return int(self.settings["players"])

    def to_json(self) -> dict[str, Any]:
        return {"ended": self.ended, "settings": dict(self.settings), "records": list(self.records)}

    @classmethod
    def from_json(cls, data: object) -> KeptMatch:
        """A kept match from its saved form; ``ValueError`` (a :class:`tarot.errors.RecordError`
        for a deal's result) if it is damaged."""
        if not isinstance(data, dict):
            raise ValueError("a kept match must be an object")
        return cls.of(data.get("ended"), data.get("settings"), data.get("records"))

    @classmethod
    def of(cls, ended: object, settings: object, records: object) -> KeptMatch:
        """The kept match of these parts, each deal's result read from its record."""
        if not isinstance(ended, str) or not isinstance(settings, dict) \
                or type(settings.get("players")) is not int or not isinstance(records, list):
            raise ValueError("a kept match has an end date, settings with the players and records")
        results = tuple(recorded_result(record) for record in records)
        if any(result.rules.players != settings["players"] for result in results):
            raise ValueError("a deal of a kept match is for another number of players")
        return cls(ended, dict(settings), tuple(records), results)


def parse_history(text: object) -> list[KeptMatch]:
    """The matches a saved history holds (the well-formed ones); ``[]`` if none or unreadable."""
    try:
        return load_history(text)
    except ValueError:
        return []


def load_history(text: object) -> list[KeptMatch]:
    """The matches a saved history holds (the well-formed ones; ``[]`` if none, or of
    another format); ``ValueError`` when the text is refused unparsed (nested too deeply,
    :func:`tarot.inputs.load_json`) or is not JSON: the page then drops it."""
    if not isinstance(text, str) or not text:
        return []
    data = load_json(text)
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT \
            or data.get("version") != HISTORY_VERSION or not isinstance(data.get("matches"), list):
        return []
    matches: list[KeptMatch] = []
    for entry in data["matches"]:
        if len(matches) == MAX_MATCHES:
            break
        try:
            matches.append(KeptMatch.from_json(entry))
        except ValueError:
            continue  # a damaged match is left out
    return matches


def archived(matches: list[KeptMatch], settings: dict[str, Any], records: list[dict[str, Any]],
             ended: str) -> list[KeptMatch]:
    """``matches`` with a match that just ended put first (a match with no finished deal is not kept)."""
    if not records:
        return list(matches)
    return [KeptMatch.of(ended, settings, records)] + list(matches)[:MAX_MATCHES - 1]


def history_text(matches: list[KeptMatch]) -> str:
    return json.dumps({"format": HISTORY_FORMAT, "version": HISTORY_VERSION,
                       "matches": [match.to_json() for match in matches]}, separators=(",", ":"))


def match_totals(match: KeptMatch) -> list[int]:
    """Each seat's total over a kept match's deals (its tokens under traditional scoring)."""
    return add_up(match.results, lambda result: result.match_points, match.players)
