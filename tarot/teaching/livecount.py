"""The count a player keeps while playing, from one seat's view.

``live_count(view)`` tells, from what that seat may know: the tricks each side
(or each seat) has won, the card points of those tricks, the bouts fallen and
where they lie, the attack's target once the table knows it, and the trumps
played.  Sides are counted only once the seat knows them: at 5 players the
partner is unknown until the called card is played, so the count is per seat
until then.  Nothing hidden is used: only the seat's view.

The count is of the tricks won so far; the écart (or the chien) joins the
attack's or the defence's cards at the end only, as the rules have it.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import BOUTS, EXCUSE_ID, HALF_POINTS, MASK_FOR_SUIT, TRUMPS, Card, cards_of, mask_of
from ..count import excuse_stays
from ..rules import TARGETS
from ..view import SeatView

N_TRUMPS = 21


@dataclass(frozen=True)
class Pile:
    """What one side (or one seat) has won so far."""

    seats: tuple[int, ...]
    tricks: int
    half_points: int  # card points x 2 (a king is 9, a low card 1)
    bouts: tuple[Card, ...]  # the bouts in this pile, in the order they fell

    @property
    def points(self) -> float:
        return self.half_points / 2


@dataclass(frozen=True)
class LiveCount:
    sides: bool  # the seat knows who plays with the taker: piles are (attack, defence)
    piles: tuple[Pile, ...]  # (attack, defence) when ``sides``, else one per seat
    bouts_fallen: tuple[tuple[Card, int], ...]  # (bout, the seat whose side keeps it), as they fell
    target: int | None  # the attack's target, once every bout has fallen and the sides are known
    trumps_played: int  # trumps (not the Excuse) played so far, the trick being played included
    trumps_out: int  # trumps this seat has not seen: still in other hands (or an unseen chien)

    @property
    def attack(self) -> Pile | None:
        return self.piles[0] if self.sides else None

    @property
    def defence(self) -> Pile | None:
        return self.piles[1] if self.sides else None


def attack_seats(view: SeatView) -> tuple[int, ...] | None:
    """The taker and the partner as this seat knows them; ``None`` while it does not."""
    if view.taker is None or view.phase in ("bidding", "calling"):
        return None
    if view.called is None:  # no card called: the taker alone
        return (view.taker,)
    if not view.partner_known:
        return None
    if view.partner is None or view.partner == view.taker:
        return (view.taker,)
    return tuple(sorted((view.taker, view.partner)))


def live_count(view: SeatView) -> LiveCount:
    n = view.rules.players
    attack = attack_seats(view)
    sides = attack is not None
    groups: list[tuple[int, ...]]
    if attack is not None:
        groups = [attack, tuple(s for s in range(n) if s not in attack)]
    else:
        groups = [(s,) for s in range(n)]
    pile_of = {s: i for i, group in enumerate(groups) for s in group}
    tricks = [0] * len(groups)
    for _, _, winner in view.tricks:
        tricks[pile_of[winner]] += 1
    half = [0] * len(groups)
    bouts: list[list[Card]] = [[] for _ in groups]
    fallen: list[tuple[Card, int]] = []
    last = view.rules.hand_size - 1  # the last trick's Excuse goes to its winner
    for i, (leader, cards, winner) in enumerate(view.tricks):
        won = pile_of[winner]
        for k, c in enumerate(cards):
            seat = (leader + k) % n
            to, keeper = won, winner
            if c == EXCUSE_ID and excuse_stays(i == last, pile_of[seat], won):
                # The Excuse stays with its side (the engine's rule), half a point given for it.
                to, keeper = pile_of[seat], seat
                half[to] -= 1
                half[won] += 1
            half[to] += HALF_POINTS[c]
            if BOUTS >> c & 1:
                bouts[to].append(c)
                fallen.append((c, keeper))
    played = view.played
    trumps_played = (played & TRUMPS).bit_count()
    seen = played | mask_of(view.hand) | mask_of(view.ecart)
    trumps_out = N_TRUMPS - (seen & TRUMPS).bit_count()
    target = TARGETS[len(bouts[0])] if sides and len(fallen) == 3 else None
    piles = tuple(Pile(g, tricks[i], half[i], tuple(bouts[i])) for i, g in enumerate(groups))
    return LiveCount(sides, piles, tuple(fallen), target, trumps_played, trumps_out)


def cards_out(view: SeatView, suit: int) -> tuple[Card, ...]:
    """The cards of ``suit`` (``TRUMP`` for the trumps) this seat has not seen fall: neither in its
    hand, nor played, nor in its own écart.  A chien shown to all is still out: its cards went
    to the taker's hand (the taker knows what he put back)."""
    seen = mask_of(view.hand) | view.played
    if view.taker == view.seat:
        seen |= mask_of(view.ecart)
    return tuple(c for c in cards_of(MASK_FOR_SUIT[suit] & ~seen))
