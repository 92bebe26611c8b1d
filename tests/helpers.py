"""Building deals that read like rule examples.

``deal_with({0: "KH 7H", 1: "T5"}, players=4)`` gives a :class:`~tarot.state.Deal`
where seat 0 holds the king and the seven of hearts and seat 1 the 5 of trumps;
every other card is dealt deterministically to fill the hands and the chien.
``voids={1: "HT"}`` keeps the filler from giving seat 1 any heart or any trump
(``T`` covers the trumps and the Excuse), so "seat 1 cannot follow" is certain.
The filler never makes a Petit sec the test did not ask for.

``to_play(deal, taker=2, contract="garde")`` then bids, calls and discards so that
the test starts at the first card; ``play(deal, "7H 8H KH JH")`` plays cards in
turn.
"""
from __future__ import annotations

from tarot.actions import BIDS, NO_CALL, Call, Chelem, Ecart, Play, Purchase
from tarot.cards import CARDS, EXCUSE_ID, FIRST_TRUMP, SUIT_OF, Card, parse_card
from tarot.dealing import is_petit_sec
from tarot.rules import Rules
from tarot.state import Deal, Phase

SUIT_LETTERS = "SHDC"


def cards(text: str) -> list[Card]:
    """``"KH 7H T5"`` → the three cards."""
    return [parse_card(t) for t in text.split()]


def card(text: str) -> Card:
    return parse_card(text)


def _letter(c: int) -> str:
    return "T" if c >= FIRST_TRUMP else SUIT_LETTERS[SUIT_OF[c]]


def layout(players: int = 4, hands: dict[int, str] | None = None, chien: str | None = None,
           voids: dict[int, str] | None = None) -> tuple[list[list[Card]], list[Card]]:
    """Hands and chien holding the given cards, the rest dealt deterministically."""
    rules = Rules(players=players)
    hands = hands or {}
    voids = voids or {}
    n = players
    size = [rules.hand_size] * n + [rules.chien_size]  # destination n is the chien
    given: list[list[Card]] = [[] for _ in range(n + 1)]
    for seat, text in hands.items():
        given[seat] = cards(text)
    if chien is not None:
        given[n] = cards(chien)
    placed = [c for g in given for c in g]
    if len(set(placed)) != len(placed):
        raise ValueError("a card is given twice")
    for d in range(n + 1):
        if len(given[d]) > size[d]:
            raise ValueError(f"too many cards for {'the chien' if d == n else f'seat {d}'}")

    def allowed(c: int, d: int) -> bool:
        if d == n:
            return chien is None
        return _letter(c) not in voids.get(d, "")

    free = [c for c in CARDS if c not in set(placed)]
    # The most constrained cards first, each to the allowed place with the most room left.
    free.sort(key=lambda c: (sum(allowed(c, d) for d in range(n + 1)), c))
    filled: list[list[Card]] = [[] for _ in range(n + 1)]
    for c in free:
        room = [(size[d] - len(given[d]) - len(filled[d]), -d) for d in range(n + 1) if allowed(c, d)]
        room = [r for r in room if r[0] > 0]
        if not room:
            raise ValueError(f"no room for {c} with these voids")
        d = -max(room)[1]
        filled[d].append(c)
    _avoid_petit_sec(n, given, filled, allowed)
    out = [sorted(given[d] + filled[d]) for d in range(n + 1)]
    return out[:n], out[n]


def _avoid_petit_sec(n, given, filled, allowed) -> None:
    """Swap filled cards so that no seat is Petit sec unless its given cards and voids make it so."""
    for seat in range(n):
        hand = given[seat] + filled[seat]
        if not is_petit_sec(hand) or not allowed(FIRST_TRUMP + 1, seat):
            continue
        swap = None
        for d in range(n + 1):
            if d == seat:
                continue
            for t in filled[d]:
                if t < FIRST_TRUMP + 1 or t == EXCUSE_ID:
                    continue  # a trump other than the Petit
                for x in filled[seat]:
                    if x < FIRST_TRUMP and allowed(x, d):
                        rest = [c for c in given[d] + filled[d] if c != t] + [x]
                        if d == n or not is_petit_sec(rest):
                            swap = (d, t, x)
                            break
                if swap:
                    break
            if swap:
                break
        if swap is None:
            raise ValueError(f"cannot avoid a Petit sec for seat {seat}")
        d, t, x = swap
        filled[d].remove(t)
        filled[d].append(x)
        filled[seat].remove(x)
        filled[seat].append(t)


def deal_with(hands: dict[int, str] | None = None, *, players: int = 4, chien: str | None = None,
              voids: dict[int, str] | None = None, dealer: int | None = None, **options) -> Deal:
    """A deal where the given seats hold the given cards (see the module docstring).

    The dealer defaults to the last seat, so that seat 0 bids and leads first.
    """
    hands_dealt, chien_dealt = layout(players, hands, chien, voids)
    rules = Rules(players=players, **options)
    return Deal(rules, players - 1 if dealer is None else dealer, hands_dealt, chien_dealt)


def to_play(deal: Deal, taker: int = 0, contract: str = "prise", *, call: str | None = None,
            ecart: str | None = None, purchase: str | None = None, chelem: bool = False) -> Deal:
    """Bid (``taker`` takes ``contract``, the others pass), call, discard, buy, and reach the
    first card.

    ``call`` defaults to a king the taker does not hold (5 players; where the call is
    optional, to no call); ``ecart`` to the engine's default écart; ``purchase``
    (``"KH 2S"``: the card bought, the card given) to the engine's default purchase.
    """
    if deal.phase is Phase.BIDDING and not deal.bids:
        bid_until(deal, taker, contract)
    while deal.phase is Phase.BIDDING:
        deal.apply(BIDS["pass"])
    if deal.phase is Phase.CALLING:
        if call is None and deal.can(NO_CALL):
            deal.apply(NO_CALL)
        else:
            if call is None:
                own = set(deal.hand(taker))
                call_card = next(c for c in deal.callable_cards() if c not in own)
            else:
                call_card = parse_card(call)
            deal.apply(Call(call_card))
    if deal.phase is Phase.ECART:
        chosen = cards(ecart) if ecart is not None else deal.default_ecart()
        deal.apply(Ecart(tuple(chosen)))
    if deal.phase is Phase.PURCHASE:
        if purchase is None:
            deal.apply(deal.default_purchase())
        else:
            bought, given = cards(purchase)
            deal.apply(Purchase(bought, given))
    if deal.phase is Phase.CHELEM:
        deal.apply(Chelem(chelem))
    assert deal.phase is Phase.PLAY, deal.phase
    return deal


def bid_until(deal: Deal, taker: int, contract: str) -> Deal:
    """Pass until ``taker``'s turn, then bid ``contract`` there."""
    while deal.to_act != taker:
        deal.apply(BIDS["pass"])
    deal.apply(BIDS[contract])
    return deal


def play(deal: Deal, text: str) -> Deal:
    """Play the cards of ``text`` one after the other, each by the seat to act."""
    for c in cards(text):
        deal.apply(Play(c))
    return deal


def snapshot(deal: Deal) -> dict:
    """Everything a refused action must leave as it was."""
    return {
        "record": deal.to_record(),
        "phase": deal.phase,
        "to_act": deal.to_act,
        "hands": list(deal.hands),
        "trick": list(deal.trick),
        "tricks": [(t.leader, t.cards, t.winner) for t in deal.tricks],
        "history": list(deal.history),
        "poignees": list(deal.poignees),
        "miseres": list(deal.miseres),
        "legal": deal.legal_actions(),
    }


def refused(deal: Deal, action, seat: int | None = None) -> str:
    """Apply ``action``, expect a refusal that leaves the state unchanged; return the reason code."""
    from tarot.errors import IllegalAction

    before = snapshot(deal)
    refusal = deal.why_not(action, seat)
    assert refusal is not None, f"{action} was not refused"
    assert not deal.can(action, seat)
    try:
        deal.apply(action, seat=seat)
    except IllegalAction as e:
        assert e.code == refusal.code
        code = e.code
    else:  # pragma: no cover - the assertion above already failed
        raise AssertionError(f"{action} was applied")
    assert snapshot(deal) == before, "a refused action changed the state"
    for lang in ("fr", "en"):
        text = refusal.explain(lang)
        assert text and "{" not in text and text != refusal.code, text
    return code


def play_keeping(deal: Deal, keep: dict[int, str] | None = None, tricks_left: int = 0,
                 lowest: bool = False) -> Deal:
    """Play on until ``tricks_left`` tricks remain, each seat playing its highest legal card
    (by card order: trumps above suit cards, the Excuse highest; its lowest if ``lowest``)
    other than those it ``keep``s.

    Fails if a kept card is ever the only legal choice: the test's hands are then wrong.
    """
    kept = {seat: set(cards(text)) for seat, text in (keep or {}).items()}
    hand_size = deal.rules.hand_size
    while deal.phase is Phase.PLAY and len(deal.tricks) < hand_size - tricks_left:
        seat = deal.to_act
        legal = [c for c in CARDS if deal.legal_cards_mask() >> c & 1]
        choices = [c for c in legal if c not in kept.get(seat, ())]
        if not choices:
            if len(deal.tricks) == hand_size - 1 or not deal.trick and len(legal) == len(deal.hand(seat)) == 1:
                choices = legal
            else:
                raise AssertionError(f"seat {seat} would have to play a kept card: {legal}")
        deal.apply(Play(choices[0] if lowest else choices[-1]))
    return deal
