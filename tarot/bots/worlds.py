"""Imagined deals: the cards a seat cannot see, dealt again consistently with what it saw.

A :class:`WorldSampler` places every unseen card in a hand or in the hidden pile
(a chien nobody saw, or the taker's écart) so that every fact of
:class:`~tarot.bots.knowledge.Knowledge` holds: the voids and trump ceilings the
play showed, the poignées shown, the chien when it was shown (its cards went to
the taker, and an écart holds no king, bout or unshown trump), the called card
(not in the taker's hand while the partner is unknown), and the hand sizes.
The bidding is used softly: a deal where a seat that passed holds a hand worth a
garde, or where a bidder holds far less than its bid, is drawn less often; so is
a deal where a defender's signal (FFT: a low card led under an honour in five cards,
the parity of a first trump led and the card a 15 to 20 promises, high then low trumps
or the Excuse on the first round of trumps over the Petit) would have been false.

:func:`world_deal` then replays the public history of the view on the imagined
cards, through the engine, giving a :class:`~tarot.state.Deal` in the same state
as the real one as far as this seat can tell.
"""
from __future__ import annotations

from math import exp

from ..actions import BIDS, NO_CALL, Call, Chelem, Ecart, Misere, Play, Poignee
from ..cards import (
    CARDS,
    PETIT_BIT,
    SUIT_MASKS,
    TRUMPS,
    cards_of,
    count,
    mask_of,
)
from ..dealing import is_petit_sec
from ..errors import IllegalAction
from ..rng import Rng
from ..rules import Contract
from ..state import Deal
from ..view import SeatView
from .evaluation import THRESHOLDS, hand_points
from .knowledge import HONOURS, LONG_TRUMPS_SIGNAL, LOW_SIGNAL_LENGTH, TRUMP_PROMISES, Knowledge

_BID_SOFTNESS = 8.0  # points of the scale: how far a hand may stray from its bid
_SIGNAL_MISS = 0.4  # the weight of a deal where a defender's signal would have been false


class World:
    """An imagined placement of the unseen cards: each seat's hand now, and the hidden pile."""

    __slots__ = ("hands", "pile", "weight")

    def __init__(self, hands: list[int], pile: int, weight: float = 1.0) -> None:
        self.hands = hands
        self.pile = pile
        self.weight = weight


class WorldSampler:
    """Draws :class:`World` placements consistent with one seat's knowledge."""

    def __init__(self, view: SeatView, k: Knowledge | None = None, use_bids: bool = True) -> None:
        self.view = view
        self.k = k = k or Knowledge(view)
        n = k.n
        self.n = n
        self.me = k.seat
        self.use_bids = use_bids
        fixed = [k.known[s] if s != k.seat else k.hand for s in range(n)]
        placed = 0
        for s in range(n):
            placed |= fixed[s]
        self.fixed = fixed
        self.free_cards = k.unseen & ~placed
        self.capacity = [k.hand_sizes[s] - count(fixed[s]) if s != k.seat else 0 for s in range(n)]
        self.capacity.append(k.pile_size)
        # Where each free card may go: bit s for seat s, bit n for the pile.
        partner_unknown = view.called is not None and not view.partner_known
        entries = []
        for c in cards_of(self.free_cards):
            allowed = 0
            for s in range(n):
                if s == k.seat or not self.capacity[s]:
                    continue
                if partner_unknown and c == view.called and s == view.taker:
                    continue
                if k.may_hold(s, c):
                    allowed |= 1 << s
            if k.pile_may_hold(c):
                allowed |= 1 << n
            entries.append((c, allowed, allowed.bit_count()))
        self.entries = entries
        self.everywhere = sum(1 << s for s in range(n + 1) if self.capacity[s])

    def _place(self, rng: Rng, strict: bool) -> World | None:
        n = self.n
        cap = list(self.capacity)
        hands = list(self.fixed)
        pile = 0
        everywhere = self.everywhere
        order = list(self.entries)
        rng.shuffle(order)
        order.sort(key=lambda e: e[2])
        below = rng.below
        for c, allowed, _ in order:
            if not strict:
                allowed = everywhere
            total = 0
            for s in range(n + 1):
                if allowed >> s & 1:
                    total += cap[s]
            if total <= 0:
                return None
            r = below(total)
            for s in range(n + 1):
                if allowed >> s & 1 and cap[s]:
                    if r < cap[s]:
                        break
                    r -= cap[s]
            cap[s] -= 1
            if s == n:
                pile |= 1 << c
            else:
                hands[s] |= 1 << c
        return World(hands, pile)

    def _place_exact(self, rng: Rng, limit: int = 20000) -> World | None:
        """A placement found by search (the quick draw may corner itself): each step places
        the card with the fewest places left, trying those places in random order."""
        n = self.n
        cap = list(self.capacity)
        where: dict[int, int] = {}
        entries: dict[int, int] = {c: allowed for c, allowed, _ in self.entries}
        budget = [limit]

        def options(c: int) -> list[int]:
            return [s for s in range(n + 1) if entries[c] >> s & 1 and cap[s]]

        def solve(left: list[int]) -> bool:
            if not left:
                return True
            budget[0] -= 1
            if budget[0] < 0:
                return False
            best: int | None = None
            best_opts: list[int] | None = None
            for c in left:
                opts = options(c)
                if not opts:
                    return False
                if best_opts is None or len(opts) < len(best_opts):
                    best, best_opts = c, opts
                    if len(opts) == 1:
                        break
            # ``left`` is not empty, and its first card either returned or was chosen.
            assert best is not None and best_opts is not None
            rest = [c for c in left if c != best]
            rng.shuffle(best_opts)
            for s in best_opts:
                cap[s] -= 1
                where[best] = s
                if solve(rest):
                    return True
                cap[s] += 1
            del where[best]
            return False

        if not solve([c for c, _, _ in self.entries]):
            return None
        hands = list(self.fixed)
        pile = 0
        for c, s in where.items():
            if s == n:
                pile |= 1 << c
            else:
                hands[s] |= 1 << c
        return World(hands, pile)

    def sample(self, rng: Rng, tries: int = 24) -> World:
        """One placement; the bidding is matched when ``use_bids`` (best of a few draws)."""
        best = None
        for attempt in range(tries):
            if attempt < tries - 1:
                world = self._place(rng, strict=True)
            else:
                world = self._place_exact(rng) or self._place(rng, strict=False)
            if world is None or self.petit_sec(world):
                continue
            if not self.use_bids:
                return world
            world.weight = self.bid_likelihood(world) * self.signal_likelihood(world)
            if rng.random() < world.weight:
                return world
            if best is None or world.weight > best.weight:
                best = world
        if best is None:
            best = self._place(rng, strict=False)
            if best is None:  # a free draw fails only if the unseen cards do not fit the hands' sizes
                raise RuntimeError("the unseen cards do not fit the sizes of the hands")
        return best

    def petit_sec(self, world: World) -> bool:
        """A seat would have been dealt the Petit alone (the deal would have been redealt)."""
        return any(is_petit_sec(self.dealt_hand(world, s)) for s in range(self.n))

    def dealt_hand(self, world: World, s: int) -> int:
        """The hand seat ``s`` was dealt, in this world (before taking the chien)."""
        k = self.k
        hand = world.hands[s] | k.played_by[s]
        view = self.view
        if s == view.taker and view.contract is not None and view.contract.chien_shown \
                and view.phase not in ("bidding", "calling"):
            ecart = mask_of(view.ecart) | (world.pile if s != self.me else 0)
            if view.phase == "ecart":
                ecart = 0
            hand = (hand | ecart) & ~mask_of(view.chien)
        return hand

    def signal_likelihood(self, world: World) -> float:
        """How well the defence's signals fit the hands of ``world`` (1: all of them).

        Only seats surely in defence are read: a low card led promises the king or
        the queen of its suit, in five cards of it or more; an odd trump led first,
        seven trumps or more (an even one, fewer), and the 19, 20 or 15 to 18 the card
        it promises; high then low trumps, or the Excuse on the first round of trumps,
        the Petit.

        A signal no imagined deal can keep (the card it promises seen elsewhere, too few
        cards of the suit left unseen) is not read: it would weigh every deal alike.
        """
        k = self.k
        weight = 1.0
        for s in range(self.n):
            if s == self.me or k.p_attack(s) > 0.0 or k.taker is None:
                continue
            if k.led_low[s] or k.long_trumps[s] or k.short_trumps[s] or k.petit_danger[s]:
                weight = self._seat_signals(world, s, weight)
        return weight

    def _seat_signals(self, world: World, s: int, weight: float) -> float:
        """``weight`` times :data:`_SIGNAL_MISS` for each signal of the defender ``s`` that its
        hand in ``world`` does not keep."""
        k = self.k
        dealt = self.dealt_hand(world, s)
        could = k.unseen | k.played_by[s]  # every card seat s may have been dealt
        low = k.led_low[s]
        for suit in range(4):
            if low >> suit & 1 and could & HONOURS[suit] \
                    and count(could & SUIT_MASKS[suit]) >= LOW_SIGNAL_LENGTH \
                    and (not dealt & HONOURS[suit] or count(dealt & SUIT_MASKS[suit]) < LOW_SIGNAL_LENGTH):
                weight *= _SIGNAL_MISS
        trumps = count(dealt & TRUMPS)
        if k.long_trumps[s] and trumps < LONG_TRUMPS_SIGNAL <= count(could & TRUMPS) \
                or k.short_trumps[s] and trumps >= LONG_TRUMPS_SIGNAL > count(k.played_by[s] & TRUMPS):
            weight *= _SIGNAL_MISS
        first = k.first_trump[s]
        promised = None if first is None else TRUMP_PROMISES.get(first)
        if promised is not None and could >> promised & 1 and not dealt >> promised & 1:
            weight *= _SIGNAL_MISS
        if k.petit_danger[s] and k.unseen & PETIT_BIT and not world.hands[s] & PETIT_BIT:
            weight *= _SIGNAL_MISS
        return weight

    def bid_likelihood(self, world: World) -> float:
        """How well the seats' bids fit their hands in ``world`` (1: perfectly)."""
        players = self.n
        thresholds = THRESHOLDS[players]
        prise = thresholds[Contract.PRISE]
        weight = 1.0
        bidders: set[int] = set()  # seats that bid a contract: a later pass (option rebid) only says "not higher"
        for s, code in self.view.bids:
            if s == self.me or (code == "pass" and s in bidders):
                continue
            pts = hand_points(self.dealt_hand(world, s), players)
            if code == "pass":
                excess = pts - prise
                if excess > 0:
                    weight *= exp(-excess / _BID_SOFTNESS)
            else:
                bidders.add(s)
                short = thresholds[Contract.from_code(code)] - pts
                if short > 0:
                    weight *= exp(-short / _BID_SOFTNESS)
        return weight


def world_deal(view: SeatView, sampler: WorldSampler, world: World) -> Deal | None:
    """The deal of ``world`` brought to the view's state by replaying its public history.

    ``None`` if the engine refuses the replay (the placement broke a rule, which
    the sampler avoids but a relaxed draw may not).
    """
    deal = _dealt(view, sampler, world)
    if deal is None:
        return None
    try:
        for s, code in view.bids:
            if deal.is_over:
                return None
            deal.apply(BIDS[code], seat=s)
        if deal.is_over:
            return None if view.phase != "done" else deal
        if not _replay_setup(view, sampler.me, world, deal):
            _replay_play(view, deal)
    except IllegalAction:
        return None
    return deal


def _dealt(view: SeatView, sampler: WorldSampler, world: World) -> Deal | None:
    """The deal as dealt in ``world`` (the chien as shown, if it was); ``None`` if the cards do not add up."""
    dealt = [sampler.dealt_hand(world, s) for s in range(sampler.n)]
    contract = view.contract
    if contract is not None and contract.chien_shown and view.phase not in ("bidding", "calling"):
        chien_cards = list(view.chien)  # as shown, in its order
    else:
        chien_cards = cards_of(world.pile)
    chien = mask_of(chien_cards)
    if sum(count(h) for h in dealt) + count(chien) != 78:
        return None
    return Deal(view.rules, view.dealer, [cards_of(h) for h in dealt], chien_cards)


def _replay_setup(view: SeatView, me: int, world: World, deal: Deal) -> bool:
    """The call, the écart and the chelem as the view saw them; whether the view's moment
    comes before the card play (the replay stops there: the bidding, the call, the écart,
    the purchase or the chelem).  A purchase made is not replayed (the deal is then refused)."""
    if view.called is not None:
        deal.apply(Call(view.called))
    if view.phase in ("bidding", "calling"):
        return True
    if deal.phase.value == "calling":
        deal.apply(NO_CALL)  # the taker went on without a call, where the rules let him
    if deal.phase.value == "ecart":
        if view.phase == "ecart":
            return True
        ecart = mask_of(view.ecart) if view.taker == me else mask_of(view.ecart) | world.pile
        deal.apply(Ecart(tuple(cards_of(ecart))))
    if view.phase in ("purchase", "chelem"):
        return True
    deal.apply(Chelem(view.chelem_announced))
    return False


def _replay_play(view: SeatView, deal: Deal) -> None:
    """The cards played so far, each seat's declarations before its first card."""
    n = deal.players
    declared: dict[int, list[Poignee | Misere]] = {}
    for s, _size, shown in view.poignees:
        declared.setdefault(s, []).append(Poignee(tuple(shown)))
    for s, kind in view.miseres:
        declared.setdefault(s, []).append(Misere(kind))
    plays = [(leader + i) % n for leader, cards, _ in view.tricks for i in range(len(cards))]
    cards = [c for _, cs, _ in view.tricks for c in cs]
    plays += [(view.leader + i) % n for i in range(len(view.trick))]
    cards += list(view.trick)
    for s, c in zip(plays, cards):
        for action in declared.pop(s, ()):
            deal.apply(action, seat=s)
        deal.apply(Play(CARDS[c]), seat=s)
    if deal.to_act is not None:  # nobody acts once the deal is over (nor holds a declaration)
        for action in declared.pop(deal.to_act, ()):
            deal.apply(action)  # declared, not yet played


class WorldBuilder:
    """Imagined deals made fast: the public history is replayed once (:func:`world_deal`),
    then each further world is that deal with the unseen cards moved
    (:meth:`Deal.with_cards_moved`): the hands now, and the hidden chien or the hidden
    part of the écart.
    """

    def __init__(self, view: SeatView, sampler: WorldSampler) -> None:
        self.view = view
        self.sampler = sampler
        self.template: Deal | None = None
        contract = view.contract
        self.chien_hidden = contract is None or not contract.chien_shown or view.phase in ("bidding", "calling")
        self.ecart_hidden = not self.chien_hidden and view.taker != view.seat and view.phase not in ("ecart",)
        self.ecart_shown = mask_of(view.ecart)

    def deal(self, world: World) -> Deal | None:
        if self.template is None:
            deal = world_deal(self.view, self.sampler, world)
            if deal is not None:
                self.template = deal.copy()
            return deal
        return self.template.with_cards_moved(
            world.hands,
            chien=world.pile if self.chien_hidden else None,
            ecart=self.ecart_shown | world.pile if self.ecart_hidden else None)


__all__ = ["World", "WorldBuilder", "WorldSampler", "world_deal"]
