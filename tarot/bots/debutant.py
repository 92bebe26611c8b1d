"""The Débutant bot: legal and simple, for a first game.

It bids on the count of its trumps and bouts, calls the first king it lacks (where the
call is optional, only while that count stays below its threshold for playing alone),
discards its lowest cards, shows every poignée, and plays the way a beginner is
taught: win a trick when it can (with the lowest card that does), otherwise play
its smallest card; lead its kings, then its smallest card.  It knows one more
rule: the Excuse is played before the last trick.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..actions import NO_CALL, Action, Bid, Call, Chelem, Ecart, Misere, Poignee, PASS, PLAYS
from ..cards import (BOUTS, EXCUSE_BIT, EXCUSE_ID, HALF_POINTS, KINGS, SUIT_OF, TRUMP, TRUMPS, cards_of,
                     Card, count, mask_of)
from ..bot import Decision, Reason
from ..rng import Rng
from ..rules import Contract, ECARTABLE, ecart_trumps_needed, strength_table
from ..view import SeatView
from .evaluation import alone_threshold, hand_count
from .purchase import choose_purchase
from .reasons import checked, explain

# Trumps + 2 per bout needed to take (prise) and to guard (garde), per player count.
_TAKE = {3: (9, 12), 4: (8, 11), 5: (7, 10)}
_PURCHASE_COUNT = 3  # what a purchase adds to that count, when deciding to call a partner


def goes_alone(view: SeatView, hand: int) -> bool:
    """Where the call is optional, the Débutant goes on without a partner when its count
    reaches :func:`~tarot.bots.evaluation.alone_threshold` of its own garde."""
    contract = view.contract
    if contract is None or not view.rules.call_optional(contract):
        return False
    garde = _TAKE[view.rules.players][1]
    purchase = view.rules.purchases(contract, called=False)
    return hand_count(hand) >= alone_threshold(garde, purchase, _PURCHASE_COUNT)


class DebutantBot:
    level = "debutant"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: SeatView) -> Action:
        return _choice(view)[0]

    def decide(self, view: SeatView) -> Decision:
        action, code = _choice(view)
        return Decision(action, checked(view, action, _reason(view, action, code)))


def _choice(view: SeatView) -> tuple[Action, str]:
    """The Débutant's action and its reason's code."""
    phase = view.phase
    hand = mask_of(view.hand)
    if phase == "bidding":
        score = hand_count(hand)
        prise, garde = _TAKE[view.rules.players]
        contract = Contract.GARDE if score >= garde else Contract.PRISE if score >= prise else None
        bid = Bid(contract)
        return (bid, "debutant_bid") if contract is not None and bid in view.legal else (PASS, "debutant_pass")
    if phase == "calling":
        return _call(view, hand)
    if phase == "purchase":
        return choose_purchase(hand, mask_of(view.ecart)), "purchase"
    if phase == "ecart":
        return Ecart(tuple(_lowest_ecart(hand, view.rules.chien_size))), "debutant_ecart"
    if phase == "chelem":
        return Chelem(False), "no_chelem"
    for action in view.legal:
        if isinstance(action, (Misere, Poignee)):
            return action, "misere" if isinstance(action, Misere) else "debutant_poignee"
    card, code = _card(view, hand, view.legal_cards)
    return PLAYS[card], code


def _call(view: SeatView, hand: int) -> tuple[Action, str]:
    if goes_alone(view, hand):
        return NO_CALL, "debutant_alone"
    calls = [a for a in view.legal if isinstance(a, Call) and a.card is not None and not hand >> a.card & 1]
    return (calls[0], "debutant_call") if calls else (view.legal[0], "call_alone")


def _reason(view: SeatView, action: Action, code: str) -> Reason:
    """The words of the Débutant's reason ``code`` for ``action``: its count of trumps and
    bouts for a bid, the card for a card or a call."""
    hand = mask_of(view.hand)
    if code in ("debutant_bid", "debutant_pass", "debutant_alone"):
        prise, garde = _TAKE[view.rules.players]
        params: dict[str, object] = {"points": hand_count(hand), "threshold": prise}
        if isinstance(action, Bid) and action.contract is not None:
            params.update(contract=action.contract.code, threshold=garde if action.contract is Contract.GARDE else prise)
        elif code == "debutant_alone":
            contract = view.contract
            purchase = contract is not None and view.rules.purchases(contract, called=False)
            params["threshold"] = alone_threshold(garde, purchase, _PURCHASE_COUNT)
        return Reason(code, params)
    if code == "purchase":
        return explain(view, action)
    card = getattr(action, "card", None)
    return Reason(code, {} if card is None else {"card": str(card)})


def _lowest_ecart(hand: int, size: int) -> list[Card]:
    need = ecart_trumps_needed(hand, size)
    suit = sorted(cards_of(hand & ECARTABLE), key=lambda c: (HALF_POINTS[c], c))
    return suit[: size - need] + cards_of(hand & TRUMPS & ~BOUTS)[:need]


def _card(view: SeatView, hand: int, legal: int) -> tuple[int, str]:
    """The Débutant's card and its reason's code."""
    cards = cards_of(legal)
    if len(cards) == 1:
        return cards[0], "only_card"
    if legal & EXCUSE_BIT and count(hand) == 2:
        return EXCUSE_ID, "excuse_before_last"
    options = [c for c in cards if c != EXCUSE_ID] or cards
    strength = strength_table(view.rules)
    if not view.trick:
        kings = [c for c in options if KINGS >> c & 1]
        if kings:
            return kings[0], "debutant_lead_king"
        return min(options, key=lambda c: (SUIT_OF[c] == TRUMP, strength[c])), "lead_low"
    return _follow(view.trick, options, strength)


def _follow(trick: Sequence[Card], options: Sequence[int], strength: Sequence[int]) -> tuple[int, str]:
    """To a trick led: win it with the lowest card that does, else play the smallest card."""
    led = next((SUIT_OF[c] for c in trick if c != EXCUSE_ID), -1)
    best = -2
    for c in trick:
        if c == EXCUSE_ID:
            continue
        st = strength[c] if SUIT_OF[c] in (led, TRUMP) else -1
        best = max(best, st)
    winners = [c for c in options if (SUIT_OF[c] in (led, TRUMP) or led < 0) and strength[c] > best]
    if winners:
        return min(winners, key=lambda c: strength[c]), "win_for_now"
    return min(options, key=lambda c: (HALF_POINTS[c], strength[c])), "debutant_low"
