"""Export and import of deals: ``tarot-deal/1`` records as JSON lines.

``export_text(records)`` is what ``python -m tarot replay`` reads: one record a line.
``import_records(text)`` reads such a file, or one pasted record (a JSON object,
possibly over several lines), checks every record with the engine and returns
them; anything wrong raises :class:`ImportProblem` naming the record (its line)
and what is wrong, so that the page can say it and change nothing.
"""
from __future__ import annotations

import json
from typing import Any

from tarot.state import Deal

MAX_IMPORT_CHARS = 2_000_000
MAX_RECORDS = 500
EXPORT_NAME = "tarot-{first}.jsonl"


class ImportProblem(ValueError):
    """A file or pasted text that is not a list of valid deal records: ``line`` (1-based,
    or None for the whole text) and ``reason`` in the engine's words (English)."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        self.reason = reason
        self.line = line
        super().__init__(f"line {line}: {reason}" if line is not None else reason)


def export_text(records: list[dict[str, Any]]) -> str:
    """JSON lines, one record a line (a final newline)."""
    return "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records)


def _check(record: object, line: int | None) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise ImportProblem("a record must be a JSON object", line)
    if record.get("format") != "tarot-deal/1":
        raise ImportProblem(f"format must be \"tarot-deal/1\", not {json.dumps(record.get('format'))}", line)
    try:
        Deal.from_record(record)
    except ValueError as e:  # the engine names the action and the rule
        raise ImportProblem(str(e), line) from None
    return record


def import_records(text: str) -> list[dict[str, Any]]:
    """The records in ``text`` (JSON lines, or one pasted record), each checked by the engine."""
    if len(text) > MAX_IMPORT_CHARS:
        raise ImportProblem(f"the file is too large (more than {MAX_IMPORT_CHARS} characters)")
    stripped = text.strip()
    if not stripped:
        raise ImportProblem("the file is empty")
    try:  # one record, maybe written over several lines
        whole = json.loads(stripped)
    except ValueError:
        whole = None
    else:
        if isinstance(whole, list):
            raise ImportProblem("expected JSON lines of records (one object a line), not a JSON array")
        return [_check(whole, None)]
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as e:
            raise ImportProblem(f"not JSON ({e.msg}, column {e.colno})", number) from None
        records.append(_check(item, number))
        if len(records) > MAX_RECORDS:
            raise ImportProblem(f"more than {MAX_RECORDS} records")
    return records
