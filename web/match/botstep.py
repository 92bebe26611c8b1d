"""One bot decision, from plain data to plain data.

``decide_json`` takes a deal record and returns the chosen action as record JSON,
so the same step can run on the page's main thread (fast levels) or in a web
worker without DOM access (slow levels), with identical results: the bot's seed
depends only on the deal number, the seat and how many actions were taken.
"""
from __future__ import annotations

from typing import Any

from tarot.actions import Action, action_to_json
from tarot.bots import make_bot
from tarot.teaching.duplicate import decision_seed
from tarot.state import Deal


def bot_seed(deal_number: int, seat: int, step: int) -> int:
    """The seed of a bot's decision: the same deal, seat and moment give the same choice
    (the scheme of :func:`tarot.teaching.duplicate.decision_seed`, which the reference shares)."""
    return decision_seed(deal_number, seat, step)


def seat_to_act(deal: Deal) -> int:
    """The seat to act; ``ValueError`` when the deal is over."""
    if deal.to_act is None:
        raise ValueError("the deal is over: no seat is to act")
    return deal.to_act


def decide(deal: Deal, level: str, deal_number: int) -> Action:
    """What the bot of ``level`` at the seat to act does now (it sees its own view only)."""
    seat = seat_to_act(deal)
    bot = make_bot(level, bot_seed(deal_number, seat, len(deal.history)))
    return bot.choose(deal.view(seat))


# Levels fast enough to decide on the page's main thread (well under 200 ms a decision);
# any other level decides in a web worker.
MAIN_THREAD_LEVELS = frozenset({"random", "debutant", "standard"})


def runs_on_main_thread(level: str) -> bool:
    return level in MAIN_THREAD_LEVELS


def decide_json(record: dict[str, Any], level: str, deal_number: int) -> dict[str, Any]:
    """``decide`` on a ``tarot-deal/1`` record; returns the action in record form."""
    deal = Deal.from_record(record)
    return action_to_json(seat_to_act(deal), decide(deal, level, deal_number))
