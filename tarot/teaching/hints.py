"""Hints and reasons: what a seat should do, and why, in one sentence.

:func:`hint` asks a recommender bot (the Standard bot by default) for its decision
(:class:`~tarot.bot.Decision`): the action and the reason the bot chose it, a
:class:`Reason`: a stable code with parameters (the words are the catalogues'
``reason_CODE``, :mod:`tarot.words`, written out by :mod:`tarot.i18n`).
:func:`explain` says why any action makes sense from one seat's view
(:class:`~tarot.view.SeatView`), for an action no bot chose (a move of a record).
Only the seat's own view is read, so a reason never tells a hidden card.

>>> from tarot import Deal, Rules
>>> deal = Deal.new(Rules(players=4), dealer=0, seed=2024)
>>> action, reason = hint(deal.view(1))
>>> type(action).__name__, reason.code
('Bid', 'bid_points')
>>> "points on our scale" in reason.explain("en")
True
"""
from __future__ import annotations

from collections.abc import Callable

from ..actions import Action
from ..bot import Bot, Decision, Reason
from ..bots import make_bot
from ..view import SeatView

Recommender = Callable[[SeatView], Decision]


def standard_recommender(seed: int = 0) -> Recommender:
    """The Standard bot's decision (the hints' default recommender)."""
    bot: Bot = make_bot("standard", seed)
    return bot.decide


def hint(view: SeatView, recommender: Recommender | None = None) -> tuple[Action, Reason]:
    """The recommended action for the seat of ``view`` (which must be to act) and the reason
    the recommender gives for it."""
    if not view.legal:
        raise ValueError("this seat is not to act")
    decide = recommender or standard_recommender()
    decision = decide(view)
    return decision.action, decision.reason


def explain(view: SeatView, action: Action) -> Reason:
    """Why ``action`` makes sense for the seat of ``view`` (:func:`tarot.bots.reasons.explain`,
    whose modules are imported when first asked)."""
    from ..bots.reasons import explain as reason_of

    return reason_of(view, action)


# Every reason's code, in the order of the catalogues (its words: the key "reason_" + code).
REASON_CODES = (
    "only_card", "excuse_before_last", "excuse_save", "excuse_keeps", "excuse_lead", "excuse_anytime",
    "follow_low_taker_wins", "follow_low_lost", "follow_low_unsure", "load_partner_trick", "load_partner_likely",
    "save_petit", "petit_to_partner", "low_on_partner_trick", "low_partner_leads", "win_cheaply", "win_for_now",
    "trump_to_win", "trump_void", "undertrump_forced", "petit_au_bout", "petit_risk", "hunt_petit", "draw_trumps",
    "draw_for_petit_au_bout", "find_partner", "cash_master_king", "cash_master", "cash_master_suit", "long_suit", "long_suit_low",
    "lead_to_partner_signal", "lead_to_partner_signal_queen", "lead_to_partner_signal_king", "lead_to_partner_suit",
    "signal_honour", "make_taker_cut", "lead_no_honour", "trump_lead_signal", "trump_lead_promise", "return_trumps",
    "trump_lead", "signal_petit_danger", "save_partner_petit", "lead_low", "last_trumps", "bid_points", "pass_weak",
    "pass_outbid", "call_king", "call_alone", "call_partner", "no_call", "no_call_purchase", "no_call_stake",
    "ecart_voids", "ecart_points", "ecart_hidden", "ecart_trumps_forced", "purchase_king", "purchase_card",
    "chelem_sure", "no_chelem", "poignee_attack", "poignee_defence", "misere", "by_the_book", "search_best",
    "only_clean", "king_safe", "random_choice", "debutant_bid", "debutant_pass", "debutant_alone", "debutant_call",
    "debutant_ecart", "debutant_lead_king", "debutant_low", "debutant_poignee", "lead_suit_keep_trumps", "no_rule",
    # The flaws of a card (tarot.bots.clean.FLAWS) that the graded analysis names.
    "overtrump_partner", "dearer_winner", "honour_to_taker", "points_to_opponents", "idle_trump_lead", "excuse_kept",
    "petit_given", "false_signal",
)

__all__ = ["Decision", "Reason", "Recommender", "REASON_CODES", "explain", "hint", "standard_recommender"]
