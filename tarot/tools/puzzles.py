"""Puzzles mined from play: ``python -m tarot puzzles mine``.

Reads ``tarot-deal/1`` records (``--file``, JSON lines or one record, ``-`` for standard
input) or lets the Standard bots play ``--deals K`` at ``--players N`` from ``--seed S``,
and writes one puzzle per JSON line (``--out FILE``, else standard output): the decisions
where one action (or a few alike) is clearly best, as :mod:`tarot.puzzles.mine` finds them.
At the end, standard error says how many decisions were examined, how many puzzles were
kept, how many of each theme, and the CPU seconds.

Exit status: 0 when every record was mined; 1 when a record does not replay (one line on
stderr naming it and why; the others are still mined) or the input cannot be read; 2 for a
bad command line.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from typing import TextIO

from ..errors import RecordError
from ..match import deal_seed
from ..puzzles.mine import DEFAULT_MARGIN, MAIN_WORLDS, RECHECK_WORLDS, SCREEN_WORLDS, Budget, Tally, mine_record
from ..puzzles.themes import THEMES
from ..rules import Rules
from .calibrate import play
from .options import ArgumentParser, integer_arg, non_negative_arg, whole_arg
from .records import COMPACT, read_text, split_records

PROG = "python -m tarot puzzles"
MINE = f"{PROG} mine"  # what the miner's messages start with


def _margin(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 1000:
        raise argparse.ArgumentTypeError(f"a margin is a number of deal units above 0, not {text!r}")
    return value


def _themes(text: str) -> frozenset[str]:
    codes = frozenset(code.strip() for code in text.split(","))
    unknown = sorted(codes - set(THEMES))
    if unknown or not codes:
        raise argparse.ArgumentTypeError(f"themes are codes among {', '.join(THEMES)}, not {', '.join(unknown) or text!r}")
    return codes


def build_parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(prog=PROG, description="Tarot puzzles mined from play.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=ArgumentParser)
    p = sub.add_parser(
        "mine", help="find the only moves in deal records or in deals the bots play",
        description="Find the decisions where one action (or a few alike) beats every other by the margin, "
                    "weighed on imagined deals at two budgets, and write each as a puzzle (one JSON line).",
        epilog="example: %(prog)s --players 4 --deals 20 --seed 1 --out puzzles.jsonl. "
               "Same input, budgets and seed: the same puzzles.")
    p.add_argument("--file", metavar="FILE", help="file of tarot-deal/1 records (JSON lines), or - for standard input")
    p.add_argument("--players", type=whole_arg(3, 5, "3, 4 or 5"), choices=(3, 4, 5), help="self-play: 3, 4 or 5")
    p.add_argument("--deals", type=non_negative_arg, metavar="K", help="self-play: number of deals")
    p.add_argument("--seed", type=integer_arg, default=0, metavar="S",
                   help="seed of the deals played and of the imagined deals (default 0)")
    p.add_argument("--out", metavar="FILE", help="where the puzzles go (default: standard output)")
    p.add_argument("--worlds", type=whole_arg(2, 100_000, "a number of imagined deals, 2 or more"), default=MAIN_WORLDS,
                   metavar="W", help=f"imagined deals of the main budget (default {MAIN_WORLDS})")
    p.add_argument("--recheck", type=whole_arg(2, 100_000, "a number of imagined deals, 2 or more"),
                   default=RECHECK_WORLDS, metavar="W", help=f"imagined deals of the second budget (default {RECHECK_WORLDS})")
    p.add_argument("--screen", type=whole_arg(0, 100_000, "a number of imagined deals, 0 for none"),
                   default=SCREEN_WORLDS, metavar="W",
                   help=f"imagined deals of the first look, 0 for none (default {SCREEN_WORLDS})")
    p.add_argument("--margin", type=_margin, default=DEFAULT_MARGIN, metavar="M",
                   help=f"deal units by which the best beats every other option (default {DEFAULT_MARGIN:g})")
    p.add_argument("--themes", type=_themes, metavar="CODES",
                   help="only the decisions that may carry one of these themes (codes, comma-separated): "
                        "every puzzle of those themes, for less CPU")
    return parser


def _self_played(players: int, deals: int, seed: int) -> Iterator[tuple[str, object, str | None]]:
    rules = Rules(players=players)
    for k in range(deals):
        deal = play(rules, deal_seed(seed, k), k % players, ["standard"] * players)
        yield f"deal {k + 1}", deal.to_record(), None


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    selfplay = args.players is not None or args.deals is not None
    if (args.file is not None) == selfplay or selfplay and (args.players is None or args.deals is None):
        parser.error("give --file, or --players and --deals to let the bots play")
    if args.file is not None:
        try:
            text = read_text(args.file)
        except ValueError as e:
            print(f"{MINE}: {e}", file=sys.stderr)
            return 1
        records: Iterator[tuple[str, object, str | None]] = split_records(text)
    else:
        records = _self_played(args.players, args.deals, args.seed)
    try:
        out: TextIO = sys.stdout if args.out is None else open(args.out, "w", encoding="utf-8")
    except OSError as e:
        print(f"{MINE}: cannot write {args.out}: {e.strerror or e}", file=sys.stderr)
        return 1
    try:
        return _mine(records, out, Budget(args.worlds, args.recheck, args.screen, args.margin), args.seed, args.themes)
    finally:
        if out is not sys.stdout:
            out.close()


def _mine(records: Iterator[tuple[str, object, str | None]], out: TextIO, budget: Budget, seed: int,
          themes: frozenset[str] | None = None) -> int:
    start = time.process_time()
    tally = Tally()
    status = 0
    seen = 0
    for label, record, error in records:
        seen += 1
        try:
            if error is None:
                for puzzle in mine_record(record, budget, seed, tally, themes):
                    print(json.dumps(puzzle.to_json(), separators=COMPACT), file=out, flush=True)
        except RecordError as e:
            error = str(e)
        except Exception as e:  # an engine failure is reported, not a traceback, and the next records go on
            error = f"cannot be mined: {type(e).__name__}: {e}"
        if error is not None:
            print(f"{MINE}: {label}: {error}", file=sys.stderr)
            status = 1
    if not seen:
        print(f"{MINE}: empty input: no record", file=sys.stderr)
        return 1
    print(summary(tally, time.process_time() - start), file=sys.stderr)
    return status


def summary(tally: Tally, seconds: float) -> str:
    """What the miner did, in a few lines for developers."""
    themes = ", ".join(f"{code} {tally.themes[code]}" for code in THEMES if tally.themes[code]) or "none"
    return (f"{MINE}: {tally.decisions} decisions, {tally.examined} positions examined, "
            f"{tally.kept} puzzles kept, {seconds:.1f} CPU seconds\n  themes: {themes}")
