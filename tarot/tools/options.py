"""The command lines' shared options and argument types: the rule options, whole numbers and
seconds in digits 0-9 only (:mod:`tarot.inputs`), and an argparse that reports a bad command
line in one line."""
from __future__ import annotations

import argparse
import re
from dataclasses import fields
from typing import Callable, NoReturn

from ..inputs import MAX_DIGITS, excerpt, whole_number
from ..rules import Rules

RULE_HELP = {
    "misere": "misères: a hand dealt with no trump (atout) or no honour (tetes: no face card, no bout), "
              "declared before one's first card: 10 from (or to) each other player as the side wins (or loses)",
    "petit_au_bout_within": "petit au bout moves the target by 10 instead of earning a bonus",
    "red_pips_reversed": "in hearts and diamonds the 1 is the highest pip card and the 10 the lowest",
    "individual_primes": "poignées paid to or by the player who showed one, like the misères (older rules)",
    "handful_against_taker": "a defender's poignée always counts against the taker (Pagat)",
    "purchase": "3 or 4 players: after a prise and the écart, the taker buys a suit card for one of his (Pagat)",
    "prise_partner": "4 players: after a prise the taker may call a king for a partner instead (Pagat)",
    "traditional_scoring": "Pagat's pots and tokens, besides the FFT scores",
    "round_to_ten": "the points of gain or loss rounded to the nearest ten, a 5 up (older rules)",
    "rebid": "the bidding goes round until all but the highest bidder have passed (older rules)",
}


class ArgumentParser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one line, with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {cut_long_words(message)} (see --help)\n")


class Stop(Exception):
    """A bad command line found after parsing: one-line message, status 2."""


def rules_from_args(args: argparse.Namespace, players: int) -> Rules:
    try:
        return Rules(players=players, **{name: getattr(args, name) for name in Rules.options()})
    except ValueError as e:
        raise Stop(str(e)) from None


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("rule options (FFT rules when none is given)")
    for f in fields(Rules)[1:]:
        flag = "--" + f.name.replace("_", "-")
        group.add_argument(flag, dest=f.name, action="store_true",
                           help=RULE_HELP.get(f.name, f"rule option {f.name}") + f" (record name: {f.name})")


def shown(text: str) -> str:
    """A bad value quoted in a message: its first 40 characters at most."""
    return repr(excerpt(text))


def whole_arg(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` in digits 0-9 (tarot.inputs)."""
    def read(text: str) -> int:
        value = whole_number(text, low, high)
        if value is None:
            raise argparse.ArgumentTypeError(f"expected {what} in digits 0-9, not {shown(text)}")
        return value

    return read


non_negative_arg = whole_arg(0, 10**MAX_DIGITS - 1, "a whole number, 0 or more")


def integer_arg(text: str) -> int:
    """An argparse type: a whole number, maybe negative, in digits 0-9."""
    sign = -1 if text.strip().startswith("-") else 1
    value = whole_number(text.strip().removeprefix("-"), 0, 10**MAX_DIGITS - 1)
    if value is None:
        raise argparse.ArgumentTypeError(f"expected a whole number in digits 0-9, not {shown(text)}")
    return sign * value


def seconds_arg(text: str) -> float:
    """An argparse type: a number of seconds in digits 0-9 (``2`` or ``0.5``)."""
    if not re.fullmatch(r"[0-9]{1,9}(?:\.[0-9]{1,9})?", text.strip()):
        raise argparse.ArgumentTypeError(f"expected a number of seconds in digits 0-9, not {shown(text)}")
    return float(text)


def cut_long_words(message: str) -> str:
    """``message`` with every word longer than 60 characters cut to 40 (a bad value
    argparse quotes, a level or a benchmark name that is not one)."""
    return re.sub(r"\S{61,}", lambda m: excerpt(m.group()), message)


def effort_problems(args: argparse.Namespace) -> list[str]:
    """What is wrong with the options ``--jobs`` (processes) and ``--budget`` (the Expert's
    imagined deals per card) that the self-play tools share."""
    problems = []
    if args.jobs < 1:
        problems.append("--jobs must be at least 1")
    if args.budget is not None and args.budget < 1:
        problems.append("--budget must be at least 1")
    return problems
