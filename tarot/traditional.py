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
   last trick receives 10 from each other player if the Petit itself took that
   trick, and pays 10 to each otherwise.
5. The game: the points beyond (or short of) the target, plus 10, 20, 30 for a
   garde, garde sans, garde contre, plus 200 for a chelem; each defender pays it to
   the taker if he made his contract, and receives it from him if not.  With a
   partner, the partner settles with one defender (the first after the taker in
   playing order) and the taker with the others.
6. The largest pot (the oldest of equal ones): the taker who made his contract takes
   it (half of it, rounded down, to his partner); one who failed doubles it, or, if it
   was doubled already, puts a new pot of the same size on the table.

``tokens`` are each seat's gain in the deal, pots included: the tokens and the
change in the pots always sum to 0.  ``token_steps`` say how, one :class:`TokenStep`
per payment of the list above, in its order, for a page to write the count out.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .rules import (TRADITIONAL_ANTE, TRADITIONAL_CHELEM, TRADITIONAL_CONTRACT_BONUS,
                    TRADITIONAL_DEALER_ANTE, TRADITIONAL_DEALER_TOP_UP, TRADITIONAL_HANDFULS,
                    TRADITIONAL_PETIT_AU_BOUT, TRADITIONAL_PURCHASE, MISERE_BONUS)

if TYPE_CHECKING:
    from .result import DealResult
    from .state import Deal


@dataclass(frozen=True)
class TokenStep:
    """One payment of the traditional count.

    ``rule`` names it:

    - ``ante``: each player puts in 10 and the dealer (``seat``) 20; ``amount`` is the new pot;
    - ``top_up``: the dealer adds 5 to the largest pot, which holds ``amount`` after it;
    - ``purchase``: the taker (``seat``) pays ``amount`` to the card's holder (``other``);
    - ``poignee`` (``name``: its size), ``misere`` (``name``: its kind), ``petit_au_bout``:
      ``seat`` receives ``amount`` from each other player (``won``) or pays it to each;
    - ``game``: each defender pays ``amount`` to the taker (``seat``) if ``won``, else
      receives it from him; ``terms`` are the points beyond (or short of) the target,
      the contract's bonus and the chelem's (signed as they count for the taker); with a
      partner (``other``), the partner settles with one defender (``paired``);
    - ``pot_won``: the taker (``seat``) takes the largest pot, ``amount``, half of it
      (rounded down) to his partner (``other``);
    - ``pot_doubled``: the taker (``seat``) doubles the largest pot, paying ``amount``;
    - ``pot_new``: the pot was doubled already: the taker (``seat``) puts a new pot of
      ``amount`` on the table.
    """

    rule: str
    seat: int
    amount: int
    won: bool = True
    other: int | None = None
    paired: int | None = None
    terms: tuple[int, ...] = ()
    name: str = ""


class Table:
    """The tokens moved in one deal: each seat's gain, and the pots; ``steps`` says how."""

    def __init__(self, players: int, pots: tuple[int, ...], doubled: tuple[bool, ...]) -> None:
        self.players = players
        self.tokens = [0] * players
        self.steps: list[TokenStep] = []
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
            self.steps.append(TokenStep("ante", dealer, self.pots[-1]))
        else:
            self.tokens[dealer] -= TRADITIONAL_DEALER_TOP_UP
            self.pots[self.largest()] += TRADITIONAL_DEALER_TOP_UP
            self.steps.append(TokenStep("top_up", dealer, max(self.pots)))

    def declared(self, rule: str, seat: int, amount: int, won: bool, name: str = "") -> None:
        """A poignée, a misère or the petit au bout: ``seat`` is paid by, or pays, each other player."""
        self.each_other_pays(seat, amount if won else -amount)
        self.steps.append(TokenStep(rule, seat, amount, won=won, name=name))

    def settle(self, result: DealResult) -> DealResult:
        return replace(result, tokens=tuple(self.tokens), pots=tuple(self.pots),
                       pots_doubled=tuple(self.doubled), token_steps=tuple(self.steps))


def ante_only(deal: Deal, result: DealResult) -> DealResult:
    """A deal dealt again: only the pot is fed."""
    table = Table(deal.players, deal.pots, deal.pots_doubled)
    table.ante(deal.dealer)
    return table.settle(result)


def settle_tokens(deal: Deal, result: DealResult, petit_player: int | None,
                  petit_took_trick: bool) -> DealResult:
    """``result`` with the tokens each seat won and the pots after the deal.

    ``petit_player`` played the Petit to the last trick (or to the one before an
    Excuse that ends a chelem); Pagat pays him for "taking the last trick with the 1
    of Trumps" (``petit_took_trick``), and makes him pay when the attempt failed, even
    where a partner's higher trump took that trick.
    """
    n, rules = deal.players, deal.rules
    taker, partner, contract = result.taker, result.partner, result.contract
    assert taker is not None and contract is not None and result.score is not None
    attack = deal.attack
    made = result.made
    table = Table(n, deal.pots, deal.pots_doubled)
    table.ante(deal.dealer)

    if deal.purchase is not None:
        table.pay(taker, deal.purchase.holder, TRADITIONAL_PURCHASE)
        table.steps.append(TokenStep("purchase", taker, TRADITIONAL_PURCHASE, other=deal.purchase.holder))

    for seat, size in result.poignees:
        in_attack = (attack >> seat) & 1
        table.declared("poignee", seat, TRADITIONAL_HANDFULS[size], not in_attack or made, size)
    for seat, kind in result.miseres:
        in_attack = bool((attack >> seat) & 1)
        table.declared("misere", seat, MISERE_BONUS, in_attack == made, kind)

    if petit_player is not None and not rules.petit_au_bout_within:
        table.declared("petit_au_bout", petit_player, TRADITIONAL_PETIT_AU_BOUT, petit_took_trick)

    sign = 1 if made else -1
    terms: tuple[int, ...] = (sign * result.score.difference, sign * TRADITIONAL_CONTRACT_BONUS[contract])
    if result.chelem in ("announced_made", "unannounced_made"):
        terms += (TRADITIONAL_CHELEM,)
    elif result.chelem in ("announced_failed", "defense"):
        terms += (-TRADITIONAL_CHELEM,)
    per_defender = sum(terms)
    defenders = [(taker + k) % n for k in range(1, n) if not (attack >> ((taker + k) % n)) & 1]
    for i, defender in enumerate(defenders):
        table.pay(defender, partner if partner is not None and i == 0 else taker, per_defender)
    table.steps.append(TokenStep("game", taker, abs(per_defender), won=per_defender >= 0, other=partner,
                                 paired=defenders[0] if partner is not None else None, terms=terms))

    pot = table.largest()
    if made:
        won = table.pots.pop(pot)
        table.doubled.pop(pot)
        table.steps.append(TokenStep("pot_won", taker, won, other=partner))
        if partner is not None:
            table.tokens[partner] += won // 2
            won -= won // 2
        table.tokens[taker] += won
    elif not table.doubled[pot]:
        table.steps.append(TokenStep("pot_doubled", taker, table.pots[pot]))
        table.tokens[taker] -= table.pots[pot]
        table.pots[pot] *= 2
        table.doubled[pot] = True
    else:
        table.steps.append(TokenStep("pot_new", taker, table.pots[pot]))
        table.tokens[taker] -= table.pots[pot]
        table.pots.append(table.pots[pot])
        table.doubled.append(False)
    return table.settle(result)
