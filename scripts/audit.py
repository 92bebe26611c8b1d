"""Audit the rules engine by self-play: bots play deals at 3, 4 and 5 players under every
rule option, each card is checked against the plain reading of the rules in
``tests/reference.py``, and every finished record is replayed from its JSON.

    python3 scripts/audit.py                  # 200 deals per option set (about 20 sets)
    python3 scripts/audit.py --deals 50 --seed 7

Option sets per player count: none, each option alone, and all of them together. The
seats mix the levels (standard, débutant, random) so that rare cards get played too.
Prints one line per set and a total; exits 1 if anything disagreed.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarot.bots import make_bot  # noqa: E402
from tarot.cards import cards_of  # noqa: E402
from tarot.match import deal_seed  # noqa: E402
from tarot.rules import Rules  # noqa: E402
from tarot.state import Deal, Phase  # noqa: E402
from tests import reference  # noqa: E402

LEVEL_CYCLE = ("standard", "debutant", "random", "standard", "random")


def option_sets(players: int) -> list[dict[str, bool]]:
    """No option, each option alone, and all of them."""
    names = Rules.options_for(players)
    chosen = [set()] + [{name} for name in names] + [set(names)]
    return [{name: name in c for name in names} for c in chosen]


def audit_set(rules: Rules, deals: int, seed: int) -> tuple[int, int, int, list[str]]:
    """Play ``deals`` deals; return (deals, cards checked, records replayed, disagreements)."""
    n = rules.players
    checked = replayed = 0
    problems: list[str] = []
    pots: tuple[int, ...] = ()
    doubled: tuple[bool, ...] = ()
    for k in range(deals):
        s = deal_seed(seed, k)
        deal = Deal.new(rules, dealer=k % n, seed=s, pots=pots, pots_doubled=doubled)
        levels = [LEVEL_CYCLE[(k + i) % len(LEVEL_CYCLE)] for i in range(n)]
        bots = [make_bot(levels[i], deal_seed(s, i + 1)) for i in range(n)]
        while deal.to_act is not None:
            seat = deal.to_act
            if deal.phase is Phase.PLAY:
                want = reference.legal_cards(deal.hand(seat), deal.trick, not deal.tricks, deal.called)
                got = set(cards_of(deal.legal_cards_mask()))
                checked += 1
                if got != want:
                    problems.append(f"deal {k}: seat {seat}: engine {sorted(map(str, got))} "
                                    f"!= rules {sorted(map(str, want))}")
            deal.apply(bots[seat].choose(deal.view(seat)), seat=seat)
        record = deal.to_record()
        again = Deal.from_record(json.loads(json.dumps(record)))
        replayed += 1
        if again.to_record() != record or again.result != deal.result:
            problems.append(f"deal {k}: the record does not replay to the same deal")
        if deal.result is not None and deal.result.pots is not None:
            pots, doubled = deal.result.pots, deal.result.pots_doubled or ()
    return deals, checked, replayed, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per option set (default 200)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", default="3,4,5", help="player counts, e.g. 4 or 3,5")
    args = parser.parse_args()
    totals = [0, 0, 0]
    bad: list[str] = []
    started = time.perf_counter()
    for n in (int(p) for p in args.players.split(",")):
        for options in option_sets(n):
            rules = Rules(players=n, **options)
            on = ",".join(name for name, value in options.items() if value) or "none"
            deals, checked, replayed, problems = audit_set(rules, args.deals, args.seed + n)
            for i, value in enumerate((deals, checked, replayed)):
                totals[i] += value
            bad += [f"{n} players, {on}: {p}" for p in problems]
            print(f"{n} players, options {on}: {deals} deals, {checked} cards checked, "
                  f"{replayed} records replayed, {len(problems)} disagreements", flush=True)
    print(f"total: {totals[0]} deals, {totals[1]} cards checked against the rules, {totals[2]} records "
          f"replayed, {len(bad)} disagreements ({time.perf_counter() - started:.0f} s)")
    for line in bad[:20]:
        print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
