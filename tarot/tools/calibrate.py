"""How far the graded analysis can be trusted: ``python -m tarot calibrate``.

Two benchmarks, each writing one JSON line per deal (so that a long run can be
read while it goes, and resumed with ``--skip``) and, with ``--summary``, reading
such lines back into the figures of docs/analysis.md:

- ``trust``: deals played by the Standard bots but for one seat, a Débutant (so that
  there are mistakes to find), that seat moving round the table; every decision of that
  seat graded at the default budget (adaptive: up to ``--most`` imagined deals where the class is
  unsettled) and by a large run of ``--factor`` times the imagined deals the default gave it
  (another seed, so the two draws are independent; every option on ``--factor`` times the first
  budget, only those near the best beyond it: :func:`judge`).  The figures: of the decisions the large run
  calls mistake or blunder, the share the default calls mistake or worse (and the share it
  calls at least an inaccuracy); of those the
  default calls mistake or blunder, the share the large run calls at least an inaccuracy;
  how often the two runs name the same best action; each share with its 95 % (Wilson)
  interval, and the imagined deals the default used.  ``--large-from`` grades again the
  deals of earlier lines, their large run reused: a change of the default measured on the
  same deals for a tenth of the CPU.  ``--refine`` brings lines whose large run was a fixed
  ``factor`` times the first budget to that judge: each decision the default weighed on more
  imagined deals than its first ``worlds`` is graded again on ``factor`` times the deals the
  default gave it (the same draws as the large run, continued).
- ``validity``: the same deals played with each level in the graded seat (the others
  Standard); the deal's accuracy of that seat at the default budget, per level.  The
  figures: each level's mean accuracy with its 95 % interval, and each gap between
  levels with the interval of the deal-by-deal difference.
"""
from __future__ import annotations

import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence

from ..bots import LEVEL_NAMES, make_bot
from ..match import deal_seed
from ..rules import Rules
from ..state import Deal
from ..view import SeatView
from ..actions import Action, seatless_json
from ..replay import decisions
from ..teaching.accuracy import classify
from ..teaching.analysis import (DEFAULT_WORLDS, Graded, PlayOut, accuracies, contenders, decision_rng, grade_record,
                                 normal_action, options_of, seat_steps, weighed)
from .options import ArgumentParser, integer_arg, whole_arg
from .records import COMPACT

PROG = "python -m tarot calibrate"
SERIOUS = ("mistake", "blunder")
Z95 = 1.96


def play(rules: Rules, seed: int, dealer: int, levels: Sequence[str]) -> Deal:
    """A deal played to its end by the bots of ``levels`` (one per seat)."""
    deal = Deal.new(rules, dealer=dealer, seed=seed)
    bots = [make_bot(level, deal_seed(seed, s + 1)) for s, level in enumerate(levels)]
    while deal.to_act is not None:
        seat = deal.to_act
        deal.apply(bots[seat].choose(deal.view(seat)), seat=seat)
    return deal


def _deals(players: int, seed: int) -> Iterable[tuple[int, int, int]]:
    """``(k, seed, seat)`` of the deals in order: the deal's seed and the graded seat."""
    k = 0
    while True:
        yield k, deal_seed(seed, k), k % players
        k += 1


def trust_play(rules: Rules, seed: int, seat: int) -> Deal | None:
    """A deal of the ``trust`` benchmark: Standard bots, a Débutant in ``seat``; ``None`` for a redeal."""
    levels = ["standard"] * rules.players
    levels[seat] = "debutant"
    deal = play(rules, seed, seed % rules.players, levels)
    return None if deal.result is None or deal.result.taker is None else deal


def trust_deal(deal: Deal, seed: int, seat: int, worlds: int, factor: int, most: int | None = None,
               large_from: dict[str, object] | None = None) -> dict[str, object]:
    """One deal's line of the ``trust`` benchmark: each decision of ``seat`` graded twice, at
    the default budget (up to ``most`` imagined deals, by default the analysis's cap) and by
    :func:`large_run`, ``factor`` times the deals the default gave it; with the seconds of CPU the
    default took.  ``large_from``, an earlier line of the same deal, gives the large run's grades
    instead: only the default is weighed again (for a change of the default that leaves its deals
    per decision as they were)."""
    record = deal.to_record()
    start = time.process_time()
    small = list(grade_record(record, seat, worlds, 0, most))
    seconds = time.process_time() - start
    if large_from is None:
        large = list(large_run(record, seat, small, worlds, factor))
    else:
        large = _large_of(large_from, [a.step for a in small])
    rows = []
    for a, b in zip(small, large):
        row: dict[str, object] = {"step": a.step, "phase": a.phase, "forced": a.forced, "default": a.grade,
                                  "large": a.grade if a.forced else b["large"], "loss": round(a.loss, 2),
                                  "large_loss": b["large_loss"], "se": round(a.se, 2), "worlds": a.worlds,
                                  "best": seatless_json(a.best)}
        if "large_best" in b:  # lines written before the runs kept their best actions do not say
            row["large_best"] = b["large_best"]
            row["same_best"] = row["best"] == b["large_best"]
        if "large_worlds" in b and not a.forced:  # a refined large run
            row["large_worlds"] = b["large_worlds"]
        rows.append(row)
    return {"players": deal.rules.players, "seed": seed, "seat": seat, "worlds": worlds, "seconds": round(seconds, 3), "decisions": rows}


def large_run(record: object, seat: int, small: Sequence[Graded], worlds: int, factor: int) -> Iterable[dict[str, object]]:
    """The large run's grades of the decisions of ``seat`` the default graded (``small``): each
    weighed by :func:`judge` on ``factor`` times the deals the default gave it, every option on
    the first ``factor`` × ``worlds``; a forced one as the default has it."""
    by_step = {a.step: a for a in small}
    for index, s, action, moment in decisions(record):
        if s != seat:
            continue
        a = by_step[index]
        if a.forced:
            yield {"large": a.grade, "large_loss": 0.0, "large_best": seatless_json(a.best)}
            continue
        graded, loss, best, used = judge(moment.view(seat), action, index, factor * worlds, factor * a.worlds)
        yield {"large": graded, "large_loss": round(loss, 2), "large_best": seatless_json(best), "large_worlds": used}


def _large_of(line: dict[str, object], steps: list[int]) -> list[dict[str, object]]:
    """The large run's grades of the decisions at ``steps`` in an earlier line of the deal;
    ``ValueError`` when that line is of other decisions."""
    by_step = {d["step"]: d for d in line["decisions"]}  # type: ignore[attr-defined]
    if sorted(by_step) != steps:
        raise ValueError(f"the line of deal {line.get('seed')} is of other decisions")
    return [{k: by_step[step][k] for k in ("large", "large_loss", "large_best", "large_worlds") if k in by_step[step]}
            for step in steps]


def refine_line(line: dict[str, object], deal: Deal, factor: int, least: float = 0.0) -> dict[str, object]:
    """``line`` (a ``trust`` line of ``deal``, its large run at ``factor`` times the line's
    ``worlds``) with the large run made ``factor`` times the default decision by decision: each
    decision the default weighed on more imagined deals, and that either run put at a loss of
    ``least`` or more, is graded again on ``factor`` times the deals the default used, with the
    large run's seed (its draws continued); every decision says the large run's deals
    (``large_worlds``).  ``ValueError`` when the line is of other decisions."""
    rows = {d["step"]: d for d in line["decisions"]}  # type: ignore[attr-defined]
    seat = int(line["seat"])  # type: ignore[call-overload]
    record = deal.to_record()
    if seat_steps(record, seat) != sorted(rows):
        raise ValueError(f"the line of deal {line.get('seed')} is of other decisions")
    out = []
    for index, s, action, moment in decisions(record):
        if s != seat:
            continue
        row = dict(rows[index])
        if not row["forced"]:
            used = int(row.get("large_worlds", factor * int(line["worlds"])))  # type: ignore[arg-type, call-overload]
            wanted = factor * int(row["worlds"])
            if wanted > used and max(row["loss"], row["large_loss"]) >= least:
                graded, loss, best, used = judge(moment.view(seat), action, index, used, wanted)
                row.update(large=graded, large_loss=round(loss, 2), large_best=seatless_json(best))
                row["same_best"] = row["best"] == row["large_best"]
            row["large_worlds"] = used
        out.append(row)
    return {**line, "decisions": out}


def judge(view: SeatView, played: Action, step: int, first: int, worlds: int) -> tuple[str, float, Action, int]:
    """The large run's grade of a decision on ``worlds`` imagined deals (its seed, 1): the class, the
    loss, the best action and the deals made.  Every option is weighed on the ``first`` deals (the
    large run's first budget); only :func:`~tarot.teaching.analysis.contenders` (the played one, the
    best and those within ``PRUNE`` standard errors of it) on the rest (the same draws: what they
    would have been with all)."""
    played_option = normal_action(played)
    options = options_of(view, played_option)
    mine = options.index(played_option)
    playout = PlayOut(view, options, decision_rng(1, step))
    playout.extend(first)
    means, best, _loss, _se = weighed(playout.values, mine)
    kept = contenders(playout.values, means, best, mine, list(range(len(options))))
    playout.extend(worlds, kept)
    _means, top, loss, se = weighed(playout.values, mine, kept)
    return classify(loss, se), loss, options[top], playout.made


def validity_deal(rules: Rules, seed: int, seat: int, levels: Sequence[str], worlds: int) -> dict[str, object]:
    """One deal of the ``validity`` benchmark: the seat's deal accuracy per level."""
    out: dict[str, float | None] = {}
    for level in levels:
        seats = ["standard"] * rules.players
        seats[seat] = level
        record = play(rules, seed, seed % rules.players, seats).to_record()
        out[level] = accuracies(list(grade_record(record, seat, worlds, 0)))["deal"]
    return {"players": rules.players, "seed": seed, "seat": seat, "accuracy": out}


def trust_summary(lines: Iterable[dict[str, object]]) -> dict[str, object]:
    """The ``trust`` figures of the deals' lines."""
    deals = 0
    decided = serious_large = found = flagged = serious_default = confirmed = same = compared = 0
    weighed = extended = worlds = judged = large_worlds = 0
    for line in lines:
        deals += 1
        for d in line["decisions"]:  # type: ignore[attr-defined]
            if d["forced"]:
                continue
            decided += 1
            if "same_best" in d:  # lines reusing an earlier large run that kept no best action do not say
                compared += 1
                same += d["same_best"]
            used = d.get("worlds")  # lines written before the adaptive budget do not say
            if used is not None:
                weighed += 1
                worlds += used
                extended += used > line["worlds"]
            if "large_worlds" in d:  # a refined large run says its deals decision by decision
                judged += 1
                large_worlds += d["large_worlds"]
            if d["large"] in SERIOUS:
                serious_large += 1
                found += d["default"] in SERIOUS
                flagged += d["default"] != "good"
            if d["default"] in SERIOUS:
                serious_default += 1
                confirmed += d["large"] != "good"
    return {"deals": deals, "decisions": decided,
            "large_serious": serious_large, "found_by_default": found, "recall": _share(found, serious_large),
            "recall_95": _wilson(found, serious_large),
            "flagged_by_default": flagged, "flagged_share": _share(flagged, serious_large),
            "default_serious": serious_default, "confirmed_by_large": confirmed,
            "precision": _share(confirmed, serious_default), "precision_95": _wilson(confirmed, serious_default),
            "same_best": _share(same, compared), "same_best_95": _wilson(same, compared),
            "extended": _share(extended, weighed), "mean_worlds": round(worlds / weighed, 1) if weighed else None,
            "mean_large_worlds": round(large_worlds / judged, 1) if judged else None}


def _wilson(part: int, whole: int) -> list[float] | None:
    """The 95 % (Wilson score) interval of the share ``part / whole``, in percent."""
    if not whole:
        return None
    p, z2 = part / whole, Z95 * Z95
    centre = (p + z2 / (2 * whole)) / (1 + z2 / whole)
    half = Z95 * math.sqrt(p * (1 - p) / whole + z2 / (4 * whole * whole)) / (1 + z2 / whole)
    return [round(100 * (centre - half), 1), round(100 * (centre + half), 1)]


def validity_summary(lines: Iterable[dict[str, object]]) -> dict[str, object]:
    """The ``validity`` figures of the deals' lines: mean and 95 % interval per level, and per
    pair of levels the mean deal-by-deal difference with its interval."""
    rows = [line["accuracy"] for line in lines]
    levels = list(rows[0]) if rows else []  # type: ignore[call-overload]
    means = {level: _interval([r[level] for r in rows]) for level in levels}  # type: ignore[index]
    gaps = {f"{a}-{b}": _interval([r[a] - r[b] for r in rows])  # type: ignore[index]
            for i, a in enumerate(levels) for b in levels[i + 1:]}
    return {"deals": len(rows), "accuracy": means, "gaps": gaps}


def _interval(values: list[float]) -> dict[str, float]:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return {"mean": round(mean, 2), "low": round(mean - half, 2), "high": round(mean + half, 2)}


def _share(part: int, whole: int) -> float | None:
    return round(100 * part / whole, 1) if whole else None


def _trust_lines(parser: ArgumentParser, flag: str, path: str,
                 again: Callable[[dict[str, object], Deal], dict[str, object]]) -> int:
    """``again(line, deal)`` printed for each line of an earlier ``trust`` run in ``path``."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = [json.loads(line) for line in f if line.strip()]
        deals = [(line, Rules(players=line["players"])) for line in lines]
    except (OSError, ValueError, KeyError, TypeError) as e:
        parser.error(f"{flag} {path}: not the lines of a trust run ({type(e).__name__})")
    for line, rules in deals:
        deal = trust_play(rules, line["seed"], line["seat"])
        if deal is None:
            parser.error(f"{flag} {path}: deal {line['seed']} is a redeal, not a trust deal")
        try:
            out = again(line, deal)
        except (ValueError, KeyError, TypeError) as e:
            parser.error(f"{flag} {path}: {e}")
        print(json.dumps(out, separators=COMPACT), flush=True)
    return 0


def build_parser() -> ArgumentParser:
    p = ArgumentParser(prog=PROG, description="Measure how far the graded analysis can be trusted.")
    p.add_argument("bench", choices=("trust", "validity"), help="which benchmark")
    p.add_argument("--players", type=whole_arg(3, 5, "3, 4 or 5"), default=4)
    p.add_argument("--deals", type=whole_arg(1, 100_000, "--deals"), default=200, help="deals (redeals not counted)")
    p.add_argument("--skip", type=whole_arg(0, 100_000, "--skip"), default=0,
                   help="deals of the sequence already done (to resume a run)")
    p.add_argument("--seed", type=integer_arg, default=2026, help="the deals' seed")
    p.add_argument("--worlds", type=whole_arg(1, 100_000, "--worlds"), default=DEFAULT_WORLDS)
    p.add_argument("--factor", type=whole_arg(2, 1000, "--factor"), default=10, help="trust: the large run's multiple")
    p.add_argument("--most", type=whole_arg(1, 1_000_000, "--most"), default=None,
                   help="trust: the most imagined deals the default gives an unsettled decision "
                        "(default the analysis's cap; --worlds for a fixed budget)")
    p.add_argument("--levels", default="expert,standard,debutant", help="validity: the levels compared")
    p.add_argument("--large-from", metavar="FILE",
                   help="trust: the deals of the lines of FILE (an earlier run), their large run's grades reused: "
                        "only the default is weighed again")
    p.add_argument("--refine", metavar="FILE",
                   help="trust: the lines of FILE, each decision the default weighed on more imagined deals "
                        "graded again by the large run on --factor times the deals the default used")
    p.add_argument("--least", type=whole_arg(0, 1000, "--least"), default=0, metavar="LOSS",
                   help="--refine: only the decisions either run put at a loss of LOSS deal units or more")
    p.add_argument("--summary", metavar="FILE", help="read the lines of FILE (- for stdin) and print the figures")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.summary is not None:
        with (sys.stdin if args.summary == "-" else open(args.summary, encoding="utf-8")) as f:
            lines = [json.loads(line) for line in f if line.strip()]
        summary = trust_summary(lines) if args.bench == "trust" else validity_summary(lines)
        print(json.dumps(summary))
        return 0
    levels = [level.strip() for level in args.levels.split(",")]
    if any(level not in LEVEL_NAMES for level in levels):
        parser.error(f"--levels takes levels among {', '.join(LEVEL_NAMES)}, not {args.levels!r}")
    if args.large_from is not None or args.refine is not None:
        if args.bench != "trust" or args.large_from is not None and args.refine is not None:
            parser.error("--large-from and --refine are for trust, one at a time")
        if args.refine is not None:
            return _trust_lines(parser, "--refine", args.refine,
                                lambda line, deal: refine_line(line, deal, args.factor, args.least))
        return _trust_lines(parser, "--large-from", args.large_from, lambda line, deal: trust_deal(
            deal, int(line["seed"]), int(line["seat"]), args.worlds, args.factor, args.most,  # type: ignore[call-overload]
            large_from=line))
    rules = Rules(players=args.players)
    done = 0
    for _k, seed, seat in _deals(args.players, args.seed):
        if done >= args.skip + args.deals:
            break
        if args.bench == "trust":
            deal = trust_play(rules, seed, seat)
            if deal is None:
                continue  # a redeal
            if done >= args.skip:
                print(json.dumps(trust_deal(deal, seed, seat, args.worlds, args.factor, args.most), separators=COMPACT),
                      flush=True)
        elif done >= args.skip:
            print(json.dumps(validity_deal(rules, seed, seat, levels, args.worlds), separators=COMPACT), flush=True)
        done += 1
    return 0
