"""The bots' reasons: why an action, as a :class:`~tarot.bot.Reason` (a code of
``tarot.teaching.hints.REASON_CODES`` and its parameters), from one seat's view only.

:func:`card_reason` words the rule that chose a card (:func:`tarot.bots.play.book_choice`)
in the light of what the seat knows: a sentence says a trick is sure (won, kept, lost)
only when no card this seat cannot see could change it.  :func:`explain` says why any
action makes sense (the bidding by the points scale, the call, the écart, ...), and for
a card no rule of the book chose, how the trick stands.
"""
from __future__ import annotations

from collections.abc import Callable

from ..actions import Action, Bid, Call, Chelem, Ecart, Misere, Play, Poignee, Purchase
from ..bot import Reason
from ..cards import (BOUTS, CARDS, EXCUSE_BIT, EXCUSE_ID, FIRST_TRUMP, HALF_POINTS, JACK, KING, KINGS, MASK_FOR_SUIT, PETIT_BIT,
                     QUEEN, RANK_OF, SUIT_MASKS, SUIT_OF, TRUMP, TRUMPS, VINGT_ET_UN, Card, cards_of, count, mask_of,
                     suit_card)
from ..rules import Contract
from ..view import SeatView
from .ecart import alone_points
from .evaluation import THRESHOLDS, contract_for, hand_points
from .facts import true_reason
from .knowledge import LOW_SIGNAL_RANK, TRUMP_PROMISES, Knowledge, false_signal
from .play import TrickState, discard, excuse_saves, opponents_after, opponents_trumps, petit_au_bout_sound

PETIT_ID = FIRST_TRUMP
LeadWords = Callable[[Knowledge, Card], Reason]  # a lead rule's reason, from the seat's knowledge and the card


def checked(view: SeatView, action: Action, reason: Reason) -> Reason:
    """``reason`` if its fact holds (:mod:`tarot.bots.facts`), else a true plainer one."""
    def plain() -> Reason | None:
        if isinstance(action, Ecart):
            return Reason("ecart_hidden")
        return card_reason(Knowledge(view), int(action.card)) if isinstance(action, Play) else None
    return true_reason(view, action, reason, plain)


def explain(view: SeatView, action: Action) -> Reason:
    """Why ``action`` makes sense for the seat of ``view`` (taken at the moment of the
    decision); a reason whose fact holds there (:func:`checked`)."""
    return checked(view, action, raw_explain(view, action))


def raw_explain(view: SeatView, action: Action) -> Reason:
    """:func:`explain`'s reason before its fact is checked (for the reasons' audit)."""
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
        return card_reason(Knowledge(view), action.card)
    return Reason("by_the_book")


# ------------------------------------------------------------------ bidding
def hand_facts(hand: int) -> dict[str, object]:
    """What a bid's reason says of the hand besides its points: its bouts, trumps and kings."""
    return {"bouts": count(hand & BOUTS), "trumps": count(hand & TRUMPS), "kings": count(hand & KINGS)}


def _bid(view: SeatView, bid: Bid) -> Reason:
    players = view.rules.players
    hand = mask_of(view.hand)
    points = hand_points(hand, players)
    thresholds = THRESHOLDS[players]
    facts = hand_facts(hand)
    if bid.contract is not None:
        return Reason("bid_points", {"points": points, "contract": bid.contract.code,
                                     "threshold": thresholds[bid.contract], **facts})
    suggested = contract_for(points, players)
    if suggested is None:
        return Reason("pass_weak", {"points": points, "threshold": thresholds[Contract.PRISE], **facts})
    return Reason("pass_outbid", {"points": points, "contract": suggested.code, **facts})


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
        return Reason("ecart_voids", {"suits": ", ".join("♠♥♦♣"[s] for s in voids)})
    return Reason("ecart_points")


# --------------------------------------------------------------------- play
def card_reason(k: Knowledge, card: int, rule: str | None = None) -> Reason:
    """Why ``card`` for the seat of ``k``: the book's ``rule`` that chose it
    (:func:`~tarot.bots.play.book_choice`), or ``None`` for a card no rule is known for."""
    view = k.view
    legal = view.legal_cards
    ts = TrickState(k)
    if card == PETIT_ID and count(k.hand) == 1 and ts.wins_over(card) \
            and ts.p_beaten(card, opponents_after(k, ts)) == 0:
        return Reason("petit_au_bout")  # the last trick, won with the Petit
    if legal and not legal & (legal - 1):
        return Reason("only_card", {"card": str(CARDS[card])})
    if card == EXCUSE_ID and count(k.hand) == 2:
        return Reason("excuse_before_last")
    if card == EXCUSE_ID:
        return _excuse(k, ts, legal & ~EXCUSE_BIT)
    if ts.best_seat < 0:
        return _lead(k, CARDS[card], rule)
    return _follow(k, ts, CARDS[card], rule)


def _excuse(k: Knowledge, ts: TrickState, others: int) -> Reason:
    """Why the Excuse now: it opens no suit, or it keeps a card the trick would take."""
    if ts.best_seat < 0:
        return Reason("excuse_lead")
    kept = discard(k, ts, others)  # the card that would go instead
    if not excuse_saves(k, kept):
        return Reason("excuse_anytime")
    return Reason("excuse_save" if _lost_for_sure(k, ts, others) else "excuse_keeps", {"card": str(CARDS[kept])})


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


def _follow(k: Knowledge, ts: TrickState, card: Card, rule: str | None) -> Reason:
    """Why a card to a trick led: a partner's trick, a trick taken, or the least given."""
    maybe_against = opponents_after(k, ts)
    if k.p_ally(ts.best_seat) >= 0.99 and not ts.wins_over(card):
        return _on_partner_trick(ts, card, maybe_against)
    if ts.wins_over(card):
        return _taking(k, ts, card, rule, maybe_against)
    return _giving_least(k, ts, card)


def _on_partner_trick(ts: TrickState, card: Card, maybe_against: list[int]) -> Reason:
    sure = ts.p_beaten(ts.best_card, maybe_against) == 0
    if card == PETIT_ID:
        return Reason("save_petit" if sure else "petit_to_partner")
    if HALF_POINTS[card] > 1:
        return Reason("load_partner_trick" if sure else "load_partner_likely", {"card": str(card)})
    nothing_to_load = not any(HALF_POINTS[c] > 1 and SUIT_OF[c] != TRUMP
                              for c in cards_of(ts.k.view.legal_cards) if c != EXCUSE_ID)
    return Reason("low_on_partner_trick" if sure and nothing_to_load else "low_partner_leads", {"card": str(card)})


def _taking(k: Knowledge, ts: TrickState, card: Card, rule: str | None, maybe_against: list[int]) -> Reason:
    """A card that wins the trick as it stands: taken for sure, for now, or only the least
    given that happens to lead (the book's ``discard``: the 2 over the ace led wins by chance)."""
    risk = ts.p_beaten(card, maybe_against)
    sure = risk == 0
    if card == PETIT_ID and not sure:
        return Reason("petit_risk", {"odds": petit_odds(risk)})
    if SUIT_OF[card] == TRUMP and ts.led != TRUMP and ts.high_trump < 0:
        return Reason("trump_to_win" if sure else "trump_void", {"suit": ts.led, "card": str(card)})
    by_chance = rule == "discard" if rule is not None else _cheapest_by_chance(k, ts, card, maybe_against)
    if sure or not by_chance:
        return Reason("win_cheaply" if sure else "win_for_now", {"card": str(card)})
    return Reason("follow_low_unsure", {"card": str(card)})


def petit_odds(risk: float) -> int:
    """A chance ``risk`` (0 < risk ≤ 1) said as "1 chance sur N": N rounded, 1 at the most likely."""
    return max(1, round(1 / risk))


def _giving_least(k: Knowledge, ts: TrickState, card: Card) -> Reason:
    """A card that does not win the trick."""
    suit = SUIT_OF[card]
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
        and not k.played_losing_trump(k.seat)


# --------------------------------------------------------------------- leads
def _lead(k: Knowledge, card: Card, rule: str | None) -> Reason:
    if rule is not None and rule in _LEAD_RULES:
        return _LEAD_RULES[rule](k, card)
    if k.i_attack:
        return _attack_lead(k, card)
    if SUIT_OF[card] == TRUMP:
        return _defence_trump_lead(k, card)
    return _defence_suit_lead(k, card)


def _attack_lead(k: Knowledge, card: Card) -> Reason:
    """A lead of the attack, told from the card."""
    suit = SUIT_OF[card]
    if suit == TRUMP:
        if not opponents_trumps(k):
            return Reason("last_trumps" if not k.hand & ~TRUMPS else "lead_low", {"card": str(card)})
        if petit_au_bout_sound(k):
            return Reason("draw_for_petit_au_bout", {"card": str(card)})
        return Reason("hunt_petit" if k.unseen & PETIT_BIT else "draw_trumps", {"card": str(card)})
    if k.called is not None and k.seat == k.taker and not k.view.partner_known and suit == SUIT_OF[k.called]:
        return Reason("find_partner", {"suit": suit})
    if k.masters() >> card & 1:
        return _cash_master(k, card)
    return _long_suit(k, card)


def _cash_master(k: Knowledge, card: Card) -> Reason:
    if KINGS >> card & 1:
        return Reason("cash_master_king", {"card": str(card)})
    against = [s for s in range(k.n) if s != k.seat and k.p_ally(s) < 0.99]
    sure = TrickState(k).p_beaten(card, against) == 0  # nobody against can trump it either
    return Reason("cash_master" if sure else "cash_master_suit", {"card": str(card)})


def _long_suit(k: Knowledge, card: Card) -> Reason:
    """A lead in a long suit: its low card keeps the suit's honours that are not yet masters."""
    suit = SUIT_OF[card]
    held = k.hand & SUIT_MASKS[suit]
    if count(held) >= 3:
        kept = held & ~(1 << card) & ~k.masters()
        honours = any(RANK_OF[c] >= JACK for c in cards_of(kept))
        return Reason("long_suit" if honours else "long_suit_low", {"suit": suit})
    return Reason("lead_low", {"card": str(card)})


def _defence_trump_lead(k: Knowledge, card: Card) -> Reason:
    """A defender's trump lead, told from the card: the signals it gives are read."""
    if not k.hand & ~TRUMPS & ~(1 << EXCUSE_ID):
        return Reason("last_trumps", {"card": str(card)})
    if k.masters() >> card & 1 and any(k.petit_danger[s] and k.p_ally(s) >= 0.99
                                       for s in range(k.n) if s != k.seat):
        return Reason("save_partner_petit", {"card": str(card)})
    if not k.led_trump[k.seat] and card not in (PETIT_ID, VINGT_ET_UN):  # a first trump: it is read
        return _trump_signal(k, card)
    if any(k.long_trumps[s] and k.p_ally(s) >= 0.99 for s in range(k.n) if s != k.seat):
        return Reason("return_trumps", {"card": str(card)})
    return Reason("trump_lead", {"card": str(card)})


def _trump_signal(k: Knowledge, card: Card) -> Reason:
    return Reason("trump_lead_promise" if card in TRUMP_PROMISES else "trump_lead_signal", {"card": str(card)})


def _defence_suit_lead(k: Knowledge, card: Card) -> Reason:
    """A defender's suit lead, told from the card."""
    suit = SUIT_OF[card]
    taker = k.taker
    if taker is not None and k.void[taker] >> suit & 1 and k.may_have_trumps(taker):
        return Reason("make_taker_cut", {"suit": suit})  # whatever a partner asked: the taker cuts it
    allies = [s for s in range(k.n) if s != k.seat and k.p_ally(s) >= 0.99]
    if any(k.led_low[s] >> suit & 1 for s in allies):
        return _partner_suit(k, card)
    if KINGS >> card & 1 and k.masters() >> card & 1:
        return Reason("cash_master_king", {"card": str(card)})
    return _low_lead(k, card)


def _partner_suit(k: Knowledge, card: Card) -> Reason:
    """The reason for returning a suit a partner led low: the honour it promises, the king or
    the queen (FFT signals), told as the seat's own cards (held or played) narrow it."""
    suit = SUIT_OF[card]
    hand = k.hand | k.played_by[k.seat]
    king = hand >> suit_card(KING, suit) & 1
    queen = hand >> suit_card(QUEEN, suit) & 1
    code = "lead_to_partner_suit" if king and queen else "lead_to_partner_signal_queen" if king \
        else "lead_to_partner_signal_king" if queen else "lead_to_partner_signal"
    return Reason(code, {"suit": suit})


def _low_lead(k: Knowledge, card: Card) -> Reason:
    """A low lead: a signal of an honour (a suit's first low lead is read: a true signal when the
    signals' rule finds no lie in it), a suit without honours, or the card that costs least."""
    suit = SUIT_OF[card]
    if RANK_OF[card] <= LOW_SIGNAL_RANK and not k.suit_led_count[suit] and not false_signal(k, card):
        return Reason("signal_honour", {"suit": suit})
    held = k.hand & SUIT_MASKS[suit]
    if RANK_OF[card] <= 10 and not any(RANK_OF[c] >= QUEEN for c in cards_of(held)):
        return Reason("lead_no_honour", {"suit": suit})
    return Reason("lead_low", {"card": str(card)})


def _rule_trump_lead(k: Knowledge, card: Card) -> Reason:
    """The defence's last resort in trumps (no suit card to lead)."""
    code = "last_trumps" if not k.hand & ~TRUMPS & ~EXCUSE_BIT else "trump_lead"
    return Reason(code, {"card": str(card)})


def _suit_before_trumps(k: Knowledge, card: Card) -> Reason:
    """The defence's cheapest suit card: rather than a trump, while it holds one."""
    code = "lead_suit_keep_trumps" if k.hand & TRUMPS & ~PETIT_BIT else "lead_low"
    return Reason(code, {"card": str(card)})


def _card_words(code: str) -> LeadWords:
    return lambda k, card: Reason(code, {"card": str(card)})


def _suit_words(code: str) -> LeadWords:
    return lambda k, card: Reason(code, {"suit": SUIT_OF[card]})


# The book's lead rules (tarot.bots.play: ATTACK_LEADS, DEFENCE_LEADS), each in words.
_LEAD_RULES: dict[str, LeadWords] = {
    "draw_for_petit_au_bout": _card_words("draw_for_petit_au_bout"),
    "petit_au_bout": lambda k, card: Reason("petit_au_bout"),
    "cash_master": _cash_master,
    "lead_low": _card_words("lead_low"),
    "hunt_petit": _card_words("hunt_petit"),
    "find_partner": _suit_words("find_partner"),
    "long_suit": _long_suit,
    "last_trumps": _card_words("last_trumps"),
    "draw_trumps": _card_words("draw_trumps"),
    "save_partner_petit": _card_words("save_partner_petit"),
    "lead_to_partner": _partner_suit,
    "cash_master_king": _card_words("cash_master_king"),
    "return_trumps": _card_words("return_trumps"),
    "trump_lead_signal": _trump_signal,
    "signal_honour": _low_lead,
    "lead_no_honour": _low_lead,
    "make_taker_cut": _suit_words("make_taker_cut"),
    "lead_suit": _suit_before_trumps,
    "trump_lead": _rule_trump_lead,
}


__all__ = ["card_reason", "checked", "explain", "raw_explain"]
