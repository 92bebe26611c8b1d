"""The result of a deal: one typed, frozen record that the page, the command line,
the match and the tournament all read, with its ``tarot-deal/1`` JSON form."""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

from .errors import RecordError
from .inputs import quote
from .rules import MISERE_BONUS, MISERE_KINDS, POIGNEE_BONUS, POIGNEE_NAMES, Contract, Rules
from .scoring import CHELEM_BONUS, DealScore, score_deal

if TYPE_CHECKING:
    from .traditional import TokenStep

REDEALS = ("all_passed", "petit_sec")
T = TypeVar("T")


@dataclass(frozen=True)
class Prime:
    """A prime paid to or by one player, never multiplied (a misère; a poignée with
    ``individual_primes``): ``won`` when the player's side won the deal (or, for a
    defender's poignée under ``handful_against_taker``, always)."""

    seat: int
    kind: str  # "misere" or "poignee"
    name: str  # atout / tetes; simple / double / triple
    value: int  # what each other player pays (or is paid)
    won: bool

    def share(self, seat: int, players: int) -> int:
        """What ``seat`` scores from this prime."""
        sign = 1 if self.won else -1
        return sign * self.value * (players - 1) if seat == self.seat else -sign * self.value


@dataclass(frozen=True)
class DealResult:
    """How a deal ended: dealt again (``redeal``), or counted and scored.

    For a counted deal: the attack's card points (``half_points``, in half points) and
    bouts, petit au bout and chelem (``"attack"``/``"defense"``; the chelem outcome),
    the poignées and misères declared, the FFT calculation per defender (``score``),
    the primes paid player by player, and each seat's score.  With
    ``traditional_scoring`` also each seat's tokens, the pots after the deal and the
    payments that made them (``token_steps``, not part of the record).
    """

    rules: Rules
    scores: tuple[int, ...]
    redeal: str | None = None  # "all_passed" or "petit_sec"
    taker: int | None = None
    partner: int | None = None
    contract: Contract | None = None
    half_points: int = 0
    bouts: int = 0
    # The cards the defence and the attack end with (masks); not in the record, so not compared.
    piles: tuple[int, int] = field(default=(0, 0), compare=False)
    petit_au_bout: str | None = None
    chelem: str | None = None
    poignees: tuple[tuple[int, str], ...] = ()
    miseres: tuple[tuple[int, str], ...] = ()
    score: DealScore | None = None  # the calculation; None for a redeal
    primes: tuple[Prime, ...] = ()
    tokens: tuple[int, ...] | None = None
    pots: tuple[int, ...] | None = None  # after the deal
    pots_doubled: tuple[bool, ...] | None = None
    token_steps: tuple[TokenStep, ...] = field(default=(), compare=False)
    petit_sec: tuple[int, ...] = field(default=(), compare=False)  # seats showing a petit sec (not in the record)

    @property
    def points(self) -> int | float:
        """The attack's card points as a player writes them (``40``, ``40.5``)."""
        return self.half_points // 2 if self.half_points % 2 == 0 else self.half_points / 2

    @property
    def card_points(self) -> tuple[int, int]:
        """The half points of the defence and of the attack (they add up to 182)."""
        return 182 - self.half_points, self.half_points

    @property
    def made(self) -> bool:
        return self.score is not None and self.score.made

    @property
    def target(self) -> int:
        return self.score.target if self.score is not None else 0

    @property
    def difference(self) -> int:
        """How far the attack's points are from the target as the cards fell, the half point
        to the side that wins the deal (45.5 against 41 is made by 5; before ``round_to_ten``)."""
        return self.score.unrounded if self.score is not None else 0

    @property
    def match_points(self) -> tuple[int, ...]:
        """What the deal adds to each seat's total in a match: the tokens under traditional
        scoring (where pots and tokens replace the score sheet), else the scores."""
        return self.tokens if self.tokens is not None else self.scores

    @property
    def shares(self) -> tuple[int, int, int]:
        """How many times the value per defender the taker, the partner and each defender score."""
        return self.rules.shares(self.partner is not None)

    def to_json(self) -> dict[str, object]:
        """The record's ``result`` object (``tarot-deal/1``)."""
        out: dict[str, object]
        if self.redeal is not None:
            out = {"redeal": self.redeal}
        else:
            assert self.contract is not None
            out = {
                "taker": self.taker,
                "partner": self.partner,
                "contract": self.contract.code,
                "points": self.points,
                "bouts": self.bouts,
                "target": self.target,
                "made": self.made,
                "petit_au_bout": self.petit_au_bout,
                "chelem": self.chelem,
                "poignees": [{"seat": s, "size": size} for s, size in self.poignees],
            }
            if self.rules.misere:
                out["miseres"] = [{"seat": s, "kind": k} for s, k in self.miseres]
            out["scores"] = list(self.scores)
        if self.tokens is not None and self.pots is not None:
            out["tokens"] = list(self.tokens)
            out["pots"] = list(self.pots)
            if self.pots_doubled and any(self.pots_doubled):
                out["pots_doubled"] = list(self.pots_doubled)
        return out

    @classmethod
    def from_json(cls, data: object, rules: Rules) -> DealResult:
        """The result a record's ``result`` object describes under ``rules``: the inverse of
        :meth:`to_json`.  The count it gives is scored again by the rules, and an object that
        is not exactly what :meth:`to_json` writes for that count (a score or a target that
        does not add up, a key missing or too many) is refused with :class:`RecordError`.
        What the object does not hold, the result does not either: the piles, the calculation
        of the tokens (``token_steps``) and who showed a petit sec."""
        if not isinstance(data, dict):
            raise RecordError(f"a result must be a JSON object, not {quote(data)}", code="result", value=quote(data))
        if "redeal" in data:
            result = cls(rules, (0,) * rules.players, redeal=_one_of(data, "redeal", REDEALS))
        else:
            result = _counted(data, rules)
        result = _with_tokens(result, data, rules)
        _check_written(result.to_json(), data)
        return result


def scored(rules: Rules, taker: int, partner: int | None, contract: Contract, half_points: int, bouts: int, *,
           petit_au_bout: str | None = None, chelem: str | None = None,
           poignees: Sequence[tuple[int, str]] = (), miseres: Sequence[tuple[int, str]] = (),
           piles: tuple[int, int] = (0, 0)) -> DealResult:
    """The result of a counted deal from its count (the attack's half points and bouts, petit
    au bout, chelem, the poignées and misères declared, seat by seat): the FFT score, the
    primes paid player by player and each seat's score; no tokens yet.  ``ValueError`` for a
    count the formula refuses."""
    attack = 1 << taker | (0 if partner is None else 1 << partner)
    n = rules.players
    # The primes: by side into the score, or player by player (misères; poignées too
    # with individual_primes).  Which side a poignée counts for is the rules' question.
    made_if = False  # whether the contract is made, before the primes (asked only when a prime needs it)
    if miseres or (rules.individual_primes and poignees):
        made_if = score_deal(rules, contract, half_points, bouts, petit_au_bout=petit_au_bout, chelem=chelem).made
    primes: list[Prime] = []
    side_poignees: list[str] = []
    defence_poignees: list[str] = []
    for seat, size in poignees:
        in_attack = bool((attack >> seat) & 1)
        if rules.individual_primes:
            for_attack = rules.poignee_for_attack(in_attack, made_if)
            primes.append(Prime(seat, "poignee", size, POIGNEE_BONUS[size], for_attack == in_attack))
        elif in_attack:
            side_poignees.append(size)
        else:
            defence_poignees.append(size)
    for seat, kind in miseres:
        primes.append(Prime(seat, "misere", kind, MISERE_BONUS, made_if == bool((attack >> seat) & 1)))

    alone = rules.plays_alone(contract, partner)
    score = score_deal(rules, contract, half_points, bouts, petit_au_bout=petit_au_bout, poignees=side_poignees,
                       defence_poignees=defence_poignees, chelem=chelem, alone=alone)
    scores = []
    for s in range(n):
        if s == taker:
            own = score.taker
        elif s == partner:
            own = score.partner or 0
        else:
            own = score.defender
        scores.append(own + sum(p.share(s, n) for p in primes))
    return DealResult(
        rules=rules, scores=tuple(scores), taker=taker, partner=partner, contract=contract,
        half_points=half_points, bouts=bouts, piles=piles, petit_au_bout=petit_au_bout, chelem=chelem,
        poignees=tuple(poignees), miseres=tuple(miseres), score=score, primes=tuple(primes),
    )


def _counted(data: dict[str, object], rules: Rules) -> DealResult:
    """The counted deal that ``data`` describes, scored by the rules."""
    contract = _one_of(data, "contract", tuple(Contract), lambda c: c.code)
    taker = _seat(data, "taker", rules)
    partner = None if data.get("partner") is None else _seat(data, "partner", rules)
    if partner is not None and (partner == taker or not rules.calls_partner(contract)):
        raise RecordError(f"seat {partner} cannot be the taker's partner in this {contract.code}", code="partner",
                          seat=partner, contract=contract.code)
    points = data.get("points")
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not 0 <= points <= 91 \
            or (2 * points) % 1:
        raise RecordError(f"points must be from 0 to 91, in half points, not {quote(points)}", code="points",
                          value=quote(points))
    bouts = _one_of(data, "bouts", (0, 1, 2, 3))
    try:
        return scored(rules, taker, partner, contract, round(2 * points), bouts,
                      petit_au_bout=_one_of(data, "petit_au_bout", (None, "attack", "defense")),
                      chelem=_one_of(data, "chelem", tuple(CHELEM_BONUS)),
                      poignees=_declared(data, "poignees", "size", POIGNEE_NAMES, rules),
                      miseres=_declared(data, "miseres", "kind", MISERE_KINDS, rules) if "miseres" in data else ())
    except ValueError as e:
        if isinstance(e, RecordError):
            raise
        raise RecordError(str(e), cause=e) from None


def _seat(data: dict[str, object], key: str, rules: Rules) -> int:
    seat = data.get(key)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise RecordError(f"{key} must be a seat from 0 to {rules.players - 1}, not {quote(seat)}", code="seat",
                          key=key, last=rules.players - 1, value=quote(seat))
    return seat


def _one_of(data: dict[str, object], key: str, choices: tuple[T, ...],
            written: Callable[[T], object] = lambda c: c) -> T:
    """The choice that ``data[key]`` writes (``1`` is not ``true``)."""
    value = data.get(key)
    for choice in choices:
        if type(value) is type(written(choice)) and value == written(choice):
            return choice
    names = ", ".join(json.dumps(written(c)) for c in choices)
    raise RecordError(f"{key} must be one of {names}, not {quote(value)}", code="one_of", key=key, choices=names,
                      value=quote(value))


def _declared(data: dict[str, object], key: str, name: str, choices: tuple[str, ...],
              rules: Rules) -> tuple[tuple[int, str], ...]:
    """The poignées or misères declared: ``[{"seat": 2, "size": "simple"}, ...]``."""
    entries = data.get(key)
    if not isinstance(entries, list):
        raise RecordError(f"{key} must be a list, not {quote(entries)}", code="list", key=key, value=quote(entries))
    out = []
    for entry in entries:
        if not isinstance(entry, dict) or set(entry) != {"seat", name}:
            raise RecordError(f"each of {key} must be {{\"seat\": …, \"{name}\": …}}, not {quote(entry)}",
                              code="entry", key=key, name=name, value=quote(entry))
        out.append((_seat(entry, "seat", rules), _one_of(entry, name, choices)))
    return tuple(out)


def _with_tokens(result: DealResult, data: dict[str, object], rules: Rules) -> DealResult:
    """``result`` with the tokens and pots ``data`` holds: always with ``traditional_scoring``,
    never without."""
    if not rules.traditional_scoring:
        return result  # tokens written anyway are refused as a key too many
    tokens, pots, doubled = data.get("tokens"), data.get("pots"), data.get("pots_doubled", [])
    if not isinstance(tokens, list) or len(tokens) != rules.players or not all(type(x) is int for x in tokens):
        raise RecordError(f"tokens must be a list of {rules.players} whole numbers, not {quote(tokens)}",
                          code="tokens", players=rules.players, value=quote(tokens))
    if not isinstance(pots, list) or not all(type(p) is int and p >= 0 for p in pots):
        raise RecordError(f"pots must be a list of token counts, not {quote(pots)}", code="pots", value=quote(pots))
    if not isinstance(doubled, list) or len(doubled) > len(pots) or not all(type(d) is bool for d in doubled):
        raise RecordError("pots_doubled must be a list of true or false, one per pot", code="pots_doubled")
    doubled = doubled + [False] * (len(pots) - len(doubled))
    return replace(result, tokens=tuple(tokens), pots=tuple(pots), pots_doubled=tuple(doubled))


def _check_written(written: dict[str, object], data: dict[str, object]) -> None:
    """Refuse ``data`` unless it is ``written``, key for key and value for value."""
    for key in [*written, *(k for k in data if k not in written)]:
        if key not in data:
            raise RecordError(f"the result has no {key}", code="result_missing", key=key)
        if key not in written:
            raise RecordError(f"the result cannot have {quote(key)} here", code="result_extra", key=quote(key))
        if not _same(data[key], written[key]):
            raise RecordError(f"the result's {key} is {quote(data[key])}, but its count gives {quote(written[key])}",
                              code="result_mismatch", key=key, value=quote(data[key]), expected=quote(written[key]))


def _same(a: object, b: object) -> bool:
    """The same JSON value, of the same JSON type (``1`` is not ``true``, nor ``1.0``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b
