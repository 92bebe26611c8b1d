"""The last tricks searched exactly, every hand seen (for the Expert's imagined deals).

:func:`solve` plays every sensible card of every seat to the end of an imagined
deal (alpha-beta: each seat plays for its side, the deal's score deciding) and
gives the score of one seat when both sides play their best.  Cards that are
worth the same (two low cards of a suit with no other seat's card between them)
are tried once, and the fast policy's card is tried first so that the cut-offs
come early.  A node budget bounds the effort: past it, :func:`solve` gives up
and the caller plays the deal out with the fast policy instead.
"""
from __future__ import annotations

from ..cards import HALF_POINTS, MASK_FOR_SUIT, SUIT_OF
from ..state import Deal
from .rollout import above_table, rollout_card


class OverBudget(Exception):
    """The search met more positions than it may."""


def deal_score(d: Deal, seat: int) -> float:
    """The score of ``seat`` in a finished deal (0 for a redeal)."""
    return float(d.result.scores[seat]) if d.result is not None else 0.0


def _moves(d: Deal, above: tuple[int, ...]) -> list[int]:
    """The legal cards of the seat to act, one of each run of cards worth the same; the fast
    policy's card first."""
    legal = d.legal_cards_mask()
    seat = d.to_act
    others = 0  # the cards that may fall between two of the seat's: other hands, the trick
    for s, h in enumerate(d.hands):
        if s != seat:
            others |= h
    for played in d.trick:
        others |= 1 << played
    cards = []
    rest = legal
    while rest:
        low = rest & -rest
        cards.append(low.bit_length() - 1)
        rest ^= low
    strength = d.strength
    cards.sort(key=lambda c: (SUIT_OF[c], strength[c]))
    out: list[int] = []
    prev = -1
    for c in cards:
        if prev >= 0 and SUIT_OF[c] == SUIT_OF[prev] and SUIT_OF[c] >= 0 \
                and HALF_POINTS[c] == HALF_POINTS[prev] == 1:
            between = others & MASK_FOR_SUIT[SUIT_OF[c]] & above[prev] & ~above[c] & ~(1 << c)
            if not between:
                prev = c
                continue
        out.append(c)
        prev = c
    first = rollout_card(d, above)
    if first in out:
        out.remove(first)
    out.insert(0, first)
    return out


def solve(d: Deal, seat: int, nodes: int = 4000) -> float:
    """``seat``'s score in ``d`` (card play, every hand known) when every seat plays its best
    for its side.  Raises :class:`OverBudget` past ``nodes`` positions."""
    above = above_table(d.rules)
    budget = [nodes]
    my_side = (d.attack >> seat) & 1

    def value(node: Deal, alpha: float, beta: float) -> float:
        if node.to_act is None:
            return deal_score(node, seat)
        budget[0] -= 1
        if budget[0] < 0:
            raise OverBudget
        moves = _moves(node, above)
        maximise = ((node.attack >> node.to_act) & 1) == my_side
        best = float("-inf") if maximise else float("inf")
        for c in moves:
            child = node.copy()
            child.play_in_search(c)
            v = value(child, alpha, beta)
            if maximise:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    return value(d, float("-inf"), float("inf"))


__all__ = ["OverBudget", "deal_score", "solve"]
