"""The graded analysis of deals: ``python -m tarot analyse``.

For each record of a file of ``tarot-deal/1`` records (JSON lines, or one record; ``-``
reads standard input), every decision of one seat is graded by
:mod:`tarot.teaching.analysis`: the loss in deal units against the best option, its
class and reason, and the accuracy of the deal and of each phase.  ``--json`` prints
one ``tarot-analysis/1`` object per record, one per line; else a short text.

Exit status: 0 when every record was analysed; 1 when a record does not replay (one
line on stderr naming it and why, as ``replay`` says it; the others are still
analysed), cannot be analysed, or the input is empty or unreadable; 2 for a bad command line, a seat that
is not at a record's table included.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..bot import Reason
from ..rules import Rules
from ..teaching.analysis import DEFAULT_WORLDS, MOST_FACTOR, analyse_record
from .options import ArgumentParser, integer_arg, whole_arg
from .records import COMPACT, read_text, replay_record, split_records

PROG = "python -m tarot analyse"


def build_parser() -> argparse.ArgumentParser:
    p = ArgumentParser(
        prog=PROG,
        description="Grade every decision one seat took in deal records: each option played out on the same "
                    "imagined deals, the loss in deal units against the best, a class (good, inaccuracy, "
                    "mistake, blunder), a reason, and the accuracy of the deal and of each phase.",
        epilog="example: %(prog)s deals.jsonl --seat 1 --json. Same file, seat, worlds and seed: the same output.")
    p.add_argument("file", metavar="FILE", help="file of tarot-deal/1 records (JSON lines), or - for standard input")
    p.add_argument("--seat", type=whole_arg(0, 4, "a seat, 0 to 4"), default=0, metavar="N",
                   help="the seat whose decisions are graded (default 0)")
    p.add_argument("--worlds", type=whole_arg(1, 100_000, "a number of imagined deals, 1 or more"),
                   default=DEFAULT_WORLDS, metavar="W",
                   help=f"imagined deals per decision (default {DEFAULT_WORLDS}, the page's budget; up to "
                        f"{MOST_FACTOR} times as many where the class is unsettled)")
    p.add_argument("--seed", type=integer_arg, default=0, metavar="S", help="seed of the imagined deals (default 0)")
    p.add_argument("--json", action="store_true", help="one tarot-analysis/1 JSON object per record, one per line")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        text = read_text(args.file)
    except ValueError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return 1
    status = 0
    seen = 0
    for label, record, error in split_records(text):
        seen += 1
        if error is None:
            error = replay_record(record)[1]
        if error is not None:
            print(f"{PROG}: {label}: {error}", file=sys.stderr)
            status = max(status, 1)
            continue
        assert isinstance(record, dict)  # a record that replays is an object
        players = Rules.from_json(record.get("rules")).players
        if args.seat >= players:
            print(f"{PROG}: {label}: --seat {args.seat} is not at the table of {players} players "
                  f"(seats 0 to {players - 1})", file=sys.stderr)
            status = 2
            continue
        try:
            analysis = analyse_record(record, args.seat, args.worlds, args.seed)
        except Exception as e:  # an engine failure is reported, not a traceback, and the next records go on
            print(f"{PROG}: {label}: cannot be analysed: {type(e).__name__}: {e}", file=sys.stderr)
            status = max(status, 1)
            continue
        print(json.dumps(analysis, separators=COMPACT) if args.json else render(label, analysis), flush=True)
    if not seen:
        source = "standard input" if args.file == "-" else args.file
        print(f"{PROG}: empty input: {source} holds no record", file=sys.stderr)
        return 1
    return status


def render(label: str, analysis: dict[str, object]) -> str:
    """The analysis of one record as text: a line per decision that was not forced, then the accuracy."""
    lines = [f"{label}: seat {analysis['seat']}, {analysis['worlds']} imagined deals per decision, "
             f"losses in deal units"]
    decisions = analysis["decisions"]
    assert isinstance(decisions, list)
    for d in decisions:
        if not d["options"]:
            continue
        reason = d["reason"]
        words = Reason(reason["code"], reason["params"]).explain("en")
        lines.append(f"  step {d['step']:>3} {d['phase']:<8} {_short(d['played']):<12} best {_short(d['best']):<12} "
                     f"loss {d['loss']:6.2f} ± {d['se']:5.2f}  {d['class']:<10} {reason['code']}: {words}")
    accuracy = analysis["accuracy"]
    assert isinstance(accuracy, dict)
    figures = ", ".join(f"{k} {'-' if v is None else v}" for k, v in accuracy.items())
    lines.append(f"  accuracy: {figures}")
    return "\n".join(lines)


def _short(entry: dict[str, object]) -> str:
    """An action in a few characters: ``play KH``, ``bid garde``, ``ecart 3S,6S,…``."""
    parts = [",".join(map(str, v)) if isinstance(v, list) else str(v) for k, v in entry.items() if k != "type"]
    return " ".join(parts) or str(entry.get("type"))
