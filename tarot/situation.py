"""Situations in a URL: a ``tarot-deal/1`` record as a short text for ``#record=``.

The record's JSON text (UTF-8, compact) is compressed with raw DEFLATE (RFC 1951,
``zlib`` with ``wbits=-15``, the browser's ``CompressionStream("deflate-raw")``) and
written in base64url without padding.  Decoding refuses, with a
:class:`SituationError` and a stable code, a text that is too long, not base64url,
not DEFLATE, cut short, not JSON (or nested too deeply: refused before it is parsed,
:func:`tarot.inputs.load_json`), or not a valid record (the engine replays it).

>>> from tarot import Deal, Rules
>>> deal = Deal.new(Rules(players=3), dealer=0, seed=7)
>>> text = encode(deal.to_record())
>>> decode(text) == deal.to_record()
True
>>> try:
...     decode("not*base64")
... except SituationError as e:
...     print(e.code)
not_base64
"""
from __future__ import annotations

import base64
import json
import re
import zlib

from .errors import RecordError, refusal_words
from .inputs import InputError, load_json, whole_number
from .replay import from_record_at
from .state import Deal
from .words import t

MAX_TEXT_CHARS = 16_000  # a finished 5-player deal takes about 1,200
MAX_JSON_BYTES = 64_000  # the decompressed record; a full record is about 4 KB
MAX_NOTES = 200  # comments, one per step at most
MAX_NOTE_CHARS = 500
MAX_STEP = 999  # a deal has fewer actions
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")

# What the page says about a situation it cannot open: the catalogues' "situation_" + code (tarot.words).
CODES = ("too_long", "not_base64", "not_deflate", "cut", "not_json", "bad_record", "bad_notes")


class SituationError(ValueError):
    """A situation text that cannot be opened; ``code`` is one of :data:`CODES`, ``detail`` says
    more in English (for developers), ``cause`` is the engine's refusal of a ``bad_record``."""

    def __init__(self, code: str, detail: str = "", cause: ValueError | None = None) -> None:
        self.code = code
        self.detail = detail
        self.cause = cause
        super().__init__(f"{code}: {detail}" if detail else code)

    def explain(self, lang: str = "en") -> str:
        """What the page says, in ``lang``; a bad record's fault in the engine's words for it."""
        return t(f"situation_{self.code}", lang, detail=refusal_words(self.cause or self, lang))


def encode(record: dict[str, object]) -> str:
    """The record as base64url text (no padding) of its raw-DEFLATE-compressed JSON."""
    text = json.dumps(record, separators=(",", ":"), ensure_ascii=False)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def decode_json(text: str) -> object:
    """The JSON value a situation text holds (not yet checked as a record)."""
    text = text.strip()
    if len(text) > MAX_TEXT_CHARS:
        raise SituationError("too_long", f"{len(text)} characters")
    if not text or not _BASE64URL.fullmatch(text) or len(text) % 4 == 1:
        raise SituationError("not_base64")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    unpacker = zlib.decompressobj(-15)
    try:
        raw = unpacker.decompress(data, MAX_JSON_BYTES)
    except zlib.error as e:
        raise SituationError("not_deflate", str(e)) from None
    if unpacker.unconsumed_tail:
        raise SituationError("too_long", f"more than {MAX_JSON_BYTES} bytes of record")
    if not unpacker.eof:
        raise SituationError("cut")
    try:
        return load_json(raw.decode("utf-8"))
    except InputError as e:  # nested too deeply (refused before it is parsed), a number too long
        raise SituationError("not_json", str(e)) from None
    except (UnicodeDecodeError, ValueError):
        raise SituationError("not_json") from None


def decode(text: str) -> dict[str, object]:
    """The record a situation text holds, checked by replaying it through the engine."""
    record = decode_json(text)
    load(record)
    assert isinstance(record, dict)
    return record


def load(record: object) -> Deal:
    """The deal a decoded record describes; :class:`SituationError` ``bad_record`` if invalid."""
    try:
        return Deal.from_record(record)
    except RecordError as e:
        raise SituationError("bad_record", str(e), e) from None


def load_at(record: object, at: int | None) -> tuple[Deal, Deal]:
    """The deal after the record's first ``at`` actions and after all of them, replayed once
    (:func:`tarot.replay.from_record_at`); :class:`SituationError` ``bad_record`` if invalid."""
    try:
        return from_record_at(record, at)
    except RecordError as e:
        raise SituationError("bad_record", str(e), e) from None


def fragment(record: dict[str, object], notes: dict[int, str] | None = None) -> str:
    """The URL fragment that opens the table on ``record``: ``#record=...``, with
    ``&notes=...`` when there are comments (by step: how many actions the table has seen)."""
    text = "#record=" + encode(record)
    if notes:
        text += "&notes=" + encode({str(step): note for step, note in sorted(notes.items())})
    return text


def record_from_fragment(hash_text: str, name: str = "record") -> str | None:
    """The situation text (or ``name``'s) of a URL fragment (``location.hash``), or ``None``."""
    for part in hash_text.lstrip("#").split("&"):
        key, sep, value = part.partition("=")
        if sep and key == name:
            return value
    return None


def decode_notes(text: str) -> dict[int, str]:
    """The comments by step of a ``notes=`` text; :class:`SituationError` ``bad_notes`` if unreadable."""
    try:
        data = decode_json(text)
    except SituationError:
        raise SituationError("bad_notes") from None
    if not isinstance(data, dict) or len(data) > MAX_NOTES:
        raise SituationError("bad_notes")
    notes: dict[int, str] = {}
    for key, value in data.items():
        step = whole_number(key, 0, MAX_STEP)
        if step is None or not isinstance(value, str) or len(value) > MAX_NOTE_CHARS:
            raise SituationError("bad_notes")
        notes[step] = value
    return notes


def rotate(record: dict[str, object], seat: int) -> dict[str, object]:
    """The same deal with seat ``seat`` renumbered 0 (and every seat after it in turn),
    so that the page, which shows seat 0 at the bottom, shows that seat's view."""
    hands = record.get("hands")
    n = len(hands) if isinstance(hands, list) else 0
    if not n or seat % n == 0:
        return record
    out = dict(record)
    out["hands"] = list(hands[seat:] + hands[:seat]) if isinstance(hands, list) else hands
    dealer = record.get("dealer")
    if type(dealer) is int:
        out["dealer"] = (dealer - seat) % n
    actions = record.get("actions")
    if isinstance(actions, list):
        moved = []
        for entry in actions:
            if isinstance(entry, dict) and type(entry.get("seat")) is int:
                entry = {**entry, "seat": (entry["seat"] - seat) % n}
            moved.append(entry)
        out["actions"] = moved
    out.pop("result", None)
    return out
