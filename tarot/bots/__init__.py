"""Bots: each decides from its own seat's view only (:class:`tarot.view.SeatView`).

``make_bot(level, seed)`` gives a bot of a level in :data:`LEVELS`; a bot's
``choose(view)`` returns one of the actions the rules allow that seat now.
Bots are deterministic for a given seed.

Levels: ``random`` (any legal action), ``debutant`` (simple, for first games),
``standard`` (by the book) and ``expert`` (searches sampled deals of the cards it
cannot see).
"""
from __future__ import annotations

from typing import Any, Callable

from ..actions import Action, Ecart
from ..bot import Bot as Bot, Decision as Decision, Reason as Reason
from ..cards import BOUTS, TRUMPS, cards_of, mask_of
from ..rng import Rng
from ..rules import ECARTABLE, ecart_trumps_needed
from ..view import SeatView


class RandomBot:
    """Any legal action, chosen at random (écarts too)."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: SeatView) -> Action:
        if view.phase == "ecart":
            return random_ecart(view, self.rng)
        return self.rng.choice(view.legal)

    def decide(self, view: SeatView) -> Decision:
        return Decision(self.choose(view), Reason("random_choice"))


def random_ecart(view: SeatView, rng: Rng) -> Ecart:
    """A legal écart chosen at random from the taker's hand."""
    hand = mask_of(view.hand)
    size = view.rules.chien_size
    need = ecart_trumps_needed(hand, size)
    suit = cards_of(hand & ECARTABLE)
    if need:
        trumps = rng.sample(cards_of(hand & TRUMPS & ~BOUTS), need)
        return Ecart(tuple(suit + trumps))
    return Ecart(tuple(rng.sample(suit, size)))


from .debutant import DebutantBot  # noqa: E402  (they use random_ecart's module)
from .standard import StandardBot  # noqa: E402
from .expert import ExpertBot  # noqa: E402

LEVELS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "debutant": DebutantBot,
    "standard": StandardBot,
    "expert": ExpertBot,
}


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of ``level`` (a key of :data:`LEVELS`), seeded; ``options`` go to its constructor
    (e.g. ``make_bot("expert", 1, samples=12)``)."""
    factory = LEVELS.get(level)
    if factory is None:
        raise ValueError(f"unknown bot level {level!r}: choose from {', '.join(LEVELS)}")
    return factory(seed, **options)

