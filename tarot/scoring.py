"""Scoring a deal from the attack's count: the FFT formula, written once.

Per defender the attack scores ``(25 + |points - target|) x multiplier``
(+ if made, - if not), plus or minus petit au bout (10 x multiplier, to the side
that won it), plus or minus the poignées (to the side that wins the deal,
never multiplied), plus the chelem.  The taker collects that from every
defender (x2 at 3 players, x3 at 4; at 5 the taker x2 and the partner x1, or
x4 alone: :meth:`Rules.shares`).  Half points go to the side that wins the deal.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .inputs import quote
from .rules import (PETIT_AU_BOUT_BONUS, POIGNEE_BONUS, Contract, Rules, TARGETS)

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
    unrounded: int = 0  # the difference as the cards fell (before round_to_ten rounds it)



def points_difference(attack_half_points: int, target: int) -> int:
    """How far the attack's points are from the target, a half point going to the
    side that wins the deal (45.5 against 41 is made by 5, 40.5 fails by 1)."""
    return (abs(attack_half_points - 2 * target) + 1) // 2


def score_deal(rules: Rules, contract: Contract, attack_half_points: int, bouts: int, *,
               petit_au_bout: str | None = None, poignees: Sequence[str] = (),
               defence_poignees: Sequence[str] = (),
               chelem: str | None = None, alone: bool = False) -> DealScore:
    """Score a finished deal; ``attack_half_points`` counts the attack's cards in half points.

    ``poignees`` are the poignées that count for the side that wins the deal;
    ``defence_poignees`` those shown by defenders, which count the same way unless
    ``handful_against_taker`` (then always for the defence).  ``alone``: a taker who
    called no partner where the rules call one."""
    if not 0 <= bouts <= 3:
        raise ValueError("bouts must be 0, 1, 2 or 3")
    if not 0 <= attack_half_points <= 182:
        raise ValueError("points must be between 0 and 91")
    if petit_au_bout not in (None, "attack", "defense"):
        raise ValueError("petit au bout is attack, defense or none")
    if chelem not in CHELEM_BONUS:
        raise ValueError(f"not a chelem outcome: {quote(chelem)}")
    for p in (*poignees, *defence_poignees):
        if p not in POIGNEE_BONUS:
            raise ValueError(f"not a poignée: {quote(p)} (simple, double or triple)")
    target = TARGETS[bouts]
    coef = contract.multiplier
    if rules.petit_au_bout_within and petit_au_bout:
        target += -PETIT_AU_BOUT_BONUS if petit_au_bout == "attack" else PETIT_AU_BOUT_BONUS
    made = attack_half_points >= 2 * target
    difference = unrounded = points_difference(attack_half_points, target)
    if rules.round_to_ten:
        difference = round_to_ten(difference)
    sign = 1 if made else -1
    base = (25 + difference) * coef
    pab = 0
    if petit_au_bout and not rules.petit_au_bout_within:
        pab = PETIT_AU_BOUT_BONUS * coef * (1 if petit_au_bout == "attack" else -1)
    poignee_total = sign * sum(POIGNEE_BONUS[p] for p in poignees)
    for p in defence_poignees:
        for_attack = rules.poignee_for_attack(shown_by_attack=False, made=made)
        poignee_total += POIGNEE_BONUS[p] if for_attack else -POIGNEE_BONUS[p]
    chelem_bonus = CHELEM_BONUS[chelem]
    d = sign * base + pab + poignee_total + chelem_bonus
    with_partner = rules.calls_partner(contract) and not alone
    taker_share, partner_share, defender_share = rules.shares(with_partner)
    return DealScore(made, target, difference, base, pab, poignee_total, chelem_bonus, d,
                     taker_share * d, partner_share * d if with_partner else None, defender_share * d,
                     unrounded)


def round_to_ten(points: int) -> int:
    """The points of gain or loss rounded to the nearest ten (``round_to_ten``): a 5
    rounds up, so 4 gives 0, 5 gives 10 and 15 gives 20."""
    return (points + 5) // 10 * 10


def impossible_count(rules: Rules, contract: Contract, attack_half_points: int, bouts: int, *,
                     petit_au_bout: str | None = None, chelem: str | None = None) -> str | None:
    """Why this count of the attack cannot happen in a deal, or ``None`` if it can.

    Each bout is worth 4.5 points (the Excuse 4 when kept against a low card) and every
    other card 0.5 at least; the attack always counts its écart (no king, no bout) or,
    in a garde sans, the chien; the side with petit au bout won the last trick, the Petit
    and a card of each other player.  An attack that wins every trick holds every card
    but the chien of a garde contre and the Excuse a defender played; a defence that
    wins every trick leaves the attack the chien or the écart and the Excuse it played
    at most; the side that wins no trick has no petit au bout."""
    return (_petit_au_bout_clash(bouts, petit_au_bout, chelem)
            or _points_clash(rules, contract, attack_half_points, bouts, petit_au_bout)
            or _chelem_clash(rules, contract, attack_half_points, bouts, chelem))


def _petit_au_bout_clash(bouts: int, petit_au_bout: str | None, chelem: str | None) -> str | None:
    """Why petit au bout cannot go with these bouts or this chelem, or ``None``."""
    if petit_au_bout == "attack" and bouts == 0:
        return "petit au bout for the attack means the attack holds the Petit: it cannot have 0 bouts"
    if petit_au_bout == "defense" and bouts == 3:
        return "petit au bout for the defence means the defence holds the Petit: the attack cannot have 3 bouts"
    if chelem in ("announced_made", "unannounced_made") and petit_au_bout == "defense":
        return "in a chelem made by the attack the defence wins no trick: it cannot have petit au bout"
    if chelem == "defense" and petit_au_bout == "attack":
        return "in a chelem of the defence the attack wins no trick: it cannot have petit au bout"
    return None


def _points_clash(rules: Rules, contract: Contract, half: int, bouts: int, petit_au_bout: str | None) -> str | None:
    """Why the attack cannot count ``half`` half points with these bouts, or ``None``."""
    least = _least_half_points(rules, contract, "attack", bouts, petit_au_bout)
    most = 182 - _least_half_points(rules, contract, "defence", 3 - bouts, petit_au_bout)
    if least <= half <= most:
        return None
    pab = {"attack": " and petit au bout", "defense": " and petit au bout for the defence"}.get(
        petit_au_bout or "", "")
    return (f"with {bouts} bout{'' if bouts == 1 else 's'}{pab} in a {contract.code} at {rules.players} players the attack has "
            f"{_points(least)} to {_points(most)} points, not {_points(half)}")


def _chelem_clash(rules: Rules, contract: Contract, half: int, bouts: int, chelem: str | None) -> str | None:
    """Why a chelem made (or one of the defence) cannot leave the attack this count, or ``None``."""
    points = _points(half)
    chien = rules.chien_size
    chien_most = int(2 * _most_points_of(chien))  # the chien's points at most, in half points
    goes = rules.chien_goes(contract)
    if chelem in ("announced_made", "unannounced_made"):
        if goes != "defence":
            if (half, bouts) not in ((182, 3), (174, 2)):
                return (f"a chelem made leaves the attack 91 points and 3 bouts (87 and 2 when a defender "
                        f"kept the Excuse), not {points} and {bouts}")
        elif half < 182 - chien_most - 8:
            return f"a chelem made in a garde contre leaves the attack at least {_points(182 - chien_most - 8)} points"
    if chelem == "defense":
        return _swept_clash(goes, chien, chien_most, half, bouts)
    return None


def _swept_clash(goes: str, chien: int, chien_most: int, half: int, bouts: int) -> str | None:
    """Why the defence cannot have won every trick, leaving the attack this count, or ``None``."""
    points = _points(half)
    if goes == "defence" and (half, bouts) not in ((0, 0), (8, 1)):
        return f"a garde contre swept by the defence leaves the attack nothing but the Excuse, not {points}"
    if goes == "hand":
        ecart_most = int(2 * _most_points_of(chien, kings=False))
        if half > ecart_most + 8 or bouts > 1:
            return (f"a defence that wins every trick leaves the attack its écart (no king, no bout) and "
                    f"the Excuse at most, not {points} points and {bouts} bouts")
    if goes == "attack" and half > chien_most + 8:
        return f"a defence that wins every trick leaves the attack the chien and the Excuse at most, not {points}"
    return None


def _least_half_points(rules: Rules, contract: Contract, side: str, bouts: int, petit_au_bout: str | None) -> int:
    """The fewest half points ``side`` (``attack`` or ``defence``) can count with ``bouts`` bouts.

    Its bouts count 9 each; so does every other card it surely wins (1 at least): its écart
    or chien, and with petit au bout the last trick's cards but the Petit.  Each bout other
    than a Petit au bout may save one of those: it is one of those cards, or it is the
    Excuse kept against a low card (8)."""
    goes = rules.chien_goes(contract)
    pab = petit_au_bout == ("attack" if side == "attack" else "defense")
    last_trick = rules.players - 1 if pab else 0  # the other cards of the last trick
    shares_bouts = last_trick + (rules.chien_size if goes == side else 0)  # cards that may be bouts
    sure = shares_bouts + (rules.chien_size if side == "attack" and goes == "hand" else 0)
    free = bouts - (1 if pab else 0)  # the bouts other than a Petit au bout
    return 9 * bouts + sure - min(free, shares_bouts + 1)


def _most_points_of(cards: int, kings: bool = True) -> float:
    """The most points ``cards`` cards can hold (kings and bouts first; without them
    when ``kings`` is false: queens and cavaliers, as in an écart)."""
    values = [4.5] * 4 + [4.5, 4.5] if kings else []
    values += [3.5] * 4 + [2.5] * 4 + [1.5] * 4
    return sum(sorted(values, reverse=True)[:cards])


def _points(half: int) -> str:
    return f"{half // 2}" if half % 2 == 0 else f"{half / 2}"
