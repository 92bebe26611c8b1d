"""A record's moments, from one replay: the deal at any of its actions
(:func:`from_record_at`) and each decision with the deal as it stood (:func:`decisions`)."""
from __future__ import annotations

from collections.abc import Iterator

from . import record as records
from .actions import Action
from .errors import RecordError
from .state import Deal


def from_record_at(record: object, at: int | None) -> tuple[Deal, Deal]:
    """The deal after the record's first ``at`` actions (all of them when ``None`` or beyond
    its end) and the deal after all of them, from one replay: the first is a copy set aside
    on the way.  :class:`RecordError` as :meth:`Deal.from_record`."""
    try:
        deal, actions = _dealt(record)
        kept: list[Deal] = []

        def keep(index: int) -> None:
            if index == at:
                kept.append(deal.copy())

        for _ in records.replay(deal, actions, keep):
            pass
    except RecursionError:
        raise RecordError("malformed record: nested too deeply", code="too_deep") from None
    return (kept[0] if kept else deal.copy()), deal


def decisions(record: object) -> Iterator[tuple[int, int, Action, Deal]]:
    """``(index, seat, action, deal)`` for each action of ``record``, ``deal`` as it stands
    just before the action (a declined chelem or call that the record leaves out already
    declined): the moment of each decision, to look at, not to change.  A record that is
    not valid raises :class:`RecordError` when the replay reaches its fault."""
    deal, actions = _dealt(record)
    for index, seat, action in records.replay(deal, actions):
        yield index, seat, action, deal


def _dealt(record: object) -> tuple[Deal, list[object]]:
    """The deal a record deals (no action taken yet) and its actions, as written."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object", code="not_object")
    deal = Deal.from_record({k: v for k, v in record.items() if k not in ("actions", "result")})
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions must be a list", code="actions")
    return deal, actions
