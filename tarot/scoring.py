"""Scoring a deal from the attack's count: the FFT formula, written once.

Per defender the attack scores ``(25 + |points - target|) x multiplier``
(+ if made, - if not), plus or minus petit au bout (10 x multiplier, to the side
that won it), plus or minus the poignées (to the side that wins the deal,
never multiplied), plus the chelem.  The taker collects that from every
defender (x2 at 3 players, x3 at 4; at 5 the taker x2 and the partner x1, or
x4 alone).  Half points go to the side that wins the deal.
"""
from __future__ import annotations

from dataclasses import dataclass

from .rules import (MISERE_BONUS, PETIT_AU_BOUT_BONUS, POIGNEE_BONUS, Contract, Rules, TARGETS)

CHELEM_BONUS = {"announced_made": 400, "announced_failed": -200, "unannounced_made": 200,
                "defense": -200, None: 0}


@dataclass(frozen=True)
class DealScore:
    """The outcome of a deal's count; every number is a score change."""

    made: bool
    target: int
    difference: int  # |points - target|, half points rounded to the winner
    base: int  # (25 + difference) x multiplier
    petit_au_bout: int  # per defender, signed for the attack
    poignees: int  # per defender, signed for the attack
    chelem: int  # per defender, signed for the attack
    per_defender: int  # what the attack wins from each defender (negative: loses)
    taker: int
    partner: int | None
    defender: int

    @staticmethod
    def misere_share(players: int, declarer: bool) -> int:
        """A misère: the declarer receives 10 from every other player."""
        return MISERE_BONUS * (players - 1) if declarer else -MISERE_BONUS


def score_deal(rules: Rules, contract: Contract, attack_half_points: int, bouts: int, *,
               petit_au_bout: str | None = None, poignees: list[str] = (),
               chelem: str | None = None, alone: bool = False) -> DealScore:
    """Score a finished deal; ``attack_half_points`` counts the attack's cards in half points."""
    if not 0 <= bouts <= 3:
        raise ValueError("bouts must be 0, 1, 2 or 3")
    if not 0 <= attack_half_points <= 182:
        raise ValueError("points must be between 0 and 91")
    if petit_au_bout not in (None, "attack", "defense"):
        raise ValueError("petit au bout is attack, defense or none")
    if chelem not in CHELEM_BONUS:
        raise ValueError(f"not a chelem outcome: {chelem!r}")
    for p in poignees:
        if p not in POIGNEE_BONUS:
            raise ValueError(f"not a poignée: {p!r} (simple, double or triple)")
    target = TARGETS[bouts]
    coef = contract.multiplier
    if rules.petit_au_bout_within and petit_au_bout:
        target += -PETIT_AU_BOUT_BONUS if petit_au_bout == "attack" else PETIT_AU_BOUT_BONUS
    made = attack_half_points >= 2 * target
    difference = (abs(attack_half_points - 2 * target) + 1) // 2
    sign = 1 if made else -1
    base = (25 + difference) * coef
    pab = 0
    if petit_au_bout and not rules.petit_au_bout_within:
        pab = PETIT_AU_BOUT_BONUS * coef * (1 if petit_au_bout == "attack" else -1)
    poignee_total = sign * sum(POIGNEE_BONUS[p] for p in poignees)
    chelem_bonus = CHELEM_BONUS[chelem]
    d = sign * base + pab + poignee_total + chelem_bonus
    n = rules.players
    if n == 5 and not alone:
        taker, partner = 2 * d, d
    else:
        taker, partner = (n - 1) * d, None
    return DealScore(made, target, difference, base, pab, poignee_total, chelem_bonus, d,
                     taker, partner, -d)
