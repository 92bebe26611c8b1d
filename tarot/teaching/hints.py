"""Hints and reasons: what a seat should do, and why, in one sentence.

:func:`explain` says why an action makes sense from one seat's view
(:class:`~tarot.view.SeatView`), as a :class:`Reason`: a stable code with
parameters (the words are the catalogues' ``reason_CODE``, :mod:`tarot.words`, written out by
:mod:`tarot.i18n`).  :func:`hint` asks a recommender bot (the Standard bot by
default) for the action and explains it.  Only the seat's own view is read, so a
reason never tells a hidden card.

>>> from tarot import Deal, Rules
>>> deal = Deal.new(Rules(players=4), dealer=0, seed=2024)
>>> action, reason = hint(deal.view(1))
>>> type(action).__name__, reason.code
('Bid', 'bid_points')
>>> reason.explain("en").startswith("Your hand is worth")
True
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..actions import Action, Bid, Call, Chelem, Ecart, Misere, Play, Poignee, Purchase
from ..bots import Bot, make_bot
from ..bots.ecart import alone_points
from ..bots.evaluation import THRESHOLDS, contract_for, hand_points
from ..bots.knowledge import LOW_SIGNAL_RANK, TRUMP_PROMISES, Knowledge, false_signal
from ..bots.play import TrickState, discard, excuse_saves, opponents_after, opponents_trumps, petit_au_bout_sound
from ..cards import (EXCUSE_BIT, EXCUSE_ID, FIRST_TRUMP, HALF_POINTS, KING, KINGS, MASK_FOR_SUIT, PETIT_BIT, QUEEN,
                    RANK_OF, SUIT_MASKS, SUIT_OF, TRUMP, TRUMPS, VINGT_ET_UN, Card, cards_of, count, mask_of, suit_card)
from ..i18n import contract_name, explain as explain_code
from ..rules import Contract
from ..view import SeatView

PETIT_ID = FIRST_TRUMP

Recommender = Callable[[SeatView], Action]


@dataclass(frozen=True)
class Reason:
    """Why an action: a code of :data:`REASON_CODES` and its parameters
    (cards in record notation, suits as numbers, contracts by code)."""

    code: str
    params: dict[str, object] = field(default_factory=dict)

    def explain(self, lang: str = "fr") -> str:
        words = dict(self.params)
        for key in ("contract",):
            value = words.get(key)
            if isinstance(value, str):
                words[key] = contract_name(value, lang)
        return explain_code(self.code, words, lang)

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "params": dict(self.params)}


def standard_recommender(seed: int = 0) -> Recommender:
    """The Standard bot's choice (the hints' default recommender)."""
    bot: Bot = make_bot("standard", seed)
    return bot.choose


def hint(view: SeatView, recommender: Recommender | None = None) -> tuple[Action, Reason]:
    """The recommended action for the seat of ``view`` (which must be to act) and its reason."""
    if not view.legal:
        raise ValueError("this seat is not to act")
    choose = recommender or standard_recommender()
    action = choose(view)
    return action, explain(view, action)


def _signal_answered(hand: int, suit: int) -> str:
    """The reason for returning a suit a partner led low: the honour it promises, the king or
    the queen (FFT signals), told as the seat's own cards (``hand``: held or played) narrow it."""
    king = hand >> suit_card(KING, suit) & 1
    queen = hand >> suit_card(QUEEN, suit) & 1
    if king and queen:
        return "lead_to_partner_suit"
    return "lead_to_partner_signal_queen" if king else "lead_to_partner_signal_king" if queen \
        else "lead_to_partner_signal"


def explain(view: SeatView, action: Action) -> Reason:
    """Why ``action`` makes sense for the seat of ``view`` (taken at the moment of the decision)."""
    if isinstance(action, Bid):
        return _bid(view, action)
    if isinstance(action, Call):
        return _call(view, action)
    if isinstance(action, Ecart):
        return _ecart(view, action)
    if isinstance(action, Purchase):
        code = "purchase_king" if KINGS >> action.card & 1 else "purchase_card"
        return Reason(code, {"card": str(action.card)})
    if isinstance(action, Chelem):
        return Reason("chelem_sure" if action.announce else "no_chelem")
    if isinstance(action, Poignee):
        return Reason("poignee_attack" if Knowledge(view).i_attack else "poignee_defence")
    if isinstance(action, Misere):
        return Reason("misere")
    if isinstance(action, Play):
        return _play(view, action.card)
    return Reason("by_the_book")


# ------------------------------------------------------------------ bidding
def _bid(view: SeatView, bid: Bid) -> Reason:
    players = view.rules.players
    points = hand_points(mask_of(view.hand), players)
    thresholds = THRESHOLDS[players]
    if bid.contract is not None:
        return Reason("bid_points", {"points": points, "contract": bid.contract.code,
                                     "threshold": thresholds[bid.contract]})
    suggested = contract_for(points, players)
    if suggested is None:
        return Reason("pass_weak", {"points": points, "threshold": thresholds[Contract.PRISE]})
    return Reason("pass_outbid", {"points": points, "contract": suggested.code})


def _call(view: SeatView, call: Call) -> Reason:
    """Why a call: the card (the taker's best suit), and where the call is optional (4 players,
    ``prise_partner``) why a partner or none, by the points scale."""
    contract = view.contract
    if contract is None or not view.rules.call_optional(contract):
        if call.card is not None and call.card in view.hand:
            return Reason("call_alone", {"card": str(call.card)})
        return Reason("call_king", {"card": str(call.card)})
    points = hand_points(mask_of(view.hand), view.rules.players)
    threshold = alone_points(view.rules, contract)
    words: dict[str, object] = {"points": points, "threshold": threshold}
    if call.card is None:
        times = view.rules.shares(with_partner=False)[0]  # the taker alone: once per defender
        if points < threshold:
            return Reason("no_call_stake", {"times": times})
        if view.rules.purchases(contract, called=False):
            return Reason("no_call_purchase", words)
        return Reason("no_call", {**words, "times": times})
    if call.card in view.hand:
        return Reason("call_alone", {"card": str(call.card)})
    return Reason("call_partner", {**words, "card": str(call.card)})


def _ecart(view: SeatView, ecart: Ecart) -> Reason:
    discarded = mask_of(ecart.cards)
    if discarded & TRUMPS:
        return Reason("ecart_trumps_forced")
    hand = mask_of(view.hand)
    voids = [s for s in range(4) if hand & SUIT_MASKS[s] and not hand & SUIT_MASKS[s] & ~discarded]
    if voids:
        return Reason("ecart_voids", {"suits": ", ".join(_suit_word(s) for s in voids)})
    return Reason("ecart_points")


def _suit_word(suit: int) -> str:
    """A suit as the symbol both languages read."""
    return "♠♥♦♣"[suit]


# --------------------------------------------------------------------- play
def _play(view: SeatView, card: Card) -> Reason:
    legal = view.legal_cards
    k = Knowledge(view)
    ts = TrickState(k)
    if card == PETIT_ID and count(k.hand) == 1 and ts.wins_over(card) \
            and ts.p_beaten(card, opponents_after(k, ts)) == 0:
        return Reason("petit_au_bout")  # the last trick, won with the Petit
    if legal and not legal & (legal - 1):
        return Reason("only_card", {"card": str(card)})
    if card == EXCUSE_ID and count(k.hand) == 2:
        return Reason("excuse_before_last")
    if card == EXCUSE_ID:
        return _excuse(k, ts, legal & ~EXCUSE_BIT)
    if ts.best_seat < 0:
        return _lead(k, card)
    return _follow(k, ts, card)


def _excuse(k: Knowledge, ts: TrickState, others: int) -> Reason:
    """Why the Excuse now: it opens no suit, or it keeps a card the trick would take."""
    if ts.best_seat < 0:
        return Reason("excuse_lead")
    kept = discard(k, ts, others)  # the card that would go instead
    if not excuse_saves(k, kept):
        return Reason("excuse_anytime")
    return Reason("excuse_save" if _lost_for_sure(k, ts, others) else "excuse_keeps", {"card": str(kept)})


def _lost_for_sure(k: Knowledge, ts: TrickState, mine: int) -> bool:
    """The other side holds the trick, none of the cards ``mine`` beats it, and no seat
    still to play that may be on this side can take it back."""
    maybe_allies = [s for s in ts.after if k.p_ally(s) > 0.01]
    return k.p_ally(ts.best_seat) <= 0.01 and not any(ts.wins_over(c) for c in cards_of(mine)) \
        and ts.p_beaten(ts.best_card, maybe_allies) == 0


def _cheapest_by_chance(k: Knowledge, ts: TrickState, card: Card, maybe_against: list[int]) -> bool:
    """Whether ``card``, which leads the trick for now, is only the cheapest card allowed: a
    pip, the lowest allowed of its suit, while no card allowed could win the trick for sure."""
    legal = k.view.legal_cards
    lower = legal & MASK_FOR_SUIT[SUIT_OF[card]] & ((1 << card) - 1)
    return HALF_POINTS[card] == 1 and not lower and not any(
        ts.wins_over(c) and ts.p_beaten(c, maybe_against) == 0 for c in cards_of(legal))


def _follow(k: Knowledge, ts: TrickState, card: Card) -> Reason:
    """Why a card to a trick led.  A sentence says a trick is sure (won, kept, lost) only
    when no card this seat cannot see could change it; otherwise it says how it stands."""
    suit = SUIT_OF[card]
    maybe_against = opponents_after(k, ts)
    if k.p_ally(ts.best_seat) >= 0.99 and not ts.wins_over(card):
        sure = ts.p_beaten(ts.best_card, maybe_against) == 0
        if card == PETIT_ID:
            return Reason("save_petit" if sure else "petit_to_partner")
        if HALF_POINTS[card] > 1:
            return Reason("load_partner_trick" if sure else "load_partner_likely", {"card": str(card)})
        return Reason("low_on_partner_trick" if sure else "low_partner_leads", {"card": str(card)})
    if ts.wins_over(card):
        sure = ts.p_beaten(card, maybe_against) == 0
        if suit == TRUMP and ts.led != TRUMP and ts.high_trump < 0:
            return Reason("trump_to_win" if sure else "trump_void", {"suit": ts.led, "card": str(card)})
        if sure or not _cheapest_by_chance(k, ts, card, maybe_against):
            return Reason("win_cheaply" if sure else "win_for_now", {"card": str(card)})
        return Reason("follow_low_unsure", {"card": str(card)})  # the 2 over the ace led wins by chance
    if suit == TRUMP and ts.high_trump >= 0 and ts.led != TRUMP:
        return Reason("undertrump_forced", {"card": str(card)})
    if suit == TRUMP and _starts_petit_danger(k, card):
        return Reason("signal_petit_danger", {"card": str(card)})
    if ts.best_seat == k.taker and not k.i_attack:
        return Reason("follow_low_taker_wins", {"card": str(card)})
    lost = _lost_for_sure(k, ts, k.view.legal_cards)
    return Reason("follow_low_lost" if lost else "follow_low_unsure", {"card": str(card)})


def _starts_petit_danger(k: Knowledge, card: Card) -> bool:
    """A defender holding the Petit gives a losing trump while a lower one (not the Petit)
    was allowed: the first of "high then low", the FFT signal of the Petit in danger."""
    lower = k.view.legal_cards & TRUMPS & ((1 << card) - 1) & ~PETIT_BIT
    return bool(k.hand & PETIT_BIT) and not k.i_attack and card != PETIT_ID and bool(lower) \
        and not k._losing_trumps[k.seat]


def _lead(k: Knowledge, card: Card) -> Reason:
    suit = SUIT_OF[card]
    masters = k.masters()
    if k.i_attack:
        if suit == TRUMP:
            if not opponents_trumps(k):
                return Reason("last_trumps" if not k.hand & ~TRUMPS else "lead_low", {"card": str(card)})
            if petit_au_bout_sound(k):
                return Reason("draw_for_petit_au_bout", {"card": str(card)})
            if k.unseen & PETIT_BIT:
                return Reason("hunt_petit", {"card": str(card)})
            return Reason("draw_trumps", {"card": str(card)})
        if k.called is not None and k.seat == k.taker and not k.view.partner_known \
                and suit == SUIT_OF[k.called]:
            return Reason("find_partner", {"suit": suit})
        if masters >> card & 1:
            if KINGS >> card & 1:
                return Reason("cash_master_king", {"card": str(card)})
            against = [s for s in range(k.n) if s != k.seat and k.p_ally(s) < 0.99]
            sure = TrickState(k).p_beaten(card, against) == 0  # nobody against can trump it either
            return Reason("cash_master" if sure else "cash_master_suit", {"card": str(card)})
        if count(k.hand & SUIT_MASKS[suit]) >= 3:
            return Reason("long_suit", {"suit": suit})
        return Reason("lead_low", {"card": str(card)})
    if suit == TRUMP:
        if not k.hand & ~TRUMPS & ~(1 << EXCUSE_ID):
            return Reason("last_trumps", {"card": str(card)})
        if masters >> card & 1 and any(k.petit_danger[s] and k.p_ally(s) >= 0.99
                                       for s in range(k.n) if s != k.seat):
            return Reason("save_partner_petit", {"card": str(card)})
        if not k.led_trump[k.seat] and card not in (PETIT_ID, VINGT_ET_UN):  # a first trump: it is read
            return Reason("trump_lead_promise" if card in TRUMP_PROMISES else "trump_lead_signal", {"card": str(card)})
        if any(k.long_trumps[s] and k.p_ally(s) >= 0.99 for s in range(k.n) if s != k.seat):
            return Reason("return_trumps", {"card": str(card)})
        return Reason("trump_lead", {"card": str(card)})
    taker = k.taker
    if taker is not None and k.void[taker] >> suit & 1 and k.may_have_trumps(taker):
        return Reason("make_taker_cut", {"suit": suit})  # whatever a partner asked: the taker cuts it
    allies = [s for s in range(k.n) if s != k.seat and k.p_ally(s) >= 0.99]
    if any(k.led_low[s] >> suit & 1 for s in allies):
        return Reason(_signal_answered(k.hand | k.played_by[k.seat], suit), {"suit": suit})  # the honours it had
    if KINGS >> card & 1 and masters >> card & 1:
        return Reason("cash_master_king", {"card": str(card)})
    held = k.hand & SUIT_MASKS[suit]
    # A suit's first low lead is read: a true signal when the signals' rule finds no lie in it.
    if RANK_OF[card] <= LOW_SIGNAL_RANK and not k.suit_led_count[suit] and not false_signal(k, card):
        return Reason("signal_honour", {"suit": suit})
    if RANK_OF[card] <= 10 and not any(RANK_OF[c] >= 13 for c in range(78) if held >> c & 1):
        return Reason("lead_no_honour", {"suit": suit})
    return Reason("lead_low", {"card": str(card)})


# Every reason's code, in the order of the catalogues (its words: the key "reason_" + code).
REASON_CODES = (
    "only_card", "excuse_before_last", "excuse_save", "excuse_keeps", "excuse_lead", "excuse_anytime",
    "follow_low_taker_wins", "follow_low_lost", "follow_low_unsure", "load_partner_trick", "load_partner_likely",
    "save_petit", "petit_to_partner", "low_on_partner_trick", "low_partner_leads", "win_cheaply", "win_for_now",
    "trump_to_win", "trump_void", "undertrump_forced", "petit_au_bout", "hunt_petit", "draw_trumps",
    "draw_for_petit_au_bout", "find_partner", "cash_master_king", "cash_master", "cash_master_suit", "long_suit",
    "lead_to_partner_signal", "lead_to_partner_signal_queen", "lead_to_partner_signal_king", "lead_to_partner_suit",
    "signal_honour", "make_taker_cut", "lead_no_honour", "trump_lead_signal", "trump_lead_promise", "return_trumps",
    "trump_lead", "signal_petit_danger", "save_partner_petit", "lead_low", "last_trumps", "bid_points", "pass_weak",
    "pass_outbid", "call_king", "call_alone", "call_partner", "no_call", "no_call_purchase", "no_call_stake",
    "ecart_voids", "ecart_points", "ecart_hidden", "ecart_trumps_forced", "purchase_king", "purchase_card",
    "chelem_sure", "no_chelem", "poignee_attack", "poignee_defence", "misere", "by_the_book",
)

__all__ = ["Reason", "Recommender", "REASON_CODES", "explain", "hint", "standard_recommender"]
