"""Export and import of deals: ``tarot-deal/1`` records as JSON lines.

``export_text(records)`` is what ``python -m tarot replay`` reads: one record a line.
``import_records(text)`` reads such a file, or one pasted record (a JSON object,
possibly over several lines), checks every record with the engine and returns
them (a duplicate tournament's record carries under ``duplicate`` its deal number, the
tournament's size, and once known the Expert's record and other choices: :data:`DUPLICATE_KEY`,
which the engine and ``python -m tarot replay`` leave aside; a record without it still loads); anything wrong raises :class:`ImportProblem` naming the record (its line)
and what is wrong, so that the page can say it and change nothing.  Text nested too
deeply is refused before it is parsed (:func:`tarot.inputs.load_json`), a file too large
before it is read (:func:`check_file_size`), and a bad value is quoted by its first 40
characters.
"""
from __future__ import annotations

import json
from typing import Any

from tarot.errors import RecordError, refusal_words
from tarot.inputs import MAX_JSON_DEPTH, InputError, excerpt, load_json, quote
from tarot.record import FORMAT
from tarot.state import Deal
from tarot.teaching.duplicate import field_scores
from tarot.words import t

MAX_IMPORT_CHARS = 2_000_000
MAX_IMPORT_BYTES = 4 * MAX_IMPORT_CHARS  # UTF-8 takes 4 bytes a character at most: no text short enough is refused
MAX_RECORDS = 500
EXPORT_NAME = "tarot-{first}.jsonl"
DUPLICATE_KEY = "duplicate"


class ImportProblem(ValueError):
    """A file or pasted text that is not a list of valid deal records: ``line`` (1-based,
    or None for the whole text) and ``reason`` in English (for developers); ``code`` names a
    refusal the page words itself (:data:`PROBLEM_WORDS`, its ``params`` filled in), or
    ``cause`` is the engine's refusal of the record (worded by its own code)."""

    def __init__(self, reason: str, line: int | None = None, code: str | None = None, *,
                 cause: ValueError | None = None, **params: object) -> None:
        self.reason = reason
        self.line = line
        self.code = code
        self.cause = cause
        self.params = params
        super().__init__(f"line {line}: {reason}" if line is not None else reason)


# The refusals the page words itself, by code.
PROBLEM_WORDS = {"too_large": "import_too_large", "too_deep": "import_too_deep",
                 "number_too_long": "import_number_too_long", "not_json": "import_not_json",
                 "empty": "import_empty", "array": "import_array", "too_many": "import_too_many",
                 "duplicate": "import_duplicate"}
PASTED_WORDS = {"too_large": "import_too_large_pasted", "empty": "import_empty_pasted"}  # said of a text, not a file


def import_message(problem: ImportProblem, lang: str, pasted: bool = False) -> str:
    """What the import dialog says of ``problem``, in ``lang``: never the engine's English; a
    ``pasted`` text is called so, not a file."""
    where = t("import_where_all", lang) if problem.line is None else t("import_where_line", lang, n=problem.line)
    return t("import_bad_pasted" if pasted else "import_bad", lang, where=where, reason=_reason(problem, lang, pasted))


def _reason(problem: ImportProblem, lang: str, pasted: bool) -> str:
    if problem.code is None or problem.code not in PROBLEM_WORDS:
        return refusal_words(problem.cause if problem.cause is not None else problem, lang)
    limit = {"too_large": MAX_IMPORT_CHARS, "too_deep": MAX_JSON_DEPTH, "too_many": MAX_RECORDS}.get(problem.code, 0)
    n = f"{limit:,}".replace(",", t("thousands_mark", lang))
    key = PASTED_WORDS.get(problem.code, PROBLEM_WORDS[problem.code]) if pasted else PROBLEM_WORDS[problem.code]
    return t(key, lang, n=n, **problem.params)


def export_text(records: list[dict[str, Any]]) -> str:
    """JSON lines, one record a line (a final newline)."""
    return "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records)


def check_file_size(size: int) -> None:
    """Refuse a file by its size alone, before it is read (a large file would freeze the page)."""
    if size > MAX_IMPORT_BYTES:
        raise ImportProblem(f"the file is too large (more than {MAX_IMPORT_CHARS} characters)", code="too_large")


def _check(record: object, line: int | None) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise ImportProblem("a record must be a JSON object", line,
                            cause=RecordError("a record must be a JSON object", code="not_object"))
    if record.get("format") != FORMAT:
        shown = _shown(record.get("format"))
        raise ImportProblem(f"format must be \"{FORMAT}\", not {shown}", line,
                            cause=RecordError(f"format must be {FORMAT!r}, not {shown}", code="format", value=shown))
    try:
        deal = Deal.from_record(record)
    except ValueError as e:  # the engine names the action and the rule
        raise ImportProblem(str(e), line, cause=e) from None
    if DUPLICATE_KEY in record:
        _check_duplicate(record[DUPLICATE_KEY], deal, line)
    return record


def _check_duplicate(extra: object, deal: Deal, line: int | None) -> None:
    """A tournament's deal: its number, and its reference (the same cards, over) with the Expert's choices."""
    def refuse(why: str) -> ImportProblem:
        return ImportProblem(f"bad \"{DUPLICATE_KEY}\": {why}", line, code="duplicate")
    if not isinstance(extra, dict):
        raise refuse("not an object")
    number = extra.get("deal")
    if type(number) is not int or number < 1:
        raise refuse("the deal number must be a positive integer")
    try:
        field_scores(extra.get("field", {}))
    except ValueError as e:
        raise refuse(str(e)) from None
    if "reference" not in extra:
        return
    try:
        reference = Deal.from_record(extra["reference"])
    except ValueError as e:
        raise refuse(f"the reference: {e}") from None
    if reference.result is None or [set(h) for h in reference.dealt_hands] != [set(h) for h in deal.dealt_hands]:
        raise refuse("the reference is not this deal played to its end")
    advice = extra.get("advice", [])
    if not isinstance(advice, list) or not all(
            isinstance(a, list) and len(a) == 2 and type(a[0]) is int and isinstance(a[1], dict) for a in advice):
        raise refuse("the advice must be a list of [action index, action]")


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
        raise ImportProblem(f"not JSON ({e.msg}, column {e.colno})", line, code="not_json", column=e.colno) from None


def import_records(text: str) -> list[dict[str, Any]]:
    """The records in ``text`` (JSON lines, or one pasted record), each checked by the engine."""
    if len(text) > MAX_IMPORT_CHARS:
        raise ImportProblem(f"the file is too large (more than {MAX_IMPORT_CHARS} characters)", code="too_large")
    stripped = text.strip()
    if not stripped:
        raise ImportProblem("the file is empty", code="empty")
    try:  # one record, maybe written over several lines
        whole = _load(stripped, None)
    except ImportProblem as e:
        if e.code not in (None, "not_json") and "\n" not in stripped:  # refused unread
            raise
        whole = None
    else:
        if isinstance(whole, list):
            raise ImportProblem("expected JSON lines of records (one object a line), not a JSON array", code="array")
        return [_check(whole, None)]
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        records.append(_check(_load(line, number), number))
        if len(records) > MAX_RECORDS:
            raise ImportProblem(f"more than {MAX_RECORDS} records", code="too_many")
    return records
