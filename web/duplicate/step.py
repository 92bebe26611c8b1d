"""The reference of a duplicate deal, from plain JSON to plain JSON, in steps.

The bots' worker (``web/worker.py``) answers these requests away from the page's
main thread; each request does a short piece of work (until the Expert has taken
one more decision), so the worker can answer the table's bots in between.

``reference_step``: ``{"record", "level", "deal_number", "budget"}`` →
``{"record", "done", "score"}`` (the reference record played on; ``score`` is
seat 0's score once it is over).  Start from the deal as dealt
(:func:`tarot.teaching.duplicate.as_dealt`) and send each answer's record back until ``done``.

``field_step``: the same with ``"seat_level"`` (a level of
:data:`tarot.teaching.duplicate.FIELD`) and no budget: the deal played on by that
level's bot in seat 0, one of its decisions per request.

``advice_step``: ``{"record", "level", "deal_number", "budget", "from"}`` →
``{"advice": [[index, action], ...], "next"}``: where the Expert, in seat 0,
would have decided otherwise than the person's finished record, one decision per
request (``next`` is ``None`` at the end).
"""
from __future__ import annotations

from typing import Any

from tarot.teaching.duplicate import FIELD, Budget, advance_reference, expert_choices, seat_score
from tarot.state import Deal


def _common(request: object) -> tuple[dict[str, Any], Deal, str, int, Budget]:
    if not isinstance(request, dict):
        raise ValueError("the request must be an object")
    level = request.get("level")
    number = request.get("deal_number")
    if not isinstance(level, str):
        raise ValueError("level must be a bot level")
    if type(number) is not int or number < 0:
        raise ValueError("deal_number must be a whole number")
    budget = Budget.from_json(request.get("budget", {}))
    record = request.get("record")
    if not isinstance(record, dict):
        raise ValueError("record must be a deal record")
    return record, Deal.from_record(record), level, number, budget


def reference_step(request: object) -> dict[str, Any]:
    """Play the reference on by one of the Expert's decisions (see the module docstring)."""
    _, deal, level, number, budget = _common(request)
    advance_reference(deal, level, number, budget)
    return _answer(deal)


def field_step(request: object) -> dict[str, Any]:
    """Play the deal on by one decision of a field level's bot in seat 0 (see the module docstring)."""
    _, deal, level, number, _ = _common(request)
    seat_level = request.get("seat_level") if isinstance(request, dict) else None
    if seat_level not in FIELD:
        raise ValueError(f"seat_level must be one of {', '.join(FIELD)}")
    advance_reference(deal, level, number, None, str(seat_level))
    return _answer(deal)


def _answer(deal: Deal) -> dict[str, Any]:
    result = deal.result
    return {"record": deal.to_record(), "done": deal.is_over,
            "score": None if result is None else seat_score(result)}


def advice_step(request: object) -> dict[str, Any]:
    """The Expert's other choices at the person's next decision (see the module docstring)."""
    record, _, level, number, budget = _common(request)
    start = request.get("from", 0) if isinstance(request, dict) else 0
    if type(start) is not int or start < 0:
        raise ValueError("from must be an action index")
    found, after = expert_choices(record, level, number, budget, start=start, limit=1)
    return {"advice": [[index, action] for index, action in found], "next": after}
