"""Bots: each decides from its own seat's view only (:class:`tarot.view.SeatView`).

``make_bot(level, seed)`` gives a bot of a level in :data:`LEVEL_NAMES`; a bot's
``choose(view)`` returns one of the actions the rules allow that seat now.
Bots are deterministic for a given seed.  The levels' classes are in
:data:`tarot.bots.levels.LEVELS`, imported when a first bot is made: a page draws its
table before any bot has to play.

Levels: ``random`` (any legal action), ``debutant`` (simple, for first games),
``standard`` (by the book) and ``expert`` (searches sampled deals of the cards it
cannot see).
"""
from __future__ import annotations

from typing import Any

from ..bot import Bot as Bot, Decision as Decision, Reason as Reason
from .chance import RandomBot as RandomBot, random_ecart as random_ecart

# The levels, weakest first (:data:`tarot.bots.levels.LEVELS` maps each to its class).
LEVEL_NAMES: tuple[str, ...] = ("random", "debutant", "standard", "expert")


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of ``level`` (one of :data:`LEVEL_NAMES`), seeded; ``options`` go to its constructor
    (e.g. ``make_bot("expert", 1, samples=12)``)."""
    from .levels import LEVELS  # the levels' modules, imported when a first bot is made

    factory = LEVELS.get(level)
    if factory is None:
        raise ValueError(f"unknown bot level {level!r}: choose from {', '.join(LEVEL_NAMES)}")
    return factory(seed, **options)
