"""The count at the end of a deal, in the order of the rule book.

1. Each side's cards: the tricks it won; the Excuse stays with the side that
   played it (which gives a low card for it, or counts it 4 points when it has
   none to give); played to the last trick it goes to that trick's winner, unless a
   side that won every other trick led it (chelem).
2. The chien (or the écart) goes where the contract sends it.
3. The attack's card points and bouts; its target.
4. Petit au bout, chelem.
5. The score (:func:`tarot.scoring.score_deal`), the primes paid player by player,
   each seat's share; the tokens and pots with ``traditional_scoring``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .cards import BOUTS, EXCUSE, EXCUSE_BIT, EXCUSE_ID, PETIT, PETIT_BIT, count, half_points_of
from .result import DealResult, scored
from .rules import Contract, Rules
from .traditional import settle_tokens

if TYPE_CHECKING:
    from .state import Deal, Trick


def excuse_stays(in_last_trick: bool, owner_side: int, winner_side: int) -> bool:
    """Does the Excuse stay with the side that played it?  Yes, before the last trick, when
    the other side wins the trick: its side gives a low card for it, or counts it 4 points
    when it has none to give (a side that wins no trick keeps it all the same)."""
    return not in_last_trick and owner_side != winner_side


def side_piles(tricks: Sequence[Trick], attack: int, players: int) -> tuple[int, int, int]:
    """The cards won by the defence and by the attack (masks), and the half points the
    attack gives for its Excuse kept (+1) or receives for the defence's (-1)."""
    piles = [0, 0]
    exchange = 0
    last = len(tricks) - 1
    for i, trick in enumerate(tricks):
        winner_side = (attack >> trick.winner) & 1
        mask = trick.mask
        if mask & EXCUSE_BIT:
            owner_side = (attack >> trick.seat_of(trick.cards.index(EXCUSE), players)) & 1
            if excuse_stays(i == last, owner_side, winner_side):
                mask &= ~EXCUSE_BIT
                piles[owner_side] |= EXCUSE_BIT
                exchange += 1 if owner_side else -1
        piles[winner_side] |= mask
    return piles[0], piles[1], exchange


def with_chien(rules: Rules, contract: Contract, defence: int, attack: int, chien: int,
               ecart: int) -> tuple[int, int]:
    """Both piles with the écart (prise, garde) or the chien (garde sans, garde contre)."""
    goes = rules.chien_goes(contract)
    if goes == "hand":
        return defence, attack | ecart
    if goes == "attack":
        return defence, attack | chien
    return defence | chien, attack


def petit_au_bout_trick(tricks: Sequence[Trick]) -> Trick | None:
    """The trick that took the Petit to the end: the last one, or the one before it when
    a chelem's Excuse was led to the last one; ``None`` when the Petit did not go to the end."""
    final = tricks[-1]
    if PETIT_BIT & final.mask:
        return final
    if final.cards[0] == EXCUSE_ID and final.winner == final.leader and len(tricks) > 1 \
            and PETIT_BIT & tricks[-2].mask:
        return tricks[-2]
    return None


def petit_player(trick: Trick, players: int) -> int:
    """Who played the Petit in ``trick``."""
    for i, card in enumerate(trick.cards):
        if card == PETIT:
            return trick.seat_of(i, players)
    raise ValueError("the Petit is not in this trick")


def chelem_outcome(side_tricks: Sequence[int], announced: bool) -> str | None:
    """``announced_made``, ``unannounced_made``, ``announced_failed``, ``defense`` or None."""
    if side_tricks[0] == 0:
        return "announced_made" if announced else "unannounced_made"
    if announced:
        return "announced_failed"
    if side_tricks[1] == 0:
        return "defense"
    return None


def count_deal(deal: Deal) -> DealResult:
    """Count and score a deal whose last trick has been played."""
    rules, n = deal.rules, deal.players
    contract, taker, partner = deal.contract, deal.taker, deal.partner
    assert contract is not None and taker is not None
    attack = deal.attack
    defence_cards, attack_cards, exchange = side_piles(deal.tricks, attack, n)
    defence_cards, attack_cards = with_chien(rules, contract, defence_cards, attack_cards,
                                             deal.chien, deal.ecart)
    half = half_points_of(attack_cards) - exchange
    bouts = count(attack_cards & BOUTS)

    pab_trick = petit_au_bout_trick(deal.tricks)
    pab = None if pab_trick is None else ("attack" if (attack >> pab_trick.winner) & 1 else "defense")
    chelem = chelem_outcome(deal.side_tricks, deal.chelem_announced)
    result = scored(rules, taker, partner, contract, half, bouts, petit_au_bout=pab, chelem=chelem,
                    poignees=[(s, size) for s, size, _ in deal.poignees], miseres=deal.miseres,
                    piles=(defence_cards, attack_cards))
    if rules.traditional_scoring:
        pab_player = None if pab_trick is None else petit_player(pab_trick, n)
        took_it = pab_trick is not None and pab_trick.winner == pab_player
        result = settle_tokens(deal, result, pab_player, took_it)
    return result
