"""Card play by the book, from what one seat knows (:class:`~tarot.bots.knowledge.Knowledge`).

Following: give points to a trick the own side is sure to win (the Petit first,
to save it), take a trick the other side is winning with the cheapest card that
nobody after can beat (the king behind the taker's queen), else lose the least.
Leading, the attack hunts the Petit with trumps while it is out and stops
drawing trumps once the defenders have none, finds the partner in the called
suit, cashes kings and plays its long suit; the defence returns the suit a
partner asked for, cashes kings, signals with a low card under an honour, leads
an odd trump with seven trumps or more, and leads the 21 when a partner's Petit
is in danger, and tells no lie by those signals while a truthful lead is
allowed.  Everyone keeps the Petit for the last trick when that is sound,
and plays the Excuse before the last trick.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..cards import (EXCUSE_BIT, EXCUSE_ID, FIRST_TRUMP, HALF_POINTS, KINGS, PETIT_BIT,
                     RANK_OF, SUIT_MASKS, SUIT_OF, TRUMP, TRUMPS, VINGT_ET_UN, Card, cards_of, count)
from .knowledge import LONG_TRUMPS_SIGNAL, Knowledge, false_signal, truthful_leads

SAFE = 0.12  # a winning card this unlikely to be beaten is treated as sure
GIVE_SAFE = 0.06  # points go on a partner's trick only when it is this sure
PETIT_ID = FIRST_TRUMP
_21_BIT = 1 << VINGT_ET_UN


class TrickState:
    """The trick being played, as this seat sees it."""

    def __init__(self, k: Knowledge) -> None:
        view = k.view
        n = k.n
        self.k = k
        self.leader = view.leader
        self.cards = view.trick
        self.led = -1
        self.best = -2
        self.best_seat = -1
        self.best_card = -1
        self.high_trump = -1
        self.points = 0
        strength = k.strength
        for i, c in enumerate(self.cards):
            s = (self.leader + i) % n
            if c == EXCUSE_ID:
                continue
            self.points += HALF_POINTS[c]
            suit = SUIT_OF[c]
            if self.led < 0:
                self.led = suit
            if suit == TRUMP:
                self.high_trump = max(self.high_trump, c)
            st = strength[c] if suit == self.led or suit == TRUMP else -1
            if st > self.best:
                self.best, self.best_seat, self.best_card = st, s, c
        self.after = [(k.seat + j) % n for j in range(1, n - len(self.cards))]

    def wins_over(self, c: int) -> bool:
        """Would ``c`` win the trick as it stands?"""
        if c == EXCUSE_ID:
            return False
        if self.led < 0:
            return True
        suit = SUIT_OF[c]
        if suit == TRUMP:
            return c > self.high_trump
        return suit == self.led and self.high_trump < 0 and self.k.strength[c] > self.best

    def p_beaten(self, card: int, seats: list[int]) -> float:
        """The chance that one of ``seats`` beats ``card`` once it wins the trick."""
        k = self.k
        led = self.led if self.led >= 0 else SUIT_OF[card]
        p_safe = 1.0
        for s in seats:
            p_safe *= 1.0 - p_beats(k, s, card, led)
        return 1.0 - p_safe


def p_beats(k: Knowledge, s: int, w: int, led: int) -> float:
    """The chance that seat ``s``, playing later, beats the winning card ``w`` (suit ``led``)."""
    possible = k.possible(s)
    if SUIT_OF[w] == TRUMP:
        above = possible & TRUMPS & ~((1 << (w + 1)) - 1)
        if not above:
            return 0.0
        p_tr = k.p_holds_any(s, above)
        if led == TRUMP:
            return p_tr
        return k.p_void(s, led) * p_tr
    strength = k.strength
    higher = 0
    rest = possible & SUIT_MASKS[led]
    while rest:
        low = rest & -rest
        if strength[low.bit_length() - 1] > strength[w]:
            higher |= low
        rest ^= low
    p_high = k.p_holds_any(s, higher) if higher else 0.0
    p_cut = k.p_void(s, led) * k.p_holds_any(s, possible & TRUMPS) if possible & TRUMPS else 0.0
    return 1.0 - (1.0 - p_high) * (1.0 - p_cut)


# ---------------------------------------------------------------------------- helpers
def _lowest(cards: Sequence[int], k: Knowledge) -> int:
    return min(cards, key=lambda c: (HALF_POINTS[c], k.strength[c]))


def _cheapest_winner(cards: Sequence[int], k: Knowledge) -> int:
    if PETIT_ID in cards:
        return PETIT_ID  # winning with the Petit saves it
    return min(cards, key=lambda c: (k.strength[c], HALF_POINTS[c]))


def _allies_after(k: Knowledge, ts: TrickState) -> list[int]:
    return [s for s in ts.after if k.p_ally(s) >= 0.99]


def opponents_after(k: Knowledge, ts: TrickState) -> list[int]:
    return [s for s in ts.after if k.p_ally(s) < 0.99]


def opponents_trumps(k: Knowledge) -> int:
    """The trumps the other side may hold (the seats not surely on our side)."""
    m = 0
    for s in range(k.n):
        if s != k.seat and k.p_ally(s) < 0.99:
            m |= k.possible(s) & TRUMPS
    return m


def petit_au_bout_sound(k: Knowledge) -> bool:
    """Keeping the Petit for the last trick is sound: nobody against us may beat it then.

    Either the other side has no trump left, or this seat holds only the Petit and
    masters, enough of them to draw every trump the other side may hold.
    """
    if not k.hand & PETIT_BIT:
        return False
    opp = opponents_trumps(k)
    if not opp:
        return True
    my_trumps = k.hand & TRUMPS & ~PETIT_BIT
    masters = k.masters() & my_trumps
    non_master = k.hand & ~masters & ~PETIT_BIT & ~EXCUSE_BIT
    return not non_master and count(masters) >= count(opp)


def keeps_excuse_for_last(k: Knowledge) -> bool:
    """A side that won every trick may lead the Excuse to the last one (chelem)."""
    view = k.view
    return bool(view.tricks) and all(k.p_ally(w) >= 0.99 for _, _, w in view.tricks) \
        and len(view.trick) == 0 and k.view.leader == k.seat


# ---------------------------------------------------------------------------- choice
def choose_card(k: Knowledge, legal: int) -> int:
    """The card to play, from the ``legal`` mask."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    ts = TrickState(k)
    if legal & EXCUSE_BIT and count(k.hand) == 2 and not keeps_excuse_for_last(k):
        return EXCUSE_ID  # never keep the Excuse for the last trick: it would be lost
    if ts.best_seat < 0:
        return lead(k, ts, legal)
    return follow(k, ts, legal)


def follow(k: Knowledge, ts: TrickState, legal: int) -> int:
    options = [c for c in cards_of(legal) if c != EXCUSE_ID]
    opps = opponents_after(k, ts)
    winners = [c for c in options if ts.wins_over(c)]
    if k.p_ally(ts.best_seat) >= 0.99:
        if ts.p_beaten(ts.best_card, opps) <= GIVE_SAFE:
            return give(k, ts, legal)
        safe = [c for c in winners if ts.p_beaten(c, opps) <= SAFE]
        if safe and (ts.points >= 5 or SUIT_OF[safe[0]] != TRUMP):
            return _cheapest_winner(safe, k)
        return discard(k, ts, legal)
    safe = [c for c in winners if ts.p_beaten(c, opps) <= SAFE]
    if safe:
        if _petit_kept(k, safe):
            safe = [c for c in safe if c != PETIT_ID] or safe
        if _ally_petit_danger(k) and SUIT_OF[safe[0]] == TRUMP and _allies_after(k, ts):
            return max(safe)  # win high: a partner may slip the Petit under
        return _cheapest_winner(safe, k)
    if winners:
        risky = sorted(winners, key=lambda c: ts.p_beaten(c, opps))
        best = risky[0]
        if SUIT_OF[best] != TRUMP and ts.p_beaten(best, opps) <= 0.4:
            return best
    return discard(k, ts, legal)


def _petit_kept(k: Knowledge, options: Sequence[int]) -> bool:
    return PETIT_ID in options and petit_au_bout_sound(k) and count(k.hand) > 1


def _ally_petit_danger(k: Knowledge) -> bool:
    """A partner signalled (high then low in trumps, or the Excuse on the first round of
    trumps) that its Petit is in danger."""
    if not k.unseen & PETIT_BIT:
        return False
    return any(k.petit_danger[s] and k.p_ally(s) >= 0.99 for s in range(k.n) if s != k.seat)


def give(k: Knowledge, ts: TrickState, legal: int) -> int:
    """Our side surely wins the trick: put points on it (the Petit first, to save it)."""
    options = [c for c in cards_of(legal) if c != EXCUSE_ID]
    if not options:
        return EXCUSE_ID
    if PETIT_ID in options and not _petit_kept(k, options):
        return PETIT_ID
    suit_cards = [c for c in options if SUIT_OF[c] != TRUMP]
    if suit_cards:
        return max(suit_cards, key=lambda c: (HALF_POINTS[c], -k.strength[c]))
    trumps = [c for c in options if c != PETIT_ID]
    return min(trumps) if trumps else options[0]


def discard(k: Knowledge, ts: TrickState, legal: int) -> int:
    """The trick is lost (or not ours to win): give the least."""
    options = [c for c in cards_of(legal) if c != EXCUSE_ID]
    if not options:
        return EXCUSE_ID
    keep = [c for c in options if c != PETIT_ID] or options
    trumps = [c for c in keep if SUIT_OF[c] == TRUMP]
    if trumps and len(trumps) == len(keep):
        card = min(trumps)
        if _signal_petit_danger(k) and len(trumps) >= 2:
            card = sorted(trumps)[1]  # high first; the low one follows next time
    else:
        suit_cards = [c for c in keep if SUIT_OF[c] != TRUMP]
        card = min(suit_cards, key=lambda c: _discard_key(k, ts, c))
    if legal & EXCUSE_BIT and excuse_saves(k, card):
        return EXCUSE_ID
    return card


def _signal_petit_danger(k: Knowledge) -> bool:
    """Holding the Petit with few trumps, not yet having played a losing trump: say so."""
    if not k.hand & PETIT_BIT or k.i_attack:
        return False
    return count(k.hand & TRUMPS) <= 4 and not k._losing_trumps[k.seat]


def _discard_key(k: Knowledge, ts: TrickState, c: int) -> tuple[float, ...]:
    s = SUIT_OF[c]
    length = count(k.hand & SUIT_MASKS[s])
    master = bool(k.masters() >> c & 1)
    following = s == ts.led
    # Off suit: shed from short suits (towards a void) but keep masters and kings.
    return (HALF_POINTS[c], master, 0 if following else length, k.strength[c])


def excuse_saves(k: Knowledge, card: int) -> bool:
    """Play the Excuse rather than ``card`` on a lost trick: when the card is worth keeping."""
    if HALF_POINTS[card] >= 5:
        return True
    if SUIT_OF[card] == TRUMP and k.masters() >> card & 1:
        return True
    return False


# ------------------------------------------------------------------------------ lead
def lead(k: Knowledge, ts: TrickState, legal: int) -> int:
    options = [c for c in cards_of(legal) if c != EXCUSE_ID]
    if not options:
        return EXCUSE_ID
    if k.i_attack:
        return _attack_lead(k, legal, options)
    card = _defence_lead(k, legal, options)
    if false_signal(k, card):
        # The partners read every first lead of a suit and every first trump: tell no lie.
        truthful = truthful_leads(k, options)
        if truthful:
            card = _defence_lead(k, legal, truthful)
    return card


def _safe_master_leads(k: Knowledge, legal: int) -> list[Card]:
    """Masters in suits no opponent can cut (it holds the suit or has no trump)."""
    out = []
    masters = k.masters() & legal & ~TRUMPS
    opps = [s for s in range(k.n) if s != k.seat and k.p_ally(s) < 0.99]
    for c in cards_of(masters):
        s = SUIT_OF[c]
        risk = 1.0
        for o in opps:
            risk *= 1.0 - k.p_void(o, s) * (k.p_holds_any(o, k.possible(o) & TRUMPS))
        if 1.0 - risk <= 0.3:
            out.append(c)
    return out


def _attack_lead(k: Knowledge, legal: int, options: Sequence[int]) -> int:
    opp_trumps = opponents_trumps(k)
    trump_leads = [c for c in options if SUIT_OF[c] == TRUMP]
    suit_leads = [c for c in options if SUIT_OF[c] != TRUMP]
    masters = k.masters()

    if petit_au_bout_sound(k):
        # Draw what trumps remain with masters, cash the rest, the Petit last.
        if opp_trumps:
            m = [c for c in trump_leads if masters >> c & 1 and c != PETIT_ID]
            if m:
                return max(m)
        others = [c for c in options if c != PETIT_ID]
        if others:
            ms = [c for c in others if masters >> c & 1]
            return max(ms, key=lambda c: HALF_POINTS[c]) if ms else _lowest(others, k)
        return PETIT_ID

    if opp_trumps and k.unseen & PETIT_BIT and trump_leads and _hunt_petit(k):
        m = [c for c in trump_leads if masters >> c & 1 and c != PETIT_ID]
        if m:
            return max(m)
        low = [c for c in trump_leads if c != PETIT_ID]
        if low:
            return min(low)

    if k.called is not None and k.seat == k.taker and not k.view.partner_known:
        called_suit = SUIT_OF[k.called]
        in_suit = [c for c in suit_leads if SUIT_OF[c] == called_suit]
        if in_suit:
            return min(in_suit, key=lambda c: k.strength[c])  # finds the partner

    cash = _safe_master_leads(k, legal)
    if cash:
        return max(cash, key=lambda c: (HALF_POINTS[c], -k.strength[c]))

    if suit_leads:
        return _long_suit_lead(k, suit_leads)
    # Only trumps (and perhaps the Petit): once the defenders are out, any trump wins.
    plain = [c for c in trump_leads if c != PETIT_ID]
    if plain:
        if not opp_trumps:
            return min(plain)
        m = [c for c in plain if masters >> c & 1]
        return max(m) if m else min(plain)
    return options[0]


def _hunt_petit(k: Knowledge) -> bool:
    """The attack has the trumps to draw the Petit out."""
    mine = count(k.hand & TRUMPS)
    out = count(opponents_trumps(k) & k.unseen)
    master_trumps = count(k.masters() & TRUMPS)
    return mine >= out or (master_trumps >= 2 and mine + 2 >= out)


def _long_suit_lead(k: Knowledge, suit_leads: list[int]) -> int:
    """The lowest card of the longest suit (keeping its honours)."""
    def key(c: int) -> tuple[float, ...]:
        s = SUIT_OF[c]
        return (-count(k.hand & SUIT_MASKS[s]), k.strength[c])

    return min(suit_leads, key=key)


def _defence_lead(k: Knowledge, legal: int, options: Sequence[int]) -> int:
    hand = k.hand
    taker = k.taker
    masters = k.masters()
    trump_leads = [c for c in options if SUIT_OF[c] == TRUMP]
    suit_leads = [c for c in options if SUIT_OF[c] != TRUMP]
    allies = [s for s in range(k.n) if s != k.seat and k.p_ally(s) >= 0.99]

    # A partner's Petit in danger: lead the 21 (or a master trump) so it can go under;
    # without one, no trump (the signal asks for none).
    if _ally_petit_danger(k):
        m = [c for c in trump_leads if masters >> c & 1 and c != PETIT_ID]
        if m:
            return max(m)
        trump_leads = []

    def taker_cuts(suit: int) -> bool:
        return taker is not None and bool(k.void[taker] & (1 << suit)) and k.may_have_trumps(taker)

    # Return the suit a partner asked for with a low lead.
    for s in allies:
        for suit in range(4):
            if k.led_low[s] >> suit & 1 and not taker_cuts(suit):
                mine = [c for c in suit_leads if SUIT_OF[c] == suit]
                if mine:
                    kings = [c for c in mine if KINGS >> c & 1]
                    return kings[0] if kings else min(mine, key=lambda c: k.strength[c])

    # Cash a king the taker cannot cut (first or second round of its suit).
    for c in suit_leads:
        if KINGS >> c & 1 and masters >> c & 1:
            suit = SUIT_OF[c]
            if not taker_cuts(suit) and k.suit_led_count[suit] <= 1:
                return c

    # A partner led an odd trump (seven or more): return trumps.
    if trump_leads and any(k.long_trumps[s] for s in allies) and k.unseen & PETIT_BIT:
        plain = [c for c in trump_leads if c != PETIT_ID]
        if plain:
            return _trump_signal_lead(k, plain)

    # Seven trumps or more: lead an odd trump (the signal) to hunt the taker's trumps.
    plain_trumps = [c for c in trump_leads if c != PETIT_ID]
    if count(hand & TRUMPS) >= LONG_TRUMPS_SIGNAL and plain_trumps and not hand & PETIT_BIT:
        return _trump_signal_lead(k, plain_trumps)

    # A low card under an honour (the signal), in a suit the taker does not cut.
    honour_suits = []
    for suit in range(4):
        cards = [c for c in suit_leads if SUIT_OF[c] == suit]
        if not cards or taker_cuts(suit):
            continue
        has_honour = any(RANK_OF[c] >= 13 for c in cards)
        if has_honour and len(cards) >= 2:
            honour_suits.append((len(cards), suit, cards))
    if honour_suits:
        _, _, cards = max(honour_suits)
        low = min(cards, key=lambda c: k.strength[c])
        if RANK_OF[low] <= 10:
            return low

    # Otherwise a high pip of a suit without honour (no promise), where the taker follows.
    plain_suits = [c for c in suit_leads if RANK_OF[c] <= 10 and not taker_cuts(SUIT_OF[c])]
    if plain_suits:
        def key(c: int) -> tuple[float, ...]:
            s = SUIT_OF[c]
            honours = any(RANK_OF[x] >= 13 for x in cards_of(hand & SUIT_MASKS[s]))
            return (honours, -count(hand & SUIT_MASKS[s]), -RANK_OF[c])
        return min(plain_suits, key=key)
    # Make the taker cut with low cards.
    cut = [c for c in suit_leads if RANK_OF[c] <= 10]
    if cut:
        return _lowest(cut, k)
    if suit_leads:
        return _lowest(suit_leads, k)
    plain = [c for c in trump_leads if c != PETIT_ID]
    if plain:
        return min(plain)
    return options[0]


def _trump_signal_lead(k: Knowledge, trumps: list[int]) -> int:
    """Lead a trump whose parity tells the partners: odd with seven trumps or more, else even."""
    long = count(k.hand & TRUMPS) >= LONG_TRUMPS_SIGNAL
    wanted = [c for c in trumps if RANK_OF[c] % 2 == (1 if long else 0)]
    pool = wanted or trumps
    return min(pool)


__all__ = ["choose_card", "TrickState", "petit_au_bout_sound", "opponents_trumps"]
