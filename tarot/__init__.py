"""French Tarot for 3, 4 and 5 players by the FFT rules: the rules engine.

Vocabulary: a :class:`Deal` (one deal, a state machine of :class:`Phase`),
actions (:class:`Bid`, :class:`Call`, :class:`Ecart`, :class:`Chelem`,
:class:`Poignee`, :class:`Misere`, :class:`Play`), cards (:class:`Card`, parsed
with :func:`parse_card`), :class:`Rules` and :class:`Contract`; refused actions
raise :class:`IllegalAction` with a reason code.
"""
from .actions import Action, Bid, Call, Chelem, Ecart, Misere, Play, Poignee
from .cards import CARDS, EXCUSE, PETIT, VINGT_ET_UN, Card, parse_card, parse_cards
from .errors import IllegalAction, RecordError
from .match import Match, deal_seed, play_out
from .rules import Contract, Rules
from .state import Deal, Phase, Trick
from .view import SeatView

__all__ = [
    "Action", "Bid", "CARDS", "Call", "Card", "Chelem", "Contract", "Deal", "EXCUSE", "Ecart",
    "IllegalAction", "Match", "Misere", "PETIT", "Phase", "Play", "Poignee", "RecordError", "Rules",
    "SeatView", "Trick", "VINGT_ET_UN", "deal_seed", "parse_card", "parse_cards", "play_out",
]
