"""The reasons' audit: ``python -m tarot reasons``.

Plays deals with one bot level in every seat and, at every decision of every seat,
asks the two questions a player asks of the page: *Conseil* (the hint of
:func:`tarot.teaching.hints.hint`) and *Pourquoi ?* (the reason the bot that acted
gives, its :class:`~tarot.bot.Decision`).  Each answer's fact is checked again by
:func:`tarot.bots.facts.holds`; a false one is a defect (a path that gives a reason
without checking it).  The audit also counts the reasons of
:func:`tarot.bots.reasons.explain` *before* their check, to say how often the plain
rules would have said something false, and what replaced it.

Output: per reason code, the answers checked and the false ones, and the raw reasons
replaced; ``--json`` prints one object.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..bots import LEVEL_NAMES, make_bot
from ..bots.facts import holds
from ..bots.reasons import checked, raw_explain
from ..rules import Rules
from ..state import Deal
from ..teaching.hints import hint
from .options import ArgumentParser, integer_arg, whole_arg

PROG = "python -m tarot reasons"


@dataclass
class Audit:
    """The counts of one audit (see the module docstring)."""

    checked: Counter[str] = field(default_factory=Counter)  # answers given, by code
    false: Counter[str] = field(default_factory=Counter)  # of those, the ones whose fact does not hold
    raw: Counter[str] = field(default_factory=Counter)  # explain's reasons before their check, by code
    replaced: Counter[str] = field(default_factory=Counter)  # of those, the ones whose fact did not hold

    def to_json(self) -> dict[str, object]:
        return {"answers": sum(self.checked.values()), "false": sum(self.false.values()),
                "by_code": {code: {"checked": n, "false": self.false[code]} for code, n in sorted(self.checked.items())},
                "raw": sum(self.raw.values()), "replaced": sum(self.replaced.values()),
                "replaced_by_code": dict(sorted(self.replaced.items()))}


def audit_deal(rules: Rules, seed: int, level: str, budget: int | None = None) -> Audit:
    """The audit of one deal played by bots of ``level`` (an Expert with ``budget`` imagined deals)."""
    out = Audit()
    deal = Deal.new(rules, dealer=seed % rules.players, seed=seed)
    options = {} if budget is None or level != "expert" else {"samples": budget, "setup_samples": budget}
    step = 0
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        bot = make_bot(level, seed * 1000 + step, **options)
        decision = bot.decide(view)
        action, reason = hint(view)
        for act, said in ((action, reason), (decision.action, decision.reason)):
            out.checked[said.code] += 1
            if not holds(view, act, said):
                out.false[said.code] += 1
        raw = raw_explain(view, decision.action)
        out.raw[raw.code] += 1
        if checked(view, decision.action, raw) != raw:
            out.replaced[raw.code] += 1
        deal.apply(decision.action, seat=seat)
        step += 1
    return out


def run_audit(players: Sequence[int], deals: int, seed: int, level: str, budget: int | None = None) -> Audit:
    total = Audit()
    for n in players:
        rules = Rules(players=n)
        for k in range(deals):
            one = audit_deal(rules, seed + k, level, budget)
            for name in ("checked", "false", "raw", "replaced"):
                getattr(total, name).update(getattr(one, name))
    return total


def build_parser() -> ArgumentParser:
    p = ArgumentParser(prog=PROG, description="Check that every hint and every bot's reason states a true fact.")
    p.add_argument("--players", default="3,4,5", help="player counts, comma-separated (default 3,4,5)")
    p.add_argument("--deals", type=whole_arg(1, 100_000, "--deals"), default=20, help="deals per player count")
    p.add_argument("--seed", type=integer_arg, default=1, help="the first deal's seed")
    p.add_argument("--level", default="standard", choices=list(LEVEL_NAMES), help="the bots that play (default standard)")
    p.add_argument("--budget", type=whole_arg(1, 10_000, "--budget"), default=None,
                   help="the Expert's imagined deals per decision")
    p.add_argument("--json", action="store_true", help="one JSON object")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        players = [int(x) for x in args.players.split(",")]
    except ValueError:
        players = []
    if not players or any(n not in (3, 4, 5) for n in players):
        parser.error(f"--players takes 3, 4 or 5, comma-separated, not {args.players!r}")
    audit = run_audit(players, args.deals, args.seed, args.level, args.budget)
    if args.json:
        print(json.dumps(audit.to_json()))
    else:
        report = audit.to_json()
        print(f"{report['answers']} answers checked, {report['false']} false; "
              f"{report['raw']} plain reasons, {report['replaced']} replaced")
        for code, n in sorted(audit.checked.items()):
            print(f"  {code}: {n} checked, {audit.false[code]} false")
        for code, n in sorted(audit.replaced.items()):
            print(f"  replaced {code}: {n} of {audit.raw[code]}")
    return 1 if audit.false else 0
