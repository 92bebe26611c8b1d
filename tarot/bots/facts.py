"""Reasons that are true: each reason code's fact, as a predicate checked on the position.

A reason (:class:`~tarot.bot.Reason`) states a fact about the position as its seat sees
it: "la carte qui coûte le moins", "aucun adversaire ne peut surcouper", "vous gardez vos
honneurs".  :data:`FACTS` holds, for every code of ``tarot.teaching.hints.REASON_CODES``, the
predicate of that fact, written from the seat's view and the plain facts of the position
(the cards' points, what was played, the voids shown), not from the rule that chose the
action.  :func:`holds` checks a reason; :func:`true_reason` gives the reason when its fact
holds, else the first true one of a plainer kind (how the trick stands), else ``no_rule``,
which claims nothing.  Every bot's ``decide`` and :func:`~tarot.bots.reasons.explain` say
their reasons through it (:func:`tarot.bots.reasons.checked`), so no reason whose fact is
false reaches a player.

The codes that speak of the bot and not of the position (``search_best``, ``by_the_book``,
``random_choice``, the Débutant's rules of thumb, a judgement such as ``no_chelem``) hold
whenever the action is of their kind.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from ..actions import Action, Bid, Call, Chelem, Ecart, Misere, Play, Poignee, Purchase
from ..bot import Reason
from ..cards import (BOUTS, EXCUSE_ID, FIRST_TRUMP, HALF_POINTS, JACK, KING, KINGS, MASK_FOR_SUIT, PETIT_BIT, QUEEN,
                     RANK_OF, SUIT_MASKS, SUIT_OF, TRUMP, TRUMPS, cards_of, count, mask_of, parse_card, suit_card)
from ..rules import ECARTABLE
from ..view import SeatView
from .clean import FLAWS, card_flaws
from .evaluation import THRESHOLDS, hand_count, hand_points
from .knowledge import LOW_SIGNAL_RANK, TRUMP_PROMISES, Knowledge
from .play import TrickState, opponents_after

PETIT = FIRST_TRUMP


@dataclass
class Position:
    """A decision as its seat saw it, and the action taken."""

    view: SeatView
    action: Action
    reason: Reason

    @cached_property
    def k(self) -> Knowledge:
        return Knowledge(self.view)

    @cached_property
    def ts(self) -> TrickState:
        return TrickState(self.k)

    @property
    def card(self) -> int:
        return int(self.action.card) if isinstance(self.action, Play) else -1

    @property
    def legal(self) -> int:
        return self.view.legal_cards

    @property
    def leading(self) -> bool:
        """No card but the Excuse is on the table: this card sets the suit."""
        return self.ts.led < 0

    def param_card(self) -> int:
        return int(parse_card(str(self.reason.params["card"])))

    # ---------------------------------------------------------- plain facts
    def cheapest(self) -> bool:
        """The card costs least of the cards allowed (in card points; the Excuse aside)."""
        others = [HALF_POINTS[c] for c in cards_of(self.legal) if c != EXCUSE_ID]
        return not others or HALF_POINTS[self.card] <= min(others)

    def against(self, seats: list[int] | None = None) -> list[int]:
        """The seats that may be on the other side (of ``seats``, by default every other seat)."""
        k = self.k
        return [s for s in (range(k.n) if seats is None else seats) if s != k.seat and k.p_ally(s) < 0.99]

    def ally_holds(self) -> bool:
        """The trick's best card so far is surely my side's."""
        return not self.leading and self.ts.best_seat >= 0 and self.k.p_ally(self.ts.best_seat) >= 0.99

    def held_safe(self, card: int) -> bool:
        """Nobody who may be against and plays after me can beat ``card`` once it leads the trick."""
        return self.ts.p_beaten(card, opponents_after(self.k, self.ts)) == 0

    def wins(self) -> bool:
        return self.ts.wins_over(self.card)

    def none_wins_for_sure(self) -> bool:
        """No card allowed takes the trick for sure."""
        return not any(self.ts.wins_over(c) and self.held_safe(c) for c in cards_of(self.legal))

    def trick_lost(self) -> bool:
        """The other side surely holds the trick, none of my cards beats it, and nobody after me
        who may be on my side can take it back."""
        k, ts = self.k, self.ts
        if self.leading or ts.best_seat < 0 or k.p_ally(ts.best_seat) > 0.01:
            return False
        maybe_allies = [s for s in ts.after if k.p_ally(s) > 0.01]
        return not any(ts.wins_over(c) for c in cards_of(self.legal)) and ts.p_beaten(ts.best_card, maybe_allies) == 0

    def void_in_led(self) -> bool:
        return not self.leading and self.ts.led != TRUMP and self.ts.led >= 0 \
            and not self.k.hand & MASK_FOR_SUIT[self.ts.led]

    def master_in_suit(self, card: int) -> bool:
        """No card I cannot see beats ``card`` within its suit."""
        return bool(self.k.masters() >> card & 1)

    def nobody_cuts(self, card: int) -> bool:
        """No seat that may be against can cut ``card``'s suit: each holds the suit or no trump."""
        k = self.k
        suit = SUIT_OF[card]
        return all(not (k.void[s] >> suit & 1 and k.may_have_trumps(s)) for s in self.against())

    def honours_in(self, suit: int, hand: int) -> list[int]:
        """The honours (jack to king) of ``suit`` in ``hand``."""
        return [c for c in cards_of(hand & SUIT_MASKS[suit]) if RANK_OF[c] >= JACK]

    def ally_seats(self) -> list[int]:
        k = self.k
        return [s for s in range(k.n) if s != k.seat and k.p_ally(s) >= 0.99]

    def ally_led(self, suit: int) -> bool:
        """A seat surely on my side led ``suit`` in an earlier trick."""
        allies = set(self.ally_seats())
        return any(leader in allies and cards and SUIT_OF[cards[0]] == suit
                   for leader, cards, _ in self.view.tricks)

    def hand_value(self) -> int:
        return hand_points(mask_of(self.view.hand), self.view.rules.players)


Fact = Callable[[Position], bool]


def _play(fact: Fact) -> Fact:
    return lambda p: isinstance(p.action, Play) and fact(p)


def _lead(fact: Fact) -> Fact:
    return _play(lambda p: p.leading and fact(p))


def _follow(fact: Fact) -> Fact:
    return _play(lambda p: not p.leading and fact(p))


def _kind(*kinds: type) -> Fact:
    return lambda p: isinstance(p.action, kinds)


def _trump_lead(fact: Fact) -> Fact:
    return _lead(lambda p: SUIT_OF[p.card] == TRUMP and fact(p))


def _suit_lead(fact: Fact) -> Fact:
    return _lead(lambda p: p.card != EXCUSE_ID and SUIT_OF[p.card] != TRUMP and fact(p))


def _param_suit(p: Position) -> int:
    return int(str(p.reason.params.get("suit", -1)))


def _excuse_save(p: Position) -> bool:
    kept = p.param_card()
    return p.card == EXCUSE_ID and bool(p.legal >> kept & 1) and p.trick_lost()


def _excuse_keeps(p: Position) -> bool:
    kept = p.param_card()
    return p.card == EXCUSE_ID and not p.leading and bool(p.legal >> kept & 1) and not p.trick_lost()


def _long(p: Position, suit: int) -> bool:
    """``suit`` is a long suit of mine: 4 cards or more, or 3 and none of my suits longer."""
    hand = p.k.hand
    length = count(hand & SUIT_MASKS[suit])
    return length >= 4 or (length == 3 and all(count(hand & SUIT_MASKS[s]) <= 3 for s in range(4)))


def _lowest_of_suit(p: Position) -> bool:
    return p.card == min(cards_of(p.k.hand & SUIT_MASKS[SUIT_OF[p.card]]))


def _long_suit(p: Position) -> bool:
    """A long suit led by its lowest card, keeping an honour of it that is not yet master."""
    suit = SUIT_OF[p.card]
    kept = [c for c in p.honours_in(suit, p.k.hand) if c != p.card]
    return _long(p, suit) and _lowest_of_suit(p) and any(not p.master_in_suit(c) for c in kept)


def _partner_signal(king: bool | None, queen: bool | None) -> Fact:
    """An ally led low first in the suit (the FFT signal of the king or the queen), and I hold
    (or played) the king and the queen as the code says."""
    def fact(p: Position) -> bool:
        suit = SUIT_OF[p.card]
        mine = p.k.hand | p.k.played_by[p.k.seat]
        has_king, has_queen = bool(mine >> suit_card(KING, suit) & 1), bool(mine >> suit_card(QUEEN, suit) & 1)
        signalled = any(p.k.led_low[s] >> suit & 1 for s in p.ally_seats())
        return signalled and (king is None or has_king == king) and (queen is None or has_queen == queen)
    return _suit_lead(fact)


def _signal_honour(p: Position) -> bool:
    suit = SUIT_OF[p.card]
    held = p.k.hand & SUIT_MASKS[suit]
    honour = held & ((1 << suit_card(KING, suit)) | (1 << suit_card(QUEEN, suit)))
    return RANK_OF[p.card] <= LOW_SIGNAL_RANK and not p.k.suit_led_count[suit] and bool(honour) and count(held) >= 5


def _lead_no_honour(p: Position) -> bool:
    """Neither the king nor the queen of the suit led is in my hand."""
    suit = SUIT_OF[p.card]
    return not p.k.hand & ((1 << suit_card(KING, suit)) | (1 << suit_card(QUEEN, suit)))


def _make_taker_cut(p: Position) -> bool:
    taker = p.k.taker
    suit = SUIT_OF[p.card]
    return taker is not None and taker != p.k.seat and bool(p.k.void[taker] >> suit & 1) and p.k.may_have_trumps(taker)


def _petit_risk(p: Position) -> bool:
    """The Petit wins the trick for now, and a seat still to play that may be against beats it
    about once in the odds said."""
    risk = p.ts.p_beaten(p.card, opponents_after(p.k, p.ts))
    return p.card == PETIT and p.wins() and risk > 0 and p.reason.params.get("odds") == max(1, round(1 / risk))


def _undertrump(p: Position) -> bool:
    ts = p.ts
    return SUIT_OF[p.card] == TRUMP and ts.high_trump >= 0 and not any(
        SUIT_OF[c] == TRUMP and c > ts.high_trump for c in cards_of(p.legal))


def _signal_petit_danger(p: Position) -> bool:
    lower = p.legal & TRUMPS & ((1 << p.card) - 1) & ~PETIT_BIT
    return bool(p.k.hand & PETIT_BIT) and not p.k.i_attack and SUIT_OF[p.card] == TRUMP and p.card != PETIT \
        and not p.wins() and bool(lower)


def _only_trumps_left(p: Position) -> bool:
    return not p.k.hand & ~TRUMPS & ~(1 << EXCUSE_ID)


def _hand_said(p: Position) -> bool:
    """The bouts, trumps and kings a bid's reason counts are the hand's."""
    hand = p.k.hand
    said = p.reason.params
    return said.get("bouts") == count(hand & BOUTS) and said.get("trumps") == count(hand & TRUMPS) \
        and said.get("kings") == count(hand & KINGS)


def _bid_points(p: Position) -> bool:
    bid = p.action
    points = p.reason.params.get("points")
    threshold = p.reason.params.get("threshold")
    return isinstance(bid, Bid) and bid.contract is not None and points == p.hand_value() \
        and threshold == THRESHOLDS[p.view.rules.players][bid.contract]


def _pass_weak(p: Position) -> bool:
    points = p.hand_value()
    return isinstance(p.action, Bid) and p.action.contract is None and p.reason.params.get("points") == points \
        and isinstance(p.reason.params.get("threshold"), int) and points < int(str(p.reason.params["threshold"]))


def _pass_outbid(p: Position) -> bool:
    return isinstance(p.action, Bid) and p.action.contract is None and p.reason.params.get("points") == p.hand_value()


def _called(p: Position) -> int | None:
    return None if not isinstance(p.action, Call) or p.action.card is None else int(p.action.card)


def _call_king(p: Position) -> bool:
    """The called card's suit is my longest of the suits I may call in (the queen counting double)."""
    card = _called(p)
    if card is None or p.k.hand >> card & 1:
        return False
    hand = p.k.hand

    def length(suit: int) -> int:
        return count(hand & SUIT_MASKS[suit]) + (hand >> suit_card(QUEEN, suit) & 1)
    callable_suits = {SUIT_OF[a.card] for a in p.view.legal if isinstance(a, Call) and a.card is not None}
    return length(SUIT_OF[card]) >= max(length(s) for s in callable_suits)


def _call_partner(p: Position) -> bool:
    card = _called(p)
    points, threshold = p.reason.params.get("points"), p.reason.params.get("threshold")
    return card is not None and not p.k.hand >> card & 1 and points == p.hand_value() \
        and isinstance(threshold, int) and p.hand_value() < threshold


def _no_call(p: Position) -> bool:
    points, threshold = p.reason.params.get("points"), p.reason.params.get("threshold")
    return isinstance(p.action, Call) and p.action.card is None and points == p.hand_value() \
        and isinstance(threshold, int) and p.hand_value() >= threshold


def _ecart_cards(p: Position) -> int:
    return mask_of(p.action.cards) if isinstance(p.action, Ecart) else 0


def _ecart_voids(p: Position) -> bool:
    discarded = _ecart_cards(p)
    kept = p.k.hand & ~discarded
    made = [s for s in range(4) if p.k.hand & SUIT_MASKS[s] and not kept & SUIT_MASKS[s]]
    return isinstance(p.action, Ecart) and not discarded & TRUMPS and bool(made) \
        and p.reason.params.get("suits") == ", ".join("♠♥♦♣"[s] for s in made)


def _ecart_points(p: Position) -> bool:
    """Honours set aside whose king stays out of the hand (not kept: not held, or set aside too)."""
    discarded = _ecart_cards(p)
    kept = p.k.hand & ~discarded
    return isinstance(p.action, Ecart) and not discarded & TRUMPS and any(
        JACK <= RANK_OF[c] <= QUEEN and not kept >> suit_card(KING, SUIT_OF[c]) & 1 for c in cards_of(discarded))


def _ecart_trumps_forced(p: Position) -> bool:
    return isinstance(p.action, Ecart) and bool(_ecart_cards(p) & TRUMPS) \
        and count(p.k.hand & ECARTABLE) < p.view.rules.chien_size


def _only_clean(p: Position) -> bool:
    others = [c for c in cards_of(p.legal) if c != p.card]
    return bool(others) and not card_flaws(p.k, p.card, p.legal) and all(card_flaws(p.k, c, p.legal) for c in others)


def _debutant_count(p: Position) -> bool:
    """The Débutant's count said is the hand's: its trumps, with 2 more per bout."""
    return p.reason.params.get("points") == hand_count(p.k.hand)


def _flaw(code: str) -> Fact:
    """The card named is flawed so (:func:`~tarot.bots.clean.card_flaws`, which names only sure faults)."""
    def fact(p: Position) -> bool:
        named = p.param_card()
        return bool(p.legal >> named & 1) and code in card_flaws(p.k, named, p.legal)
    return fact


FACTS: dict[str, Fact] = {
    "only_card": lambda p: len(p.view.legal) == 1 or (isinstance(p.action, Play) and count(p.legal) == 1),
    "excuse_before_last": _play(lambda p: p.card == EXCUSE_ID and count(p.k.hand) == 2),
    "excuse_save": _play(_excuse_save),
    "excuse_keeps": _play(_excuse_keeps),
    "excuse_lead": _lead(lambda p: p.card == EXCUSE_ID),
    "excuse_anytime": _play(lambda p: p.card == EXCUSE_ID),
    "follow_low_taker_wins": _follow(lambda p: p.ts.best_seat == p.k.taker and not p.k.i_attack and not p.wins()
                                     and p.cheapest()),
    "follow_low_lost": _follow(lambda p: p.trick_lost() and p.cheapest()),
    "follow_low_unsure": _follow(lambda p: p.none_wins_for_sure() and p.cheapest()),
    "load_partner_trick": _follow(lambda p: p.ally_holds() and not p.wins() and p.held_safe(p.ts.best_card)
                                  and HALF_POINTS[p.card] > 1),
    "load_partner_likely": _follow(lambda p: p.ally_holds() and not p.wins() and HALF_POINTS[p.card] > 1),
    "save_petit": _follow(lambda p: p.card == PETIT and p.ally_holds() and not p.wins()
                          and p.held_safe(p.ts.best_card)),
    "petit_to_partner": _follow(lambda p: p.card == PETIT and p.ally_holds() and not p.wins()),
    "low_on_partner_trick": _follow(lambda p: p.ally_holds() and p.held_safe(p.ts.best_card) and p.cheapest()
                                    and not any(HALF_POINTS[c] > 1 and SUIT_OF[c] != TRUMP
                                                for c in cards_of(p.legal) if c != EXCUSE_ID)),
    "low_partner_leads": _follow(lambda p: p.ally_holds() and p.cheapest()),
    "win_cheaply": _follow(lambda p: p.wins() and p.held_safe(p.card)),
    "win_for_now": _follow(lambda p: p.wins()),
    "trump_to_win": _follow(lambda p: SUIT_OF[p.card] == TRUMP and p.void_in_led() and p.wins()
                            and p.held_safe(p.card)),
    "trump_void": _follow(lambda p: SUIT_OF[p.card] == TRUMP and p.void_in_led()),
    "undertrump_forced": _follow(lambda p: p.void_in_led() and _undertrump(p)),
    "petit_au_bout": _play(lambda p: p.card == PETIT and count(p.k.hand) == 1),
    "petit_risk": _follow(_petit_risk),
    "hunt_petit": _trump_lead(lambda p: not p.k.hand & PETIT_BIT and bool(p.k.unseen & PETIT_BIT)),
    "draw_trumps": _trump_lead(lambda p: any(p.k.may_have_trumps(s) for s in p.against())),
    "draw_for_petit_au_bout": _trump_lead(lambda p: bool(p.k.hand & PETIT_BIT)),
    "find_partner": _suit_lead(lambda p: p.k.seat == p.k.taker and p.k.called is not None
                               and not p.view.partner_known and SUIT_OF[p.card] == SUIT_OF[p.k.called]),
    "cash_master_king": _suit_lead(lambda p: bool(KINGS >> p.card & 1)),
    "cash_master": _lead(lambda p: p.card != EXCUSE_ID and p.master_in_suit(p.card)
                         and (SUIT_OF[p.card] == TRUMP or p.nobody_cuts(p.card))),
    "cash_master_suit": _suit_lead(lambda p: p.master_in_suit(p.card)),
    "long_suit": _suit_lead(_long_suit),
    "long_suit_low": _suit_lead(lambda p: _long(p, SUIT_OF[p.card]) and _lowest_of_suit(p)),
    "lead_to_partner_signal": _partner_signal(False, False),
    "lead_to_partner_signal_queen": _partner_signal(True, False),
    "lead_to_partner_signal_king": _partner_signal(False, True),
    "lead_to_partner_suit": _suit_lead(lambda p: p.ally_led(SUIT_OF[p.card])),
    "signal_honour": _suit_lead(_signal_honour),
    "make_taker_cut": _suit_lead(_make_taker_cut),
    "lead_no_honour": _suit_lead(_lead_no_honour),
    "trump_lead_signal": _trump_lead(lambda p: not p.k.led_trump[p.k.seat]),
    "trump_lead_promise": _trump_lead(lambda p: not p.k.led_trump[p.k.seat] and p.card in TRUMP_PROMISES),
    "return_trumps": _trump_lead(lambda p: any(p.k.long_trumps[s] for s in p.ally_seats())),
    "trump_lead": _trump_lead(lambda p: p.k.taker is not None and p.k.taker != p.k.seat
                              and p.k.may_have_trumps(p.k.taker)),
    "signal_petit_danger": _follow(_signal_petit_danger),
    "save_partner_petit": _trump_lead(lambda p: any(p.k.petit_danger[s] for s in p.ally_seats())
                                      and p.card == max(cards_of(p.k.hand & TRUMPS))),
    "lead_low": _lead(lambda p: p.cheapest()),
    "last_trumps": _trump_lead(_only_trumps_left),
    "bid_points": lambda p: _bid_points(p) and _hand_said(p),
    "pass_weak": lambda p: _pass_weak(p) and _hand_said(p),
    "pass_outbid": lambda p: _pass_outbid(p) and _hand_said(p),
    "call_king": _call_king,
    "call_alone": lambda p: _called(p) is not None and bool(p.k.hand >> int(_called(p) or 0) & 1),
    "call_partner": _call_partner,
    "no_call": _no_call,
    "no_call_purchase": _no_call,
    "no_call_stake": lambda p: isinstance(p.action, Call) and p.action.card is None,
    "ecart_voids": _ecart_voids,
    "ecart_points": _ecart_points,
    "ecart_hidden": lambda p: isinstance(p.action, Ecart) and not _ecart_cards(p) & TRUMPS,
    "ecart_trumps_forced": _ecart_trumps_forced,
    "purchase_king": lambda p: isinstance(p.action, Purchase) and bool(KINGS >> int(p.action.card) & 1),
    "purchase_card": _kind(Purchase),
    "chelem_sure": lambda p: isinstance(p.action, Chelem) and p.action.announce,
    "no_chelem": lambda p: isinstance(p.action, Chelem) and not p.action.announce,
    "poignee_attack": lambda p: isinstance(p.action, Poignee) and p.k.i_attack,
    "poignee_defence": lambda p: isinstance(p.action, Poignee) and not p.k.i_attack,
    "misere": _kind(Misere),
    "by_the_book": lambda p: True,
    "search_best": lambda p: True,
    "only_clean": _play(_only_clean),
    "king_safe": _suit_lead(lambda p: bool(KINGS >> p.card & 1)),
    "random_choice": lambda p: True,
    "debutant_bid": lambda p: isinstance(p.action, Bid) and p.action.contract is not None and _debutant_count(p),
    "debutant_pass": lambda p: isinstance(p.action, Bid) and p.action.contract is None and _debutant_count(p),
    "debutant_alone": lambda p: isinstance(p.action, Call) and p.action.card is None and _debutant_count(p),
    "debutant_call": lambda p: _called(p) is not None and not p.k.hand >> int(_called(p) or 0) & 1,
    "debutant_ecart": _kind(Ecart),
    "debutant_lead_king": _lead(lambda p: bool(KINGS >> p.card & 1)),
    "debutant_low": _follow(lambda p: not any(p.ts.wins_over(c) for c in cards_of(p.legal)) and p.cheapest()),
    "debutant_poignee": _kind(Poignee),
    "lead_suit_keep_trumps": _suit_lead(lambda p: bool(p.k.hand & TRUMPS & ~PETIT_BIT)),
    "no_rule": lambda p: True,
    **{code: _flaw(code) for code in FLAWS},
}


def holds(view: SeatView, action: Action, reason: Reason) -> bool:
    """Whether the fact ``reason`` states is true of ``action`` at ``view`` (an unknown code: false)."""
    fact = FACTS.get(reason.code)
    if fact is None:
        return False
    try:
        return bool(fact(Position(view, action, reason)))
    except (KeyError, ValueError, TypeError):  # a parameter the fact needs is missing or malformed
        return False


def true_reason(view: SeatView, action: Action, reason: Reason,
                plain: Callable[[], Reason | None] | None = None) -> Reason:
    """``reason`` when its fact holds; else the ``plain`` reason (for a card: how the trick
    stands; for an écart: what an écart is for) when its fact holds; else ``no_rule``, which
    states nothing false."""
    if holds(view, action, reason):
        return reason
    other = None if plain is None else plain()
    if other is not None and other != reason and holds(view, action, other):
        return other
    return Reason("no_rule")


__all__ = ["FACTS", "holds", "true_reason"]
