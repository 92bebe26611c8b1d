"""Is a partner worth calling? Pagat's prise at 4 players (``prise_partner``), played both ways.

Each deal's strongest hand on the level's scale takes a prise (the others pass), then the
deal is played out twice by bots of that level: once with the taker calling (the book's
king) and once going on without a call (playing alone, or making a purchase with
``--purchase``).  Printed per points of the taker's hand: deals, and the taker's mean score
each way.  The bots' threshold for going on alone (docs/bots.md) comes from these tables.

    python3 scripts/call_or_alone.py --level standard --deals 3500 [--purchase]
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarot.actions import NO_CALL, PASS, Bid, Call
from tarot.bots import make_bot
from tarot.bots.debutant import hand_count
from tarot.bots.ecart import standard_call
from tarot.bots.evaluation import hand_points
from tarot.rules import Contract, Rules
from tarot.state import Deal, Phase

FLOOR = {"standard": 24, "debutant": 6}  # the weakest hand taken: a few points under the prise


def measure(level: str, deals: int, seed: int, purchase: bool) -> dict[int, list[float]]:
    """Per points of the taker's hand: [deals, total score calling, total score without]."""
    rules = Rules(players=4, prise_partner=True, purchase=purchase)
    value = hand_count if level == "debutant" else (lambda hand: hand_points(hand, 4))
    out: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for index in range(deals):
        deal = Deal.new(rules, dealer=3, seed=seed + index)
        if deal.is_over:
            continue
        points = [value(hand) for hand in deal.hands]
        taker = max(range(4), key=lambda s: points[s])
        if points[taker] < FLOOR[level]:
            continue
        while deal.phase is Phase.BIDDING:
            deal.apply(Bid(Contract.PRISE) if deal.to_act == taker else PASS)
        row = out[points[taker]]
        row[0] += 1
        for column, choice in ((1, Call(standard_call(deal.hands[taker], deal.callable_cards()))), (2, NO_CALL)):
            played = deal.copy()
            played.apply(choice)
            bots = [make_bot(level, (seed + index) * 7 + s) for s in range(4)]
            while (seat := played.to_act) is not None:
                played.apply(bots[seat].choose(played.view(seat)))
            assert played.result is not None
            row[column] += played.result.scores[taker]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=sorted(FLOOR), default="standard")
    parser.add_argument("--deals", type=int, default=3500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--purchase", action="store_true", help="without a call, the taker makes a purchase")
    args = parser.parse_args()
    table = measure(args.level, args.deals, args.seed, args.purchase)
    print("points  deals  calling  " + ("purchase" if args.purchase else "alone"))
    for points in sorted(table):
        n, called, alone = table[points]
        print(f"{points:6}  {int(n):5}  {called / n:7.1f}  {alone / n:7.1f}")


if __name__ == "__main__":
    main()
