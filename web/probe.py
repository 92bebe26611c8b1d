"""Asking the engine whether one card may join a selection (écart, poignée).

The engine judges whole actions (``Deal.why_not(Ecart(...))``).  To explain a
single click, these helpers complete the player's selection with the engine's
own default choice into a full-size candidate and ask the engine about it, with
and without the clicked card: no rule is written here.
"""
from __future__ import annotations

from collections.abc import Callable

from tarot.actions import Ecart, Poignee
from tarot.cards import Card
from tarot.errors import IllegalAction
from tarot.state import Deal


def _blame(deal: Deal, make: Callable[[tuple[Card, ...]], Ecart | Poignee], chosen: list[Card], card: Card, defaults: list[Card],
           size: int) -> IllegalAction | None:
    base = [c for c in chosen if c != card]
    if len(base) >= size:
        # Already full: the card's own fault if it has one (tried in place of the last
        # card chosen), else the engine's reason why one more card does not fit.
        swapped = deal.why_not(make(tuple(base[:size - 1] + [card])))
        if swapped is not None and swapped.params.get("card") == card:
            return swapped
        return deal.why_not(make(tuple(base + [card])))
    filler = [c for c in defaults if c != card and c not in base]
    with_card = ([card] + base + filler)[:size]
    refusal = deal.why_not(make(tuple(with_card)))
    if refusal is None:
        return None
    if refusal.params.get("card") == card:
        return refusal
    without = (base + filler)[:size]
    if len(without) == size and deal.why_not(make(tuple(without))) is None:
        return refusal  # the selection is fine without this card: the card is the reason
    return None


def ecart_refusal(deal: Deal, chosen: list[Card], card: Card) -> IllegalAction | None:
    """Why ``card`` may not be added to the écart ``chosen`` (``None``: it may)."""
    size = deal.rules.chien_size
    return _blame(deal, Ecart, chosen, card, deal.default_ecart(), size)


def poignee_refusal(deal: Deal, chosen: list[Card], card: Card, size: int) -> IllegalAction | None:
    """Why ``card`` may not be shown in a poignée of ``size`` trumps with ``chosen``."""
    defaults = [c for a in deal.declarations() if isinstance(a, Poignee) for c in a.cards]
    seen: list[Card] = []
    for c in defaults:
        if c not in seen:
            seen.append(c)
    return _blame(deal, Poignee, chosen, card, seen, size)
