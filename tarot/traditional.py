"""Pagat's traditional scoring: pots and tokens (rule option ``traditional_scoring``).

In the order of a deal:

1. The pot: with no pot on the table each player puts in 10 and the dealer 20 (in
   all, instead of 10); with pots on the table the dealer adds 5 to the largest.
2. A purchase: the taker pays 10 to the player who gives him the card.
3. Handfuls (10, 20, 30 for a simple, double, triple): a defender receives the value
   from each other player at once; the taker (or his partner) receives it from each
   other player if the contract is made, and pays it to each otherwise.  A misère
   (option ``misere``) is paid like the taker's handful: 10, as the declarer's side
   wins or loses.
4. Petit au bout (unless it counts "within"): the player who played the Petit to the
   last trick receives 10 from each other player if his side took that trick, and
   pays 10 to each otherwise.
5. The game: the points beyond (or short of) the target, plus 10, 20, 30 for a
   garde, garde sans, garde contre, plus 200 for a chelem; each defender pays it to
   the taker if he made his contract, and receives it from him if not.  With a
   partner, the partner settles with one defender (the first after the taker in
   playing order) and the taker with the others.
6. The largest pot (the oldest of equal ones): the taker who made his contract takes
   it (half of it, rounded down, to his partner); one who failed doubles it, or, if it
   was doubled already, puts a new pot of the same size on the table.

``tokens`` are each seat's gain in the deal, pots included: the tokens and the
change in the pots always sum to 0.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .rules import (TRADITIONAL_ANTE, TRADITIONAL_CHELEM, TRADITIONAL_CONTRACT_BONUS,
                    TRADITIONAL_DEALER_ANTE, TRADITIONAL_DEALER_TOP_UP, TRADITIONAL_HANDFULS,
                    TRADITIONAL_PETIT_AU_BOUT, TRADITIONAL_PURCHASE, MISERE_BONUS)

if TYPE_CHECKING:
    from .result import DealResult
    from .state import Deal


class Table:
    """The tokens moved in one deal: each seat's gain, and the pots."""

    def __init__(self, players: int, pots: tuple[int, ...], doubled: tuple[bool, ...]) -> None:
        self.players = players
        self.tokens = [0] * players
        kept = [(p, d) for p, d in zip(pots, doubled + (False,) * len(pots)) if p > 0]
        self.pots = [p for p, _ in kept]
        self.doubled = [d for _, d in kept]

    def pay(self, payer: int, payee: int, amount: int) -> None:
        self.tokens[payer] -= amount
        self.tokens[payee] += amount

    def each_other_pays(self, seat: int, amount: int) -> None:
        """Every other player pays ``amount`` to ``seat`` (a negative amount: the reverse)."""
        for other in range(self.players):
            if other != seat:
                self.pay(other, seat, amount)

    def largest(self) -> int:
        return self.pots.index(max(self.pots))

    def ante(self, dealer: int) -> None:
        if not self.pots:
            for seat in range(self.players):
                self.tokens[seat] -= TRADITIONAL_DEALER_ANTE if seat == dealer else TRADITIONAL_ANTE
            self.pots.append(TRADITIONAL_ANTE * (self.players - 1) + TRADITIONAL_DEALER_ANTE)
            self.doubled.append(False)
        else:
            self.tokens[dealer] -= TRADITIONAL_DEALER_TOP_UP
            self.pots[self.largest()] += TRADITIONAL_DEALER_TOP_UP

    def settle(self, result: DealResult) -> DealResult:
        return replace(result, tokens=tuple(self.tokens), pots=tuple(self.pots),
                       pots_doubled=tuple(self.doubled))


def ante_only(deal: Deal, result: DealResult) -> DealResult:
    """A deal dealt again: only the pot is fed."""
    table = Table(deal.players, deal.pots, deal.pots_doubled)
    table.ante(deal.dealer)
    return table.settle(result)


def settle_tokens(deal: Deal, result: DealResult, petit_player: int | None) -> DealResult:
    """``result`` with the tokens each seat won and the pots after the deal."""
    n, rules = deal.players, deal.rules
    taker, partner, contract = result.taker, result.partner, result.contract
    assert taker is not None and contract is not None and result.score is not None
    attack = deal.attack
    made = result.made
    table = Table(n, deal.pots, deal.pots_doubled)
    table.ante(deal.dealer)

    if deal.purchase is not None:
        table.pay(taker, deal.purchase.holder, TRADITIONAL_PURCHASE)

    for seat, size in result.poignees:
        value = TRADITIONAL_HANDFULS[size]
        in_attack = (attack >> seat) & 1
        table.each_other_pays(seat, value if not in_attack or made else -value)
    for seat, _ in result.miseres:
        in_attack = bool((attack >> seat) & 1)
        table.each_other_pays(seat, MISERE_BONUS if in_attack == made else -MISERE_BONUS)

    if petit_player is not None and not rules.petit_au_bout_within:
        took_it = (attack >> petit_player) & 1 == (result.petit_au_bout == "attack")
        table.each_other_pays(petit_player, TRADITIONAL_PETIT_AU_BOUT if took_it else -TRADITIONAL_PETIT_AU_BOUT)

    value = result.score.difference + TRADITIONAL_CONTRACT_BONUS[contract]
    per_defender = value if made else -value
    if result.chelem in ("announced_made", "unannounced_made"):
        per_defender += TRADITIONAL_CHELEM
    elif result.chelem in ("announced_failed", "defense"):
        per_defender -= TRADITIONAL_CHELEM
    defenders = [(taker + k) % n for k in range(1, n) if not (attack >> ((taker + k) % n)) & 1]
    for i, defender in enumerate(defenders):
        table.pay(defender, partner if partner is not None and i == 0 else taker, per_defender)

    pot = table.largest()
    if made:
        won = table.pots.pop(pot)
        table.doubled.pop(pot)
        if partner is not None:
            table.tokens[partner] += won // 2
            won -= won // 2
        table.tokens[taker] += won
    elif not table.doubled[pot]:
        table.tokens[taker] -= table.pots[pot]
        table.pots[pot] *= 2
        table.doubled[pot] = True
    else:
        table.tokens[taker] -= table.pots[pot]
        table.pots.append(table.pots[pot])
        table.doubled.append(False)
    return table.settle(result)
