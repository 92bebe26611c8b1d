"""How long each bot level takes to decide: the figures of ``python -m tarot bench``.

The positions are the decisions of 4-player deals played by Standard bots in
every seat (bids, calls, écarts, chelem, declarations and cards alike), taken in
a seeded random order so that a short run still samples the whole deal.  Each
level decides on the same positions; only ``choose(view)`` is timed.
"""
from __future__ import annotations

from time import perf_counter
from typing import Any

from ..rng import Rng
from ..rules import Rules
from ..state import Deal
from ..view import SeatView


def sample_views(players: int = 4, deals: int = 6, seed: int = 2024) -> list[SeatView]:
    """Every decision of ``deals`` deals played by Standard bots, shuffled (seeded)."""
    from . import make_bot

    views: list[SeatView] = []
    rules = Rules(players=players)
    index = 0
    played = 0
    while played < deals:
        deal = Deal.new(rules, dealer=index % players, seed=seed + index)
        index += 1
        if deal.is_over:
            continue
        bots = [make_bot("standard", seed + s) for s in range(players)]
        while deal.to_act is not None:
            seat = deal.to_act
            view = deal.view(seat)
            views.append(view)
            deal.apply(bots[seat].choose(view), seat=seat)
        if deal.result is not None and deal.result.redeal is None:
            played += 1
    Rng(seed).shuffle(views)
    return views


def time_level(level: str, views: list[SeatView], seconds: float, least: int,
               **options: Any) -> dict[str, float]:
    """Time ``choose`` on the views in turn: ``least`` decisions at least, then until ``seconds``."""
    import statistics  # here, not at the top: the page imports this package and needs no statistics

    from . import make_bot

    costs: list[float] = []
    deadline = perf_counter() + seconds
    i = 0
    while (perf_counter() < deadline or len(costs) < least) and len(costs) < len(views):
        view = views[i]
        bot = make_bot(level, i, **options)
        t0 = perf_counter()
        bot.choose(view)
        costs.append((perf_counter() - t0) * 1000)
        i += 1
    costs.sort()
    p95 = costs[min(len(costs) - 1, int(0.95 * len(costs)))]
    return {"ms_per_decision_p50": float(f"{statistics.median(costs):.4g}"),
            "ms_per_decision_p95": float(f"{p95:.4g}"), "decisions": len(costs)}


def bench_bots(seconds: float = 8.0, quick: bool = False) -> dict[str, Any]:
    """Per level, ms per decision (p50, p95) on the same sampled positions.

    The Expert, far slower, gets half of ``seconds`` and at least 60 decisions (5 when
    ``quick``); the other levels share the rest.
    """
    from . import LEVEL_NAMES as LEVELS

    views = sample_views(deals=2 if quick else 6)
    levels = [lv for lv in LEVELS if lv != "expert"]
    out = {}
    share = seconds / 2 / max(1, len(levels))
    for level in levels:
        out[level] = time_level(level, views, share, least=20 if quick else 200)
    if "expert" in LEVELS:
        out["expert"] = time_level("expert", views, seconds / 2, least=5 if quick else 60)
    return out


__all__ = ["bench_bots", "sample_views", "time_level"]
