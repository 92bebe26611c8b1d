"""What a seat can work out from its view: cards seen, voids shown, sides, signals.

Everything here is computed from a :class:`~tarot.view.SeatView` alone, so a bot
reasoning with it never uses a hidden card.  Sets of cards are bit masks.

Inferences from the play (the rules force them, so they are certain):

- a seat that does not follow the suit led has none of it (a *void*);
- a seat that neither follows nor trumps has no trump;
- a seat that plays a trump below the highest trump already in the trick has no
  trump above that one (its *trump ceiling*).

Signals of the defence (FFT conventions), read from the first lead of a suit and
from the trumps each seat plays:

- a low card (a pip of 5 or less) led first in a suit promises its king or queen,
  in five cards of the suit or more;
- an odd trump led first promises at least 7 trumps (an even one, fewer); the 19 led
  first promises the 20, the 20 the 19, a trump from 15 to 18 the Excuse;
- a higher trump then a lower one, when neither wins, or the Excuse played to the
  first round of trumps, says the Petit is in danger.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Iterable

from ..cards import (ALL_CARDS, BOUTS, EXCUSE_BIT, EXCUSE_ID, FIRST_TRUMP, KING, KINGS, MASK_FOR_SUIT, QUEEN,
                     RANK_OF, SUIT_MASKS, SUIT_OF, TRUMP, TRUMPS, VINGT_ET_UN, count, mask_of, suit_card)
from ..rules import Contract, strength_table
from ..view import SeatView

NO_TRUMP_CAP = FIRST_TRUMP - 1  # a ceiling below every trump: the seat holds no trump
SUIT_CARDS = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
TAKER_VOID_PRIOR = 0.25  # the chance the taker made a void in a suit with its écart
LOW_SIGNAL_RANK = 5  # a pip led at or below this rank is a "petite": it promises an honour
LOW_SIGNAL_LENGTH = 5  # cards of its suit a low lead promises, with the king or queen
LONG_TRUMPS_SIGNAL = 7  # trumps held from which a defender's first trump led is odd
# A defender's first trump led promises a card: the 19 the 20, the 20 the 19, 15 to 18 the Excuse.
TRUMP_PROMISES = {FIRST_TRUMP + 18: FIRST_TRUMP + 19, FIRST_TRUMP + 19: FIRST_TRUMP + 18,
                  **{FIRST_TRUMP + r - 1: EXCUSE_ID for r in range(15, 19)}}
HONOURS = tuple((1 << suit_card(KING, s)) | (1 << suit_card(QUEEN, s)) for s in range(4))  # per suit


class Knowledge:
    """The facts one seat can establish from its view (see the module docstring)."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.seat = me = view.seat
        self.rules = view.rules
        self.n = n = view.rules.players
        self.strength = strength_table(view.rules)
        self.hand = hand = mask_of(view.hand)
        self.taker = view.taker
        self.contract: Contract | None = view.contract
        self.called = view.called

        self._place_cards(view)
        self._read_tricks(view)
        self.void[me] = sum(1 << st for st in range(5) if not hand & MASK_FOR_SUIT[st])

        self.known_all = 0
        for s in range(n):
            if s != me:
                self.known_all |= self.known[s]
        self._sides(view)
        self.hand_sizes = view.hand_sizes
        self._hidden_pile(view)
        self._possible: dict[int, int] = {}

    def _place_cards(self, view: SeatView) -> None:
        """Cards out of play (``played``, ``ecart_known``, ``chien_shown``), cards whose place is
        known (``known``: shown in a poignée, or the chien's that went to the taker) and ``unseen``."""
        me = self.seat
        played = 0
        for _, cards, _ in view.tricks:
            played |= mask_of(cards)
        played |= mask_of(view.trick)
        self.played = played
        ecart = mask_of(view.ecart)
        self.ecart_known = ecart  # all of it for the taker, only its trumps for the others
        self.chien_shown = mask_of(view.chien) if view.result is None else 0
        self.known = [0] * self.n  # cards known to be in each seat's hand now
        self.all_trumps_shown = [False] * self.n  # a poignée with the Excuse shows every trump held
        for s, _, cards in view.poignees:
            shown = mask_of(cards)
            self.known[s] |= shown & ~played
            if shown & EXCUSE_BIT:
                self.all_trumps_shown[s] = True
        if self.chien_shown and view.taker is not None and view.taker != me:
            # The chien went to the taker: its kings, bouts and trumps (but those shown in
            # the écart) are in the taker's hand, since an écart may not hold them.
            self.known[view.taker] |= self.chien_shown & (KINGS | BOUTS | TRUMPS) & ~played & ~ecart
        self.known[me] = self.hand
        self.unseen = ALL_CARDS & ~self.hand & ~played & ~ecart
        if view.taker == me and view.contract is not None and view.contract.chien_shown:
            self.unseen &= ~mask_of(view.chien)

    def _read_tricks(self, view: SeatView) -> None:
        """Voids, trump ceilings and signals from the tricks, in order."""
        n = self.n
        self.void = [0] * n  # bit s set (s in 0..4): this seat has no card of suit s
        self.trump_cap: list[int] = [int(VINGT_ET_UN)] * n  # highest trump (card id) the seat may hold
        self.led_low = [0] * n  # bit per suit: the seat led a low card there first (promise)
        self.led_high = [0] * n  # bit per suit: the seat led a high pip there first (no honour)
        self.long_trumps = [False] * n  # led an odd trump first
        self.short_trumps = [False] * n  # led an even trump first
        self.first_trump: list[int | None] = [None] * n  # the trump it led first (a defender)
        self.petit_danger = [False] * n  # high-then-low in trumps, neither winning, or the Excuse
        self.played_by = [0] * n
        self.suit_led_count = [0] * 5  # how many tricks each suit was led in
        self._losing_trumps: list[list[int]] = [[] for _ in range(n)]
        self._first_lead_seen = 0  # suits whose first lead has been read
        self.led_trump = [False] * n  # per seat: it has led a trump
        excused = [False] * n  # played the Excuse to the first round of trumps, not leading it
        all_tricks = [(leader, cards) for leader, cards, _ in view.tricks]
        if view.trick:
            all_tricks.append((view.leader, view.trick))
        for leader, cards in all_tricks:
            led = self._read_trick(leader, cards)
            if led == TRUMP and self.suit_led_count[TRUMP] == 1:  # the first round of trumps
                for i, c in enumerate(cards):
                    s = (leader + i) % n
                    if c == EXCUSE_ID and i and s != self.taker:
                        excused[s] = True
        for s in range(n):
            if self.trump_cap[s] < FIRST_TRUMP:
                self.void[s] |= 1 << TRUMP
            lows = self._losing_trumps[s]
            self.petit_danger[s] = excused[s] or any(a > b for a, b in zip(lows, lows[1:]))

    def _read_trick(self, leader: int, cards: Sequence[int]) -> int:
        """Read one trick's cards (voids, trump ceilings, first leads); the suit led (-1: none)."""
        led = -1
        high_trump = -1
        for i, c in enumerate(cards):
            s = (leader + i) % self.n
            self.played_by[s] |= 1 << c
            if c == EXCUSE_ID:
                continue
            suit = SUIT_OF[c]
            if led < 0:
                led = suit
                self._read_first_card(s, c, suit)
            elif suit != led:
                self._read_void(s, led, suit)
            if suit == TRUMP:
                if high_trump >= 0 and c < high_trump:
                    self.trump_cap[s] = min(self.trump_cap[s], high_trump - 1)
                    if s != self.taker:
                        self._losing_trumps[s].append(c)
                if c > high_trump:
                    high_trump = c
        return led

    def _read_first_card(self, s: int, c: int, suit: int) -> None:
        """The card that leads a trick: a suit led once more, and a signal when it is the first."""
        self.suit_led_count[suit] += 1
        if s != self.taker:
            self._read_lead(s, c, suit, self._first_lead_seen, self.led_trump)
        self._first_lead_seen |= 1 << suit
        if suit == TRUMP:
            self.led_trump[s] = True

    def _read_void(self, s: int, led: int, suit: int) -> None:
        """Seat ``s`` played ``suit`` to a trick of suit ``led``: it has none of ``led``, nor trumps
        unless it trumped."""
        if led != TRUMP:
            self.void[s] |= 1 << led
        if suit != TRUMP:
            self.void[s] |= 1 << TRUMP
            self.trump_cap[s] = NO_TRUMP_CAP

    def played_losing_trump(self, seat: int) -> bool:
        """Whether ``seat`` (not the taker) has played a trump below one already in its trick."""
        return bool(self._losing_trumps[seat])

    def _hidden_pile(self, view: SeatView) -> None:
        """The cards this seat cannot place in any hand: a chien not shown, or an écart."""
        size = self.rules.chien_size
        contract = self.contract
        self.pile_any = False  # the pile may hold any card (a chien nobody saw)
        if view.result is not None:
            self.pile_size = 0
        elif contract is None or not contract.chien_shown or view.phase in ("bidding", "calling"):
            self.pile_size = size
            self.pile_any = True
        elif self.taker == self.seat:
            self.pile_size = 0
        else:
            # the écart: suit cards other than kings, its trumps being shown
            self.pile_size = size - len(view.ecart)

    def pile_may_hold(self, card: int) -> bool:
        if not self.pile_size or not self.unseen >> card & 1:
            return False
        if self.pile_any:
            return not any(self.known[t] >> card & 1 for t in range(self.n))
        taker = self.taker
        return bool(SUIT_CARDS & ~KINGS & (1 << card)) and taker is not None and not self.known[taker] >> card & 1

    def slots(self, s: int) -> int:
        """How many cards of seat ``s`` this seat cannot name."""
        return self.hand_sizes[s] - count(self.known[s])

    def p_holds_any(self, s: int, mask: int) -> float:
        """The chance that seat ``s`` holds at least one card of ``mask`` (a rough estimate:
        each unplaced card falls to one of the places that may hold it, in proportion to
        the cards each place still hides)."""
        if s == self.seat:
            return 1.0 if self.hand & mask else 0.0
        if self.known[s] & mask:
            return 1.0
        m = mask & self.possible(s) & ~self.known[s]
        if not m:
            return 0.0
        mine = self.slots(s)
        if mine <= 0:
            return 0.0
        p_none = 1.0
        while m:
            low = m & -m
            c = low.bit_length() - 1
            total = mine
            for t in range(self.n):
                if t != s and t != self.seat and not self.known[t] >> c & 1 and self.may_hold(t, c):
                    total += max(self.slots(t), 0)
            if self.pile_may_hold(c):
                total += self.pile_size
            p_none *= 1.0 - mine / total
            m ^= low
        return 1.0 - p_none

    def p_void(self, s: int, suit: int) -> float:
        """The chance that seat ``s`` holds no card of ``suit`` (0..3, or 4 for trumps)."""
        if self.void[s] & (1 << suit):
            return 1.0
        p = 1.0 - self.p_holds_any(s, MASK_FOR_SUIT[suit])
        if s == self.taker and suit != TRUMP and self.chien_shown and p < 1.0:
            p = max(p, TAKER_VOID_PRIOR)  # an écart is made for voids
        return p

    def _read_lead(self, s: int, c: int, suit: int, seen: int, trump_seen: list[bool]) -> None:
        if suit == TRUMP:
            if not trump_seen[s]:
                self.first_trump[s] = c
                if RANK_OF[c] % 2:
                    self.long_trumps[s] = True
                else:
                    self.short_trumps[s] = True
        elif not seen & (1 << suit):
            rank = RANK_OF[c]
            if rank <= LOW_SIGNAL_RANK:
                self.led_low[s] |= 1 << suit
            elif rank <= 10:
                self.led_high[s] |= 1 << suit

    # ------------------------------------------------------------------ sides
    def _sides(self, view: SeatView) -> None:
        """Who is on which side: ``p_partner[s]`` is the chance that s is the taker's partner.

        A partner exists only where the taker called a card (always at 5 players, after a
        prise with ``prise_partner`` at 4): the seat that holds it, known to itself, to all
        once the card is played, and until then guessed among the seats that may hold it."""
        n, me, taker = self.n, self.seat, self.taker
        self.p_partner = [0.0] * n
        self.partner_candidates = 0  # seats that may hold the called card while it is unknown
        if taker is None or self.called is None:
            return  # no card called: the taker plays alone
        if view.partner_known:
            if view.partner is not None:
                self.p_partner[view.partner] = 1.0
            return
        if self.hand & (1 << self.called):
            # Only the partner holds the called card, and the view says it knows.
            self.p_partner[me] = 1.0
            return
        holder = next((s for s in range(n) if self.known[s] >> self.called & 1), None)
        if holder is not None:  # the taker's own card, or the partner's
            if holder != taker:
                self.p_partner[holder] = 1.0
            return
        suit = SUIT_OF[self.called]
        cands = 0
        for s in range(n):
            if s == me or s == taker:
                continue
            if not self.void[s] & (1 << suit):
                cands |= 1 << s
        self.partner_candidates = cands
        # The called card may also lie in a chien nobody saw (garde sans, garde contre).
        hidden_chien = self.contract is not None and not self.contract.chien_shown
        k = count(cands) + (1 if hidden_chien else 0)
        if k:
            for s in range(n):
                if cands >> s & 1:
                    self.p_partner[s] = 1.0 / k

    def p_attack(self, s: int) -> float:
        """The chance that seat ``s`` plays for the attack."""
        if self.taker is None:
            return 0.0
        if s == self.taker:
            return 1.0
        return self.p_partner[s]

    @property
    def i_attack(self) -> bool:
        return self.taker is not None and (self.seat == self.taker or self.p_partner[self.seat] == 1.0)

    def p_ally(self, s: int) -> float:
        """The chance that seat ``s`` is on this seat's side."""
        if s == self.seat:
            return 1.0
        a = self.p_attack(s)
        return a if self.i_attack else 1.0 - a

    # ------------------------------------------------------------ card facts
    def may_hold(self, s: int, card: int) -> bool:
        """Whether seat ``s`` may hold ``card`` now, as far as this seat knows."""
        bit = 1 << card
        if s == self.seat:
            return bool(self.hand & bit)
        if self.known[s] & bit:
            return True
        if not self.unseen & bit or self.known_all & bit:
            return False
        if card == EXCUSE_ID:
            return True
        suit = SUIT_OF[card]
        if self.void[s] & (1 << suit):
            return False
        if suit == TRUMP and (card > self.trump_cap[s] or self.all_trumps_shown[s]):
            return False
        if s != self.taker and self.chien_shown and self.chien_shown & bit:
            return False  # the shown chien went to the taker (hand or écart)
        return True

    def possible(self, s: int) -> int:
        """The mask of cards seat ``s`` may hold."""
        if s == self.seat:
            return self.hand
        cached = self._possible.get(s)
        if cached is not None:
            return cached
        m = 0
        rest = self.unseen | self.known[s]
        while rest:
            low = rest & -rest
            c = low.bit_length() - 1
            if self.may_hold(s, c):
                m |= low
            rest ^= low
        self._possible[s] = m
        return m

    def unseen_trumps(self) -> int:
        return self.unseen & TRUMPS

    def may_have_trumps(self, s: int) -> bool:
        return not self.void[s] & (1 << TRUMP) and bool(self.possible(s) & TRUMPS)

    def top_unseen(self, suit: int) -> int:
        """The strength of the best unseen card of ``suit`` (-1 if none is unseen)."""
        best = -1
        rest = self.unseen & MASK_FOR_SUIT[suit]
        strength = self.strength
        while rest:
            low = rest & -rest
            st = strength[low.bit_length() - 1]
            if st > best:
                best = st
            rest ^= low
        return best

    def masters(self) -> int:
        """My cards that no unseen card beats within their suit (trumps: above every unseen trump)."""
        out = 0
        strength = self.strength
        for st in range(5):
            mine = self.hand & MASK_FOR_SUIT[st]
            if not mine:
                continue
            floor = self.top_unseen(st)
            rest = mine
            while rest:
                low = rest & -rest
                if strength[low.bit_length() - 1] > floor:
                    out |= low
                rest ^= low
        return out


def false_signal(k: Knowledge, card: int) -> bool:
    """Whether playing ``card`` now would tell this seat's partners something untrue by
    the defence's signals (the seat is in defence).  A lead: the first lead of a suit
    with a pip of :data:`LOW_SIGNAL_RANK` or less without its king or queen, or with
    fewer than :data:`LOW_SIGNAL_LENGTH` cards of the suit; the seat's first trump led
    odd with fewer than :data:`LONG_TRUMPS_SIGNAL` trumps, even with as many or more
    (the Petit and the 21 promise nothing), or without the card it promises
    (:data:`TRUMP_PROMISES`).  A card followed: the Excuse on the first round of trumps
    by a seat that does not hold the Petit."""
    suit = SUIT_OF[card]
    if card == EXCUSE_ID:
        trick, view = k.view.trick, k.view
        if not trick or view.leader == k.seat or k.hand & (1 << FIRST_TRUMP):
            return False
        led = next((c for c in trick if c != EXCUSE_ID), None)
        return led is not None and SUIT_OF[led] == TRUMP and k.suit_led_count[TRUMP] == 1
    if k.view.trick:
        return False
    if suit == TRUMP:
        if k.led_trump[k.seat] or card in (FIRST_TRUMP, VINGT_ET_UN):
            return False
        if bool(RANK_OF[card] % 2) != (count(k.hand & TRUMPS) >= LONG_TRUMPS_SIGNAL):
            return True
        promised = TRUMP_PROMISES.get(card)  # no promise of a card the partners saw elsewhere
        return promised is not None and not (k.hand | k.played_by[k.seat]) >> promised & 1 \
            and not (k.played | k.known_all) >> promised & 1
    if k.suit_led_count[suit]:
        return False
    return RANK_OF[card] <= LOW_SIGNAL_RANK and \
        (not k.hand & HONOURS[suit] or count(k.hand & SUIT_MASKS[suit]) < LOW_SIGNAL_LENGTH)


def truthful_leads(k: Knowledge, cards: Iterable[int]) -> list[int]:
    """The leads among ``cards`` that tell the partners no lie (:func:`false_signal`).
    The Petit is never one: leading it to avoid a lie risks the Petit."""
    return [c for c in cards if c != FIRST_TRUMP and not false_signal(k, c)]


__all__ = ["Knowledge", "SUIT_CARDS", "NO_TRUMP_CAP", "TRUMP_PROMISES", "false_signal", "truthful_leads"]
