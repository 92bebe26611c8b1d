"""The actions a seat can take, and their form in a ``tarot-deal/1`` record.

Actions carry no seat: the deal knows whose turn it is.  They are immutable and
compare by value, so ``action in deal.legal_actions()`` says whether a decision of
one part is allowed, in every phase: ``legal_actions()`` lists every bid, call
(and ``NO_CALL`` where the call is optional), chelem answer, card and misère the
seat to act may choose.  A decision made of several cards has too many forms to
list: for an :class:`Ecart`, a :class:`Poignee` of each size the seat may show
and a :class:`Purchase`, the list holds one legal form, the engine's default;
``Deal.why_not`` judges any other whole, and ``Deal.why_not_discard``,
``why_not_show``, ``why_not_buy`` and ``why_not_give`` one card of it as it is chosen.
"""
from __future__ import annotations

from typing import Any, NamedTuple, Union

from .cards import CARDS, Card, parse_card, parse_cards, sort_for_hand
from .inputs import Invalid, quote
from .rules import MISERE_KINDS, Contract


def _same(self: object, other: object) -> bool:
    """Equal: the same kind of action with the same values (as tuples, ``Call(c)``,
    ``Play(c)`` and ``Chelem(True)`` would otherwise be equal to each other or to a bid)."""
    return type(other) is type(self) and isinstance(self, tuple) and tuple.__eq__(self, other) is True


def _other(self: object, other: object) -> bool:
    return not _same(self, other)


def _hash(self: tuple[Any, ...]) -> int:
    return hash((type(self).__name__, *self))


class Bid(NamedTuple):
    """A bid: a contract, or ``None`` to pass."""

    contract: Contract | None

    @property
    def code(self) -> str:
        return "pass" if self.contract is None else self.contract.code


class Call(NamedTuple):
    """The taker calls a card (a king, or a queen… when allowed) whose holder is his
    partner; ``Call(None)`` goes on without a partner where the call is optional
    (4 players, ``prise_partner``: not written in records, a record without a call
    there goes on without one)."""

    card: Card | None


class Ecart(NamedTuple):
    """The taker's discard after taking the chien (prise and garde)."""

    cards: tuple[Card, ...]


class Chelem(NamedTuple):
    """The taker announces a chelem (``announce=True``) or goes on without one."""

    announce: bool = True


class Poignee(NamedTuple):
    """A poignée: the trumps shown (the Excuse may stand for one when allowed)."""

    cards: tuple[Card, ...]


class Purchase(NamedTuple):
    """Optional rule ``purchase``: after a prise and his écart, the taker asks for a suit
    card he does not hold (``card``) and gives one of his (``give``) to its holder."""

    card: Card
    give: Card


class Misere(NamedTuple):
    """Optional rule: a misère declared, ``atout`` (no trump) or ``tetes`` (no face card)."""

    kind: str


class Play(NamedTuple):
    """Playing a card to the trick."""

    card: Card


for _kind in (Bid, Call, Ecart, Chelem, Poignee, Purchase, Misere, Play):  # compared by kind and values
    _kind.__eq__ = _same  # type: ignore[method-assign]
    _kind.__ne__ = _other  # type: ignore[method-assign]
    _kind.__hash__ = _hash  # type: ignore[method-assign]

Action = Union[Bid, Call, Ecart, Chelem, Poignee, Misere, Purchase, Play]

PASS = Bid(None)
BIDS = {"pass": PASS, **{c.code: Bid(c) for c in Contract}}
PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
ANNOUNCE_CHELEM = Chelem(True)
NO_CHELEM = Chelem(False)
NO_CALL = Call(None)


def action_to_json(seat: int, action: Action) -> dict[str, Any]:
    """The record form of ``action`` taken by ``seat``."""
    if isinstance(action, Play):
        return {"seat": seat, "type": "play", "card": str(action.card)}
    if isinstance(action, Bid):
        return {"seat": seat, "type": "bid", "bid": action.code}
    if isinstance(action, Call):
        return {"seat": seat, "type": "call", "card": str(action.card)}
    if isinstance(action, Purchase):
        return {"seat": seat, "type": "purchase", "card": str(action.card), "give": str(action.give)}
    if isinstance(action, Ecart):
        return {"seat": seat, "type": "ecart", "cards": [str(c) for c in action.cards]}
    if isinstance(action, Chelem):
        if action.announce:
            return {"seat": seat, "type": "chelem"}
        return {"seat": seat, "type": "chelem", "announce": False}
    if isinstance(action, Poignee):
        return {"seat": seat, "type": "declare", "kind": "poignee",
                "cards": [str(c) for c in sort_for_hand(action.cards)]}
    if isinstance(action, Misere):
        return {"seat": seat, "type": "declare", "kind": "misere", "misere": action.kind}
    raise TypeError(f"not an action: {quote(action)}")


def seatless_json(action: Action) -> dict[str, Any]:
    """The record form of ``action`` without its seat (the analysis's notation of an action)."""
    entry = action_to_json(0, action)
    entry.pop("seat", None)
    return entry


def action_from_json(obj: object) -> tuple[int, Action]:
    """``(seat, action)`` from a record entry; ``ValueError`` says what is wrong."""
    if not isinstance(obj, dict):
        raise Invalid("an action must be an object", "action")
    seat = obj.get("seat")
    if type(seat) is not int:
        raise Invalid("an action needs an integer 'seat'", "action_seat")
    kind = obj.get("type")
    if kind == "play":
        return seat, PLAYS[_card_field(obj, "card")]
    if kind == "bid":
        if "bid" not in obj:
            raise Invalid("a bid action needs a 'bid'", "action_field", kind=quote("bid"), name="bid")
        bid = obj.get("bid")
        if not isinstance(bid, str) or bid not in BIDS:
            raise Invalid(f"not a bid: {quote(bid)}", "bid", value=quote(bid))
        return seat, BIDS[bid]
    if kind == "call":
        return seat, Call(_card_field(obj, "card"))
    if kind == "ecart":
        return seat, Ecart(tuple(parse_cards(_card_list(obj))))
    if kind == "chelem":
        announce = obj.get("announce", True)
        if not isinstance(announce, bool):
            raise Invalid(f"'announce' must be true or false, not {quote(announce)}", "announce", value=quote(announce))
        return seat, ANNOUNCE_CHELEM if announce else NO_CHELEM
    if kind == "purchase":
        return seat, Purchase(_card_field(obj, "card"), _card_field(obj, "give"))
    if kind == "declare":
        what = obj.get("kind")
        if what == "poignee":
            return seat, Poignee(tuple(parse_cards(_card_list(obj))))
        if what == "misere":
            which = obj.get("misere")
            if which not in MISERE_KINDS:
                raise Invalid(f"not a misère: {quote(which)} (atout or tetes)", "misere", value=quote(which))
            return seat, Misere(which)
        raise Invalid(f"not a declaration: {quote(what)}", "declaration", value=quote(what))
    raise Invalid(f"not an action type: {quote(kind)}", "action_type", value=quote(kind))


def _card_field(obj: dict[str, Any], name: str) -> Card:
    if name not in obj:
        raise Invalid(f"a {obj.get('type')} action needs a '{name}'", "action_field", kind=quote(obj.get("type")),
                      name=name)
    return parse_card(obj[name])


def _card_list(obj: dict[str, Any]) -> list[Any]:
    cards = obj.get("cards")
    if not isinstance(cards, list):
        raise Invalid("'cards' must be a list", "cards_list")
    return cards
