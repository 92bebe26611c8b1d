"""A fast playing policy for search, over a sampled deal where every hand is known.

The Expert imagines deals of the cards it cannot see and plays each one out to
the end with this policy, so it must be quick: it works on the engine's bit
masks (:meth:`Deal.legal_cards_mask`, :meth:`Deal.play_in_search`) and reads the trick
in progress from the deal.  Its rules are those of :mod:`tarot.bots.play`, made
simple by reading hands as masks: give points to a trick the own side is sure
to win, win with the cheapest card nobody can beat, else lose the least; lead
masters nobody can cut, draw trumps when stronger in them, keep the Petit for
the last trick when nobody can beat it, and play the Excuse before the end.

By default each seat of a play-out plays as a player at the table would: it
sees its own hand, the cards played and what they showed (a seat that did not
follow has none of the suit, one that discarded has no trump, one that played
under the highest trump has none above it), and the taker its écart; any other
card may be in any hand that has not shown it lacks it.  A play-out where every
seat sees every hand instead lets the defence find the taker's weak suits and
the Petit at once, and never loses a king for keeping it: it undervalues the
taker's cards and overvalues waiting.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..cards import (CARDS, EXCUSE_BIT, EXCUSE_ID, FIRST_TRUMP, HALF_POINTS, MASK_FOR_SUIT, PETIT_BIT,
                     SUIT_MASKS, SUIT_OF, TRUMP, TRUMPS)
from ..state import Deal, Phase
from ..rules import Rules, strength_table

_BIT_COUNT = int.bit_count


def _above_table(rules: Rules) -> tuple[int, ...]:
    """For each card, the mask of the cards of its suit that beat it."""
    strength = strength_table(rules)
    out = []
    for c in range(78):
        suit = SUIT_OF[c]
        if suit < 0:
            out.append(0)
            continue
        m = 0
        for d in range(78):
            if SUIT_OF[d] == suit and strength[d] > strength[c]:
                m |= 1 << d
        out.append(m)
    return tuple(out)


_ABOVE: dict[bool, tuple[int, ...]] = {}


def above_table(rules: Rules) -> tuple[int, ...]:
    key = rules.red_pips_reversed
    table = _ABOVE.get(key)
    if table is None:
        table = _ABOVE[key] = _above_table(rules)
    return table


SeatPlan = tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]]
_PLANS: dict[tuple[int, int], tuple[SeatPlan, ...]] = {}


def seat_plan(n: int, attack: int) -> tuple[SeatPlan, ...]:
    """Per seat, at ``n`` players with the attacking seats ``attack``: the seats of the other
    side, and per number of cards already in the trick, the seats of the other side and of
    its own that play after it."""
    key = (n, attack)
    plan = _PLANS.get(key)
    if plan is None:
        rows = []
        for s in range(n):
            side = attack >> s & 1
            after = []
            for nt in range(n):
                then = [(s + j) % n for j in range(1, n - nt)]
                after.append((tuple(t for t in then if attack >> t & 1 != side),
                              tuple(t for t in then if attack >> t & 1 == side)))
            rows.append((tuple(t for t in range(n) if attack >> t & 1 != side), tuple(after)))
        plan = _PLANS[key] = tuple(rows)
    return plan


def rollout_card(d: Deal, above: tuple[int, ...], seen: list[int] | None = None) -> int:
    """The card the policy plays for the seat to act in ``d``.

    ``seen`` gives, per seat, the cards the seat to act believes that seat may hold
    (its own hand exactly); by default every hand is seen as it is.
    """
    s = d.to_act
    assert s is not None  # a card is played: somebody is to act
    attack = d.attack
    return _policy_card(d, s, d.legal_cards_mask(), d.hands if seen is None else seen, attack,
                        seat_plan(d.players, attack)[s], above, seen is not None)


def _policy_card(d: Deal, s: int, legal: int, hands: list[int], attack: int, plan: SeatPlan,
                 above: tuple[int, ...], public: bool) -> int:
    """:func:`rollout_card` for the seat ``s`` to act, its ``legal`` cards, the ``hands`` it
    believes (``public``: its own view, not every hand as it is) and its :func:`seat_plan`."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    if legal & EXCUSE_BIT and _BIT_COUNT(hands[s]) == 2:
        return EXCUSE_ID
    side = (attack >> s) & 1
    opponents, after = plan
    opp_hands = 0
    opp_trumps_max = 0
    holders = 0  # the other side's seats that may hold a trump
    for t in opponents:
        h = hands[t]
        opp_hands |= h
        tc = _BIT_COUNT(h & TRUMPS)
        if tc:
            holders += 1
            if tc > opp_trumps_max:
                opp_trumps_max = tc
    if public and holders > 1:
        # Unseen trumps may lie with any of them: expect a fair share, and one more.
        opp_trumps_max = -(-_BIT_COUNT(opp_hands & TRUMPS) // holders) + 1
    plain = legal & ~EXCUSE_BIT
    if d.best_seat < 0:
        return _lead(d, s, hands, plain, side, opponents, opp_hands, opp_trumps_max, above)
    return _follow(d, hands, hands[s], legal, side, attack, after, opp_hands, above, public)


def _follow(d: Deal, hands: list[int], hand: int, legal: int, side: int, attack: int,
            after: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], opp_hands: int,
            above: tuple[int, ...], public: bool) -> int:
    """A card to a trick led: load our trick, else win with the cheapest card nobody after can
    beat, else lose the least."""
    plain = legal & ~EXCUSE_BIT
    led = d.led_suit
    high = d.high_trump
    best_seat = d.best_seat
    later_seats, allies_seats = after[len(d.trick)]
    later = [hands[t] for t in later_seats]  # the hands of the other side still to play
    led_mask = MASK_FOR_SUIT[led]
    best_card = d.trick[(best_seat - d.leader) % d.players]

    if (attack >> best_seat) & 1 == side and secure(best_card, later, led, led_mask, above) \
            or not public and not later and any(_can_beat(hands[t], best_card, high, led, led_mask, above) for t in allies_seats):
        return _load(plain, hand, opp_hands, d.strength)
    if high >= 0:
        winners = plain & TRUMPS & above[high]
    elif led == TRUMP:
        winners = plain & TRUMPS & above[best_card]
    else:
        winners = plain & (above[best_card] | TRUMPS)
    strength = d.strength
    best, best_strength = -1, 1000  # the weakest winner nobody after can beat
    while winners:
        low = winners & -winners
        c = low.bit_length() - 1
        if strength[c] < best_strength and secure(c, later, led, led_mask, above):
            best, best_strength = c, strength[c]
        winners ^= low
    if best >= 0:
        if best > FIRST_TRUMP and plain & PETIT_BIT and not _keep_petit(hand, opp_hands) \
                and secure(FIRST_TRUMP, later, led, led_mask, above):
            return FIRST_TRUMP
        return best
    return _lose_least(legal, plain, strength)


def _load(plain: int, hand: int, opp_hands: int, strength: Sequence[int]) -> int:
    """Our trick: load it (the Petit first: it is saved), else the lowest trump."""
    if plain & PETIT_BIT and not _keep_petit(hand, opp_hands):
        return FIRST_TRUMP
    suit_cards = plain & ~TRUMPS
    if suit_cards:
        best, key = -1, None
        while suit_cards:
            low = suit_cards & -suit_cards
            c = low.bit_length() - 1
            k = (HALF_POINTS[c], -strength[c])
            if key is None or k > key:
                best, key = c, k
            suit_cards ^= low
        return best
    trumps = plain & ~PETIT_BIT
    if trumps:
        return (trumps & -trumps).bit_length() - 1
    return (plain & -plain).bit_length() - 1 if plain else EXCUSE_ID


def _lose_least(legal: int, plain: int, strength: Sequence[int]) -> int:
    """The card worth least (the Petit kept), or the Excuse rather than a card worth 5 half-points or more."""
    if not plain:
        return EXCUSE_ID
    pool = plain & ~PETIT_BIT or plain
    card, key = -1, None
    while pool:
        low = pool & -pool
        c = low.bit_length() - 1
        k = (HALF_POINTS[c], strength[c])
        if key is None or k < key:
            card, key = c, k
        pool ^= low
    if legal & EXCUSE_BIT and HALF_POINTS[card] >= 5:
        return EXCUSE_ID
    return card


def _can_beat(h: int, best: int, high: int, led: int, led_mask: int, above: tuple[int, ...]) -> bool:
    """Whether the hand ``h``, following, can win the trick (``best`` winning so far)."""
    if high >= 0:
        return bool(h & TRUMPS & above[high]) and (led == TRUMP or not h & led_mask)
    if h & above[best]:
        return True
    return led != TRUMP and not h & led_mask and bool(h & TRUMPS)


def secure(w: int, later: list[int], led: int, led_mask: int, above: tuple[int, ...]) -> bool:
    """Nobody of the other side still to play can beat ``w`` (suit ``led``)."""
    if w >= FIRST_TRUMP:
        over = above[w]
        for h in later:
            if h & over and (led == TRUMP or not h & led_mask):
                return False
        return True
    over = above[w]
    for h in later:
        if h & over or (not h & led_mask and h & TRUMPS):
            return False
    return True


def _keep_petit(hand: int, opp_hands: int) -> bool:
    """Keep the Petit for the last trick when the other side has no trump left."""
    return not opp_hands & TRUMPS and _BIT_COUNT(hand) > 1


def _lead(d: Deal, s: int, hands: list[int], plain: int, side: int, opponents: tuple[int, ...],
          opp_hands: int, opp_trumps_max: int, above: tuple[int, ...]) -> int:
    """A lead: draw trumps when stronger in them; else masters in suits nobody against can cut,
    else the lowest card of the longest suit; else a trump."""
    hand = hands[s]
    if not plain:
        return EXCUSE_ID
    my_trumps = plain & TRUMPS
    opp_trumps = opp_hands & TRUMPS
    keep_petit = False
    if my_trumps:
        keep_petit = _keep_petit(hand, opp_hands)
        if opp_trumps and _BIT_COUNT(my_trumps) > opp_trumps_max and (side or opp_hands & PETIT_BIT):
            top = my_trumps.bit_length() - 1
            if not opp_trumps & above[top]:
                return top  # a master trump draws theirs
            low = my_trumps & ~PETIT_BIT
            if low:
                return (low & -low).bit_length() - 1
    suits = plain & ~TRUMPS
    if suits:
        return _suit_lead(hands, hand, suits, opponents, opp_hands, above, d.strength)
    trumps = plain & ~PETIT_BIT if keep_petit or plain & ~PETIT_BIT else plain
    if not opp_trumps:
        return (trumps & -trumps).bit_length() - 1
    top = trumps.bit_length() - 1
    if not opp_trumps & above[top]:
        return top
    low = trumps & ~PETIT_BIT or trumps
    return (low & -low).bit_length() - 1


def _suit_lead(hands: list[int], hand: int, suits: int, opponents: tuple[int, ...], opp_hands: int,
               above: tuple[int, ...], strength: Sequence[int]) -> int:
    """The master worth most in a suit nobody against can cut; else the lowest card of the longest suit."""
    cut = 0  # suits some opponent can trump
    for t in opponents:
        h = hands[t]
        if h & TRUMPS:
            for suit in range(4):
                if not h & SUIT_MASKS[suit]:
                    cut |= 1 << suit
    best, best_pts = -1, -1
    longest, longest_len = -1, -1
    for suit in range(4):
        m = suits & SUIT_MASKS[suit]
        if not m:
            continue
        top, top_st, low, low_st = -1, -1, -1, 1000  # the strongest and the weakest card of the suit
        while m:
            bit = m & -m
            c = bit.bit_length() - 1
            st = strength[c]
            if st > top_st:
                top, top_st = c, st
            if st < low_st:
                low, low_st = c, st
            m ^= bit
        if not cut >> suit & 1 and not opp_hands & above[top] and HALF_POINTS[top] > best_pts:
            best, best_pts = top, HALF_POINTS[top]
        length = _BIT_COUNT(hand & SUIT_MASKS[suit])
        if length > longest_len:
            longest, longest_len = low, length
    return best if best >= 0 else longest


def rollout(d: Deal, public: bool = True) -> Deal:
    """Play ``d`` out to the end with the policy; returns ``d``.

    ``public``: each seat plays from what it may know (see the module docstring);
    otherwise from every hand as it is.
    """
    above = above_table(d.rules)
    if d.phase is not Phase.PLAY:
        return d
    if public:
        return _public_rollout(d, above)
    play = d.play_in_search
    while d.to_act is not None:
        play(rollout_card(d, above))
    return d


def shown_lacking(card: int, led: int, high: int, above: tuple[int, ...]) -> int:
    """The cards a seat shows it lacks by playing ``card`` to a trick of suit ``led``
    (-1: none yet) whose highest trump is ``high`` (-1: none)."""
    if card == EXCUSE_ID or led < 0:
        return 0
    suit = SUIT_OF[card]
    out = 0
    if suit != led:
        out |= MASK_FOR_SUIT[led]
        if suit != TRUMP:
            out |= TRUMPS
    if suit == TRUMP and high > card:
        out |= above[high]  # it would have had to play over it
    return out


def _public_rollout(d: Deal, above: tuple[int, ...]) -> Deal:
    """The play-out where each seat sees its own hand and what the play showed."""
    n = d.players
    lacks = shown_lacks(d, above)
    hidden = d.ecart | (0 if d.contract is None or d.contract.chien_shown else d.chien)
    taker = d.taker
    hands = d.hands
    ecart = d.ecart
    attack = d.attack  # the partner is known to the deal from the call on
    plan = seat_plan(n, attack)
    legal_mask = d.legal_mask
    play = d.play_unchecked
    unplayed = hidden  # the cards still in a hand or in the hidden pile
    for h in hands:
        unplayed |= h
    while (s := d.to_act) is not None:
        hand = hands[s]
        others = unplayed & ~hand
        if s == taker:
            others &= ~ecart
        seen = [others & ~lack for lack in lacks]
        seen[s] = hand
        led, high = d.led_suit, d.high_trump
        card = _policy_card(d, s, legal_mask(s), seen, attack, plan[s], above, True)
        lacks[s] |= shown_lacking(card, led, high, above)
        play(s, CARDS[card])
        unplayed &= ~(1 << card)
    return d


def shown_lacks(d: Deal, above: tuple[int, ...]) -> list[int]:
    """Per seat, the cards the play of ``d`` so far showed it does not hold."""
    n = d.players
    lacks = [0] * n
    tricks: list[tuple[int, Sequence[int]]] = [(t.leader, t.cards) for t in d.tricks]
    tricks.append((d.leader, d.trick))
    for leader, cards in tricks:
        led = high = -1
        for i, c in enumerate(cards):
            lacks[(leader + i) % n] |= shown_lacking(c, led, high, above)
            if c != EXCUSE_ID:
                if led < 0:
                    led = SUIT_OF[c]
                if SUIT_OF[c] == TRUMP and c > high:
                    high = c
    return lacks
