"""Reading deal records from a file or standard input: one JSON record (pretty-printed or
not) or JSON lines, read a line at a time with bounded memory; a line that cannot be read
or parsed gives an error and the next ones are still read.  :func:`replay_record` says
whether a record replays to its end, and why not, in the words of ``replay``."""
from __future__ import annotations

import json
import sys
from typing import BinaryIO, Iterable, Iterator

from ..errors import RecordError
from ..inputs import load_json, quote


def read_text(path: str) -> str:
    """The text of ``path`` (``-`` is stdin); ``ValueError`` says why it cannot be read."""
    try:
        if path == "-":
            if sys.stdin is None:
                raise ValueError("cannot read standard input: it is closed")
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        source = "standard input" if path == "-" else path
        raise ValueError(f"cannot read {source}: not UTF-8 text (byte {e.start})") from None


MAX_LINE_BYTES = 1_000_000  # a record's JSON line takes a few thousand bytes
MAX_DOCUMENT_CHARS = 1_000_000  # a pretty-printed record takes a few tens of thousands

Line = tuple[int, str, "str | None"]  # (line number from 1, text, why it cannot be read or None)


class Unreadable(ValueError):
    """The input cannot be opened or read on (a message without a traceback)."""


def open_input(path: str) -> BinaryIO:
    """The bytes of ``path`` (``-`` is stdin); :class:`Unreadable` says why it cannot be opened."""
    if path == "-":
        if sys.stdin is None:
            raise Unreadable("cannot read standard input: it is closed")
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as e:
        raise Unreadable(f"cannot read {path}: {e.strerror or e}") from None


def read_lines(stream: BinaryIO, source: str) -> Iterator[Line]:
    """The lines of ``stream`` one at a time, each read up to :data:`MAX_LINE_BYTES` (the
    rest of a longer line is skipped unread, and the line is named as too long): memory
    stays the same whatever the input.  A line ends at a line feed only."""
    number = 0
    try:
        while True:
            data = stream.readline(MAX_LINE_BYTES + 1)
            if not data:
                return
            number += 1
            if number == 1 and data.startswith(b"\xef\xbb\xbf"):
                data = data[3:]
            if len(data) > MAX_LINE_BYTES and not data.endswith(b"\n"):
                while (rest := stream.readline(MAX_LINE_BYTES)) and not rest.endswith(b"\n"):
                    pass
                yield number, "", f"longer than {MAX_LINE_BYTES} bytes: no record is that long"
                continue
            try:
                yield number, data.decode("utf-8").removesuffix("\n"), None
            except UnicodeDecodeError as e:
                yield number, "", f"not UTF-8 text (byte {e.start})"
    except OSError as e:
        raise Unreadable(f"cannot read {source}: {e.strerror or e}") from None


def split_records(text: str) -> Iterator[tuple[str, object, str | None]]:
    """``(label, record, error)`` for each record of ``text`` (see :func:`records_of`)."""
    return records_of((i, line, None) for i, line in enumerate(text.removeprefix("\ufeff").split("\n"), 1))


def records_of(lines: Iterable[Line]) -> Iterator[tuple[str, object, str | None]]:
    """``(label, record, error)`` for each record of the input's ``lines``.

    The input is one JSON record (pretty-printed or not) or JSON lines, one record per
    non-blank line.  A line that is not JSON gives an ``error`` and the next lines are
    still read.  Until a line is a record by itself, the lines are kept (up to
    :data:`MAX_DOCUMENT_CHARS`) as what may be one pretty-printed record; past that, or
    when they are not one record, they are JSON lines if they all open an object, else one
    broken document.
    """
    pending: list[Line] = []
    size = 0
    count = 0
    as_lines = False  # known to be JSON lines: each line goes as it is read
    for line in lines:
        number, text, error = line
        if as_lines:
            if error is not None or text.strip():
                count += 1
                yield _line_record(count, line)
            continue
        pending.append(line)
        size += len(text)
        if error is None and not text.strip():
            continue
        whole_line = error is not None or _whole_record(_parse(text)[0])
        if size > MAX_DOCUMENT_CHARS and not whole_line \
                and not all(t.lstrip().startswith("{") for _, t, _ in _filled(pending)):
            yield "record 1", None, f"invalid JSON: {_document_error(pending, whole=False)}"
            return
        if whole_line or size > MAX_DOCUMENT_CHARS:
            for count, kept in enumerate(_filled(pending), 1):
                yield _line_record(count, kept)
            pending, as_lines = [], True
    if pending:
        yield from _document(pending)


def _filled(lines: list[Line]) -> list[Line]:
    return [line for line in lines if line[2] is not None or line[1].strip()]


def _line_record(count: int, line: Line) -> tuple[str, object, str | None]:
    number, text, error = line
    label = f"record {count} (line {number})"
    if error is not None:
        return label, None, error
    record, parse_error = _parse(text)
    if parse_error is not None:
        return label, None, f"invalid JSON: {_describe(parse_error, with_line=False)}"
    return label, record, None


def _document(lines: list[Line]) -> Iterator[tuple[str, object, str | None]]:
    """The lines kept to the end of the input: one record, JSON lines, or one broken document."""
    filled = _filled(lines)
    if not filled:
        return
    whole, whole_error = _parse("\n".join(text for _, text, _ in lines))
    if whole_error is None:
        yield f"record 1 (line {filled[0][0]})", whole, None
    elif len(filled) == 1 or not all(t.lstrip().startswith("{") for _, t, _ in filled):
        # Not JSON lines (one line, or no line is a record by itself and some line does
        # not even open one, as in a pretty-printed record): one broken document.
        yield "record 1", None, f"invalid JSON: {_document_error(lines, whole=True)}"
    else:
        for count, line in enumerate(filled, 1):
            yield _line_record(count, line)


def _document_error(lines: list[Line], whole: bool) -> str:
    """Why the kept lines are no JSON document: where the parse stops, or, when they are only
    the start of a longer input and the parse stops at their end, that no record is that long."""
    text = "\n".join(t for _, t, _ in lines)
    _, error = _parse(text)
    assert error is not None
    if not whole and isinstance(error, json.JSONDecodeError) and error.pos >= len(text.rstrip()) - 1:
        return f"no record in the first {MAX_DOCUMENT_CHARS} characters, and no line is a record"
    return _describe(error, with_line=True)


def _whole_record(obj: object) -> bool:
    """Whether a line parsed alone is a record, not a piece of a pretty-printed one."""
    return isinstance(obj, dict) and ("format" in obj or "hands" in obj)


def _parse(text: str) -> tuple[object, ValueError | None]:
    try:
        return load_json(text), None
    except ValueError as e:  # not JSON, nested too deeply, a number too long
        return None, e


def _describe(error: ValueError, with_line: bool) -> str:
    if isinstance(error, json.JSONDecodeError):
        where = f"line {error.lineno}, column {error.colno}" if with_line else f"column {error.colno}"
        return f"{error.msg} ({where})"
    return str(error)


# ------------------------------------------------------------------- replay
COMPACT = (",", ":")  # JSON written on one line, without spaces


def replay_record(record: object) -> tuple[dict[str, object] | None, str | None]:
    """The engine's result for ``record``, or why there is none."""
    from ..state import Deal, Phase

    try:
        deal = Deal.from_record(record)
    except RecordError as e:
        return None, _record_error(record, e)
    except Exception as e:  # an engine failure must not stop the other records
        return None, f"cannot be replayed: {type(e).__name__}: {e}"
    if deal.phase is not Phase.DONE:
        actions = record.get("actions") if isinstance(record, dict) else None
        done = len(actions) if isinstance(actions, list) else 0
        return None, (f"unfinished deal: no result (it stops in the {deal.phase.value} phase with "
                      f"seat {deal.to_act} to act, after {done} actions)")
    assert deal.result is not None
    return deal.result.to_json(), None


def _record_error(record: object, error: RecordError) -> str:
    message = str(error)
    if error.index is None:
        return f"malformed record: {message}"
    prefix = f"action {error.index}: "
    if message.startswith(prefix):
        message = message[len(prefix):]
    assert isinstance(record, dict)  # a record with a faulty action is an object
    try:
        entry = json.dumps(record["actions"][error.index], separators=COMPACT, ensure_ascii=False)
    except (RecursionError, ValueError):
        entry = quote(record["actions"][error.index])
    if len(entry) > 120:
        entry = entry[:117] + "..."
    where = f"actions[{error.index}] {entry}"
    if error.refusal is not None:
        return f"{where}: rule {error.refusal.code}: {error.refusal.explain('en')}"
    return f"{where}: malformed action: {message}"
