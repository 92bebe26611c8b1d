"""The command line: ``python -m tarot replay | selfplay | score | bench | tournament | blunders | analyse | puzzles``.

Each subcommand is a thin layer over the engine: ``replay`` loads records with
:meth:`Deal.from_record`, ``selfplay`` lets :mod:`tarot.bots` play
:class:`Deal` s, ``score`` calls :func:`tarot.scoring.score_deal`, ``bench``
runs :mod:`tarot.tools.bench`.  No rule is written here.

Exit status: 0 when all went well; 1 when ``replay`` meets a record it cannot
accept (or ``selfplay`` a bot breaks a rule); 2 for a bad command line (also
what ``score`` says about impossible figures).
"""
from __future__ import annotations

import argparse
import errno
import importlib
import json
import math
import os
import re
import sys
from typing import Callable, Sequence

from ..rules import POIGNEE_NAMES, POIGNEE_TRUMPS, Contract
from ..scoring import CHELEM_BONUS
from .options import (ArgumentParser, Stop, add_rule_options, cut_long_words, integer_arg, non_negative_arg, seconds_arg, shown,
                      whole_arg, rules_from_args)
from .records import COMPACT, Unreadable, open_input, read_lines, records_of, replay_record

PROG = "python -m tarot"


# ------------------------------------------------------------------- replay
def cmd_replay(args: argparse.Namespace) -> int:
    source = "standard input" if args.file == "-" else args.file
    status = 0
    seen = 0
    try:
        stream = open_input(args.file)
        try:
            for label, record, error in records_of(read_lines(stream, source)):
                seen += 1
                result = None
                if error is None:
                    result, error = replay_record(record)
                if error is not None:
                    print(f"replay: {label}: {error}", file=sys.stderr)
                    status = 1
                else:
                    print(json.dumps(result, separators=COMPACT), flush=True)
        finally:
            if args.file != "-":
                stream.close()
    except Unreadable as e:
        print(f"replay: {e}", file=sys.stderr)
        return 1
    if not seen:
        print(f"replay: empty input: {source} holds no record", file=sys.stderr)
        return 1
    return status


# ------------------------------------------------------------------ selfplay
def cmd_selfplay(args: argparse.Namespace) -> int:
    from ..bots import LEVEL_NAMES, make_bot
    from ..errors import IllegalAction
    from ..match import deal_seed
    from ..state import Deal

    n = args.players
    levels = [level.strip() for level in args.level.split(",")] if args.level else [default_level()]
    if len(levels) == 1:
        levels = levels * n
    if len(levels) != n:
        raise Stop(f"--level takes one level or {n} levels separated by commas, not {len(levels)}")
    for level in levels:
        if level not in LEVEL_NAMES:
            raise Stop(f"unknown bot level {level!r}: choose from {', '.join(LEVEL_NAMES)}")
    rules = rules_from_args(args, n)
    pots: tuple[int, ...] = ()
    doubled: tuple[bool, ...] = ()
    for k in range(args.deals):
        seed = deal_seed(args.seed, k)
        deal = Deal.new(rules, dealer=k % n, seed=seed, pots=pots, pots_doubled=doubled)
        bots = [make_bot(levels[s], deal_seed(seed, s + 1)) for s in range(n)]
        while deal.to_act is not None:
            seat = deal.to_act
            where = f"selfplay: deal {k + 1}: the {levels[seat]} bot at seat {seat}"
            try:
                action = bots[seat].choose(deal.view(seat))
            except Exception as e:  # a bot's failure is reported, not a traceback
                print(f"{where} failed: {type(e).__name__}: {e}", file=sys.stderr)
                return 1
            try:
                deal.apply(action, seat=seat)
            except IllegalAction as e:
                print(f"{where} chose {action!r}: rule {e.code}: {e.explain('en')}", file=sys.stderr)
                return 1
        print(json.dumps(deal.to_record(), separators=COMPACT), flush=True)
        if deal.result is not None and deal.result.pots is not None:  # the pots stay on the table
            pots, doubled = deal.result.pots, deal.result.pots_doubled or ()
    return 0


def default_level() -> str:
    """The bot level ``selfplay`` uses unless told: the best of the fast ones available
    (``standard`` plays a deal in tens of milliseconds; ``expert`` takes far longer)."""
    from ..bots import LEVEL_NAMES

    for level in ("standard", "debutant", "random"):
        if level in LEVEL_NAMES:
            return level
    return next(iter(LEVEL_NAMES))


# --------------------------------------------------------------------- score
_POINTS = re.compile(r"([0-9]{1,3})(?:[.,]([0-9]{1,6}))?")


def parse_points(text: str) -> int:
    """Points as written (``40``, ``40.5``, ``40,5``, in digits 0-9) in half points; argparse type."""
    match = _POINTS.fullmatch(text.strip())
    fraction = (match.group(2) or "").rstrip("0") if match else ""
    if match is None or fraction not in ("", "5"):
        raise argparse.ArgumentTypeError(f"points go by half points, written 40, 40.5 or 40,5 in digits 0-9, "
                                         f"not {shown(text)}")
    half = 2 * int(match.group(1)) + (fraction == "5")
    if not 0 <= half <= 182:
        raise argparse.ArgumentTypeError(f"points must be between 0 and 91, not {shown(text)}")
    return half


def _points(half: int) -> str:
    return f"{half // 2}" if half % 2 == 0 else f"{half / 2}"


def cmd_score(args: argparse.Namespace) -> int:
    from ..scoring import impossible_count, score_deal

    n = args.players
    half = args.points
    if n == 4 and half % 2:
        raise Stop(f"at 4 players the attack's points are whole numbers; {_points(half)} is not possible")
    rules = rules_from_args(args, n)
    contract = Contract.from_code(args.contract)
    impossible = impossible_count(rules, contract, half, args.bouts, petit_au_bout=args.petit_au_bout,
                                  chelem=args.chelem)
    if impossible is not None:
        raise Stop(f"impossible count: {impossible}")
    if args.alone and not rules.calls_partner(contract):
        raise Stop("--alone is for a taker who calls a partner: 5 players "
                   "(or 4 with --prise-partner after a prise)")
    poignees = args.poignee or []
    if len(poignees) > n:
        raise Stop(f"{len(poignees)} poignées at {n} players: each player shows at most one")
    sizes = dict(zip(POIGNEE_NAMES, POIGNEE_TRUMPS[n]))
    needed = sum(sizes[p] for p in poignees)
    if needed > 22:
        raise Stop(f"these poignées show {needed} trumps; there are only 21 trumps and the Excuse")
    score = score_deal(rules, contract, half, args.bouts,
                       petit_au_bout=args.petit_au_bout, poignees=poignees,
                       chelem=args.chelem, alone=args.alone)
    print(json.dumps({"made": score.made, "target": score.target, "taker": score.taker,
                      "partner": score.partner, "defender": score.defender}))
    return 0


# --------------------------------------------------------------------- bench
def cmd_bench(args: argparse.Namespace) -> int:
    from . import bench

    only = args.only.split(",") if args.only else None
    if only:
        unknown = [name for name in only if name not in bench.BENCHMARKS]
        if unknown:
            raise Stop(f"unknown benchmark {unknown[0]!r}: choose from {', '.join(bench.BENCHMARKS)}")
    if args.seconds is not None and not 0 < args.seconds < math.inf:
        raise Stop("--seconds must be a number of seconds more than 0")
    if args.repeats is not None and args.repeats < 1:
        raise Stop("--repeats must be at least 1")
    figures = bench.run(quick=args.quick, seconds=args.seconds, repeats=args.repeats, only=only)
    print(json.dumps(figures))
    return 0


# ---------------------------------------------------------------- tournament
def cmd_tournament(argv: list[str]) -> int:
    """Hand the arguments to ``tarot.tools.tournament.main`` when that module is there."""
    name = f"{__package__}.tournament"
    try:
        tournament = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        print(f"{PROG} tournament: not available (no tarot.tools.tournament module)", file=sys.stderr)
        return 2
    return int(tournament.main(list(argv)) or 0)


# -------------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(
        prog=PROG,
        description="French Tarot rules engine: replay and check deal records, let bots play, "
                    "compute a score, measure speed.",
        epilog="Records follow the tarot-deal/1 format. Run '%(prog)s COMMAND --help' for details.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True,
                                parser_class=ArgumentParser)

    p = sub.add_parser(
        "replay", help="check deal records and print their results",
        description="Replay deal records, checking every action against the rules, and print each "
                    "record's result (computed by the engine; a result in the input is ignored) as one "
                    "JSON line. FILE holds one record or JSON lines (one record per line).",
        epilog="A record that breaks a rule, is malformed or is unfinished (no end yet) gets a message on "
               "stderr naming the record, the action (actions[i], counted from 0) and the rule, and no "
               "result line; the following records are still replayed and printed. Exit status 1 if any "
               "record was refused, or the input is empty or unreadable.")
    p.add_argument("file", metavar="FILE", help="file of records, or - for standard input")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser(
        "selfplay", help="let bots play deals and print their records",
        description="Play K deals with bots in every seat and print one finished record per line "
                    "(JSON lines). The dealer moves one seat after every deal, redeals included. "
                    "Same seed, same output.")
    p.add_argument("--players", type=whole_arg(3, 5, "3, 4 or 5"), choices=(3, 4, 5), required=True,
                   help="3, 4 or 5")
    p.add_argument("--deals", type=non_negative_arg, required=True, metavar="K", help="number of deals")
    p.add_argument("--seed", type=integer_arg, required=True, metavar="S", help="seed of the series (an integer)")
    p.add_argument("--level", metavar="L",
                   help="bot level, or one level per seat separated by commas "
                        "(default: standard, the strongest of the fast levels; see tarot.bots.LEVEL_NAMES)")
    add_rule_options(p)
    p.set_defaults(run=cmd_selfplay)

    contracts = [c.code for c in Contract]
    p = sub.add_parser(
        "score", help="compute the score of a deal from its count",
        description="Score a deal by the FFT formula from the attack's count and print "
                    '{"made", "target", "taker", "partner", "defender"}: what the taker, the partner '
                    "(5 players, or 4 with --prise-partner; else null) and each defender score.",
        epilog="example: %(prog)s --players 4 --contract garde --bouts 2 --points 49 --poignee simple")
    p.add_argument("--players", type=whole_arg(3, 5, "3, 4 or 5"), choices=(3, 4, 5), required=True,
                   help="3, 4 or 5")
    p.add_argument("--contract", choices=contracts, required=True, help=", ".join(contracts))
    p.add_argument("--bouts", type=whole_arg(0, 3, "0, 1, 2 or 3"), choices=(0, 1, 2, 3), required=True,
                   help="bouts of the attack, 0 to 3")
    p.add_argument("--points", type=parse_points, required=True, metavar="P",
                   help="card points of the attack, 0 to 91, halves allowed (40.5)")
    p.add_argument("--petit-au-bout", choices=("attack", "defense"), help="the side that took the Petit "
                   "in the last trick")
    p.add_argument("--poignee", choices=POIGNEE_NAMES, action="append",
                   help="a poignée shown (repeat for each one)")
    p.add_argument("--chelem", choices=[c for c in CHELEM_BONUS if c], help="the chelem outcome")
    p.add_argument("--alone", action="store_true", help="5 players (or 4 with --prise-partner): the taker plays without a partner")
    add_rule_options(p)
    p.set_defaults(run=cmd_score)

    p = sub.add_parser(
        "bench", help="measure the engine's speed (one JSON object)",
        description="Measure performance figures (medians of repeated runs) and print them as one JSON "
                    "object, with an 'about' entry saying what each figure measures.")
    p.add_argument("--quick", action="store_true", help="a short smoke run (fewer positions, 3 repeats)")
    p.add_argument("--seconds", type=seconds_arg, metavar="S", help="time budget of each benchmark, in seconds")
    p.add_argument("--repeats", type=non_negative_arg, metavar="N", help="runs per figure (the median is reported)")
    p.add_argument("--only", metavar="NAMES", help="comma-separated benchmarks to run")
    p.set_defaults(run=cmd_bench)

    sub.add_parser("tournament", help="duplicate bot tournament (arguments go to tarot.tools.tournament)",
                   add_help=False)
    sub.add_parser("blunders", help="count the blunders a club player would see (see its --help)",
                   add_help=False)
    sub.add_parser("reasons", help="check that every hint and bot reason states a true fact (see its --help)",
                   add_help=False)
    sub.add_parser("calibrate", help="measure how far the graded analysis can be trusted (see its --help)",
                   add_help=False)
    sub.add_parser("analyse", help="grade each decision of a seat in deal records (see its --help)",
                   add_help=False)
    sub.add_parser("puzzles", help="mine puzzles (only moves) from deal records or self-play (see its --help)",
                   add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    command = argv[0] if argv else ""
    if sys.stdout is None:  # started with its output closed: say so rather than print nothing
        if sys.stderr is not None:
            print(f"{PROG} {command}: error: cannot write the output: standard output is closed",
                  file=sys.stderr)
        return 1
    try:
        status = _run(argv)
        sys.stdout.flush()  # a full disk shows here, not at the interpreter's exit
        return status
    except BrokenPipeError:  # the reader went away (e.g. piped into `head`): stop quietly
        _silence_stdout()
        return 0
    except OSError as e:
        if e.filename is not None or e.errno not in _OUTPUT_ERRORS:  # not the output's failure
            raise
        _silence_stdout()
        print(f"{PROG} {command}: error: cannot write the output: {e.strerror or e}", file=sys.stderr)
        return 1


_OUTPUT_ERRORS = {errno.ENOSPC, errno.EIO, errno.EBADF, errno.EFBIG, errno.EDQUOT}


def _silence_stdout() -> None:
    """Send what is left in stdout's buffer nowhere, so that exiting raises nothing more."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _run(argv: list[str]) -> int:
    if argv and argv[0] == "tournament":
        return cmd_tournament(argv[1:])
    if argv and argv[0] == "blunders":
        from .blunders import main as blunders_main

        return blunders_main(argv[1:])
    if argv and argv[0] == "reasons":
        from .audit import main as audit_main

        return audit_main(argv[1:])
    if argv and argv[0] == "calibrate":
        from .calibrate import main as calibrate_main

        return calibrate_main(argv[1:])
    if argv and argv[0] == "analyse":
        from .analyse import main as analyse_main

        return analyse_main(argv[1:])
    if argv and argv[0] == "puzzles":
        from .puzzles import main as puzzles_main

        return puzzles_main(argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except Stop as e:
        print(f"{PROG} {args.command}: error: {cut_long_words(str(e))}", file=sys.stderr)
        return 2
