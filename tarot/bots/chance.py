"""The ``random`` level: any legal action, chosen at random (écarts too)."""
from __future__ import annotations

from ..actions import Action, Ecart
from ..bot import Decision, Reason
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
