"""Refusals: why an action is not allowed, or why a record cannot be read, as a stable code
plus parameters.

The code and parameters let any front end say the reason in its own language
(:func:`tarot.i18n.explain`, :func:`refusal_words`); ``str(error)`` gives the English sentence
for developers (the command line prints it).
"""
from __future__ import annotations

from .i18n import explain, explain_invalid
from .inputs import Invalid

__all__ = ["IllegalAction", "Invalid", "RecordError", "refusal_words"]


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


class RecordError(Invalid):
    """A deal record that cannot be read or replayed; says where (``index``, the action) and why:
    the rule that refuses the action (``refusal``) or the fault's ``code``, or the code of the
    ``cause`` it wraps (a card, an action or rules that cannot be read)."""

    def __init__(self, message: str, index: int | None = None, refusal: IllegalAction | None = None, *,
                 code: str | None = None, cause: BaseException | None = None, **params: object) -> None:
        if code is None and isinstance(cause, Invalid):
            code, params = cause.code, {**cause.params, **params}
        self.index = index
        self.refusal = refusal
        where = f"action {index}: " if index is not None else ""
        super().__init__(where + message, code, **params)

    def explain(self, lang: str = "en") -> str:
        # a rule's refusal is a sentence of its own: here it ends the clause "action n: ..."
        why = self.refusal.explain(lang).rstrip(".") if self.refusal is not None \
            else explain_invalid(self.code, self.params, lang)
        return why if self.index is None else explain_invalid("at_action", {"n": self.index + 1, "why": why}, lang)


def refusal_words(error: BaseException, lang: str) -> str:
    """Why the engine refused something, in ``lang``: a refusal's or an unreadable value's own
    words, else the catalogues' sentence that the record is not valid (never English in French)."""
    if isinstance(error, (IllegalAction, RecordError)):
        return error.explain(lang)
    if isinstance(error, Invalid):
        return explain_invalid(error.code, error.params, lang)
    return explain_invalid(None, {}, lang)


def _plain(v: object) -> object:
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, int) and type(v) not in (int, bool):
        return str(v)  # a Card prints in record notation
    return v
