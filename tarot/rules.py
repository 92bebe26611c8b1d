"""The rules in force for a deal: player count, contracts and the optional variants.

The default is the official FFT rules; each option is off unless set.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from enum import IntEnum
from functools import lru_cache

from .cards import EXCUSE_ID, FIRST_TRUMP, KINGS, RANK_OF, SUIT_MASKS, SUIT_OF, count
from .inputs import Invalid, quote


class Contract(IntEnum):
    """The contracts, in bidding order; the value is the coefficient's rank."""

    PRISE = 1
    GARDE = 2
    GARDE_SANS = 3
    GARDE_CONTRE = 4

    @property
    def code(self) -> str:
        """The record name: ``prise``, ``garde``, ``garde_sans``, ``garde_contre``."""
        return self.name.lower()

    @property
    def multiplier(self) -> int:
        return MULTIPLIERS[self]

    @property
    def chien_shown(self) -> bool:
        """Prise and garde: the chien is shown and taken; the taker makes an écart."""
        return self <= Contract.GARDE

    @classmethod
    def from_code(cls, code: str) -> "Contract":
        for c in cls:
            if c.code == code:
                return c
        raise Invalid(f"not a contract: {quote(code)}", "contract", value=quote(code))


MULTIPLIERS = {Contract.PRISE: 1, Contract.GARDE: 2, Contract.GARDE_SANS: 4, Contract.GARDE_CONTRE: 6}

# Target for 0, 1, 2, 3 bouts.
TARGETS = (56, 51, 41, 36)
POIGNEE_NAMES = ("simple", "double", "triple")
POIGNEE_BONUS = {"simple": 20, "double": 30, "triple": 40}
POIGNEE_TRUMPS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
HAND_SIZES = {3: 24, 4: 18, 5: 15}
CHIEN_SIZES = {3: 6, 4: 6, 5: 3}
PETIT_AU_BOUT_BONUS = 10
MISERE_BONUS = 10
MISERE_KINDS = ("atout", "tetes")  # no trump; no honour (no king, queen, cavalier, valet, no bout)
# Pagat's traditional scoring (tokens): handfuls, and what each contract adds to the game's value.
TRADITIONAL_HANDFULS = {"simple": 10, "double": 20, "triple": 30}
TRADITIONAL_CONTRACT_BONUS = {Contract.PRISE: 0, Contract.GARDE: 10, Contract.GARDE_SANS: 20,
                              Contract.GARDE_CONTRE: 30}
TRADITIONAL_ANTE, TRADITIONAL_DEALER_ANTE, TRADITIONAL_DEALER_TOP_UP = 10, 20, 5
TRADITIONAL_PURCHASE, TRADITIONAL_PETIT_AU_BOUT, TRADITIONAL_CHELEM = 10, 10, 200


@dataclass(frozen=True)
class Rules:
    """The rules of a deal: the FFT rules, unless an option says otherwise.

    Older French rules (``anciennes-regles-4-joueurs-primes``):

    - ``misere``: the misères: *pas d'atout* (no trump; the Excuse is no trump) and
      *pas d'honneur* (no king, queen, cavalier, valet and no bout), declared before
      one's first card; worth 10, never multiplied, to or from each other player as
      the declarer's side wins or loses the deal.
    - ``individual_primes``: the poignées are scored like the misères, to the player
      who showed one (from or to each other player), not to the side.
    - ``round_to_ten``: the points of gain or loss are rounded to the nearest ten
      (a 5 rounds up: 15 gives 20) before the 25 is added.
    - ``red_pips_reversed``: the historic ranking of the pip cards in hearts and
      diamonds: the 1 is the highest pip card and the 10 the lowest.
    - ``rebid``: the bidding goes round until every seat but the highest bidder has
      passed: a seat outbid may bid again, higher ("chaque joueur qui n'a pas passé peut
      monter l'enchère"); a seat that passed is out of it.  (FFT: one round, each seat
      speaks once.)

    Pagat's rules for 3 to 5 players (``pagat-french-tarot-3-5-players``):

    - ``petit_au_bout_within``: petit au bout counts "within": it lowers the target by
      10 for the attack (raises it by 10 for the defence) instead of earning a bonus.
    - ``handful_against_taker``: a defender's poignée always counts against the taker;
      the taker's (or his partner's) counts for him if he makes, against him otherwise.
    - ``purchase`` (3 or 4 players): after a prise, once the écart is made, the taker asks
      for a suit card he does not hold and gives a card of his choice to its holder.
    - ``prise_partner`` (4 players): after a prise the taker may instead call a king,
      before the chien is shown; its holder is his partner and each scores the value once.
    - ``traditional_scoring``: pots and tokens, besides the FFT scores.
    """

    players: int = 4
    misere: bool = False
    petit_au_bout_within: bool = False
    red_pips_reversed: bool = False
    individual_primes: bool = False
    handful_against_taker: bool = False
    purchase: bool = False
    prise_partner: bool = False
    traditional_scoring: bool = False
    round_to_ten: bool = False
    rebid: bool = False

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in (3, 4, 5):
            raise Invalid(f"players must be 3, 4 or 5, not {quote(self.players)}", "players", value=quote(self.players))
        for f in fields(self)[1:]:
            if not isinstance(getattr(self, f.name), bool):
                raise Invalid(f"rule option {f.name} must be true or false", "option_bool", option=f.name)
        for option, tables in OPTION_TABLES.items():
            if getattr(self, option) and self.players not in tables:
                raise Invalid(f"rule option {option} is for {' or '.join(map(str, tables))} players only",
                              "option_tables", option=option, players=self.players)

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.players]

    @property
    def chien_size(self) -> int:
        return CHIEN_SIZES[self.players]

    @property
    def poignee_trumps(self) -> tuple[int, int, int]:
        """Trumps to show for a simple, double and triple poignée."""
        return POIGNEE_TRUMPS[self.players]

    # ------------------------------------------------- the rule questions
    def calls_partner(self, contract: Contract) -> bool:
        """Does the taker call a card (a king) whose holder becomes his partner?
        Always at 5 players; at 4 players after a prise with ``prise_partner``."""
        return self.players == 5 or (self.prise_partner and contract is Contract.PRISE)

    def call_optional(self, contract: Contract) -> bool:
        """May the taker go on without calling? (4 players: the call replaces the purchase.)"""
        return self.players != 5 and self.calls_partner(contract)

    def purchases(self, contract: Contract, called: bool) -> bool:
        """Does the taker make a purchase after his écart? (``purchase``, a prise, no call.)"""
        return self.purchase and contract is Contract.PRISE and not called

    @staticmethod
    def chien_goes(contract: Contract) -> str:
        """Where the chien goes: ``hand`` (shown, taken, then an écart: prise and garde),
        ``attack`` (garde sans: counted for the taker unseen) or ``defence`` (garde contre)."""
        if contract.chien_shown:
            return "hand"
        return "attack" if contract is Contract.GARDE_SANS else "defence"

    def shares(self, with_partner: bool) -> tuple[int, int, int]:
        """How many times the deal's value the taker, the partner and each defender score
        (signed for the attack): the taker collects from every defender, less the
        partner's share of one."""
        defenders = self.players - 1 - with_partner
        return (defenders - 1, 1, -1) if with_partner else (defenders, 0, -1)

    def poignee_for_attack(self, shown_by_attack: bool, made: bool) -> bool:
        """Does a poignée count for the attack? For the side that wins the deal; with
        ``handful_against_taker`` a defender's always counts for the defence."""
        if self.poignee_always_defence(shown_by_attack):
            return False
        return made

    def poignee_always_defence(self, shown_by_attack: bool) -> bool:
        """Does a poignée count for the defence whoever wins? (A defender's, with
        ``handful_against_taker``.)"""
        return self.handful_against_taker and not shown_by_attack

    def plays_alone(self, contract: Contract, partner: int | None) -> bool:
        """Does a taker who calls a partner by these rules play without one (he called
        himself, the chien held the card, or he went on without a call where it is optional)?"""
        return self.calls_partner(contract) and partner is None

    def to_json(self) -> dict[str, object]:
        """``players`` and every option that differs from its default."""
        out: dict[str, object] = {"players": self.players}
        for f in fields(self)[1:]:
            if getattr(self, f.name) != f.default:
                out[f.name] = getattr(self, f.name)
        return out

    @classmethod
    def from_json(cls, data: object) -> "Rules":
        if not isinstance(data, dict):
            raise Invalid("rules must be an object", "rules")
        known = {f.name for f in fields(cls)}
        unknown = sorted(str(k) for k in set(data) - known)
        if unknown:
            raise Invalid(f"unknown rule option: {quote(unknown[0])}", "unknown_option", value=quote(unknown[0]))
        if "players" not in data:
            raise Invalid("rules need 'players'", "rules_players")
        return cls(**data)

    @staticmethod
    def options() -> list[str]:
        """The names of the optional variants."""
        return [f.name for f in fields(Rules)[1:]]

    @staticmethod
    def options_for(players: int) -> list[str]:
        """The options a game of ``players`` may use (some are not for every table)."""
        return [o for o in Rules.options() if players in OPTION_TABLES.get(o, (3, 4, 5))]


# The options only some tables play, with their player counts: Pagat's purchase in a
# prise at 3 and 4 players (at 5 the taker always calls a partner); the partner of a
# prise at 4, instead of the purchase.
OPTION_TABLES = {"purchase": (3, 4), "prise_partner": (4,)}


# ------------------------------------------------ rule helpers on cards (masks)
SUIT_CARDS = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
ECARTABLE = SUIT_CARDS & ~KINGS  # what an écart is made of; trumps only when these run short


def ecart_trumps_needed(hand: int, size: int) -> int:
    """How many trumps an écart of ``size`` from ``hand`` must hold (0 unless suit cards run short).

    With fewer than ``size`` suit cards other than kings, the écart takes all of
    them and completes with trumps (never the Petit or the 21).
    """
    return max(0, size - count(hand & ECARTABLE))


def purchasable(hand: int, ecart: int) -> int:
    """Option ``purchase``: the cards the taker may ask for (a mask): the suit cards in
    another hand, that is neither in his hand nor in his écart."""
    return SUIT_CARDS & ~hand & ~ecart


def strength_table(rules: Rules) -> tuple[int, ...]:
    """How strong each card is within its suit (trumps above every suit card)."""
    return _strength_table(rules.red_pips_reversed)


@lru_cache(maxsize=2)
def _strength_table(red_pips_reversed: bool) -> tuple[int, ...]:
    table = []
    for c in range(78):
        if c == EXCUSE_ID:
            table.append(-1)
        elif c >= FIRST_TRUMP:
            table.append(100 + RANK_OF[c])
        else:
            rank = RANK_OF[c]
            if red_pips_reversed and SUIT_OF[c] in (1, 2) and rank <= 10:
                rank = 11 - rank
            table.append(rank)
    return tuple(table)
