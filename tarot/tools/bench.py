"""Performance figures: ``python -m tarot bench``.

Each benchmark is a function registered in :data:`BENCHMARKS` with
:func:`benchmark`; it gets a :class:`Budget` and returns named figures (numbers,
or a dict of them).  Every figure is the median of ``budget.repeats`` runs, and
its meaning is written in ``about``.  :func:`run` merges the figures into one
JSON-ready dict.

Bot speed: the ``bots`` benchmark times ``choose(view)`` for every level in
:data:`tarot.bots.LEVEL_NAMES` (:mod:`tarot.bots.speed`).
"""
from __future__ import annotations

import os
import platform
import statistics
import sys
from dataclasses import dataclass
from time import perf_counter, perf_counter_ns, process_time
from typing import Any, Callable, Sequence

from ..bots import random_ecart
from ..match import deal_seed
from ..rng import Rng
from ..rules import Rules
from ..state import Deal, Phase


@dataclass(frozen=True)
class Budget:
    """How long a benchmark may take: ``seconds`` for all its runs together."""

    seconds: float
    repeats: int
    quick: bool


Benchmark = Callable[[Budget], dict[str, Any]]
BENCHMARKS: dict[str, Benchmark] = {}
ABOUT: dict[str, str] = {
    "load_average_1min": "the machine's load average when the run started: figures measured on a busy "
                         "machine are lower than the engine's own speed",
    "seconds_per_benchmark": "time budget of the deals and bots benchmarks, all runs together (the "
                             "legal-move benchmark queries a fixed number of positions instead)",
}


def benchmark(name: str, about: dict[str, str]) -> Callable[[Benchmark], Benchmark]:
    """Register a benchmark under ``name``; ``about`` says what each of its figures measures."""

    def register(fn: Benchmark) -> Benchmark:
        BENCHMARKS[name] = fn
        ABOUT.update(about)
        return fn

    return register


def run(quick: bool = False, seconds: float | None = None, repeats: int | None = None,
        only: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmarks (all, or those named in ``only``) and return their figures."""
    budget = Budget(seconds=seconds if seconds is not None else (0.6 if quick else 8.0),
                    repeats=repeats if repeats is not None else (3 if quick else 5), quick=quick)
    out: dict[str, Any] = {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": f"{sys.platform} {platform.machine()}",
        "cpus": os.cpu_count(),
        "quick": quick,
        "repeats": budget.repeats,
        "seconds_per_benchmark": budget.seconds,
        "load_average_1min": _load_average(),
    }
    for name, fn in BENCHMARKS.items():
        if only is None or name in only:
            out.update(fn(budget))
    out["about"] = {k: ABOUT[k] for k in out if k in ABOUT}
    return out


def _load_average() -> float | None:
    """The machine's 1-minute load average when the run starts (others' work slows the figures)."""
    if sys.platform == "emscripten":  # Pyodide reports a made-up figure
        return None
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):  # not on every platform
        return None


def _median(values: Sequence[float]) -> float:
    return statistics.median(values)


def _round(x: float) -> float:
    return float(f"{x:.4g}")


# ------------------------------------------------------------- random deals
def _seat_to_act(deal: Deal) -> int:
    seat = deal.to_act
    assert seat is not None  # a deal that is not over has a seat to act
    return seat


def play_random_deal(deal: Deal, rng: Rng) -> Deal:
    """Play ``deal`` to the end by the public API, each decision drawn with ``rng``."""
    done, ecart = Phase.DONE, Phase.ECART
    while deal.phase is not done:
        if deal.phase is ecart:
            deal.apply(random_ecart(deal.view(_seat_to_act(deal)), rng))
        else:
            actions = deal.legal_actions()
            deal.apply(actions[rng.below(len(actions))])
    return deal


@benchmark("deals", about={
    "deals_per_second_4p_random": "complete 4-player deals per second, dealing and bids included, "
                                  "every decision drawn by Rng.below among legal_actions() and applied "
                                  "with apply() (écart: tarot.bots.random_ecart); median of the runs",
    "runs_deals_per_second_4p_random": "the same figure for each run",
    "deals_per_cpu_second_4p_random": "the same deals per second of CPU time used by this process: "
                                      "closer to the engine's own speed on a busy machine",
})
def bench_deals(budget: Budget) -> dict[str, Any]:
    rules = Rules(players=4)
    per_run = budget.seconds / budget.repeats
    rates, cpu_rates = [], []
    index = 0
    for r in range(budget.repeats):
        rng = Rng(r)
        count = 0
        start, cpu_start = perf_counter(), process_time()
        deadline = start + per_run
        while True:
            play_random_deal(Deal.new(rules, dealer=index % 4, seed=deal_seed(2024, index)), rng)
            index += 1
            count += 1
            now = perf_counter()
            if now >= deadline:
                break
        cpu = process_time() - cpu_start
        rates.append(count / (now - start))
        cpu_rates.append(count / max(cpu, 1e-9))
    return {"deals_per_second_4p_random": _round(_median(rates)),
            "runs_deals_per_second_4p_random": [_round(x) for x in rates],
            "deals_per_cpu_second_4p_random": _round(_median(cpu_rates))}


# -------------------------------------------------------- legal-move queries
def play_positions(count: int, seed: int = 7) -> list[Deal]:
    """``count`` different 4-player positions of the play phase, none of them queried yet."""
    rules = Rules(players=4)
    rng = Rng(seed)
    positions: list[Deal] = []
    index = 0
    while len(positions) < count:
        deal = Deal.new(rules, dealer=index % 4, seed=deal_seed(seed, index))
        index += 1
        while not deal.is_over and len(positions) < count:
            if deal.phase is Phase.PLAY:
                positions.append(_cold(deal.copy()))
            if deal.phase is Phase.ECART:
                deal.apply(random_ecart(deal.view(_seat_to_act(deal)), rng))
            else:
                actions = deal.legal_actions()
                deal.apply(actions[rng.below(len(actions))])
    return positions


def _cold(deal: Deal) -> Deal:
    """``deal`` with its legal-move cache emptied, so that the next query computes."""
    if getattr(deal, "_legal", -1) != -1:
        deal._legal = -1
    return deal


def _timer_overhead_ns(samples: int = 2000) -> float:
    clock = perf_counter_ns
    costs = []
    for _ in range(samples):
        t0 = clock()
        costs.append(clock() - t0)
    return _median(costs)


def _per_call_us(positions: list[Deal], query: Callable[[Deal], object], overhead_ns: float) -> float:
    """Median time of ``query`` over fresh copies of ``positions``, one call each, in µs."""
    fresh = [_cold(p.copy()) for p in positions]
    clock = perf_counter_ns
    costs = []
    for deal in fresh:
        t0 = clock()
        query(deal)
        costs.append(clock() - t0)
    return max(0.0, _median(costs) - overhead_ns) / 1000


def _batch_us(positions: list[Deal], query: Callable[[Deal], object]) -> float:
    fresh = [_cold(p.copy()) for p in positions]
    start = perf_counter_ns()
    for deal in fresh:
        query(deal)
    return (perf_counter_ns() - start) / len(fresh) / 1000


@benchmark("legal", about={
    "legal_actions_us_median_uncached": "µs per Deal.legal_actions() in the play phase (cards, and the "
                                        "declarations before a seat's first card), each call on a different "
                                        "position whose cache is empty; median of the calls (timer cost "
                                        "subtracted), median of the runs",
    "legal_cards_mask_us_median_uncached": "µs per Deal.legal_cards_mask() (the bit mask of playable cards), "
                                           "same positions and method",
    "legal_actions_us_mean_uncached": "µs per legal_actions() call, total time of a loop over the positions "
                                      "divided by their number (loop cost included); median of the runs",
    "legal_positions": "number of different play-phase positions each run queries",
})
def bench_legal(budget: Budget) -> dict[str, Any]:
    count = 300 if budget.quick else 3000
    positions = play_positions(count)
    overhead = _timer_overhead_ns()
    actions, masks, means = [], [], []
    for _ in range(budget.repeats):
        actions.append(_per_call_us(positions, Deal.legal_actions, overhead))
        masks.append(_per_call_us(positions, Deal.legal_cards_mask, overhead))
        means.append(_batch_us(positions, Deal.legal_actions))
    return {
        "legal_actions_us_median_uncached": _round(_median(actions)),
        "legal_cards_mask_us_median_uncached": _round(_median(masks)),
        "legal_actions_us_mean_uncached": _round(_median(means)),
        "legal_positions": len(positions),
    }


# ------------------------------------------------------------------ seat view
def view_positions(count: int, players: int = 4, seed: int = 11) -> list[Deal]:
    """``count`` play positions as self-play leaves them: every earlier decision was made
    from ``deal.view(seat)`` (random among the legal actions), the legal moves not yet asked."""
    rules = Rules(players=players)
    rng = Rng(seed)
    positions: list[Deal] = []
    index = 0
    while len(positions) < count:
        deal = Deal.new(rules, dealer=index % players, seed=deal_seed(seed, index))
        index += 1
        while deal.to_act is not None and len(positions) < count:
            view = deal.view(deal.to_act)
            if deal.phase is Phase.PLAY:
                positions.append(_cold(deal.copy()))
            if deal.phase is Phase.ECART:
                deal.apply(random_ecart(view, rng))
            else:
                deal.apply(view.legal[rng.below(len(view.legal))])
    return positions


def _fresh(deal: Deal) -> Deal:
    """``deal`` with nothing kept from earlier views (as a deal just read from its record)."""
    for name in [k for k in vars(deal) if k.startswith("_view_")]:
        delattr(deal, name)
    return deal


@benchmark("view", about={
    "seat_view_us_median": "µs per Deal.view(seat) for the seat to act, on 4-player play positions as "
                           "self-play leaves them (the previous decision was made from a view; legal moves "
                           "not yet computed), each call on a different position; median of the calls "
                           "(timer cost subtracted), median of the runs",
    "seat_view_us_median_fresh": "the same on the same positions with nothing kept from earlier views "
                                 "(as a deal just read from its record)",
    "seat_view_positions": "number of different play positions each run views",
})
def bench_view(budget: Budget) -> dict[str, object]:
    positions = view_positions(300 if budget.quick else 3000)
    overhead = _timer_overhead_ns()
    kept, fresh = [], []

    def view_to_act(deal: Deal) -> object:
        return deal.view(_seat_to_act(deal))

    for _ in range(budget.repeats):
        kept.append(_per_call_us(positions, view_to_act, overhead))
        fresh.append(_per_call_us([_fresh(p.copy()) for p in positions], view_to_act, overhead))
    return {"seat_view_us_median": _round(_median(kept)),
            "seat_view_us_median_fresh": _round(_median(fresh)),
            "seat_view_positions": len(positions)}


# ------------------------------------------------------------------ self-play
def play_bots_deal(deal: Deal, bots: list[Any]) -> Deal:
    """Play ``deal`` to the end, each seat's bot choosing from its view."""
    while deal.to_act is not None:
        seat = deal.to_act
        deal.apply(bots[seat].choose(deal.view(seat)), seat=seat)
    return deal


@benchmark("selfplay", about={
    "selfplay_deals_per_second_4p_debutant": "complete 4-player deals per second with a Débutant bot in "
                                             "every seat (dealing, bids, écart, play, count; each decision "
                                             "from Deal.view), median of the runs",
    "runs_selfplay_deals_per_second_4p_debutant": "the same figure for each run",
})
def bench_selfplay(budget: Budget) -> dict[str, object]:
    from ..bots import make_bot

    rules = Rules(players=4)
    per_run = budget.seconds / budget.repeats
    rates = []
    index = 0
    for _ in range(budget.repeats):
        count = 0
        start = perf_counter()
        deadline = start + per_run
        while True:
            seed = deal_seed(2024, index)
            play_bots_deal(Deal.new(rules, dealer=index % 4, seed=seed),
                           [make_bot("debutant", deal_seed(seed, s + 1)) for s in range(4)])
            index += 1
            count += 1
            now = perf_counter()
            if now >= deadline:
                break
        rates.append(count / (now - start))
    return {"selfplay_deals_per_second_4p_debutant": _round(_median(rates)),
            "runs_selfplay_deals_per_second_4p_debutant": [_round(x) for x in rates]}


# ----------------------------------------------------------------------- bots
@benchmark("bots", about={
    "bots": "per bot level: ms per choose(view) call (building the view not counted), p50 and p95, and "
            "the number of decisions timed; every level decides on the same positions, the decisions of "
            "4-player deals played by Standard bots (every phase), taken in a seeded random order; the "
            "Expert at its default budget",
})
def bench_bots(budget: Budget) -> dict[str, Any]:
    from ..bots.speed import bench_bots as time_bots

    return {"bots": time_bots(seconds=budget.seconds, quick=budget.quick)}


__all__ = ["BENCHMARKS", "Budget", "benchmark", "play_bots_deal", "play_positions", "play_random_deal", "run",
           "view_positions"]
