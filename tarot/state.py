"""One deal of French Tarot as a state machine.

A :class:`Deal` moves through explicit phases (:class:`Phase`): bidding, the
5-player call, the écart, the chelem announcement, card play, and done.  At
every point it says whose turn it is (``to_act``) and what that seat may do
(``legal_actions()``).  ``verify(action)`` raises :class:`IllegalAction` naming
the rule an action breaks; ``apply(action)`` checks and then applies it.  A choice
made card by card (an écart, a poignée, a purchase) is judged a card at a time too
(``why_not_discard``, ``why_not_show``, ``why_not_buy``, ``why_not_give``), by the
same rules.

The state knows every card; :meth:`Deal.view` gives what one seat may see.
"""
from __future__ import annotations


from typing import Any, Callable, NamedTuple, Sequence

from .actions import (ANNOUNCE_CHELEM, BIDS, NO_CALL, NO_CHELEM, PASS, PLAYS, Action, Bid, Call,
                      Chelem, Ecart, Misere, Play, Poignee, Purchase)
from .cards import (BOUTS, CARDS, EXCUSE, EXCUSE_BIT, EXCUSE_ID, FACES, FIRST_TRUMP, HALF_POINTS,
                    KINGS, KING, RANK_MASKS, RANK_OF, SUIT_MASKS, SUIT_OF, TRUMP, TRUMPS, Card,
                    cards_of, count, mask_of)
from .dealing import deal_cards, is_petit_sec
from .errors import IllegalAction, Invalid, RecordError
from .phase import Phase as Phase  # a deal's phases, named with the deal: tarot.state.Phase
from .record import read_dealt, replay, to_record
from .result import DealResult
from .rules import (ECARTABLE, MISERE_KINDS, POIGNEE_NAMES, Contract, Rules, ecart_trumps_needed,
                    purchasable, strength_table)
from .view import SeatView, seat_view

_HIGH_BITS = tuple(~((1 << (c + 1)) - 1) for c in range(78))  # cards above c


# Module-level names for the hot paths (an enum member lookup costs more than a global).
_PLAY = Phase.PLAY
_BIDDING = Phase.BIDDING
# _BYTE_PLAYS[k][b]: the Play actions of the cards 8k..8k+7 whose bits are set in the byte b.
_BYTE_PLAYS = tuple(tuple(tuple(PLAYS[8 * k + i] for i in range(8) if b >> i & 1 and 8 * k + i < 78)
                          for b in range(256)) for k in range(10))
# _BIDS_ABOVE[best]: pass, and every contract above ``best`` (None: no contract bid yet).
_BIDS_ABOVE = {best: (PASS,) + tuple(BIDS[c.code] for c in Contract if best is None or c > best)
               for best in (None, *Contract)}


class Trick:
    """A finished trick: who led, the cards in playing order, who won it."""

    __slots__ = ("leader", "cards", "winner", "mask")

    def __init__(self, leader: int, cards: tuple[Card, ...], winner: int, mask: int | None = None) -> None:
        self.leader = leader
        self.cards = cards
        self.winner = winner
        self.mask = mask_of(cards) if mask is None else mask  # the trick's cards as a mask

    def seat_of(self, index: int, players: int) -> int:
        return (self.leader + index) % players

    def __repr__(self) -> str:
        return f"Trick(leader={self.leader}, cards={[str(c) for c in self.cards]}, winner={self.winner})"


class Event(NamedTuple):
    """What one action did, as :meth:`Deal.apply` returns it: who acted and how, the trick
    a card completed (with its winner), and the result when the deal ended."""

    seat: int
    action: Action
    trick: Trick | None = None
    result: DealResult | None = None


class PurchaseMade(NamedTuple):
    """A purchase (rule option): the card bought, the card given, and who held the first."""

    card: Card
    give: Card
    holder: int


class Deal:
    """The whole state of one deal; build with :meth:`new` or :meth:`from_record`.

    The bots' fast questions (integers and bit masks, nothing checked; plain attributes
    for speed, which only the engine writes): ``hands`` (one card mask per seat),
    ``chien``, ``ecart``, ``attack``, ``trick`` and ``leader``; ``led_suit`` (the suit of
    the trick being played, -1 before a card other than the Excuse), ``best_seat`` (the
    seat winning it so far, -1 before such a card), ``high_trump`` (the highest trump in
    it, -1 for none), :meth:`legal_mask` (the cards a seat may play now) and, for
    play-outs over a scratch copy (:meth:`copy`, :meth:`with_cards_moved`),
    :meth:`play_unchecked` (a card played with no check and no history kept).
    """

    def __init__(self, rules: Rules, dealer: int, hands: list[list[Card]], chien: list[Card],
                 pots: tuple[int, ...] = (), pots_doubled: tuple[bool, ...] = ()) -> None:
        n = rules.players
        if not 0 <= dealer < n:
            raise Invalid(f"dealer must be a seat from 0 to {n - 1}", "dealer", last=n - 1)
        self.rules = rules
        self.players = n
        self.dealer = dealer
        self.dealt_hands: tuple[tuple[Card, ...], ...] = tuple(tuple(h) for h in hands)
        self.dealt_chien: tuple[Card, ...] = tuple(chien)
        self.hands: list[int] = [mask_of(h) for h in hands]
        self.chien: int = mask_of(chien)
        self.strength = strength_table(rules)
        self.history: list[tuple[int, Action]] = []
        self.bids: list[tuple[int, Bid]] = []
        self.taker: int | None = None
        self.contract: Contract | None = None
        self.called: Card | None = None
        self.partner: int | None = None  # the true partner (hidden from the seats until revealed)
        self.partner_revealed = False
        self.ecart: int = 0
        self.purchase: PurchaseMade | None = None
        self.pots = tuple(pots)  # traditional scoring: the pots on the table before the deal
        self.pots_doubled = tuple(pots_doubled) + (False,) * (len(pots) - len(pots_doubled))
        self.chelem_announced = False
        self.poignees: list[tuple[int, str, tuple[Card, ...]]] = []
        self.miseres: list[tuple[int, str]] = []
        self.tricks: list[Trick] = []
        self.leader = (dealer + 1) % n
        self.trick: list[Card] = []
        self._trick_mask = 0  # the current trick's cards as a mask
        self.led_suit = -1  # suit of the trick (-1 until a card other than the Excuse)
        self._best = -2  # strength of the winning card so far
        self.best_seat = -1
        self.high_trump = -1  # highest trump in the trick (card id)
        self.has_played = 0  # bit s: seat s has played a card
        self._legal = -1  # cached legal_cards_mask() of the seat to act (-1: not computed)
        self.side_tricks = [0, 0]  # tricks won by defence, attack
        self.result: DealResult | None = None
        self.phase = Phase.BIDDING
        self.to_act: int | None = (dealer + 1) % n
        petit_sec = tuple(seat for seat, hand in enumerate(self.hands) if is_petit_sec(hand))
        if petit_sec:
            self._redeal("petit_sec", petit_sec)

    @classmethod
    def new(cls, rules: Rules | int = 4, dealer: int = 0, seed: int = 0,
            pots: tuple[int, ...] = (), pots_doubled: tuple[bool, ...] = ()) -> "Deal":
        """A freshly dealt deal, reproducible from ``seed`` (``pots``: traditional scoring)."""
        if isinstance(rules, int):
            rules = Rules(players=rules)
        hands, chien = deal_cards(rules, dealer, seed)
        return cls(rules, dealer, hands, chien, pots, pots_doubled)

    # ----------------------------------------------------------------- queries
    @property
    def is_over(self) -> bool:
        return self.phase is Phase.DONE

    @property
    def _taker(self) -> int:
        """The taker, in the phases after the bidding (which always have one)."""
        if self.taker is None:
            raise RuntimeError("no taker before the end of the bidding")
        return self.taker

    @property
    def _contract(self) -> Contract:
        """The contract, in the phases after the bidding."""
        if self.contract is None:
            raise RuntimeError("no contract before the end of the bidding")
        return self.contract

    @property
    def _actor(self) -> int:
        """The seat to act, in every phase but the end."""
        if self.to_act is None:
            raise RuntimeError("nobody acts once the deal is over")
        return self.to_act

    @property
    def attack(self) -> int:
        """Bit mask of the attacking seats (taker and partner)."""
        if self.taker is None:
            return 0
        m = 1 << self.taker
        if self.partner is not None:
            m |= 1 << self.partner
        return m

    def hand(self, seat: int) -> list[Card]:
        return cards_of(self.hands[seat])

    def legal_cards_mask(self, seat: int | None = None) -> int:
        """The cards ``seat`` (by default the seat to act) may play now, as a mask
        (none outside the card play)."""
        if self.phase is not _PLAY:
            return 0
        if seat is None or seat == self.to_act:
            mask = self._legal
            if mask < 0:
                mask = self._legal = self._legal_mask(self._actor)
            return mask
        return self._legal_mask(seat)

    def _legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now, as a mask, in the card play (not cached, not checked)."""
        hand = self.hands[seat]
        if self.led_suit < 0:  # leading (or following a lone Excuse): free, but for the called suit
            called = self.called
            if not self.tricks and called is not None and called < FIRST_TRUMP:
                # The first trick may open the called suit only with the called card itself.
                barred = hand & SUIT_MASKS[SUIT_OF[called]] & ~(1 << called)
                if barred and hand & ~barred:
                    return hand & ~barred
            return hand
        led = self.led_suit
        if led != TRUMP:
            follow = hand & SUIT_MASKS[led]
            if follow:
                return follow | (hand & EXCUSE_BIT)
        trumps = hand & TRUMPS
        if trumps:
            if self.high_trump >= 0:
                over = trumps & _HIGH_BITS[self.high_trump]
                if over:
                    return over | (hand & EXCUSE_BIT)
            return trumps | (hand & EXCUSE_BIT)
        return hand

    legal_mask = _legal_mask  # public: the bots' fast question

    def legal_actions(self) -> list[Action]:
        """What the seat to act may do now, as :mod:`tarot.actions` promises: every bid, call,
        chelem answer, card and misère it may choose; of a decision made of several cards (an
        écart, a poignée of each size, a purchase), one legal form, the engine's default
        (:meth:`why_not_discard`, :meth:`why_not_show`, :meth:`why_not_buy` and
        :meth:`why_not_give` judge such a choice card by card, :meth:`why_not` whole).
        Empty once the deal is over."""
        phase = self.phase
        if phase is _PLAY:
            mask = self._legal
            if mask < 0:
                mask = self._legal = self._legal_mask(self._actor)
            out: list[Action] = []
            for plays, byte in zip(_BYTE_PLAYS, mask.to_bytes(10, "little")):
                if byte:
                    out += plays[byte]
            if not self.has_played >> self._actor & 1:
                out.extend(self.declarations())
            return out
        if phase is _BIDDING:
            return list(_BIDS_ABOVE[self.highest_bid])
        if phase is Phase.CALLING:
            calls: list[Action] = [Call(c) for c in self.callable_cards()]
            return calls + [NO_CALL] if self.rules.call_optional(self._contract) else calls
        if phase is Phase.ECART:
            return [Ecart(tuple(self.default_ecart()))]
        if phase is Phase.PURCHASE:
            return [self.default_purchase()]
        if phase is Phase.CHELEM:
            return [NO_CHELEM, ANNOUNCE_CHELEM]
        return []

    @property
    def highest_bid(self) -> Contract | None:
        best = None
        for _, b in self.bids:
            if b.contract is not None and (best is None or b.contract > best):
                best = b.contract
        return best

    def callable_cards(self) -> list[Card]:
        """5 players: the cards the taker may call (kings; queens too with four kings; …)."""
        hand = self.hands[self._taker]
        out = []
        rank = KING
        while rank >= 1:
            out.extend(cards_of(RANK_MASKS[rank]))
            if hand & RANK_MASKS[rank] != RANK_MASKS[rank]:
                break
            rank -= 1
        return out

    def default_ecart(self) -> list[Card]:
        """One legal écart: the lowest suit cards first, then the lowest trumps."""
        hand = self.hands[self._taker]
        size = self.rules.chien_size
        suit = hand & ECARTABLE
        picks = sorted(cards_of(suit), key=lambda c: (HALF_POINTS[c], RANK_OF[c]))[:size]
        if len(picks) < size:
            picks += cards_of(hand & TRUMPS & ~BOUTS)[: size - len(picks)]
        return picks

    def default_purchase(self) -> Purchase:
        """One legal purchase: the highest suit card held elsewhere, for the taker's lowest card."""
        hand = self.hands[self._taker]
        card = max(cards_of(purchasable(hand, self.ecart)), key=lambda c: (RANK_OF[c], -c))
        give = min(cards_of(hand), key=lambda c: (HALF_POINTS[c], c >= FIRST_TRUMP, RANK_OF[c]))
        return Purchase(card, give)

    def declarations(self) -> list[Action]:
        """The declarations the seat to act may make before its first card.

        One poignée per size it can show (its lowest trumps; the Excuse only when it
        completes all its trumps), and the misères it holds when that option is on.
        """
        seat = self._actor
        out: list[Action] = []
        if not any(s == seat for s, _, _ in self.poignees):
            hand = self.hands[seat]
            trumps = cards_of(hand & TRUMPS)
            for size in self.rules.poignee_trumps:
                if len(trumps) >= size:
                    out.append(Poignee(tuple(trumps[:size])))
                elif len(trumps) + 1 == size and hand & EXCUSE_BIT:
                    out.append(Poignee(tuple(trumps) + (EXCUSE,)))
        if self.rules.misere:
            for kind in MISERE_KINDS:
                if self._refuse_misere(seat, Misere(kind)) is None:
                    out.append(Misere(kind))
        return out

    # ---------------------------------------------------------------- legality
    def why_not(self, action: Action, seat: int | None = None) -> IllegalAction | None:
        """``None`` when ``action`` is legal now (for ``seat``, if given), else the refusal."""
        kind = type(action)
        check = _CHECKS.get(kind)
        if check is None:
            return self._refuse_moment(None, seat) or IllegalAction("not_an_action")
        return self._refuse_moment(kind, seat) or check(self, action)

    def _refuse_moment(self, kind: type | None, seat: int | None) -> IllegalAction | None:
        """What refuses any decision of type ``kind`` now, whatever it is: the deal is over, it
        is not ``seat``'s turn (when given), or the phase is another one's."""
        if self.phase is Phase.DONE:
            return IllegalAction("deal_over")
        if seat is not None and seat != self.to_act:
            return IllegalAction("not_your_turn", seat=seat, expected=self.to_act)
        if kind is not None and self.phase is not _PHASE_OF[kind]:
            return IllegalAction("wrong_phase", action=_ACTION_CODES[kind], phase=self.phase.value)
        return None

    # ------------------------------------------------- one card of a choice
    # An écart, a poignée or a purchase is chosen card by card: these say whether one card may
    # be chosen now, with the same rules (the same code) that judge the whole decision.

    def why_not_discard(self, card: Card, chosen: Sequence[Card] = (),
                        seat: int | None = None) -> IllegalAction | None:
        """``None`` when the taker may put ``card`` into the écart he is choosing, ``chosen``
        already in it; else the refusal: a card he does not hold, a king, a bout, a trump while
        suit cards are left to discard (trumps go only where suit cards run short), one card
        more than the écart holds."""
        refusal = self._refuse_moment(Ecart, seat)
        if refusal is not None:
            return refusal
        if type(card) is not Card or not _all_cards(chosen):
            return IllegalAction("not_an_action")
        hand = self.hands[self._taker]
        seen = mask_of(chosen)
        size = self.rules.chien_size
        full = len(chosen) >= size
        needed = ecart_trumps_needed(hand, size)
        refusal = self._refuse_discard(hand, seen, card)
        # A trump beyond those needed; in a full écart, only where no trump is ever needed
        # (else the écart being full is the reason).
        if refusal is None and TRUMPS >> card & 1 and count(seen & TRUMPS) >= needed and not (full and needed):
            refusal = IllegalAction("ecart_trump_avoidable", card=card)
        if refusal is None and full:
            refusal = IllegalAction("ecart_size", expected=size, given=len(chosen) + 1)
        return refusal

    def why_not_show(self, card: Card, chosen: Sequence[Card], size: int,
                     seat: int | None = None) -> IllegalAction | None:
        """``None`` when the seat to act may show ``card`` in a poignée of ``size`` trumps,
        ``chosen`` already in it; else the refusal: a card that is not a trump or not held, the
        Excuse while it would leave a trump unshown, one card more than ``size``."""
        refusal = self._refuse_moment(Poignee, seat)
        if refusal is not None:
            return refusal
        if type(card) is not Card or not _all_cards(chosen):
            return IllegalAction("not_an_action")
        actor = self._actor
        refusal = self._refuse_declaring(actor)
        if refusal is None and size not in self.rules.poignee_trumps:
            refusal = IllegalAction("poignee_size", sizes=list(self.rules.poignee_trumps), given=size)
        hand = self.hands[actor]
        if refusal is None:
            refusal = self._refuse_shown(hand, mask_of(chosen), card)
        full = len(chosen) >= size
        if refusal is None and card == EXCUSE_ID and count(hand & TRUMPS) >= size and not full:
            refusal = IllegalAction("poignee_excuse")
        if refusal is None and full:
            refusal = IllegalAction("poignee_size", sizes=list(self.rules.poignee_trumps), given=len(chosen) + 1)
        return refusal

    def why_not_buy(self, card: Card, seat: int | None = None) -> IllegalAction | None:
        """``None`` when the taker may ask for ``card`` in a purchase, else the refusal."""
        refusal = self._refuse_moment(Purchase, seat)
        if refusal is not None:
            return refusal
        return IllegalAction("not_an_action") if type(card) is not Card else self._refuse_buy(card)

    def why_not_give(self, give: Card, bought: Card, seat: int | None = None) -> IllegalAction | None:
        """``None`` when the taker may give ``give`` for the card ``bought``, else the refusal."""
        refusal = self._refuse_moment(Purchase, seat)
        if refusal is not None:
            return refusal
        if type(give) is not Card or type(bought) is not Card:
            return IllegalAction("not_an_action")
        return self._refuse_give(give, bought)

    def can(self, action: Action, seat: int | None = None) -> bool:
        return self.why_not(action, seat) is None

    def verify(self, action: Action, seat: int | None = None) -> None:
        """Raise :class:`IllegalAction` if ``action`` is not allowed now."""
        refusal = self.why_not(action, seat)
        if refusal is not None:
            raise refusal

    def _refuse_bid(self, action: Bid) -> IllegalAction | None:
        if action.contract is None:
            return None
        if not isinstance(action.contract, Contract):
            return IllegalAction("not_an_action")
        best = self.highest_bid
        if best is not None and action.contract <= best:
            return IllegalAction("bid_too_low", bid=action.code, current=best.code)
        return None

    def _refuse_call(self, action: Call) -> IllegalAction | None:
        card = action.card
        if card is None and self.rules.call_optional(self._contract):
            return None
        if type(card) is not Card or card >= FIRST_TRUMP:
            return IllegalAction("call_not_a_face")
        if card not in self.callable_cards():
            lowest = RANK_OF[self.callable_cards()[-1]]
            return IllegalAction("call_not_allowed", card=CARDS[card], lowest=lowest)
        return None

    def _refuse_ecart(self, action: Ecart) -> IllegalAction | None:
        if not _all_cards(action.cards):
            return IllegalAction("not_an_action")
        size = self.rules.chien_size
        cards = list(action.cards)
        if len(cards) != size:
            return IllegalAction("ecart_size", expected=size, given=len(cards))
        hand = self.hands[self._taker]
        seen = 0
        for c in cards:
            refusal = self._refuse_discard(hand, seen, c)
            if refusal is not None:
                return refusal
            seen |= 1 << c
        trumps = seen & TRUMPS
        if trumps:
            others = hand & ECARTABLE & ~seen
            if others:
                return IllegalAction("ecart_trump_avoidable", card=cards_of(trumps)[0])
        return None

    @staticmethod
    def _refuse_discard(hand: int, seen: int, card: Card) -> IllegalAction | None:
        """What refuses ``card`` in an écart already holding ``seen`` from ``hand``, card by
        card: twice, not held, a king, a bout."""
        bit = 1 << card
        if seen & bit:
            return IllegalAction("ecart_duplicate", card=card)
        if not hand & bit:
            return IllegalAction("ecart_not_in_hand", card=card)
        if bit & KINGS:
            return IllegalAction("ecart_king", card=card)
        if bit & BOUTS:
            return IllegalAction("ecart_bout", card=card)
        return None

    def _refuse_purchase(self, action: Purchase) -> IllegalAction | None:
        card, give = action.card, action.give
        if type(card) is not Card or type(give) is not Card:
            return IllegalAction("not_an_action")
        return self._refuse_buy(card) or self._refuse_give(give, card)

    def _refuse_buy(self, card: Card) -> IllegalAction | None:
        """The card asked for must be a suit card in another hand: not held, not in the écart."""
        if card >= FIRST_TRUMP:
            return IllegalAction("purchase_not_suit", card=card)
        if self.hands[self._taker] >> card & 1:
            return IllegalAction("purchase_held", card=card)
        if self.ecart >> card & 1:
            return IllegalAction("purchase_in_ecart", card=card)
        return None

    def _refuse_give(self, give: Card, bought: Card) -> IllegalAction | None:
        """The card given for it must be another card, one the taker holds."""
        if give == bought:
            return IllegalAction("purchase_give_bought", card=bought)
        if not self.hands[self._taker] >> give & 1:
            return IllegalAction("purchase_give_not_held", card=give)
        return None

    def _refuse_chelem(self, action: Chelem) -> IllegalAction | None:
        return None if isinstance(action.announce, bool) else IllegalAction("not_an_action")

    def _refuse_poignee(self, action: Poignee) -> IllegalAction | None:
        if not _all_cards(action.cards):
            return IllegalAction("not_an_action")
        seat = self._actor
        refusal = self._refuse_declaring(seat)
        if refusal is not None:
            return refusal
        sizes = self.rules.poignee_trumps
        if len(action.cards) not in sizes:
            return IllegalAction("poignee_size", sizes=list(sizes), given=len(action.cards))
        hand = self.hands[seat]
        seen = 0
        for c in action.cards:
            refusal = self._refuse_shown(hand, seen, c)
            if refusal is not None:
                return refusal
            seen |= 1 << c
        if seen & EXCUSE_BIT and hand & TRUMPS & ~seen:
            return IllegalAction("poignee_excuse")
        return None

    def _refuse_declaring(self, seat: int) -> IllegalAction | None:
        """A poignée is shown once, before one's first card."""
        if self.has_played & (1 << seat):
            return IllegalAction("poignee_played")
        if any(s == seat for s, _, _ in self.poignees):
            return IllegalAction("poignee_twice")
        return None

    @staticmethod
    def _refuse_shown(hand: int, seen: int, card: Card) -> IllegalAction | None:
        """What refuses ``card`` in a poignée already showing ``seen`` from ``hand``, card by
        card: twice, not a trump (nor the Excuse), not held."""
        bit = 1 << card
        if seen & bit:
            return IllegalAction("poignee_duplicate", card=card)
        if not bit & (TRUMPS | EXCUSE_BIT):
            return IllegalAction("poignee_not_trump", card=card)
        if not hand & bit:
            return IllegalAction("poignee_not_held", card=card)
        return None

    def _refuse_misere(self, seat: int, action: Misere) -> IllegalAction | None:
        if not self.rules.misere:
            return IllegalAction("misere_off")
        if self.has_played & (1 << seat):
            return IllegalAction("misere_played")
        if (seat, action.kind) in self.miseres:
            return IllegalAction("misere_twice")
        dealt = mask_of(self.dealt_hands[seat])
        if action.kind == "atout" and dealt & TRUMPS:
            return IllegalAction("misere_atout_held")
        if action.kind == "tetes" and dealt & FACES:
            return IllegalAction("misere_tetes_held")
        if action.kind == "tetes" and dealt & BOUTS:
            return IllegalAction("misere_tetes_bout", card=cards_of(dealt & BOUTS)[0])
        if action.kind not in MISERE_KINDS:
            return IllegalAction("not_an_action")
        return None

    def _refuse_play(self, action: Play) -> IllegalAction | None:
        card = action.card
        if type(card) is not Card:
            return IllegalAction("not_an_action")
        seat = self._actor
        bit = 1 << card
        hand = self.hands[seat]
        if not hand & bit:
            return IllegalAction("card_not_in_hand", card=card)
        if self.legal_cards_mask(seat) & bit:
            return None
        led = self.led_suit
        if led < 0 and self.called is not None:
            return IllegalAction("called_suit_first_trick", suit=SUIT_OF[self.called], card=self.called)
        if led != TRUMP and hand & SUIT_MASKS[led]:
            return IllegalAction("must_follow_suit", suit=led)
        if card >= FIRST_TRUMP:
            return IllegalAction("must_overtrump", card=CARDS[self.high_trump])
        if led == TRUMP:
            return IllegalAction("must_play_trump")
        return IllegalAction("must_trump", suit=led)

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> Event:
        """Check ``action`` (for ``seat``, if given) and apply it; the state is unchanged if refused.

        Returns what happened: an :class:`Event` with the trick a card completed and the
        result when the deal ended."""
        if type(action) is Play and self.phase is _PLAY:
            to_act = self.to_act  # the common case, checked inline
            card = action.card
            if (seat is None or seat == to_act) and type(card) is Card and to_act is not None:
                mask = self._legal
                if mask < 0:
                    mask = self._legal = self._legal_mask(to_act)
                if mask >> card & 1:
                    self.history.append((to_act, action))
                    trick = self._play(to_act, card)
                    return Event(to_act, action, trick, self.result)
        refusal = self.why_not(action, seat)
        if refusal is not None:
            raise refusal
        return self._apply(action)

    def _apply(self, action: Action) -> Event:
        seat = self._actor
        self.history.append((seat, action))
        if isinstance(action, Play):
            return Event(seat, action, self._play(seat, action.card), self.result)
        if isinstance(action, Bid):
            self._bid(seat, action)
        elif isinstance(action, Call):
            self._call(action.card)
        elif isinstance(action, Ecart):
            self._ecart(mask_of(action.cards))
        elif isinstance(action, Chelem):
            self._chelem(action.announce)
        elif isinstance(action, Poignee):
            size = POIGNEE_NAMES[self.rules.poignee_trumps.index(len(action.cards))]
            self.poignees.append((seat, size, tuple(sorted(action.cards))))
        elif isinstance(action, Misere):
            self.miseres.append((seat, action.kind))
        elif isinstance(action, Purchase):
            self._purchase(action.card, action.give)
        return Event(seat, action, None, self.result)

    def _bid(self, seat: int, action: Bid) -> None:
        self.bids.append((seat, action))
        after = self._next_bidder(seat)
        if after is not None:
            self.to_act = after
            return
        best = self.highest_bid
        if best is None:
            self._redeal("all_passed")
            return
        self.contract = best
        self.taker = next(s for s, b in self.bids if b.contract == best)
        self.to_act = self.taker
        if self.rules.calls_partner(best):
            self.phase = Phase.CALLING
        else:
            self._after_call()

    def _next_bidder(self, seat: int) -> int | None:
        """Who bids after ``seat``; ``None`` when the bidding is over.  FFT: one round.
        Option ``rebid``: round and round, skipping the seats that passed and the highest
        bidder, until nobody else is left."""
        n = self.players
        if not self.rules.rebid:
            return (seat + 1) % n if len(self.bids) < n else None
        passed = {s for s, b in self.bids if b.contract is None}
        best = self.highest_bid
        holder = next((s for s, b in self.bids if b.contract == best), None) if best is not None else None
        return next((s for s in ((seat + step) % n for step in range(1, n + 1))
                     if s not in passed and s != holder), None)

    def _call(self, card: Card | None) -> None:
        if card is not None:
            self.called = card
            self.partner = self._holder_of_called()
        self._after_call()

    def _holder_of_called(self) -> int | None:
        """The partner: whoever holds the called card, unless the taker (who then plays alone)."""
        if self.called is None:
            return None
        bit = 1 << self.called
        holder = next((s for s in range(self.players) if self.hands[s] & bit), None)
        return None if holder == self.taker else holder

    def _after_call(self) -> None:
        if self.rules.chien_goes(self._contract) == "hand":
            self.hands[self._taker] |= self.chien
            self.phase = Phase.ECART
        else:
            self.phase = Phase.CHELEM

    def _ecart(self, mask: int) -> None:
        self.hands[self._taker] &= ~mask
        self.ecart = mask
        if self.rules.purchases(self._contract, self.called is not None):
            self.phase = Phase.PURCHASE
        else:
            self.phase = Phase.CHELEM

    def _purchase(self, card: Card, give: Card) -> None:
        holder = next(s for s in range(self.players) if self.hands[s] >> card & 1)
        self.hands[self._taker] ^= (1 << card) | (1 << give)
        self.hands[holder] ^= (1 << card) | (1 << give)
        self.purchase = PurchaseMade(card, give, holder)
        self.phase = Phase.CHELEM

    def _chelem(self, announce: bool) -> None:
        self._legal = -1
        self.chelem_announced = announce
        if announce:
            self.leader = self._taker
        self.to_act = self.leader
        self.phase = Phase.PLAY

    def _play(self, seat: int, card: Card) -> Trick | None:
        """Play ``card``; the trick it completes, if it does."""
        self._legal = -1
        bit = 1 << card
        self.hands[seat] ^= bit
        self._trick_mask |= bit
        self.has_played |= 1 << seat
        trick = self.trick
        trick.append(card)
        if card != EXCUSE_ID:
            suit = SUIT_OF[card]
            led = self.led_suit
            if led < 0:
                self.led_suit = led = suit
            if suit == TRUMP:
                if card > self.high_trump:
                    self.high_trump = card
                s = self.strength[card]
            elif suit == led:
                s = self.strength[card]
            else:
                s = -1
            if s > self._best:
                self._best = s
                self.best_seat = seat
        called = self.called
        if called is not None and card == called:
            self.partner_revealed = True
        players = self.players
        if len(trick) == players:
            return self._end_trick()
        self.to_act = (seat + 1) % players
        return None

    play_unchecked = _play  # public: a card played with no check and no history (the bots' play-outs)

    def play_in_search(self, card: int) -> None:
        """The seat to act plays ``card``, a card id it may play (not checked), and no
        :class:`Event` nor history is kept: the bots' play-outs over a scratch copy."""
        self._play(self._actor, CARDS[card])

    def _end_trick(self) -> Trick:
        cards = tuple(self.trick)
        winner = self.best_seat
        last = len(self.tricks) == self.rules.hand_size - 1
        if last and cards[0] == EXCUSE_ID:
            # Chelem: a side that won every trick wins the last one with the Excuse it leads.
            side = (self.attack >> self.leader) & 1
            if self.side_tricks[1 - side] == 0:
                winner = self.leader
        done = Trick(self.leader, cards, winner, self._trick_mask)
        self.tricks.append(done)
        self._trick_mask = 0
        partner = self.partner
        if winner == self.taker or (partner is not None and winner == partner):
            self.side_tricks[1] += 1
        else:
            self.side_tricks[0] += 1
        self.trick = []
        self.led_suit = -1
        self._best = -2
        self.best_seat = -1
        self.high_trump = -1
        self.leader = winner
        self.to_act = winner
        if last:
            self._finish()
        return done

    # ------------------------------------------------------------- the end
    def _finish(self) -> None:
        self._end(count_deal(self))

    def _redeal(self, why: str, petit_sec: tuple[int, ...] = ()) -> None:
        result = DealResult(rules=self.rules, scores=(0,) * self.players, redeal=why, petit_sec=petit_sec)
        if self.rules.traditional_scoring:
            result = ante_only(self, result)
        self._end(result)

    def _end(self, result: DealResult) -> None:
        self.result = result
        self.phase = Phase.DONE
        self.to_act = None

    # ---------------------------------------------------------------- helpers
    def copy(self) -> "Deal":
        """An independent copy (for search)."""
        other = Deal.__new__(Deal)
        other.__dict__.update(self.__dict__)
        other.hands = list(self.hands)
        other.history = list(self.history)
        other.bids = list(self.bids)
        other.poignees = list(self.poignees)
        other.miseres = list(self.miseres)
        other.tricks = list(self.tricks)
        other.trick = list(self.trick)
        other.side_tricks = list(self.side_tricks)
        return other

    def replayed(self, steps: int) -> "Deal":
        """A fresh deal dealt as this one (the same rules, dealer, cards and pots) after its
        first ``steps`` actions, replayed through the engine: the deal as it stood then."""
        fresh = Deal(self.rules, self.dealer, [list(h) for h in self.dealt_hands], list(self.dealt_chien),
                     self.pots, self.pots_doubled)
        for seat, action in self.history[:steps]:
            fresh.apply(action, seat=seat)
        return fresh

    def with_cards_moved(self, hands: list[int], chien: int | None = None,
                         ecart: int | None = None) -> "Deal":
        """A copy where the cards not yet played lie elsewhere: ``hands`` (masks), and the
        chien or the écart if given (for search over imagined deals).  While the called
        card is unplayed the partner follows it, and so do the tricks each side has won."""
        other = self.copy()
        other.hands = list(hands)
        other._legal = -1
        if chien is not None:
            other.chien = chien
        if ecart is not None:
            other.ecart = ecart
        if self.called is not None and self.taker is not None and not self.partner_revealed:
            other.partner = other._holder_of_called()
            attack = other.attack
            sides = [0, 0]
            for trick in other.tricks:
                sides[(attack >> trick.winner) & 1] += 1
            other.side_tricks = sides
        return other

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now: see :class:`tarot.view.SeatView`."""
        return seat_view(self, seat)

    def to_record(self) -> dict[str, Any]:
        """The ``tarot-deal/1`` record of the deal so far: see :func:`tarot.record.to_record`."""
        return to_record(self)

    @classmethod
    def from_record(cls, record: object) -> Deal:
        """The deal after the record's last action; :class:`RecordError` if it is not valid.

        A record may leave out a declined chelem (the first card, or a declaration before
        it, implies it) and a declined optional call (any other action implies it); a misère
        may be written without saying which (``{"kind": "misere"}``): the one the hand allows."""
        try:
            dealt, actions = read_dealt(record)
            deal = cls(*dealt)
            for _ in replay(deal, actions):
                pass
        except RecursionError:
            raise RecordError("malformed record: nested too deeply", code="too_deep") from None
        return deal

    def __repr__(self) -> str:
        return f"<Deal players={self.players} phase={self.phase.value} to_act={self.to_act}>"


def _all_cards(cards: object) -> bool:
    """``cards`` is a tuple or list of :class:`Card` (anything else is not an action)."""
    return isinstance(cards, (tuple, list)) and all(type(c) is Card for c in cards)


_CHECKS: dict[type, Callable[[Deal, Any], IllegalAction | None]] = {
    Bid: Deal._refuse_bid,
    Call: Deal._refuse_call,
    Ecart: Deal._refuse_ecart,
    Chelem: Deal._refuse_chelem,
    Poignee: Deal._refuse_poignee,
    Misere: lambda deal, action: deal._refuse_misere(deal._actor, action),
    Purchase: Deal._refuse_purchase,
    Play: Deal._refuse_play,
}
_PHASE_OF = {Bid: Phase.BIDDING, Call: Phase.CALLING, Ecart: Phase.ECART, Chelem: Phase.CHELEM,
             Poignee: Phase.PLAY, Misere: Phase.PLAY, Purchase: Phase.PURCHASE, Play: Phase.PLAY}
_ACTION_CODES = {Bid: "bid", Call: "call", Ecart: "ecart", Chelem: "chelem", Poignee: "poignee",
                 Misere: "misere", Purchase: "purchase", Play: "play"}


from .count import count_deal  # noqa: E402  (the count reads a finished Deal)
from .traditional import ante_only  # noqa: E402
