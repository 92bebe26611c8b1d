"""``tarot-deal/1`` records: a deal as JSON, at any point, and back.

A record holds the rules, the dealer, the hands and chien as dealt, and every
decision in order.  Loading replays each action through the engine, so a record
that breaks a rule is refused with the action's index and the rule's reason.
"""
from __future__ import annotations

from .actions import NO_CHELEM, Chelem, action_from_json, action_to_json
from .cards import N_CARDS, parse_cards
from .errors import IllegalAction, RecordError
from .rules import Rules

FORMAT = "tarot-deal/1"


def to_record(deal) -> dict:
    actions = [action_to_json(seat, a) for seat, a in deal.history
               if not (isinstance(a, Chelem) and not a.announce)]
    record = {
        "format": FORMAT,
        "rules": deal.rules.to_json(),
        "dealer": deal.dealer,
        "hands": [[str(c) for c in hand] for hand in deal.dealt_hands],
        "chien": [str(c) for c in deal.dealt_chien],
        "actions": actions,
    }
    if deal.result is not None:
        record["result"] = deal.result
    return record


def from_record(record: object):
    """The deal after the record's last action; :class:`RecordError` if it is not valid."""
    from .state import Deal, Phase

    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}")
    try:
        rules = Rules.from_json(record.get("rules"))
    except (TypeError, ValueError) as e:
        raise RecordError(f"bad rules: {e}") from None
    dealer = record.get("dealer")
    if type(dealer) is not int or not 0 <= dealer < rules.players:
        raise RecordError(f"dealer must be a seat from 0 to {rules.players - 1}")
    hands_json = record.get("hands")
    if not isinstance(hands_json, list) or len(hands_json) != rules.players:
        raise RecordError(f"hands must be a list of {rules.players} hands")
    try:
        hands = []
        for i, h in enumerate(hands_json):
            if not isinstance(h, list) or len(h) != rules.hand_size:
                raise RecordError(f"hand {i} must have {rules.hand_size} cards")
            hands.append(parse_cards(h))
        if not isinstance(record.get("chien"), list) or len(record["chien"]) != rules.chien_size:
            raise RecordError(f"the chien must have {rules.chien_size} cards")
        chien = parse_cards(record["chien"])
    except ValueError as e:
        if isinstance(e, RecordError):
            raise
        raise RecordError(str(e)) from None
    every = sorted(c for h in hands + [chien] for c in h)
    if every != list(range(N_CARDS)):
        seen, twice = set(), None
        for c in every:
            if c in seen:
                twice = c
                break
            seen.add(c)
        raise RecordError(f"card dealt twice: {twice}" if twice is not None else "cards are missing")
    deal = Deal(rules, dealer, hands, chien)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions must be a list")
    for index, entry in enumerate(actions):
        try:
            seat, action = action_from_json(entry)
        except ValueError as e:
            raise RecordError(str(e), index) from None
        if deal.phase is Phase.CHELEM and not isinstance(action, Chelem):
            deal.apply(NO_CHELEM)  # a chelem not announced is not written down
        try:
            deal.apply(action, seat=seat)
        except IllegalAction as e:
            raise RecordError(str(e), index, e) from None
    return deal
