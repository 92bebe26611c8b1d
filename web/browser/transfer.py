"""Export and import of deals: ``tarot-deal/1`` records as JSON lines.

``export_text(records)`` is what ``python -m tarot replay`` reads: one record a line.
``import_records(text)`` reads such a file, or one pasted record (a JSON object,
possibly over several lines), checks every record with the engine and returns
them; anything wrong raises :class:`ImportProblem` naming the record (its line)
and what is wrong, so that the page can say it and change nothing.  Text nested too
deeply is refused before it is parsed (:func:`tarot.inputs.load_json`), a file too large
before it is read (:func:`check_file_size`), and a bad value is quoted by its first 40
characters.
"""
from __future__ import annotations

import json
from typing import Any

from tarot.inputs import quote
from tarot.inputs import MAX_JSON_DEPTH, InputError, excerpt, load_json
from tarot.state import Deal

from tarot.words import t

MAX_IMPORT_CHARS = 2_000_000
MAX_IMPORT_BYTES = 4 * MAX_IMPORT_CHARS  # UTF-8 takes 4 bytes a character at most: no text short enough is refused
MAX_RECORDS = 500
EXPORT_NAME = "tarot-{first}.jsonl"


class ImportProblem(ValueError):
    """A file or pasted text that is not a list of valid deal records: ``line`` (1-based,
    or None for the whole text) and ``reason`` in the engine's words (English); ``code``
    names a refusal the page words itself (``too_large``, ``too_deep``, ``number_too_long``)."""

    def __init__(self, reason: str, line: int | None = None, code: str | None = None) -> None:
        self.reason = reason
        self.line = line
        self.code = code
        super().__init__(f"line {line}: {reason}" if line is not None else reason)


# The refusals the page words itself, by code.
PROBLEM_WORDS = {"too_large": "import_too_large", "too_deep": "import_too_deep",
                 "number_too_long": "import_number_too_long"}


def import_message(problem: ImportProblem, lang: str) -> str:
    """What the import dialog says of ``problem``, in ``lang``."""
    where = t("import_where_all", lang) if problem.line is None else t("import_where_line", lang, n=problem.line)
    if problem.code is None or problem.code not in PROBLEM_WORDS:
        return t("import_bad", lang, where=where, reason=problem.reason)
    limit = {"too_large": MAX_IMPORT_CHARS, "too_deep": MAX_JSON_DEPTH}.get(problem.code, 0)
    n = f"{limit:,}".replace(",", t("thousands_mark", lang))
    return t("import_bad", lang, where=where, reason=t(PROBLEM_WORDS[problem.code], lang, n=n))


def export_text(records: list[dict[str, Any]]) -> str:
    """JSON lines, one record a line (a final newline)."""
    return "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records)


def check_file_size(size: int) -> None:
    """Refuse a file by its size alone, before it is read (a large file would freeze the page)."""
    if size > MAX_IMPORT_BYTES:
        raise ImportProblem(f"the file is too large (more than {MAX_IMPORT_CHARS} characters)", code="too_large")


def _check(record: object, line: int | None) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise ImportProblem("a record must be a JSON object", line)
    if record.get("format") != "tarot-deal/1":
        raise ImportProblem(f"format must be \"tarot-deal/1\", not {_shown(record.get('format'))}", line)
    try:
        Deal.from_record(record)
    except ValueError as e:  # the engine names the action and the rule
        raise ImportProblem(str(e), line) from None
    return record


def _shown(value: object) -> str:
    """A JSON value quoted in a message, cut to about 40 characters."""
    if isinstance(value, str):
        return json.dumps(excerpt(value), ensure_ascii=False)
    if value is None or isinstance(value, (bool, int, float)):
        return excerpt(json.dumps(value))
    return quote(value)  # a list or an object: a few items of it


def _load(text: str, line: int | None) -> object:
    """The JSON value of ``text``; :class:`ImportProblem` when it is refused unread (nested too
    deeply, a number too long) or is not JSON."""
    try:
        return load_json(text)
    except InputError as e:
        raise ImportProblem(str(e), line, code=e.code) from None
    except json.JSONDecodeError as e:
        raise ImportProblem(f"not JSON ({e.msg}, column {e.colno})", line) from None


def import_records(text: str) -> list[dict[str, Any]]:
    """The records in ``text`` (JSON lines, or one pasted record), each checked by the engine."""
    if len(text) > MAX_IMPORT_CHARS:
        raise ImportProblem(f"the file is too large (more than {MAX_IMPORT_CHARS} characters)", code="too_large")
    stripped = text.strip()
    if not stripped:
        raise ImportProblem("the file is empty")
    try:  # one record, maybe written over several lines
        whole = _load(stripped, None)
    except ImportProblem as e:
        if e.code is not None and "\n" not in stripped:
            raise
        whole = None
    else:
        if isinstance(whole, list):
            raise ImportProblem("expected JSON lines of records (one object a line), not a JSON array")
        return [_check(whole, None)]
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        records.append(_check(_load(line, number), number))
        if len(records) > MAX_RECORDS:
            raise ImportProblem(f"more than {MAX_RECORDS} records")
    return records
