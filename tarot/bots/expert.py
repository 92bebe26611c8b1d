"""The Expert bot: it searches over the cards it cannot see.

For each decision it imagines deals of the unseen cards consistent with all it
saw (:mod:`tarot.bots.worlds`), plays every option out to the end of each
imagined deal with the fast policy of :mod:`tarot.bots.rollout` (each seat
playing from its own hand and what the play showed, as at the table), and takes
the option with the best average score for its seat.  The same imagined deals serve
every option, so the comparison is fair.  It searches its bid, its écart, the
card it calls (and where the call is optional, whether it calls) and every card it
plays; it declares poignées and chelems like the Standard bot.

Its effort is a number of imagined deals per decision (``samples``; the bidding,
call and écart, taken once a deal, get ``setup_samples``).  ``max_seconds``
optionally stops a search early, which makes the play depend on the machine's
speed: leave it unset for play that only depends on the seed.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import TypeVar

from ..actions import NO_CALL, PASS, PLAYS, Action, Bid, Call, Chelem, Ecart
from ..cards import (CARDS, EXCUSE_ID, FIRST_TRUMP, HALF_POINTS, KINGS, MASK_FOR_SUIT, PETIT_BIT, RANK_OF, SUIT_MASKS,
                     SUIT_OF, TRUMP, TRUMPS, Card, cards_of, count, mask_of)
from ..bot import Decision, Reason
from ..rng import Rng
from ..rules import Contract, ECARTABLE, ecart_trumps_needed
from ..state import Deal
from ..view import SeatView
from .clean import book_play, card_flaws, clean_cards, petit_saved
from .ecart import book_call, standard_ecart
from .endgame import OverBudget, deal_score, solve
from .knowledge import Knowledge
from .play import Choice
from .purchase import choose_purchase
from .reasons import card_reason, checked, explain
from .rollout import above_table, rollout, seat_plan, secure
from .standard import StandardBot, call_choice, callable_in, chelem_call, choose_declaration, standard_bid
from .worlds import WorldBuilder, WorldSampler

DEFAULT_SAMPLES = 80
DEFAULT_SETUP_SAMPLES = 96
BID_OFFSET = 0  # points added to the hand on the scale before the search refines the bid
BID_GAIN = 10  # points per defender a contract must promise for a bid the scale would not make
BID_LOSS = 10  # points per defender a contract must lose to drop a bid the scale makes
TAKER_EDGE = 5.0  # points per defender, per unit of the contract's multiplier, added to its searched value
PRUNE_AFTER = 6  # imagined deals before an option may be dropped
PRUNE_Z = 2.0  # how many standard errors worse an option must be to be dropped
ENDGAME_CARDS = 3  # cards per hand at or below which the last tricks are searched exactly
ENDGAME_NODES = 3000  # positions such a search may meet in one imagined deal
TIE_MARGIN = 1.0  # points per imagined deal within which the Standard card wins a near-tie
ECART_MARGIN = 6.0  # the same for the Standard écart
KING_CASH_MARGIN = 3.0  # the same for a king the Standard bot would cash
SAFE_KING = 0.75  # share of imagined deals where nobody against can cut it, from which a king is cashed
LATE_KING_CARDS = 6  # cards in hand from which any king held is cashed when it is safe
SAFE_PETIT = 1.0  # share of imagined deals where nobody against can beat it, from which the Petit is risked
PETIT_WORLDS = 40  # imagined deals that judge it

_Option = TypeVar("_Option")  # what a search compares: a card, a bid, a call or an écart


class ExpertBot:
    """Searches sampled deals; see the module docstring.

    Knobs for experiments (the level plays with the defaults): ``search_bids`` (False:
    bid by the points scale alone), ``bid_offset`` (points added to the hand on the
    scale), ``bid_gain`` / ``bid_loss`` (points per defender the search must show to
    bid a hand the scale passes / to pass a hand the scale bids), ``taker_edge`` (points
    per defender and per unit of multiplier added to each contract the bid search
    weighs), ``prior_margin`` / ``ecart_margin`` (points per imagined deal granted to the
    Standard bot's card / écart), ``cash_kings`` (always
    cash a king the Standard bot would cash, rather than give it a wider near-tie),
    ``endgame_cards`` / ``endgame_nodes`` (the exact search of the last tricks),
    ``public_playouts`` (False: every seat of a play-out sees every hand).
    """

    level = "expert"

    def __init__(self, seed: int = 0, samples: int = DEFAULT_SAMPLES, setup_samples: int | None = None,
                 max_seconds: float | None = None, search_bids: bool = True, prior_margin: float = TIE_MARGIN,
                 bid_offset: int = BID_OFFSET, bid_gain: float = BID_GAIN, bid_loss: float = BID_LOSS,
                 taker_edge: float = TAKER_EDGE, ecart_margin: float = ECART_MARGIN,
                 endgame_cards: int = ENDGAME_CARDS, endgame_nodes: int = ENDGAME_NODES,
                 cash_kings: bool = False, public_playouts: bool = True) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.rng = Rng(seed)
        self.search_bids = search_bids
        self.prior_margin = prior_margin
        self.bid_offset = bid_offset
        self.bid_gain = bid_gain
        self.bid_loss = bid_loss
        self.taker_edge = taker_edge
        self.ecart_margin = ecart_margin
        self.last_worlds = 0  # imagined deals the last search used
        self.samples = samples
        self.setup_samples = setup_samples if setup_samples is not None else \
            max(samples, DEFAULT_SETUP_SAMPLES * samples // DEFAULT_SAMPLES)
        self.max_seconds = max_seconds
        self.endgame_cards = endgame_cards
        self.endgame_nodes = endgame_nodes
        self.cash_kings = cash_kings
        self.public_playouts = public_playouts

    # ---------------------------------------------------------------- decisions
    def choose(self, view: SeatView) -> Action:
        phase = view.phase
        if phase == "bidding":
            return self.bid(view)
        if phase == "calling":
            return self.call(view)
        if phase == "ecart":
            return self.ecart(view)
        if phase == "purchase":
            return choose_purchase(mask_of(view.hand), mask_of(view.ecart))
        if phase == "chelem":
            return chelem_call(view)
        k = Knowledge(view)
        declaration = choose_declaration(view, k)
        if declaration is not None:
            return declaration
        return PLAYS[self.card(view, k, view.legal_cards)]

    def decide(self, view: SeatView) -> Decision:
        """:meth:`choose`'s action and why: a card by :meth:`card_choice`'s reason; a bid, a
        call or an écart the book's (the Standard bot's) by its reason, another one as the
        search's best."""
        if view.phase == "play":
            k = Knowledge(view)
            if choose_declaration(view, k) is None:
                card, rule = self.card_choice(view, k, view.legal_cards)
                reason = Reason(rule) if rule in ("only_clean", "search_best") else card_reason(k, card, rule)
                if rule == "king_safe":
                    reason = Reason(rule, {"card": str(CARDS[card])})
                return Decision(PLAYS[card], checked(view, PLAYS[card], reason))
        action = self.choose(view)
        if view.phase in ("bidding", "calling", "ecart") and action != StandardBot().choose(view):
            return Decision(action, Reason("search_best"))
        return Decision(action, explain(view, action))

    def _worlds(self, view: SeatView, k: Knowledge, count: int) -> Iterator[Deal]:
        """Up to ``count`` imagined deals at the view's state (fewer if time runs out)."""
        sampler = WorldSampler(view, k)
        builder = WorldBuilder(view, sampler)
        deadline = None if self.max_seconds is None else time.perf_counter() + self.max_seconds
        made = 0
        tries = 0
        while made < count and tries < 2 * count:
            tries += 1
            world = sampler.sample(self.rng)
            deal = builder.deal(world)
            if deal is None:
                continue
            made += 1
            yield deal
            if deadline is not None and time.perf_counter() > deadline:
                return

    def _search(self, view: SeatView, k: Knowledge, options: Sequence[_Option],
                play: Callable[[Deal, _Option], float | None], count: int,
                prior: _Option | None = None, margin: float | None = None,
                look: Callable[[Deal], object] | None = None) -> _Option:
        """The option whose outcome averages best over imagined deals.

        ``play(deal, option)`` brings a copy of an imagined deal to its end; every
        option is played out on the same imagined deals.  An option that is clearly
        worse than the best so far (by more than its spread allows) stops being
        played out, so the effort goes to the close choices.  The ``prior`` option
        wins ties (and is the answer if no deal could be imagined).  ``look`` sees
        each imagined deal before it is played out.
        """
        if len(options) == 1:
            return options[0]
        me = view.seat
        results: list[list[float]] = [[] for _ in options]
        alive = list(range(len(options)))
        done = 0
        for deal in self._worlds(view, k, count):
            if look is not None:
                look(deal)
            for i in alive:
                d = deal.copy()
                v = play(d, options[i])
                results[i].append(deal_score(d, me) if v is None else v)
            done += 1
            if done >= PRUNE_AFTER and len(alive) > 1:
                alive = _prune(alive, results, options, prior)
                if len(alive) == 1:
                    break
        self.last_worlds = done
        if not done:
            return prior if prior is not None else options[0]
        bonus = 0.5 + (self.prior_margin if margin is None else margin) * done

        def value(i: int) -> tuple[float, int]:  # every option still alive was played out on every deal
            return (sum(results[i]) + (bonus if options[i] == prior else 0.0), -i)

        return options[max(alive, key=value)]

    # ---------------------------------------------------------------- the play
    def card(self, view: SeatView, k: Knowledge, legal: int) -> int:
        """The card to play: the best on the imagined deals among the clean ones.

        A card a club player would call a blunder (:func:`~tarot.bots.clean.card_flaws`:
        certain from this seat's knowledge) is not considered while a clean card
        exists; near-ties go to the Standard bot's card when it is clean.  The Petit is
        risked only where the book risks it and no imagined deal has a seat of the
        other side after it that beats it (:func:`petit_is_safe`).  A king
        the Standard bot leads is cashed when nobody against can cut it in most of
        the imagined deals, and so is any king held late in the deal (six cards or
        fewer): the search alone waits too long, the seats of its play-outs
        cashing kings at their own pace on deals it imagined.
        """
        return self.card_choice(view, k, legal)[0]

    def card_choice(self, view: SeatView, k: Knowledge, legal: int) -> Choice:
        """:meth:`card` and why: ``only_card``, the Standard bot's rule when the card is the
        book's, ``only_clean`` (the one card without a flaw), ``king_safe`` (a king nobody
        against cuts in most imagined deals) or ``search_best``."""
        if not legal & (legal - 1):
            return legal.bit_length() - 1, "only_card"
        book, rule = self._book(view, k, legal)
        options = self._card_options(view, k, legal, book)
        king_cash = not view.trick and bool(KINGS >> book & 1) and book in options
        if king_cash and self.cash_kings:
            return book, rule  # a king the book cashes now, whatever the search would say
        prior = book if book in options else options[0] if len(options) == 1 else None
        if len(options) == 1:
            return options[0], rule if options[0] == book else "only_clean"
        card, why = self._searched_card(view, k, options, prior, king_cash)
        return card, rule if why == "search_best" and card == book else why

    def _book(self, view: SeatView, k: Knowledge, legal: int) -> Choice:
        """The Standard bot's card and rule; where it risks the Petit that a seat after may
        beat, the book's next card instead."""
        choice = book_play(k, legal)
        if choice[0] == FIRST_TRUMP and legal & ~PETIT_BIT and not petit_saved(k, legal) \
                and not self._petit_safe(view, k):
            return book_play(k, legal & ~PETIT_BIT)
        return choice

    def _card_options(self, view: SeatView, k: Knowledge, legal: int, book: int) -> list[int]:
        """The cards worth searching: one of each run, clean, the book's among them; the Petit
        only where the book plays it or it is surely saved."""
        # A defender's lead: of a run, the card that tells the partners no lie.
        defence_lead = not view.trick and not k.i_attack
        options = distinct_cards(k, legal, (lambda c: bool(card_flaws(k, c, legal))) if defence_lead else None)
        if book not in options:
            options.append(book)
        options = clean_cards(k, legal, options)
        if FIRST_TRUMP in options and len(options) > 1 and book != FIRST_TRUMP and not petit_saved(k, legal):
            # The Petit is not risked while another card is allowed, unless the book plays it
            # (a trick it wins where nobody after is likely to beat it): held on to, it is
            # caught when the trumps are drawn.
            options.remove(FIRST_TRUMP)
        return options

    def _searched_card(self, view: SeatView, k: Knowledge, options: list[int], prior: int | None,
                       king_cash: bool) -> Choice:
        """The best card on the imagined deals (``search_best``), or a king to cash (``king_safe``):
        the one the book leads, and late in the deal any king held, when nobody against can cut it
        in most of them."""
        me = view.seat
        exact = [self.endgame_nodes > 0 and sum(view.hand_sizes) <= self.endgame_cards * view.rules.players]

        def play(d: Deal, card: int) -> float | None:
            d.apply(PLAYS[card])
            if exact[0] and d.to_act is not None:
                try:
                    return solve(d, me, self.endgame_nodes)
                except OverBudget:
                    exact[0] = False  # too big here: the fast policy plays the rest
            rollout(d, self.public_playouts)
            return None

        if king_cash and prior is not None:
            kings = [prior]
        elif not view.trick and len(view.hand) <= LATE_KING_CARDS:
            kings = [c for c in options if KINGS >> c & 1]
        else:
            kings = []
        if not kings:
            return self._search(view, k, options, play, self.samples, prior), "search_best"
        safe = dict.fromkeys(kings, 0)  # per king, the imagined deals where nobody against can cut it

        def look(d: Deal) -> None:
            for king in kings:
                safe[king] += king_is_safe(d, me, king)

        best = self._search(view, k, options, play, self.samples, prior,
                            KING_CASH_MARGIN if king_cash else None, look)
        king = max(kings, key=lambda c: safe[c])
        seen = self.last_worlds  # the imagined deals the search looked at
        return (king, "king_safe") if seen and safe[king] >= SAFE_KING * seen else (best, "search_best")

    def _petit_safe(self, view: SeatView, k: Knowledge) -> bool:
        """Whether the Petit played now stays on this seat's side in enough of the imagined
        deals (a share of :data:`SAFE_PETIT`, all of them): no seat of the other side after it
        can beat the trick."""
        seen = safe = 0
        for deal in self._worlds(view, k, PETIT_WORLDS):
            seen += 1
            safe += petit_is_safe(deal, view.seat)
        return not seen or safe >= SAFE_PETIT * seen

    # ------------------------------------------------------------- the set-up
    def bid(self, view: SeatView) -> Bid:
        """The bid of the points scale, refined by search.

        The imagined deals are played out with this seat taking each contract the
        rules allow (the others passing).  A pass on the scale becomes a bid only
        when a contract clearly pays; a bid may move one contract up or down to the
        one that pays best, and becomes a pass only when even that one clearly loses.
        (The scale keeps the last word on borderline hands: dropping a bid for a
        small expected loss passes out more deals for a gain too small to measure.)
        Each contract is credited ``taker_edge`` points per defender and per unit of
        its multiplier: the Expert plays the taker's cards better than its play-outs
        do, so a contract is worth a little more than they show, the more so as the
        stake rises.
        """
        options = [a for a in view.legal if isinstance(a, Bid)]
        prior = standard_bid(view, self.bid_offset)
        if len(options) == 1 or not self.search_bids:
            return prior
        k = Knowledge(view)
        me = view.seat

        def play(d: Deal, bid: Bid) -> None:
            d.apply(bid)
            while d.phase.value == "bidding":
                d.apply(PASS)  # the others are imagined to pass
            finish_setup(d, me)
            rollout(d, self.public_playouts)

        bids = [b for b in options if b.contract is not None]
        if prior.contract is not None:
            bids = [b for b in bids if abs(_contract(b) - prior.contract) <= 1]
        values = self._averages(view, k, bids, play, self.setup_samples)
        if values is None:
            return prior
        per_defender = view.rules.shares(with_partner=False)[0]  # the defenders a taker alone collects from
        values = [v + self.taker_edge * per_defender * _contract(b).multiplier for v, b in zip(values, bids)]
        value, best = max(zip(values, bids), key=lambda vb: (vb[0], -_contract(vb[1])))
        if prior.contract is None:
            return best if value / per_defender > self.bid_gain else PASS
        return best if value / per_defender > -self.bid_loss else PASS

    def _averages(self, view: SeatView, k: Knowledge, options: Sequence[_Option],
                  play: Callable[[Deal, _Option], None], count: int) -> list[float] | None:
        me = view.seat
        totals = [0.0] * len(options)
        done = 0
        for deal in self._worlds(view, k, count):
            for i, option in enumerate(options):
                d = deal.copy()
                play(d, option)
                if d.result is not None:
                    totals[i] += d.result.scores[me]
            done += 1
        self.last_worlds = done
        if not done:
            return None
        return [t / done for t in totals]

    def call(self, view: SeatView) -> Call:
        """The card to call, searched among the kings it lacks; where the call is optional
        (4 players, ``prise_partner``), going on without a partner is one more option.  The
        book's choice (:func:`~tarot.bots.ecart.book_call`: the points scale) wins near-ties."""
        hand = mask_of(view.hand)
        prior = call_choice(view)
        options = [Call(c) for c in callable_in(view) if not hand >> c & 1] or [prior]
        if NO_CALL in view.legal:
            options.append(NO_CALL)
        if prior not in options:
            options.append(prior)
        k = Knowledge(view)
        me = view.seat

        def play(d: Deal, call: Call) -> None:
            d.apply(call)
            finish_setup(d, me)
            rollout(d, self.public_playouts)

        return self._search(view, k, options, play, self.setup_samples, prior)

    def ecart(self, view: SeatView) -> Ecart:
        hand = mask_of(view.hand)
        size = view.rules.chien_size
        options = [Ecart(tuple(e)) for e in ecart_candidates(hand, size, view.called)]
        prior = options[0]
        k = Knowledge(view)
        me = view.seat

        def play(d: Deal, ecart: Ecart) -> None:
            d.apply(ecart)
            finish_setup(d, me)
            rollout(d, self.public_playouts)

        # The book's écart unless another is clearly better: among a handful of écarts
        # whose play-outs differ little, the best average is often the luckiest.
        return self._search(view, k, options, play, self.setup_samples, prior, self.ecart_margin)


def _prune(alive: list[int], results: list[list[float]], options: Sequence[object], prior: object) -> list[int]:
    """The options still worth playing out: those not clearly worse than the best.

    All alive options were played out on the same deals, so they are compared deal
    by deal (the luck of each imagined deal cancels out).
    """
    k = len(results[alive[0]])
    best = max(alive, key=lambda i: sum(results[i]))
    keep = []
    for i in alive:
        if i == best:
            keep.append(i)
            continue
        diffs = [a - b for a, b in zip(results[i], results[best])]
        mean = sum(diffs) / k
        var = sum((x - mean) ** 2 for x in diffs) / (k - 1)
        if mean + PRUNE_Z * (var / k) ** 0.5 >= 0 or (options[i] == prior and mean >= 0):
            keep.append(i)
    return keep


def _contract(bid: Bid) -> Contract:
    """The contract of a bid that is not a pass (the searches compare only those)."""
    if bid.contract is None:
        raise ValueError("a pass has no contract")
    return bid.contract


def _taker_hand(d: Deal) -> int:
    """The taker's hand, in the phases after the bidding (which always have a taker)."""
    if d.taker is None:
        raise RuntimeError("no taker before the end of the bidding")
    return d.hands[d.taker]


def finish_setup(d: Deal, me: int) -> None:
    """Take an imagined deal from the end of the bidding to the first card, the Standard way."""
    phase = d.phase.value
    if phase == "calling":
        contract = d.contract
        assert contract is not None  # a call follows the bidding
        d.apply(book_call(_taker_hand(d), d.callable_cards(), d.rules, contract))
        phase = d.phase.value
    if phase == "ecart":
        hand = _taker_hand(d)
        d.apply(Ecart(tuple(standard_ecart(hand, d.rules.chien_size, d.called))))
        phase = d.phase.value
    if phase == "purchase":
        d.apply(choose_purchase(_taker_hand(d), d.ecart))
        phase = d.phase.value
    if phase == "chelem":
        d.apply(Chelem(False))


def king_is_safe(d: Deal, seat: int, king: int) -> bool:
    """Whether ``seat`` leading ``king`` now surely wins the trick in the deal ``d``, whose
    hands are all known: every seat of the other side holds the king's suit or no trump."""
    suit = SUIT_MASKS[SUIT_OF[king]]
    attack = d.attack
    mine = attack >> seat & 1
    for s in range(d.players):
        h = d.hands[s]
        if (attack >> s & 1) != mine and not h & suit and h & TRUMPS:
            return False
    return True


def petit_is_safe(d: Deal, seat: int) -> bool:
    """Whether the Petit, played now by ``seat`` in the deal ``d`` (whose hands are all
    known), surely stays on its side: the trick is then its side's, and no seat of the
    other side still to play can beat its best trump."""
    attack = d.attack
    high = d.high_trump
    winner, best = (d.best_seat, high) if high > FIRST_TRUMP else (seat, FIRST_TRUMP)
    if (attack >> winner & 1) != (attack >> seat & 1):
        return False
    led = d.led_suit if d.led_suit >= 0 else TRUMP  # nothing led yet: the Petit leads trumps
    later = [d.hands[t] for t in seat_plan(d.players, attack)[seat][1][len(d.trick)][0]]
    return secure(best, later, led, MASK_FOR_SUIT[led], above_table(d.rules))


def distinct_cards(k: Knowledge, legal: int, flawed: Callable[[int], bool] | None = None) -> list[int]:
    """The legal cards, one of each run of cards that are worth the same.

    Two cards of a suit are alike when they score the same and no card that
    someone else may still hold, nor one in the trick being played, ranks between
    them: whichever is played, the rest of the deal goes the same way.  A run is
    played by its lowest card, or by its lowest card not ``flawed`` (a card of
    the run that tells the partners no lie, say).
    """
    strength = k.strength
    live = k.unseen | mask_of(k.view.trick)  # cards that may still fall between two of mine
    runs: list[list[int]] = []
    for suit in range(5):
        cards = sorted(cards_of(legal & (TRUMPS if suit == TRUMP else SUIT_MASKS[suit])),
                       key=lambda c: strength[c])
        prev = None
        for c in cards:
            if prev is not None and HALF_POINTS[c] == HALF_POINTS[prev] and HALF_POINTS[c] == 1:
                lo, hi = strength[prev], strength[c]
                between = False
                rest = live & (TRUMPS if suit == TRUMP else SUIT_MASKS[suit])
                while rest:
                    low = rest & -rest
                    if lo < strength[low.bit_length() - 1] < hi:
                        between = True
                        break
                    rest ^= low
                if not between:
                    runs[-1].append(c)
                    prev = c
                    continue
            runs.append([c])
            prev = c
    out = [next((c for c in run if not flawed(c)), run[0]) if flawed and len(run) > 1 else run[0]
           for run in runs]
    if legal >> EXCUSE_ID & 1:
        out.append(EXCUSE_ID)
    return out


def ecart_candidates(hand: int, size: int, called: int | None = None) -> list[list[Card]]:
    """A few sensible écarts to compare: the Standard one first, then variants
    (other voids, one suit or two, more points, the lowest cards)."""
    need = ecart_trumps_needed(hand, size)
    first = standard_ecart(hand, size, called)
    if need:
        return [first]
    out = [sorted(first)]
    pool = cards_of(hand & ECARTABLE)

    def add(cards: list[Card]) -> None:
        cards = sorted(cards)
        if len(cards) == size and cards not in out:
            out.append(cards)

    # The lowest cards; the most points (honours without their king).
    add(sorted(pool, key=lambda c: (HALF_POINTS[c], RANK_OF[c]))[:size])
    add(sorted(pool, key=lambda c: (-HALF_POINTS[c], RANK_OF[c]))[:size])
    # Voids of each suit that fits, then of two suits at once, completed the Standard way.
    suits = [s for s in range(4) if hand & SUIT_MASKS[s] and not hand & SUIT_MASKS[s] & KINGS]
    for voids in [(s,) for s in suits] + list(combinations(suits, 2)):
        cards = hand & sum(SUIT_MASKS[s] for s in voids)
        left = size - count(cards)
        if left >= 0:
            add(cards_of(cards) + (standard_ecart(hand & ~cards, left, called) if left else []))
    # Keep the called suit whole or not (a card was called): Standard without the called-suit rule.
    if called is not None:
        add(standard_ecart(hand, size, None))
    return out


__all__ = ["DEFAULT_SAMPLES", "ExpertBot", "distinct_cards", "ecart_candidates", "finish_setup"]
