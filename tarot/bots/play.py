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

from collections.abc import Callable, Sequence

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
Choice = tuple[int, str]  # a card and the rule that chose it (a reason code of tarot.teaching.hints, or a rule's name)


def choose_card(k: Knowledge, legal: int) -> int:
    """The card to play, from the ``legal`` mask."""
    return book_choice(k, legal)[0]


def book_choice(k: Knowledge, legal: int) -> Choice:
    """The card to play, from the ``legal`` mask, and the rule that chose it: ``only_card``,
    ``excuse_before_last``, a lead's rule (:func:`lead_choice`) or a follower's (:func:`follow_choice`)."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1, "only_card"
    ts = TrickState(k)
    if legal & EXCUSE_BIT and count(k.hand) == 2 and not keeps_excuse_for_last(k):
        return EXCUSE_ID, "excuse_before_last"  # never keep the Excuse for the last trick: it would be lost
    if ts.best_seat < 0:
        return lead_choice(k, ts, legal)
    return follow_choice(k, ts, legal)


def follow(k: Knowledge, ts: TrickState, legal: int) -> int:
    return follow_choice(k, ts, legal)[0]


def follow_choice(k: Knowledge, ts: TrickState, legal: int) -> Choice:
    """A card to a trick led, and its rule: ``give`` (points on a trick our side surely
    wins), ``win`` (a card nobody against is likely to beat), ``win_risky`` (a suit card
    that may hold) or ``discard`` (the least)."""
    options = [c for c in cards_of(legal) if c != EXCUSE_ID]
    opps = opponents_after(k, ts)
    winners = [c for c in options if ts.wins_over(c)]
    if k.p_ally(ts.best_seat) >= 0.99:
        return _follow_partner(k, ts, legal, winners, opps)
    safe = [c for c in winners if ts.p_beaten(c, opps) <= SAFE]
    if safe:
        return _win_safely(k, ts, safe), "win"
    if winners:
        best = min(winners, key=lambda c: ts.p_beaten(c, opps))
        if SUIT_OF[best] != TRUMP and ts.p_beaten(best, opps) <= 0.4:
            return best, "win_risky"
    return discard(k, ts, legal), "discard"


def _follow_partner(k: Knowledge, ts: TrickState, legal: int, winners: Sequence[int], opps: list[int]) -> Choice:
    """A partner wins the trick: load it when it is safe, overtake it when that is safe, else the least."""
    if ts.p_beaten(ts.best_card, opps) <= GIVE_SAFE:
        return give(k, ts, legal), "give"
    safe = [c for c in winners if ts.p_beaten(c, opps) <= SAFE]
    if safe and (ts.points >= 5 or SUIT_OF[safe[0]] != TRUMP):
        return _cheapest_winner(safe, k), "win"
    return discard(k, ts, legal), "discard"


def _win_safely(k: Knowledge, ts: TrickState, safe: Sequence[int]) -> int:
    """The card that takes the trick among ``safe`` winners (the Petit kept for the end when sound)."""
    if _petit_kept(k, safe):
        safe = [c for c in safe if c != PETIT_ID] or safe
    if _ally_petit_danger(k) and SUIT_OF[safe[0]] == TRUMP and _allies_after(k, ts):
        return max(safe)  # win high: a partner may slip the Petit under
    return _cheapest_winner(safe, k)


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
    return count(k.hand & TRUMPS) <= 4 and not k.played_losing_trump(k.seat)


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
    return lead_choice(k, ts, legal)[0]


def lead_choice(k: Knowledge, ts: TrickState, legal: int) -> Choice:
    """The card to lead and the rule that chose it: the first of :data:`ATTACK_LEADS` or
    :data:`DEFENCE_LEADS` that has a card."""
    options = [c for c in cards_of(legal) if c != EXCUSE_ID]
    if not options:
        return EXCUSE_ID, "excuse_lead"
    if k.i_attack:
        return _first_rule(ATTACK_LEADS, k, Leads(k, legal, options, opponents_trumps(k)))
    choice = _first_rule(DEFENCE_LEADS, k, Leads(k, legal, options))
    if false_signal(k, choice[0]):
        # The partners read every first lead of a suit and every first trump: tell no lie.
        truthful = truthful_leads(k, options)
        if truthful:
            choice = _first_rule(DEFENCE_LEADS, k, Leads(k, legal, truthful))
    return choice


class Leads:
    """What a lead's rules look at: the cards allowed, split into trumps and suit cards."""

    __slots__ = ("legal", "options", "opp_trumps", "masters", "trump_leads", "suit_leads")

    def __init__(self, k: Knowledge, legal: int, options: Sequence[int], opp_trumps: int = 0) -> None:
        self.legal = legal
        self.options = options
        self.opp_trumps = opp_trumps  # the trumps the other side may hold (the attack's rules)
        self.masters = k.masters()
        self.trump_leads = [c for c in options if SUIT_OF[c] == TRUMP]
        self.suit_leads = [c for c in options if SUIT_OF[c] != TRUMP]

    def plain_trumps(self) -> list[int]:
        """The trumps allowed but the Petit."""
        return [c for c in self.trump_leads if c != PETIT_ID]

    def master_trumps(self) -> list[int]:
        """The master trumps allowed but the Petit."""
        return [c for c in self.trump_leads if self.masters >> c & 1 and c != PETIT_ID]


LeadRule = Callable[[Knowledge, Leads], "Choice | None"]


def _first_rule(rules: Sequence[LeadRule], k: Knowledge, leads: Leads) -> Choice:
    for rule in rules:
        choice = rule(k, leads)
        if choice is not None:
            return choice
    return leads.options[0], "lead_low"


# ------------------------------------------------------------------ the attack's leads
def _petit_au_bout_lead(k: Knowledge, leads: Leads) -> Choice | None:
    """The Petit can go to the last trick: draw what trumps remain with masters, cash the rest, the Petit last."""
    if not petit_au_bout_sound(k):
        return None
    if leads.opp_trumps:
        m = leads.master_trumps()
        if m:
            return max(m), "draw_for_petit_au_bout"
    others = [c for c in leads.options if c != PETIT_ID]
    if not others:
        return PETIT_ID, "petit_au_bout"
    ms = [c for c in others if leads.masters >> c & 1]
    if ms:
        return max(ms, key=lambda c: HALF_POINTS[c]), "cash_master"
    return _lowest(others, k), "lead_low"


def _hunt_petit_lead(k: Knowledge, leads: Leads) -> Choice | None:
    """The Petit is out and the attack has the trumps to draw it: a master trump, else a low one."""
    if not (leads.opp_trumps and k.unseen & PETIT_BIT and leads.trump_leads and _hunt_petit(k)):
        return None
    m = leads.master_trumps()
    if m:
        return max(m), "hunt_petit"
    low = leads.plain_trumps()
    return (min(low), "hunt_petit") if low else None


def _find_partner_lead(k: Knowledge, leads: Leads) -> Choice | None:
    """The taker whose partner is not known yet leads the called suit, its lowest card."""
    if k.called is None or k.seat != k.taker or k.view.partner_known:
        return None
    called_suit = SUIT_OF[k.called]
    in_suit = [c for c in leads.suit_leads if SUIT_OF[c] == called_suit]
    return (min(in_suit, key=lambda c: k.strength[c]), "find_partner") if in_suit else None


def _cash_master_lead(k: Knowledge, leads: Leads) -> Choice | None:
    """A master in a suit no opponent is likely to cut, the one worth most."""
    cash = _safe_master_leads(k, leads.legal)
    return (max(cash, key=lambda c: (HALF_POINTS[c], -k.strength[c])), "cash_master") if cash else None


def _long_suit_rule(k: Knowledge, leads: Leads) -> Choice | None:
    return (_long_suit_lead(k, leads.suit_leads), "long_suit") if leads.suit_leads else None


def _attack_trump_lead(k: Knowledge, leads: Leads) -> Choice | None:
    """Only trumps (and perhaps the Petit): once the defenders are out, any trump wins; else masters first."""
    plain = leads.plain_trumps()
    if not plain:
        return None
    if not leads.opp_trumps:
        return min(plain), "last_trumps"
    m = [c for c in plain if leads.masters >> c & 1]
    return (max(m), "draw_trumps") if m else (min(plain), "draw_trumps")


ATTACK_LEADS: tuple[LeadRule, ...] = (_petit_au_bout_lead, _hunt_petit_lead, _find_partner_lead, _cash_master_lead,
                                      _long_suit_rule, _attack_trump_lead)


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


# ------------------------------------------------------------------ the defence's leads
def taker_cuts(k: Knowledge, suit: int) -> bool:
    """The taker has shown a void in ``suit`` and may still hold a trump."""
    taker = k.taker
    return taker is not None and bool(k.void[taker] & (1 << suit)) and k.may_have_trumps(taker)


def _allies(k: Knowledge) -> list[int]:
    return [s for s in range(k.n) if s != k.seat and k.p_ally(s) >= 0.99]


def _save_partner_petit(k: Knowledge, leads: Leads) -> Choice | None:
    """A partner's Petit in danger: lead the 21 (or a master trump) so it can go under;
    without one, no trump (the signal asks for none)."""
    if not _ally_petit_danger(k):
        return None
    m = leads.master_trumps()
    if m:
        return max(m), "save_partner_petit"
    leads.trump_leads = []
    return None


def _return_partner_suit(k: Knowledge, leads: Leads) -> Choice | None:
    """Return the suit a partner asked for with a low lead: its king, else its lowest card."""
    for s in _allies(k):
        for suit in range(4):
            if k.led_low[s] >> suit & 1 and not taker_cuts(k, suit):
                mine = [c for c in leads.suit_leads if SUIT_OF[c] == suit]
                if mine:
                    kings = [c for c in mine if KINGS >> c & 1]
                    return (kings[0] if kings else min(mine, key=lambda c: k.strength[c])), "lead_to_partner"
    return None


def _cash_king(k: Knowledge, leads: Leads) -> Choice | None:
    """Cash a master king the taker cannot cut (first or second round of its suit)."""
    for c in leads.suit_leads:
        if KINGS >> c & 1 and leads.masters >> c & 1:
            suit = SUIT_OF[c]
            if not taker_cuts(k, suit) and k.suit_led_count[suit] <= 1:
                return c, "cash_master_king"
    return None


def _return_trumps(k: Knowledge, leads: Leads) -> Choice | None:
    """A partner led an odd trump (seven or more) and the Petit is out: return trumps."""
    if leads.trump_leads and any(k.long_trumps[s] for s in _allies(k)) and k.unseen & PETIT_BIT:
        plain = leads.plain_trumps()
        if plain:
            return _trump_signal_lead(k, plain), "return_trumps"
    return None


def _long_trumps_lead(k: Knowledge, leads: Leads) -> Choice | None:
    """Seven trumps or more, without the Petit: lead an odd trump (the signal) to hunt the taker's trumps."""
    plain = leads.plain_trumps()
    if count(k.hand & TRUMPS) >= LONG_TRUMPS_SIGNAL and plain and not k.hand & PETIT_BIT:
        return _trump_signal_lead(k, plain), "trump_lead_signal"
    return None


def _honour_signal(k: Knowledge, leads: Leads) -> Choice | None:
    """A low card (a pip) under an honour, in the longest such suit the taker does not cut."""
    honour_suits = []
    for suit in range(4):
        cards = [c for c in leads.suit_leads if SUIT_OF[c] == suit]
        if not cards or taker_cuts(k, suit):
            continue
        has_honour = any(RANK_OF[c] >= 13 for c in cards)
        if has_honour and len(cards) >= 2:
            honour_suits.append((len(cards), suit, cards))
    if not honour_suits:
        return None
    _, _, cards = max(honour_suits)
    low = min(cards, key=lambda c: k.strength[c])
    return (low, "signal_honour") if RANK_OF[low] <= 10 else None


def _no_honour_lead(k: Knowledge, leads: Leads) -> Choice | None:
    """A high pip of a suit without honour (no promise), where the taker follows."""
    plain_suits = [c for c in leads.suit_leads if RANK_OF[c] <= 10 and not taker_cuts(k, SUIT_OF[c])]
    if not plain_suits:
        return None
    hand = k.hand

    def key(c: int) -> tuple[float, ...]:
        s = SUIT_OF[c]
        honours = any(RANK_OF[x] >= 13 for x in cards_of(hand & SUIT_MASKS[s]))
        return (honours, -count(hand & SUIT_MASKS[s]), -RANK_OF[c])
    return min(plain_suits, key=key), "lead_no_honour"


def _make_taker_cut(k: Knowledge, leads: Leads) -> Choice | None:
    """The pips left are in suits the taker cuts: make it cut with the cheapest."""
    cut = [c for c in leads.suit_leads if RANK_OF[c] <= 10]
    return (_lowest(cut, k), "make_taker_cut") if cut else None


def _lowest_suit_card(k: Knowledge, leads: Leads) -> Choice | None:
    """The cheapest suit card: the trumps are kept for the taker's."""
    return (_lowest(leads.suit_leads, k), "lead_suit") if leads.suit_leads else None


def _defence_trump_lead(k: Knowledge, leads: Leads) -> Choice | None:
    plain = leads.plain_trumps()
    return (min(plain), "trump_lead") if plain else None


DEFENCE_LEADS: tuple[LeadRule, ...] = (_save_partner_petit, _return_partner_suit, _cash_king, _return_trumps,
                                       _long_trumps_lead, _honour_signal, _no_honour_lead, _make_taker_cut,
                                       _lowest_suit_card, _defence_trump_lead)


def _trump_signal_lead(k: Knowledge, trumps: list[int]) -> int:
    """Lead a trump whose parity tells the partners: odd with seven trumps or more, else even."""
    long = count(k.hand & TRUMPS) >= LONG_TRUMPS_SIGNAL
    wanted = [c for c in trumps if RANK_OF[c] % 2 == (1 if long else 0)]
    pool = wanted or trumps
    return min(pool)


__all__ = ["ATTACK_LEADS", "Choice", "DEFENCE_LEADS", "Leads", "TrickState", "book_choice", "choose_card",
           "follow_choice", "lead_choice", "opponents_trumps", "petit_au_bout_sound", "taker_cuts"]
