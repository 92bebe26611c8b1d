"""Reading what comes from outside: a URL, a file, the command line, the browser's storage.

One strict reader for each kind of value, so that no outside text reaches ``int()``
or ``json.loads`` unchecked:

- :func:`whole_number`: ASCII digits only (no sign, no ``_``, no digits of other
  scripts such as ``²`` or ``４``), at most :data:`MAX_DIGITS` of them, within a range;
  ``None`` otherwise.
- :func:`load_json`: JSON text, refused with :class:`InputError` when it is nested more
  than :data:`MAX_JSON_DEPTH` deep, *before* it is parsed (the parser recurses: in the
  page's Pyodide a deep enough value exhausts the stack and stops Python for good), or
  when a number has more digits than Python reads.
- :func:`excerpt`: the start of a bad input, to quote it in a message without
  repeating it in full.

>>> whole_number("42", 0, 100), whole_number("²", 0, 100), whole_number("4_2", 0, 100)
(42, None, None)
>>> try:
...     load_json("[" * 1000 + "]" * 1000)
... except InputError as e:
...     print(e)
nested more than 64 deep
"""
from __future__ import annotations

import json
import re
import reprlib
from itertools import accumulate
from typing import Any

MAX_DIGITS = 18
MAX_JSON_DEPTH = 64  # a record nests 4 deep (record, actions, action, cards), the match history 8
SHOWN_CHARS = 40

_DIGITS = re.compile(r"[0-9]{1,%d}" % MAX_DIGITS)
_NOT_QUOTE_NOR_BRACKET = bytes(b for b in range(256) if b not in b'"[]{}')
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


_QUOTE = reprlib.Repr()
_QUOTE.maxstring = _QUOTE.maxother = 40
_QUOTE.maxlevel = 2
_QUOTE.maxlist = _QUOTE.maxdict = 4


def quote(value: object) -> str:
    """``value`` as Python writes it, cut short: a message never repeats a huge or deeply
    nested token in full (``'T2222222...2222'``, ``[[[...]]]``)."""
    return _QUOTE.repr(value)


class Invalid(ValueError):
    """A value the engine cannot read (a record, its rules, its result, an action, a card):
    ``str()`` says why in English; ``code`` (the catalogues' ``invalid_CODE``) and ``params``
    say it in a player's language (:func:`tarot.errors.refusal_words`), a value echoed from the
    input quoted and cut short (:func:`quote`).  ``code`` is ``None`` where no words of its own
    say it: the record is then said not to be valid."""

    def __init__(self, message: str, code: str | None = None, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(message)


class InputError(ValueError):
    """Outside input refused as it is read; ``code`` is ``too_deep`` or ``number_too_long``."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


def whole_number(text: str, low: int, high: int) -> int | None:
    """The whole number ``text`` writes in ASCII digits (spaces around it allowed), if
    it is from ``low`` to ``high``; else ``None``."""
    text = text.strip()
    if not _DIGITS.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def excerpt(text: str, limit: int = SHOWN_CHARS) -> str:
    """``text``, or its first ``limit`` characters and "…" when it is longer."""
    return text if len(text) <= limit else text[:limit] + "…"


def nesting_depth(text: str) -> int:
    """How deep the brackets of JSON text nest (strings skipped), without parsing it."""
    # Escaped backslashes, then escaped quotes, go (both are inside strings); then all
    # but quotes and brackets; then each pair of adjacent quotes (the quotes left keep
    # their parity, and no bracket outside a string goes); what lies between the
    # remaining pairs of quotes is inside strings.  All in C: a tenth of the parse.
    text = text.replace("\\\\", "").replace('\\"', "")
    marks = text.encode("utf-8", "surrogatepass").translate(None, _NOT_QUOTE_NOR_BRACKET).replace(b'""', b"")
    outside = b"".join(marks.split(b'"')[::2])
    return max(accumulate(_STEP[c] for c in outside), default=0)


def too_deep(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether JSON text nests more than ``limit`` deep (cheap: a scan, no parse)."""
    if text.count("[") + text.count("{") <= limit:
        return False
    return nesting_depth(text) > limit


def load_json(text: str) -> object:
    """``json.loads(text)``, refusing deep nesting before it parses anything.

    Raises :class:`InputError` (too deep, or a number too long for Python) or
    :class:`json.JSONDecodeError` (not JSON); both are ``ValueError``."""
    if too_deep(text):
        raise InputError("too_deep", f"nested more than {MAX_JSON_DEPTH} deep")
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise InputError("too_deep", f"nested more than {MAX_JSON_DEPTH} deep") from None
    except ValueError:  # an integer beyond Python's limit on the digits it converts
        raise InputError("number_too_long", "a number has too many digits") from None


def load_document(text: object, format: str, version: int) -> dict[str, Any] | None:
    """The JSON object ``text`` holds when it is of ``format`` and ``version`` (a document kept in
    the browser); ``None`` for no text, text that is not JSON or nests too deeply
    (:func:`load_json`), or another format or version."""
    if not isinstance(text, str) or not text:
        return None
    try:
        data = load_json(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("format") != format or data.get("version") != version:
        return None
    return data
