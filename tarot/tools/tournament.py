"""Duplicate tournaments between two bot levels: ``python -m tarot tournament``.

Every deal is played several times with the same cards, the two bots exchanging
seats, so that the luck of the cards cancels out:

- the base pattern puts bot A in the even seats and bot B in the odd ones
  (4 players: A B A B);
- a deal is played once for every distinct rotation of that pattern and of its
  mirror (A and B exchanged).  At 4 players that is A B A B then B A B A; at 3,
  A B A, B A A, A A B, B A B, A B B, B B A; at 5, the five rotations of
  A B A B A and the five of B A B A B.

So each hand is held by each bot equally often, from every seat.  A *group* is
one deal with all its plays; a bot's score for a group is the mean of the scores
of the seats it held, and the report gives the mean over groups with a 95%
confidence interval computed over groups (the plays of one deal are not
independent, the groups are).

Also reported, per bot: how often it took, per contract how often and with what
success, and the seconds it spent per decision; for the tournament, how many
plays ended with every seat passing.  ``--option-a`` / ``--option-b`` pass a knob to
bot A's or bot B's constructor (``--bots expert,expert --option-a taker_edge=0`` pits
the Expert against itself without its taker's edge).  ``--jobs`` spreads the groups over
processes (standard library :mod:`multiprocessing`; one process with
``--jobs 1``, and always under Pyodide).
"""
from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import sys
import time
from dataclasses import fields
from typing import Any, Callable, Sequence

from ..bots import Bot, make_bot
from ..bots.levels import LEVELS
from ..cards import mask_of
from ..match import deal_seed
from ..rules import Contract, Rules
from ..state import Deal
from .options import effort_problems, integer_arg, whole_arg  # numbers in digits 0-9 only

PROG = "python -m tarot tournament"
CONTRACTS = tuple(c.code for c in Contract)

# A bot's constructor options, as (name, value) pairs.
Options = tuple[tuple[str, Any], ...]
# One group's task: the rules' JSON, the deal's index, the tournament's seed, the two
# levels (A, B), the Expert's budget and the two bots' options.
Task = tuple[dict[str, Any], int, int, tuple[str, ...], int | None, tuple[Options, Options]]


def patterns(players: int) -> list[str]:
    """The seat patterns a deal is played with: every rotation of A B A B… and of its mirror."""
    base = "".join("AB"[s % 2] for s in range(players))
    mirror = base.translate(str.maketrans("AB", "BA"))
    out: list[str] = []
    for p in (base, mirror):
        for r in range(players):
            rotated = p[r:] + p[:r]
            if rotated not in out:
                out.append(rotated)
    return out


def _new_bot(level: str, seed: int, budget: int | None, options: Options = ()) -> Bot:
    given = dict(options)
    if budget is not None and level == "expert":
        given.setdefault("samples", budget)
    return make_bot(level, seed, **given)


def _fits(value: Any, default: Any) -> bool:
    """Whether ``value`` is of the kind of a knob whose default is ``default``."""
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if isinstance(default, int):
        return isinstance(value, int)
    if isinstance(default, float):
        return isinstance(value, (int, float))
    return value is None or isinstance(value, (int, float))  # a knob that is off (None) by default


def parse_option(level: str, text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` as a (name, value) option of the ``level``'s bot; ``ValueError`` with the
    reason when the bot has no such knob or the value does not fit it."""
    key, sep, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    params = {name: p.default for name, p in inspect.signature(LEVELS[level]).parameters.items()
              if name != "seed" and p.default is not inspect.Parameter.empty}
    if not sep or not key:
        raise ValueError(f"{text!r} is not KEY=VALUE")
    if key not in params:
        knobs = ", ".join(params) or "none"
        raise ValueError(f"the {level} bot has no option {key!r} (its options: {knobs})")
    default = params[key]
    value: Any
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif raw.lower() == "none":
        value = None
    else:
        try:
            value = int(raw)
        except ValueError:
            try:
                value = float(raw)
            except ValueError:
                raise ValueError(f"{key}={raw!r}: the value is not a number, true, false or none") from None
    if not _fits(value, default):
        raise ValueError(f"{key}={raw!r}: {key} takes {type(default).__name__} values (default {default!r})")
    return key, value


def read_options(level: str, texts: Sequence[str], budget: int | None) -> tuple[Options, list[str]]:
    """The ``KEY=VALUE`` options ``texts`` of the ``level``'s bot, and what is wrong with them
    (a knob it lacks, a value that does not fit, a value its constructor refuses)."""
    given: list[tuple[str, Any]] = []
    problems: list[str] = []
    for text in texts:
        try:
            given.append(parse_option(level, text))
        except ValueError as e:
            problems.append(str(e))
    if not problems:
        try:
            _new_bot(level, 0, budget, tuple(given))
        except (TypeError, ValueError) as e:
            problems.append(str(e))
    return tuple(given), problems


def play_group(task: Task) -> dict[str, Any]:
    """Play one deal under every pattern; the figures of the group (see :func:`summarise`)."""
    rules_json, index, seed, levels, budget, options = task
    rules = Rules.from_json(rules_json)
    n = rules.players
    deal_seed_ = deal_seed(seed, index)
    dealer = index % n
    out: dict[str, Any] = {
        "index": index,
        "plays": 0,
        "all_passed": 0,
        "redeals": 0,
        "score": [0, 0],
        "seats": [0, 0],
        "takes": [{c: [0, 0] for c in CONTRACTS}, {c: [0, 0] for c in CONTRACTS}],
        "seconds": [0.0, 0.0],
        "decisions": [0, 0],
        "layouts": [],  # per play: the pattern and the hands dealt (the same cards every time)
        "contracts": [],  # per play: the taker's seat, the slot that held it and the contract (None: passed)
    }
    for p, pattern in enumerate(patterns(n)):
        slots = [0 if ch == "A" else 1 for ch in pattern]
        bots = [_new_bot(levels[slots[s]], deal_seed(deal_seed_, p * n + s + 1), budget, options[slots[s]])
                for s in range(n)]
        deal = Deal.new(rules, dealer=dealer, seed=deal_seed_)
        out["layouts"].append((pattern, [mask_of(h) for h in deal.dealt_hands]))
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None  # a deal that is not over has a seat to act
            view = deal.view(seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view)
            out["seconds"][slots[seat]] += time.perf_counter() - t0
            out["decisions"][slots[seat]] += 1
            deal.apply(action, seat=seat)
        out["plays"] += 1
        result = deal.result
        assert result is not None  # the deal is over
        redeal = result.redeal
        if redeal == "all_passed":
            out["all_passed"] += 1
        elif redeal:
            out["redeals"] += 1
        scores = result.scores
        for s in range(n):
            out["score"][slots[s]] += scores[s]
            out["seats"][slots[s]] += 1
        if result.taker is not None and result.contract is not None:
            taken = out["takes"][slots[result.taker]][result.contract.code]
            taken[0] += 1
            taken[1] += result.made
            out["contracts"].append((result.taker, slots[result.taker], result.contract.code))
        else:
            out["contracts"].append(None)
    return out


# How the plays of one deal compare (see :func:`margin_kind`), in the report's order and words.
MARGIN_KINDS = {"all_passed": "all passed", "same_contract": "same taker, same contract",
                "a_higher": "same taker, A bid higher", "a_lower": "same taker, A bid lower",
                "other": "another taker, or a pass"}


def margin_kind(contracts: Sequence[tuple[int, int, str] | None]) -> str:
    """What the plays of one deal had in common (``contracts``: per play the taker's seat,
    the slot that held it, 0 for A and 1 for B, and the contract; None where all passed).

    ``all_passed``: every play passed out; ``same_contract``: the same seat took the same
    contract in every play, so only the cards differ; ``a_higher`` / ``a_lower``: the same
    seat took every time, bot A bidding a higher / lower contract than bot B in that seat;
    ``other``: another taker, a pass against a contract, or contracts that cross.
    """
    if all(c is None for c in contracts):
        return "all_passed"
    if any(c is None for c in contracts) or len({c[0] for c in contracts if c is not None}) > 1:
        return "other"
    ranks: tuple[list[int], list[int]] = ([], [])
    for c in contracts:
        assert c is not None  # checked above
        ranks[c[1]].append(CONTRACTS.index(c[2]))
    if len(set(ranks[0] + ranks[1])) == 1:
        return "same_contract"
    if ranks[0] and ranks[1] and min(ranks[0]) > max(ranks[1]):
        return "a_higher"
    if ranks[0] and ranks[1] and max(ranks[0]) < min(ranks[1]):
        return "a_lower"
    return "other"


def summarise(groups: list[dict[str, Any]], levels: Sequence[str], players: int) -> dict[str, Any]:
    """The report of a tournament from the figures of its groups."""
    groups = sorted(groups, key=lambda g: g["index"])
    plays = sum(g["plays"] for g in groups)
    own = [[g["score"][slot] / g["seats"][slot] for g in groups] for slot in (0, 1)]  # per group, per bot
    dmean, dci = _mean_ci([a_score - b_score for a_score, b_score in zip(*own)])
    return {
        "players": players,
        "deals": len(groups),
        "plays": plays,
        "patterns": patterns(players),
        "bots": [_bot_report(groups, slot, levels[slot], own[slot]) for slot in (0, 1)],
        "difference_a_minus_b": {"mean": round(dmean, 2), "ci95": dci},
        "margin_by_kind": _margin_by_kind(groups, own[0]),
        "all_passed_rate": _ratio(sum(g["all_passed"] for g in groups), plays, 4, 0.0),
        "redeal_rate": _ratio(sum(g["redeals"] for g in groups), plays, 4, 0.0),
    }


def _ratio(part: float, whole: float, digits: int, empty: float | None) -> float | None:
    """``part / whole`` rounded to ``digits``, or ``empty`` when ``whole`` is 0."""
    return round(part / whole, digits) if whole else empty


def _mean_ci(values: list[float]) -> tuple[float, list[float] | None]:
    """The mean of ``values`` and its 95% confidence interval (``None`` under two values)."""
    k = len(values)
    mean = sum(values) / k if k else 0.0
    if k <= 1:
        return mean, None
    var = sum((x - mean) ** 2 for x in values) / (k - 1)
    half = 1.96 * math.sqrt(var / k)
    return mean, [round(mean - half, 2), round(mean + half, 2)]


def _bot_report(groups: list[dict[str, Any]], slot: int, level: str, per_group: list[float]) -> dict[str, Any]:
    """One bot's figures: its mean score per deal and seat, its contracts, its speed."""
    mean, ci = _mean_ci(per_group)
    seats = sum(g["seats"][slot] for g in groups)
    takes = {c: [sum(g["takes"][slot][c][0] for g in groups), sum(g["takes"][slot][c][1] for g in groups)]
             for c in CONTRACTS}
    taken = sum(t for t, _ in takes.values())
    made = sum(m for _, m in takes.values())
    decisions = sum(g["decisions"][slot] for g in groups)
    seconds = sum(g["seconds"][slot] for g in groups)
    return {
        "level": level,
        "mean_per_deal_per_seat": round(mean, 2),
        "ci95": ci,
        "seat_plays": seats,
        "taker_rate": _ratio(taken, seats, 4, 0.0),
        "made_rate": _ratio(made, taken, 4, None),
        "contracts": {c: {"taken": t, "taker_rate": _ratio(t, seats, 4, 0.0), "made": m, "made_rate": _ratio(m, t, 4, None)}
                      for c, (t, m) in takes.items()},
        "decisions": decisions,
        "seconds_per_decision": _ratio(seconds, decisions, 6, None),
    }


def _margin_by_kind(groups: list[dict[str, Any]], a_scores: list[float]) -> dict[str, dict[str, Any]]:
    """For each kind of margin, its deals and its share of bot A's mean score."""
    k = len(groups)
    margin: dict[str, dict[str, Any]] = {kind: {"deals": 0, "share": 0.0} for kind in MARGIN_KINDS}
    for g, a_score in zip(groups, a_scores):
        part = margin[margin_kind(g["contracts"])]
        part["deals"] += 1
        part["share"] += a_score / k
    for part in margin.values():
        part["share"] = round(part["share"], 2)
    return margin


def run(rules: Rules, deals: int, seed: int, levels: Sequence[str], jobs: int = 1,
        budget: int | None = None, progress: Callable[[int, int], object] | None = None,
        options: tuple[Options, Options] = ((), ())) -> dict[str, Any]:
    """Play a duplicate tournament and return its report (see :func:`summarise`); ``options``
    go to the constructors of bot A and bot B."""
    tasks: list[Task] = [(rules.to_json(), i, seed, tuple(levels), budget, options) for i in range(deals)]
    groups: list[dict[str, Any]] = []
    if jobs <= 1 or sys.platform == "emscripten" or deals <= 1:
        for task in tasks:
            groups.append(play_group(task))
            if progress:
                progress(len(groups), deals)
    else:
        import multiprocessing

        with multiprocessing.Pool(processes=min(jobs, deals)) as pool:
            for group in pool.imap_unordered(play_group, tasks, chunksize=1):
                groups.append(group)
                if progress:
                    progress(len(groups), deals)
    report = summarise(groups, levels, rules.players)
    for bot, given in zip(report["bots"], options):
        bot["options"] = dict(given)
    report["seed"] = seed
    report["budget"] = budget
    report["rules"] = rules.to_json()
    return report


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def render(report: dict[str, Any], seconds: float | None = None) -> str:
    """The report as text."""
    a, b = report["bots"]
    names = [f"A {a['level']}", f"B {b['level']}"]
    budget = report.get("budget")
    lines = [
        f"Duplicate tournament: {report['players']} players, {report['deals']} deals "
        f"x {len(report['patterns'])} plays ({' '.join(report['patterns'])}), seed {report['seed']}"
        + (f", expert budget {budget} samples" if budget is not None else ""),
    ]
    for name, bot in zip(names, (a, b)):
        if bot.get("options"):
            lines.append(f"  {name} with " + ", ".join(f"{k}={v}" for k, v in bot["options"].items()))
    lines += ["", f"{'':26}{names[0]:>22}{names[1]:>22}"]

    def row(label: str, values: list[str]) -> None:
        lines.append(f"{label:26}{values[0]:>22}{values[1]:>22}")

    def score(bot: dict[str, Any]) -> str:
        ci = bot["ci95"]
        if ci is None:
            return f"{bot['mean_per_deal_per_seat']:+.1f}"
        return f"{bot['mean_per_deal_per_seat']:+.1f} ± {(ci[1] - ci[0]) / 2:.1f}"

    lines.append("Score (mean per deal per seat, 95% CI)")
    row("  score", [score(a), score(b)])
    d = report["difference_a_minus_b"]
    ci = d["ci95"]
    lines.append(f"  difference A - B: {d['mean']:+.1f}" + (f" ± {(ci[1] - ci[0]) / 2:.1f}" if ci else "")
                 + " points per deal per seat")
    lines.append("")
    lines.append("Where A's score comes from (deals; their share of A's mean per deal per seat)")
    for kind, part in report["margin_by_kind"].items():
        lines.append(f"  {MARGIN_KINDS[kind]:30}{part['deals']:>8}{part['share']:>+10.2f}")
    lines.append("")
    lines.append("Bidding (share of the bot's seats; contracts made)")
    row("  taker rate", [_pct(a["taker_rate"]), _pct(b["taker_rate"])])
    row("  contracts made", [_pct(a["made_rate"]), _pct(b["made_rate"])])
    for c in CONTRACTS:
        ca, cb = a["contracts"][c], b["contracts"][c]
        row(f"  {c}", [f"{_pct(ca['taker_rate'])} made {_pct(ca['made_rate'])}",
                       f"{_pct(cb['taker_rate'])} made {_pct(cb['made_rate'])}"])
    lines.append(f"  all passed: {_pct(report['all_passed_rate'])} of {report['plays']} plays"
                 f" (redeals for a Petit sec: {_pct(report['redeal_rate'])})")
    lines.append("")
    lines.append("Speed")
    row("  seconds per decision", [f"{a['seconds_per_decision'] or 0:.4f}", f"{b['seconds_per_decision'] or 0:.4f}"])
    row("  decisions", [str(a["decisions"]), str(b["decisions"])])
    if seconds is not None:
        lines.append(f"  wall time: {seconds:.1f} s")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:

    parser = argparse.ArgumentParser(prog=PROG, description="Duplicate tournament between two bot levels.")
    parser.add_argument("--players", type=whole_arg(3, 5, "3, 4 or 5"), choices=(3, 4, 5), default=4)
    parser.add_argument("--deals", type=integer_arg, default=100, help="deals (groups of plays); default 100")
    parser.add_argument("--seed", type=integer_arg, default=0)
    parser.add_argument("--bots", default="standard,debutant",
                        help=f"two levels A,B among {', '.join(LEVELS)} (default standard,debutant)")
    parser.add_argument("--jobs", type=integer_arg, default=os.cpu_count() or 1,
                        help="processes (default: every core)")
    parser.add_argument("--budget", type=integer_arg, default=None,
                        help="expert effort: imagined deals per card decision (default: the bot's own)")
    for slot in ("a", "b"):
        parser.add_argument(f"--option-{slot}", action="append", default=[], metavar="KEY=VALUE",
                            help=f"an option of bot {slot.upper()}'s constructor (repeatable), e.g. samples=80")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.add_argument("--progress", action="store_true", help="report progress on stderr")
    group = parser.add_argument_group("rule options (FFT rules when none is given)")
    for f in fields(Rules)[1:]:
        group.add_argument("--" + f.name.replace("_", "-"), dest=f.name, action="store_true")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as e:
        return int(e.code or 0)
    levels = [x.strip() for x in args.bots.split(",")]
    problems = []
    if len(levels) != 2:
        problems.append("--bots needs two levels separated by a comma, e.g. expert,standard")
    problems += [f"unknown bot level {x!r} (choose from {', '.join(LEVELS)})" for x in levels if x not in LEVELS]
    if args.deals < 1:
        problems.append("--deals must be at least 1")
    problems += effort_problems(args)
    options: list[Options] = [(), ()]
    if not problems:
        for slot, texts in enumerate((args.option_a, args.option_b)):
            options[slot], wrong = read_options(levels[slot], texts, args.budget)
            problems += [f"--option-{'ab'[slot]}: {w}" for w in wrong]
    if problems:
        for p in problems:
            print(f"{PROG}: error: {p}", file=sys.stderr)
        return 2
    rules = Rules(players=args.players, **{f.name: getattr(args, f.name) for f in fields(Rules)[1:]})

    def progress(done: int, total: int) -> None:
        if done == total or done % max(1, total // 20) == 0:
            print(f"{done}/{total} deals", file=sys.stderr, flush=True)

    t0 = time.perf_counter()
    report = run(rules, args.deals, args.seed, levels, jobs=args.jobs, budget=args.budget,
                 progress=progress if args.progress else None, options=(options[0], options[1]))
    elapsed = time.perf_counter() - t0
    if args.json:
        report["wall_seconds"] = round(elapsed, 2)
        print(json.dumps(report, ensure_ascii=False))
    else:
        print(render(report, elapsed))
    return 0


__all__ = ["main", "run", "patterns", "play_group", "summarise", "render"]
