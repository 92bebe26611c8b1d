"""The blunder scanner: ``python -m tarot blunders``.

It replays deals card by card and, at every card, asks what the seat that played
it could know (its view, through :class:`~tarot.bots.knowledge.Knowledge`)
whether a club player would call the card a blunder.  The deals are either
played by the bots of one level in every seat, by seed exactly as ``selfplay``
plays them, or read from a file of ``tarot-deal/1`` records (JSON lines).

Two kinds of detectors:

- judged at the card from the seat's knowledge alone, where the fault is certain
  and a cleaner legal card existed (:mod:`tarot.bots.clean`):
  ``overtrump_partner``, ``dearer_winner``, ``honour_to_taker``,
  ``points_to_opponents``, ``idle_trump_lead``, ``excuse_kept``, ``petit_given``,
  ``false_signal``;
- judged from what happened (the whole deal is known to the scanner, not to the seat):
  ``petit_lost`` (the Petit played while another card was allowed, and the other
  side took the trick) and ``king_not_cashed`` (a king its holder could have led
  earlier and won for sure, as every other seat then held its suit or no trump,
  later lost to the other side).

Counts are per 100 deals played out (deals passed by everybody have no card play),
each with a first example: the deal (its number and seed), the trick (from 1),
the seat and the card.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from ..actions import NO_CHELEM, Action, Chelem, Play, action_from_json
from ..cards import (
    CARDS,
    FIRST_TRUMP,
    KINGS,
    MASK_FOR_SUIT,
    PETIT_BIT,
    SUIT_OF,
    TRUMPS,
    parse_cards,
)
from ..rules import Rules
from ..state import Deal, Phase
from .options import ArgumentParser, add_rule_options, effort_problems, integer_arg, whole_arg
from .records import read_text, split_records

PROG = "python -m tarot blunders"
DETECTORS = ("overtrump_partner", "dearer_winner", "honour_to_taker", "points_to_opponents",
             "idle_trump_lead", "excuse_kept", "petit_given", "false_signal", "petit_lost", "king_not_cashed")
ABOUT = {
    "overtrump_partner": "a partner's trick nobody against could take, overtrumped where a cheaper card kept it",
    "dearer_winner": "a sure trick taken with a trump where a cheaper card took it for sure as well",
    "honour_to_taker": "a defender's king or queen given to a trick the taker surely won, a cheaper card allowed",
    "points_to_opponents": "a jack or better given to the other side's sure trick, a cheaper card allowed",
    "idle_trump_lead": "the taker leads a trump when nobody else holds one, a suit card allowed",
    "excuse_kept": "the Excuse kept for the last trick (lost there)",
    "petit_given": "the Petit played under a card that beats it, its side not sure to take the trick, another card allowed",
    "false_signal": "a defender's card that lies to its partners by the FFT signals (a low card led without"
                    " its king or queen in five cards, a first trump of the wrong parity or without the card"
                    " it promises, the Excuse on the first round of trumps without the Petit), another card allowed",
    "petit_lost": "the Petit played, another card allowed, and the other side took the trick",
    "king_not_cashed": "a king that could have been led and won for sure, later lost",
}


@dataclass
class Finding:
    detector: str
    deal: str  # which deal: "deal 12 (seed 123…)" or "record 3 (line 3)"
    trick: int  # from 1
    seat: int
    card: str

    def to_json(self) -> dict[str, object]:
        return {"detector": self.detector, "deal": self.deal, "trick": self.trick, "seat": self.seat,
                "card": self.card}


@dataclass
class Scan:
    """Counts over the deals scanned."""

    deals: int = 0
    played: int = 0  # deals with card play
    counts: dict[str, int] = field(default_factory=lambda: {d: 0 for d in DETECTORS})
    examples: dict[str, Finding] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def add(self, findings: Iterable[Finding], played: bool) -> None:
        self.deals += 1
        self.played += played
        for f in findings:
            self.counts[f.detector] += 1
            self.examples.setdefault(f.detector, f)

    def merge(self, other: Scan) -> None:
        self.deals += other.deals
        self.played += other.played
        for d in DETECTORS:
            self.counts[d] += other.counts[d]
            if d in other.examples:
                self.examples.setdefault(d, other.examples[d])
        self.errors += other.errors

    def per_100(self, detector: str) -> float:
        return 100.0 * self.counts[detector] / self.played if self.played else 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "deals": self.deals,
            "played": self.played,
            "per_100_deals_played": {d: round(self.per_100(d), 2) for d in DETECTORS},
            "counts": dict(self.counts),
            "examples": {d: f.to_json() for d, f in self.examples.items()},
        }


# ---------------------------------------------------------------- detection
def scan_deal(start: Deal, actions: Sequence[tuple[int, Action]], label: str) -> tuple[list[Finding], bool]:
    """The blunders of one deal: ``start`` as dealt, then its ``actions`` (seat, action).

    Returns the findings and whether the deal reached the card play.
    """
    from ..bots.clean import card_flaws
    from ..bots.knowledge import Knowledge

    deal = start
    findings: list[Finding] = []
    petit_plays: list[tuple[int, int, bool]] = []  # (trick index, seat, forced)
    cashable: dict[int, int] = {}  # king -> the first trick where its holder could cash it for sure
    king_plays: list[tuple[int, int, int]] = []  # (trick index, seat, king)
    played = False
    for seat, action in actions:
        if deal.phase is Phase.CHELEM and type(action) is not Chelem:
            deal.apply(NO_CHELEM)  # a chelem declined is not written down
        if type(action) is Play and deal.phase is Phase.PLAY:
            played = True
            card = action.card
            legal = deal.legal_cards_mask(seat)
            trick_no = len(deal.tricks)
            if legal & (legal - 1):
                k = Knowledge(deal.view(seat))
                for name in card_flaws(k, card, legal):
                    findings.append(Finding(name, label, trick_no + 1, seat, str(card)))
                if not deal.trick:
                    _note_cashable(deal, seat, legal, card, trick_no, cashable)
            if card == FIRST_TRUMP:
                petit_plays.append((trick_no, seat, not legal & ~PETIT_BIT))
            if KINGS >> card & 1:
                king_plays.append((trick_no, seat, card))
        deal.apply(action, seat=seat)
    if deal.phase is Phase.DONE and deal.tricks:
        attack = deal.attack
        for trick_no, seat, forced in petit_plays:
            winner = deal.tricks[trick_no].winner
            if not forced and (attack >> winner & 1) != (attack >> seat & 1):
                findings.append(Finding("petit_lost", label, trick_no + 1, seat, "T1"))
        for trick_no, seat, king in king_plays:
            winner = deal.tricks[trick_no].winner
            first = cashable.get(king)
            if first is not None and first < trick_no and (attack >> winner & 1) != (attack >> seat & 1):
                findings.append(Finding("king_not_cashed", label, trick_no + 1, seat, str(CARDS[king])))
    findings.sort(key=lambda f: (f.trick, f.detector))
    return findings, played


def _note_cashable(deal: Deal, seat: int, legal: int, led: int, trick_no: int, cashable: dict[int, int]) -> None:
    """Kings ``seat`` could lead now and win for sure (every other seat holds the suit or no
    trump), when it leads something other than a king."""
    if KINGS >> led & 1:
        return
    kings = legal & KINGS
    while kings:
        low = kings & -kings
        king = low.bit_length() - 1
        kings ^= low
        suit = MASK_FOR_SUIT[SUIT_OF[king]]
        if all(deal.hands[s] & suit or not deal.hands[s] & TRUMPS for s in range(deal.players) if s != seat):
            cashable.setdefault(king, trick_no)


# ------------------------------------------------------------------ sources
def selfplay_deals(rules: Rules, levels: Sequence[str], deals: int, seed: int, first: int = 0,
                   budget: int | None = None) -> Iterator[tuple[Deal, list[tuple[int, Action]], str]]:
    """The deals ``selfplay`` plays (deal k from the seed ``deal_seed(seed, k)``), played again."""
    from ..bots import make_bot
    from ..match import deal_seed

    n = rules.players
    for k in range(first, first + deals):
        s = deal_seed(seed, k)
        deal = Deal.new(rules, dealer=k % n, seed=s)
        start = deal.copy()
        bots = []
        for t in range(n):
            options = {"samples": budget} if budget is not None and levels[t] == "expert" else {}
            bots.append(make_bot(levels[t], deal_seed(s, t + 1), **options))
        while deal.to_act is not None:
            seat = deal.to_act
            deal.apply(bots[seat].choose(deal.view(seat)), seat=seat)
        yield start, list(deal.history), f"deal {k + 1} (seed {s})"


def record_deals(text: str) -> Iterator[tuple[Deal | None, list[tuple[int, Action]], str]]:
    """The deals of a file of records (one record, or JSON lines); ``None`` for one that cannot be read."""

    for label, record, error in split_records(text):
        if error is not None or not isinstance(record, dict):
            yield None, [], f"{label}: {error or 'not a record'}"
            continue
        try:
            rules = Rules.from_json(record.get("rules"))
            hands = [parse_cards(h) for h in record["hands"]]
            chien = parse_cards(record["chien"])
            start = Deal(rules, record["dealer"], hands, chien)
            actions = [action_from_json(a) for a in record.get("actions", [])]
        except (KeyError, TypeError, ValueError) as e:
            yield None, [], f"{label}: malformed record: {e}"
            continue
        yield start, actions, label


# One process's share of a self-play scan: the rules (as JSON), the levels, the first deal,
# how many deals, the seed and the Expert's budget.
_Chunk = tuple[dict[str, object], list[str], int, int, int, int | None]


def _scan_chunk(task: _Chunk) -> Scan:
    rules_json, levels, first, count, seed, budget = task
    scan = Scan()
    for start, actions, label in selfplay_deals(Rules.from_json(rules_json), levels, count, seed, first, budget):
        findings, played = scan_deal(start, actions, label)
        scan.add(findings, played)
    return scan


def scan_selfplay(rules: Rules, levels: Sequence[str], deals: int, seed: int, jobs: int = 1,
                  budget: int | None = None) -> Scan:
    chunks: list[_Chunk] = []
    per = max(1, math.ceil(deals / max(1, jobs * 4)))
    for first in range(0, deals, per):
        chunks.append((rules.to_json(), list(levels), first, min(per, deals - first), seed, budget))
    scan = Scan()
    if jobs <= 1 or sys.platform == "emscripten" or len(chunks) <= 1:
        for chunk in chunks:
            scan.merge(_scan_chunk(chunk))
        return scan
    import multiprocessing

    with multiprocessing.Pool(processes=min(jobs, len(chunks))) as pool:
        for part in pool.map(_scan_chunk, chunks):
            scan.merge(part)
    return scan


def scan_records(text: str) -> Scan:
    from ..errors import IllegalAction

    scan = Scan()
    for start, actions, label in record_deals(text):
        if start is None:
            scan.errors.append(label)
            continue
        try:
            findings, played = scan_deal(start, actions, label)
        except IllegalAction as e:
            scan.errors.append(f"{label}: rule {e.code}: {e.explain('en')}")
            continue
        scan.add(findings, played)
    return scan


# --------------------------------------------------------------------- output
def render(scan: Scan, title: str) -> str:
    lines = [title, f"deals: {scan.deals}, played out: {scan.played}", "",
             f"{'detector':<20} {'count':>6} {'per 100':>8}  first example"]
    for d in DETECTORS:
        ex = scan.examples.get(d)
        where = f"{ex.deal}, trick {ex.trick}, seat {ex.seat}, {ex.card}" if ex else "-"
        lines.append(f"{d:<20} {scan.counts[d]:>6} {scan.per_100(d):>8.1f}  {where}")
    lines.append("")
    lines += [f"  {d}: {ABOUT[d]}" for d in DETECTORS]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:

    p = ArgumentParser(
        prog=PROG,
        description="Count the blunders a club player would see, per 100 deals played out: bots of one "
                    "level play deals by seed (as selfplay does), or deals are read from a file of records.",
        epilog="example: %(prog)s --level expert --players 4 --deals 50 --seed 7")
    p.add_argument("--players", type=whole_arg(3, 5, "3, 4 or 5"), choices=(3, 4, 5), help="3, 4 or 5 (self-play)")
    p.add_argument("--deals", type=integer_arg, metavar="K", help="deals to play (self-play)")
    p.add_argument("--seed", type=integer_arg, default=2026, metavar="S", help="seed of the series (default 2026)")
    p.add_argument("--level", metavar="L", help="bot level, or one level per seat separated by commas")
    p.add_argument("--budget", type=integer_arg, metavar="N", help="the Expert's imagined deals per card")
    p.add_argument("--file", metavar="FILE", help="scan the records of FILE (JSON lines; - for standard input) "
                                                  "instead of playing")
    p.add_argument("--jobs", type=integer_arg, default=1, help="processes for self-play (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_rule_options(p)
    return p


class _Refused(Exception):
    """The scan cannot start: a one-line message and the exit status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        scan, title = _scan_file(args.file) if args.file is not None else _scan_play(args)
    except _Refused as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return e.status
    return _report(scan, title, args.json)


def _scan_file(path: str) -> tuple[Scan, str]:
    """The scan of the records of ``path`` and its title."""
    try:
        text = read_text(path)
    except ValueError as e:
        raise _Refused(str(e), 1) from None
    return scan_records(text), f"blunders in {path}"


def _scan_play(args: argparse.Namespace) -> tuple[Scan, str]:
    """The scan of the deals the bots play, as the command line asks, and its title."""
    levels = _levels(args)
    rules = Rules(players=args.players, **{name: getattr(args, name) for name in Rules.options()})
    scan = scan_selfplay(rules, levels, args.deals, args.seed, jobs=args.jobs, budget=args.budget)
    return scan, f"blunders of {','.join(sorted(set(levels)))} at {args.players} players, seed {args.seed}"


def _levels(args: argparse.Namespace) -> list[str]:
    """The bot level of each seat: one for all, or one per seat; :class:`_Refused` for a bad command line."""
    from ..bots import LEVEL_NAMES

    problems = _problems(args)
    if problems:
        raise _Refused(f"error: {problems[0]}", 2)
    levels = [x.strip() for x in (args.level or "standard").split(",")]
    if len(levels) == 1:
        levels = levels * args.players
    bad = [x for x in levels if x not in LEVEL_NAMES]
    if bad or len(levels) != args.players:
        what = f"unknown bot level {bad[0]!r}" if bad else f"one level or {args.players} levels"
        raise _Refused(f"error: {what} (choose from {', '.join(LEVEL_NAMES)})", 2)
    return levels


def _problems(args: argparse.Namespace) -> list[str]:
    """What the self-play options lack or get wrong, first things first."""
    problems = []
    if args.players is None or args.deals is None:
        problems.append("--players and --deals are needed (or --file)")
    elif args.deals < 0:
        problems.append("--deals must be 0 or more")
    problems += effort_problems(args)
    return problems


def _report(scan: Scan, title: str, as_json: bool) -> int:
    """Print the scan (a table, or one JSON object) and its errors; the exit status."""
    for message in scan.errors:
        print(f"{PROG}: {message}", file=sys.stderr)
    if scan.errors and not scan.deals:
        return 1  # nothing could be read: no table of zeros
    print(json.dumps(scan.to_json()) if as_json else render(scan, title))
    return 1 if scan.errors else 0


__all__ = ["DETECTORS", "Finding", "Scan", "main", "scan_deal", "scan_records", "scan_selfplay"]


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
