"""The review of a deal: from a record, the table after each decision, every hand face up.

``review(record)`` replays a ``tarot-deal/1`` record through the engine and returns
one :class:`ReviewStep` for the deal as dealt and one after each action: the hands,
the chien and the écart, the trick on the table, the tricks each side has won and
the running count (each side's card points so far, counted by the engine's own
rules of :mod:`tarot.count`: the Excuse stays with its side; the chien or the
écart join their side's pile once the deal is over, so the last step's count is
the deal's result).  Nothing here is hidden: a review is for after the deal.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actions import action_from_json, action_to_json
from ..cards import Card, cards_of, half_points_of
from ..count import side_piles, with_chien
from ..result import DealResult
from ..state import Deal, Trick


@dataclass(frozen=True)
class ReviewStep:
    """The table after ``index`` actions (0: as dealt)."""

    index: int
    seat: int | None  # who took the action just made (None at the start)
    action: dict[str, Any] | None  # that action, in record form
    phase: str
    to_act: int | None
    taker: int | None
    partner: int | None
    contract: str | None
    hands: tuple[tuple[Card, ...], ...]  # every hand, face up
    chien: tuple[Card, ...]  # the chien as dealt
    ecart: tuple[Card, ...]  # the écart once made
    trick_leader: int
    trick: tuple[Card, ...]  # the trick on the table (the finished one, when this action ended it)
    trick_winner: int | None  # set when this action ended a trick
    tricks_won: tuple[int, int]  # tricks won by the defence and by the attack
    half_points: tuple[int, int]  # card points of the defence and of the attack so far, in half points
    result: DealResult | None  # the deal's result, at the last step

    @property
    def points(self) -> tuple[float, float]:
        """The running count as a player writes it (``40.5``)."""
        return self.half_points[0] / 2, self.half_points[1] / 2


def running_count(deal: Deal) -> tuple[int, int]:
    """Each side's card points so far (defence, attack), in half points, by the count's rules.

    While the deal goes on, no trick so far is the last one: an empty trick closes the
    list so that an Excuse played so far stays with its side."""
    if deal.taker is None or deal.contract is None:
        return 0, 0
    tricks = list(deal.tricks)
    over = len(tricks) == deal.rules.hand_size
    if tricks and not over:
        tricks.append(Trick(tricks[-1].winner, (), tricks[-1].winner, 0))
    defence, attack, exchange = side_piles(tricks, deal.attack, deal.players)
    if over:
        defence, attack = with_chien(deal.rules, deal.contract, defence, attack, deal.chien, deal.ecart)
    attack_half = half_points_of(attack) - exchange
    return half_points_of(defence) + exchange, attack_half


def _step(deal: Deal, index: int, seat: int | None, action: dict[str, Any] | None,
          ended: Trick | None) -> ReviewStep:
    if ended is not None:
        leader, trick, winner = ended.leader, tuple(ended.cards), ended.winner
    else:
        leader, trick, winner = deal.leader, tuple(deal.trick), None
    defence_tricks, attack_tricks = deal.side_tricks
    return ReviewStep(
        index=index, seat=seat, action=action, phase=deal.phase.value, to_act=deal.to_act,
        taker=deal.taker, partner=deal.partner,
        contract=None if deal.contract is None else deal.contract.code,
        hands=tuple(tuple(cards_of(h)) for h in deal.hands), chien=deal.dealt_chien,
        ecart=tuple(cards_of(deal.ecart)), trick_leader=leader, trick=trick, trick_winner=winner,
        tricks_won=(defence_tricks, attack_tricks), half_points=running_count(deal), result=deal.result)


def review(record: object) -> list[ReviewStep]:
    """The steps of a deal record (finished or not); :class:`tarot.errors.RecordError` (a
    ``ValueError`` naming the action and the rule) for a record that is not valid."""
    Deal.from_record(record)  # the whole record checked first: its error names the bad action
    assert isinstance(record, dict)
    actions = record.get("actions", [])
    assert isinstance(actions, list)
    base = {k: v for k, v in record.items() if k not in ("actions", "result")}
    steps = [_step(Deal.from_record(base | {"actions": []}), 0, None, None, None)]
    tricks = 0
    for index in range(1, len(actions) + 1):
        # Each prefix through the engine's own reading (a declined chelem may be implicit).
        deal = Deal.from_record(base | {"actions": actions[:index]})
        seat, action = action_from_json(actions[index - 1])
        ended = deal.tricks[-1] if len(deal.tricks) > tricks else None
        tricks = len(deal.tricks)
        steps.append(_step(deal, index, seat, action_to_json(seat, action), ended))
    return steps
