"""Refusals: why an action is not allowed, as a stable code plus parameters.

The code and parameters let any front end say the reason in its own language
(:func:`tarot.i18n.explain`); ``str(error)`` gives the English sentence.
"""
from __future__ import annotations

from .i18n import explain


class IllegalAction(ValueError):
    """An action the rules refuse; ``code`` names the rule, ``params`` fill in the details."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(explain(code, params, "en"))

    def explain(self, lang: str = "en") -> str:
        return explain(self.code, self.params, lang)

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "params": {k: _plain(v) for k, v in self.params.items()}}


class RecordError(ValueError):
    """A deal record that cannot be read or replayed; says where and why."""

    def __init__(self, message: str, index: int | None = None, refusal: IllegalAction | None = None):
        self.index = index
        self.refusal = refusal
        where = f"action {index}: " if index is not None else ""
        super().__init__(where + message)


def _plain(v: object) -> object:
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, int) and type(v) not in (int, bool):
        return str(v)  # a Card prints in record notation
    return v
