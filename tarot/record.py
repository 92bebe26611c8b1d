"""``tarot-deal/1`` records: a deal as JSON, at any point, and back.

A record holds the rules, the dealer, the hands and chien as dealt, and every
decision in order.  Loading replays each action through the engine, so a record
that breaks a rule is refused with the action's index and the rule's reason
(:meth:`tarot.state.Deal.from_record`; the deal at any action, and each decision in turn:
:mod:`tarot.replay`).  This module reads and writes the format; it needs no deal to exist.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from .actions import NO_CALL, NO_CHELEM, Action, Call, Misere, Play, Poignee, action_from_json, action_to_json
from .cards import N_CARDS, Card, parse_cards
from .errors import IllegalAction, RecordError
from .inputs import quote
from .phase import Phase
from .result import DealResult
from .rules import MISERE_KINDS, Rules

if TYPE_CHECKING:
    from .state import Deal

FORMAT = "tarot-deal/1"


class Dealt(NamedTuple):
    """What a record deals, as :class:`tarot.state.Deal` takes it: the rules, the dealer, the
    hands and chien, the pots carried over (``traditional_scoring``)."""

    rules: Rules
    dealer: int
    hands: list[list[Card]]
    chien: list[Card]
    pots: tuple[int, ...]
    pots_doubled: tuple[bool, ...]


def to_record(deal: Deal) -> dict[str, object]:
    """The record of ``deal`` so far (with its ``result`` once it is over).  A declined
    chelem is written (``"announce": false``); a declined optional call is not."""
    actions = [action_to_json(seat, a) for seat, a in deal.history
               if not (type(a) is Call and a.card is None)]
    record = {
        "format": FORMAT,
        "rules": deal.rules.to_json(),
        "dealer": deal.dealer,
        "hands": [[str(c) for c in hand] for hand in deal.dealt_hands],
        "chien": [str(c) for c in deal.dealt_chien],
        "actions": actions,
    }
    if deal.pots:
        record["pots"] = list(deal.pots)
        if any(deal.pots_doubled):
            record["pots_doubled"] = list(deal.pots_doubled)
    if deal.result is not None:
        record["result"] = deal.result.to_json()
    return record


def recorded_result(record: object) -> DealResult:
    """The result a finished record writes, read from its ``rules`` and ``result`` (not
    replayed: :meth:`DealResult.from_json` scores its count again); :class:`RecordError`
    if it has none or it does not add up."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object", code="not_object")
    rules = _rules(record)
    if "result" not in record:
        raise RecordError("the record has no result: its deal is not over", code="no_result")
    return DealResult.from_json(record["result"], rules)


def _misere_named(deal: Deal, entry: object) -> object:
    """``entry``, naming its misère when it declares one without saying which: the
    first the seat may declare now (``atout``, then ``tetes``), else ``atout``, whose
    refusal then says why."""
    if not (isinstance(entry, dict) and entry.get("type") == "declare" and entry.get("kind") == "misere"
            and "misere" not in entry and type(entry.get("seat")) is int):
        return entry
    seat = entry["seat"]
    kind = next((k for k in MISERE_KINDS if deal.why_not(Misere(k), seat) is None), MISERE_KINDS[0])
    return {**entry, "misere": kind}


def _pots(record: dict[str, object], rules: Rules) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    pots, doubled = record.get("pots", []), record.get("pots_doubled", [])
    if not isinstance(pots, list) or not all(type(p) is int and p >= 0 for p in pots):
        raise RecordError(f"pots must be a list of token counts, not {quote(pots)}", code="pots", value=quote(pots))
    if not isinstance(doubled, list) or len(doubled) > len(pots) \
            or not all(isinstance(d, bool) for d in doubled):
        raise RecordError("pots_doubled must be a list of true or false, one per pot", code="pots_doubled")
    if pots and not rules.traditional_scoring:
        raise RecordError("pots are for the traditional_scoring rule option", code="pots_option",
                          option="traditional_scoring")
    return tuple(pots), tuple(doubled)


def read_dealt(record: object) -> tuple[Dealt, list[object]]:
    """What a record deals (no action taken yet) and its actions, as written;
    :class:`RecordError` if it is not valid."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object", code="not_object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {quote(record.get('format'))}", code="format",
                          value=quote(record.get("format")))
    rules = _rules(record)
    dealer = record.get("dealer")
    if type(dealer) is not int or not 0 <= dealer < rules.players:
        raise RecordError(f"dealer must be a seat from 0 to {rules.players - 1}", code="dealer", last=rules.players - 1)
    hands, chien = _cards(record, rules)
    pots, doubled = _pots(record, rules)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions must be a list", code="actions")
    return Dealt(rules, dealer, hands, chien, pots, doubled), actions


def _rules(record: dict[str, object]) -> Rules:
    try:
        return Rules.from_json(record.get("rules"))
    except (TypeError, ValueError) as e:
        raise RecordError(f"bad rules: {e}", cause=e) from None


def _cards(record: dict[str, object], rules: Rules) -> tuple[list[list[Card]], list[Card]]:
    """The hands and the chien as dealt: each the right size, every card once."""
    hands_json = record.get("hands")
    if not isinstance(hands_json, list) or len(hands_json) != rules.players:
        raise RecordError(f"hands must be a list of {rules.players} hands", code="hands", players=rules.players)
    try:
        hands = []
        for i, h in enumerate(hands_json):
            if not isinstance(h, list) or len(h) != rules.hand_size:
                raise RecordError(f"hand {i} must have {rules.hand_size} cards", code="hand_size", n=i + 1,
                                  size=rules.hand_size)
            hands.append(parse_cards(h))
        chien_json = record.get("chien")
        if not isinstance(chien_json, list) or len(chien_json) != rules.chien_size:
            raise RecordError(f"the chien must have {rules.chien_size} cards", code="chien_size", size=rules.chien_size)
        chien = parse_cards(chien_json)
    except ValueError as e:
        if isinstance(e, RecordError):
            raise
        raise RecordError(str(e), cause=e) from None
    _check_each_card_once(sorted(c for h in hands + [chien] for c in h))
    return hands, chien


def _check_each_card_once(every: list[Card]) -> None:
    """:class:`RecordError` naming a card dealt twice, or saying that cards are missing."""
    if every == list(range(N_CARDS)):
        return
    seen, twice = set(), None
    for c in every:
        if c in seen:
            twice = c
            break
        seen.add(c)
    if twice is not None:
        raise RecordError(f"card dealt twice: {twice}", code="card_twice", card=twice)
    raise RecordError("cards are missing", code="cards_missing")


def replay(deal: Deal, actions: list[object],
            before: Callable[[int], None] | None = None) -> Iterator[tuple[int, int, Action]]:
    """Apply ``actions`` to ``deal`` in turn, yielding each just before it is applied;
    ``before(index)`` is called as the deal stands after the actions before it."""
    for index, entry in enumerate(actions):
        if before is not None:
            before(index)
        try:
            seat, action = action_from_json(_misere_named(deal, entry))
        except ValueError as e:
            raise RecordError(str(e), index, cause=e) from None
        if deal.phase is Phase.CHELEM and isinstance(action, (Play, Poignee, Misere)):
            deal.apply(NO_CHELEM)  # a chelem declined need not be written down
        if deal.phase is Phase.CALLING and not isinstance(action, Call) and deal.can(NO_CALL):
            deal.apply(NO_CALL)  # nor an optional call declined
        yield index, seat, action
        try:
            deal.apply(action, seat=seat)
        except IllegalAction as e:
            raise RecordError(str(e), index, e) from None
