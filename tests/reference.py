"""The rules written out plainly, card by card, as a second opinion on the engine.

Nothing here is fast or clever: lists and sets of cards, one rule per line, so the
property tests can compare the engine's bit-mask answers with a reading of the rules.
"""
from __future__ import annotations

from fractions import Fraction

from tarot.cards import EXCUSE, PETIT, TRUMPS, VINGT_ET_UN, Card, cards_of, sort_for_hand
from tarot.view import SeatView

TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}
MULTIPLIER = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
POIGNEE = {"simple": 20, "double": 30, "triple": 40}


def points(card: Card) -> Fraction:
    if card in (EXCUSE, PETIT, VINGT_ET_UN):
        return Fraction(9, 2)
    if card.is_trump:
        return Fraction(1, 2)
    return {14: Fraction(9, 2), 13: Fraction(7, 2), 12: Fraction(5, 2), 11: Fraction(3, 2)}.get(
        card.rank, Fraction(1, 2))


def suit_strength(card: Card, red_pips_reversed: bool) -> int:
    rank = card.rank
    if red_pips_reversed and card.suit in (1, 2) and rank <= 10:
        return 11 - rank
    return rank


def legal_cards(hand: list[Card], trick: list[Card], first_trick: bool, called: Card | None) -> set[Card]:
    """The cards the rules allow from ``hand`` on ``trick`` (cards played so far, in order)."""
    hand = set(hand)
    excuse = {EXCUSE} & hand
    played = [c for c in trick if c != EXCUSE]
    if not played:  # leading, or the Excuse was led: this card sets the suit
        if first_trick and called is not None and not called.is_trump:
            barred = {c for c in hand if not c.is_trump and c != EXCUSE and c.suit == called.suit
                      and c != called}
            if hand - barred:
                return hand - barred
        return hand
    led = played[0]
    if not led.is_trump:
        follow = {c for c in hand if c != EXCUSE and not c.is_trump and c.suit == led.suit}
        if follow:
            return follow | excuse
    trumps = {c for c in hand if c.is_trump}
    if trumps:
        highest = max((c.rank for c in trick if c.is_trump), default=0)
        higher = {c for c in trumps if c.rank > highest}
        return (higher or trumps) | excuse
    return hand


def trick_winner_index(trick: list[Card], red_pips_reversed: bool) -> int:
    """Index in ``trick`` of the winning card (the Excuse never wins here)."""
    trumps = [(c.rank, i) for i, c in enumerate(trick) if c.is_trump]
    if trumps:
        return max(trumps)[1]
    led = next(c for c in trick if c != EXCUSE)
    return max((suit_strength(c, red_pips_reversed), i) for i, c in enumerate(trick)
               if c != EXCUSE and c.suit == led.suit)[1]


def count(deal) -> dict:
    """The count of a finished deal from its tricks, chien and écart, as the rules say.

    ``deal`` is a finished :class:`tarot.state.Deal`; only its plain facts are read:
    who played which card in which trick, the taker, the partner, the contract,
    the chien, the écart, the chelem announcement, the poignées and misères.
    """
    n = deal.players
    rules = deal.rules
    partner = None
    if deal.called is not None:
        holders = [s for s in range(n) if deal.called in deal.dealt_hands[s] and s != deal.taker]
        partner = holders[0] if holders else None  # the taker's own card, or in the chien: alone
    attack = {deal.taker} | ({partner} if partner is not None else set())
    side = lambda seat: seat in attack  # noqa: E731  (True: attack)
    tricks = []  # (seats in playing order, cards, winner seat)
    leader = deal.taker if deal.chelem_announced else (deal.dealer + 1) % n
    for i, t in enumerate(deal.tricks):
        seats = [(leader + k) % n for k in range(n)]
        cards = list(t.cards)
        if i == len(deal.tricks) - 1 and cards[0] == EXCUSE:
            winner = None  # decided below: the chelem exception
        else:
            winner = seats[trick_winner_index(cards, rules.red_pips_reversed)]
        tricks.append([seats, cards, winner])
        leader = winner if winner is not None else seats[trick_winner_index(cards, rules.red_pips_reversed)]
    last = tricks[-1]
    if last[2] is None:
        seats, cards, _ = last
        excuse_side = side(seats[0])
        if all(side(w) == excuse_side for _, _, w in tricks[:-1]):
            last[2] = seats[0]
        else:
            last[2] = seats[trick_winner_index(cards, rules.red_pips_reversed)]
    won = {True: 0, False: 0}
    for _, _, w in tricks:
        won[side(w)] += 1

    attack_points = Fraction(0)
    attack_cards: set[Card] = set()
    for i, (seats, cards, w) in enumerate(tricks):
        for seat, c in zip(seats, cards):
            goes_to = side(w)
            if c == EXCUSE and i != len(tricks) - 1 and side(seat) != side(w):
                goes_to = side(seat)  # the Excuse stays with its side...
                # ...for a low card, or counted 4 points when that side has none to give
                attack_points += Fraction(1, 2) if side(w) else -Fraction(1, 2)
            if goes_to:
                attack_points += points(c)
                attack_cards.add(c)
    contract = deal.contract.code
    if contract in ("prise", "garde"):
        extra = cards_of(deal.ecart)  # the écart counts for the taker
    elif contract == "garde_sans":
        extra = list(deal.dealt_chien)
    else:
        extra = []
    for c in extra:
        attack_points += points(c)
        attack_cards.add(c)
    bouts = len(attack_cards & {PETIT, EXCUSE, VINGT_ET_UN})

    petit_au_bout = None
    seats, cards, w = tricks[-1]
    if PETIT in cards:
        petit_au_bout = side(w)
    elif cards[0] == EXCUSE and w == seats[0] and len(tricks) > 1 and PETIT in tricks[-2][1]:
        petit_au_bout = side(tricks[-2][2])

    if won[False] == 0:
        chelem = "announced_made" if deal.chelem_announced else "unannounced_made"
    elif deal.chelem_announced:
        chelem = "announced_failed"
    elif won[True] == 0:
        chelem = "defense"
    else:
        chelem = None

    target = TARGETS[bouts]
    pab_side = None if petit_au_bout is None else ("attack" if petit_au_bout else "defense")
    if rules.petit_au_bout_within and pab_side:
        target += -10 if pab_side == "attack" else 10
    made = attack_points >= target
    gap = abs(attack_points - target)
    difference = int(gap) + (1 if gap != int(gap) else 0)  # a half point goes to the winner
    if rules.round_to_ten:
        difference = 10 * ((difference + 5) // 10)  # to the nearest ten, a 5 up
    m = MULTIPLIER[contract]
    per_defender = (25 + difference) * m * (1 if made else -1)
    if pab_side and not rules.petit_au_bout_within:
        per_defender += 10 * m * (1 if pab_side == "attack" else -1)
    primes = []  # (seat, value, won): paid by or to each other player
    for seat, size, _ in deal.poignees:
        # The side that wins the deal gets the poignée; with handful_against_taker a
        # defender's always goes to the defence.
        for_attack = made and not (rules.handful_against_taker and not side(seat))
        if rules.individual_primes:
            primes.append((seat, POIGNEE[size], for_attack == side(seat)))
        else:
            per_defender += POIGNEE[size] if for_attack else -POIGNEE[size]
    for seat, _ in deal.miseres:
        primes.append((seat, 10, made == side(seat)))
    per_defender += {"announced_made": 400, "announced_failed": -200, "unannounced_made": 200,
                     "defense": -200, None: 0}[chelem]
    defenders = n - len(attack)
    scores = []
    for seat in range(n):
        if seat == deal.taker:
            # The taker collects from every defender, less his partner's share of one.
            scores.append((defenders - (partner is not None)) * per_defender)
        elif seat == partner:
            scores.append(per_defender)
        else:
            scores.append(-per_defender)
    for seat, value, won in primes:
        for s in range(n):
            gain = value * (n - 1) if s == seat else -value
            scores[s] += gain if won else -gain
    return {
        "partner": partner,
        "leaders": [seats[0] for seats, _, _ in tricks],
        "winners": [w for _, _, w in tricks],
        "points": attack_points,
        "bouts": bouts,
        "target": target,
        "made": made,
        "petit_au_bout": pab_side,
        "chelem": chelem,
        "scores": scores,
    }


def seat_view(deal, seat: int) -> SeatView:
    """A seat's view built the straightforward way, field by field (the engine's first
    construction, kept to check :meth:`Deal.view` against)."""
    from tarot.state import Phase

    done = deal.phase is Phase.DONE
    taker = deal.taker
    shown_chien = deal.contract is not None and deal.rules.chien_goes(deal.contract) == "hand" \
        and deal.phase is not Phase.CALLING
    if done or shown_chien:
        chien = tuple(deal.dealt_chien)
    else:
        chien = ()
    if done or seat == taker:
        ecart = tuple(cards_of(deal.ecart))
    else:
        ecart = tuple(cards_of(deal.ecart & TRUMPS))
    partner_known = done or deal.partner_revealed or seat == deal.partner
    if deal.called is not None and deal.partner is None:
        # Alone: the taker knows if it called its own card; all know if the chien showed it.
        in_chien = bool(deal.chien & (1 << deal.called))
        partner_known = partner_known or (seat == taker and not in_chien) or (in_chien and shown_chien)
    if taker is not None and deal.called is None and deal.phase is not Phase.CALLING:
        partner_known = True  # no card called: no partner
    purchase = None
    if deal.purchase is not None:
        bought = deal.purchase
        purchase = (bought.holder, bought.card, bought.give if done or seat in (taker, bought.holder) else None)
    return SeatView(
        seat=seat,
        rules=deal.rules,
        dealer=deal.dealer,
        phase=deal.phase.value,
        to_act=deal.to_act,
        hand=tuple(sort_for_hand(cards_of(deal.hands[seat]))),
        hand_sizes=tuple(bin(h).count("1") for h in deal.hands),
        bids=tuple((s, b.code) for s, b in deal.bids),
        taker=taker,
        contract=deal.contract,
        called=deal.called,
        partner=deal.partner if partner_known else None,
        partner_known=partner_known,
        chien=chien,
        ecart=ecart,
        chelem_announced=deal.chelem_announced,
        poignees=tuple(deal.poignees),
        miseres=tuple(deal.miseres),
        tricks=tuple((t.leader, t.cards, t.winner) for t in deal.tricks),
        leader=deal.leader,
        trick=tuple(deal.trick),
        legal=tuple(deal.legal_actions()) if deal.to_act == seat else (),
        purchase=purchase,
        result=deal.result,
    )
