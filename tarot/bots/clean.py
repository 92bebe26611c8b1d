"""Cards a club player would not play: flaws judged from one seat's knowledge alone.

:func:`card_flaws` names what is wrong with playing ``card`` now, from what the
seat knows (:class:`~tarot.bots.knowledge.Knowledge`: the cards seen, the voids
and trump ceilings shown, who is on which side).  A flaw is named only when it
is *certain* from that knowledge and a cleaner legal card exists; a guess about a
hidden card never makes a flaw.  Where a card was called, before it shows, a
seat that may be either side counts as neither ally nor opponent.

The flaws (their names are those of the blunder scanner, :mod:`tarot.tools.blunders`):

- ``overtrump_partner``: a partner's trick that nobody against can take any more,
  overtrumped with a trump where a cheaper legal card kept it as well (a trump
  someone else holds lies between them);
- ``dearer_winner``: a trick taken for sure with a trump where a cheaper legal card
  also took it for sure (a trump someone else holds lies between them);
  in both, the Petit is no cheaper card while the seat can surely bring it to the
  last trick (the Petit au bout);
- ``honour_to_taker``: a defender gives a king or a queen to a trick the taker is
  sure to win, while a card worth less was allowed;
- ``points_to_opponents``: any card worth more than a low card (a jack or more)
  given to a trick the other side is sure to win, while a card worth less was
  allowed;
- ``idle_trump_lead``: the taker leads a trump when nobody else holds one any more,
  while a suit card was allowed;
- ``excuse_kept``: with two cards left, the other card played and the Excuse kept
  for the last trick (where it is lost), unless the side won every trick so far;
- ``petit_given``: the Petit played under a card that beats it, to a trick its side
  is not sure to win, while another card was allowed;
- ``false_signal``: a defender's card that tells its partners something untrue by
  the FFT conventions they read (:mod:`~tarot.bots.knowledge`): the first lead of a
  suit with a pip of 5 or less without its king or queen in five cards or more; the
  seat's first trump led odd with fewer than seven trumps, even with seven or more
  (the Petit and the 21 promise nothing), or the 19 without the 20, the 20 without
  the 19, a trump from 15 to 18 without the Excuse; while a lead that tells no lie was
  allowed; or the Excuse played to the first round of trumps without the Petit.
"""
from __future__ import annotations

from ..cards import (
    EXCUSE_BIT,
    EXCUSE_ID,
    FIRST_TRUMP,
    HALF_POINTS,
    KINGS,
    RANK_OF,
    SUIT_MASKS,
    SUIT_OF,
    TRUMP,
    TRUMPS,
    count,
    mask_of,
)
from .knowledge import Knowledge, false_signal, truthful_leads
from .play import Choice, TrickState, book_choice, keeps_excuse_for_last, petit_au_bout_sound
from .rollout import above_table

FLAWS = ("overtrump_partner", "dearer_winner", "honour_to_taker", "points_to_opponents",
         "idle_trump_lead", "excuse_kept", "petit_given", "false_signal")
SURE_ALLY = 0.99  # p_ally at or above: surely on this seat's side


def _below(card: int) -> int:
    """The mask of the cards numbered below ``card`` (for trumps: the lower trumps)."""
    return (1 << card) - 1


def may_beat(k: Knowledge, s: int, card: int, led: int, above: tuple[int, ...]) -> bool:
    """Whether seat ``s``, still to play, may beat ``card`` (winning a trick of suit ``led``),
    as far as this seat knows."""
    possible = k.possible(s)
    # s may lack the suit led unless it is known to hold a card of it.
    may_lack_suit = led == TRUMP or not possible & SUIT_MASKS[led] or not k.known[s] & SUIT_MASKS[led]
    if card >= FIRST_TRUMP:
        return bool(possible & TRUMPS & above[card]) and may_lack_suit
    if possible & above[card]:
        return True
    return bool(possible & TRUMPS) and may_lack_suit


def sure_for(k: Knowledge, ts: TrickState, card: int, ally: bool, above: tuple[int, ...]) -> bool:
    """The trick, ``card`` winning it, surely goes to this seat's side (``ally``) or surely to the
    other side (not ``ally``): no seat still to play that may be on the other side of
    the winner may beat ``card``."""
    led = ts.led if ts.led >= 0 else SUIT_OF[card]
    for s in ts.after:
        p = k.p_ally(s)
        beats_for_them = p < SURE_ALLY if ally else p > 0.0
        if beats_for_them and may_beat(k, s, card, led, above):
            return False
    return True


def _winner_after(ts: TrickState, k: Knowledge, card: int) -> tuple[int, int]:
    """(seat, card) winning the trick once this seat has played ``card``."""
    if ts.wins_over(card):
        return k.seat, card
    return ts.best_seat, ts.best_card


def _trumps_between(k: Knowledge, low: int, high: int) -> bool:
    """Some trump another seat may hold ranks between ``low`` (a trump, or a suit card:
    below every trump) and the trump ``high``."""
    floor = low if low >= FIRST_TRUMP else FIRST_TRUMP - 1
    between = TRUMPS & _below(high) & ~_below(floor + 1)
    return bool(k.unseen & between)


def card_flaws(k: Knowledge, card: int, legal: int) -> list[str]:
    """The flaws of playing ``card`` (one of ``legal``) now; empty for a clean card."""
    if not legal & (legal - 1):
        return []
    if card == EXCUSE_ID:
        return _excuse_flaws(k)
    out: list[str] = []
    others = [c for c in _cards(legal) if c != card and c != EXCUSE_ID]
    if count(k.hand) == 2 and legal & EXCUSE_BIT and not keeps_excuse_for_last(k):
        out.append("excuse_kept")
    ts = TrickState(k)
    if ts.best_seat < 0:  # leading
        return out + _lead_flaws(k, card, others)
    above = above_table(k.rules)
    winner, wcard = _winner_after(ts, k, card)
    i_win = winner == k.seat
    if card >= FIRST_TRUMP and i_win:
        out += _dear_trump_flaws(k, ts, card, others, above)
    if card == FIRST_TRUMP and others and not i_win:
        side_sure = (k.p_ally(winner) >= SURE_ALLY) and sure_for(k, ts, wcard, True, above)
        if not side_sure:
            out.append("petit_given")
    if not i_win and k.p_ally(winner) == 0.0 and sure_for(k, ts, wcard, False, above):
        out += _points_flaws(k, card, others, winner)
    return out


def _excuse_flaws(k: Knowledge) -> list[str]:
    """The Excuse lies only when it says the Petit is in danger, and need not be played now."""
    defence = not k.i_attack and k.taker is not None
    due = count(k.hand) == 2 and not keeps_excuse_for_last(k)  # else kept for the last trick
    return ["false_signal"] if defence and not due and false_signal(k, EXCUSE_ID) else []


def _lead_flaws(k: Knowledge, card: int, others: list[int]) -> list[str]:
    """A trump led by the taker nobody else can follow with one; a defender's lead that lies."""
    out = []
    if card >= FIRST_TRUMP and k.seat == k.taker and not k.unseen & TRUMPS \
            and any(c < FIRST_TRUMP for c in others):
        out.append("idle_trump_lead")
    if not k.i_attack and k.taker is not None and false_signal(k, card) and truthful_leads(k, others):
        out.append("false_signal")
    return out


def _dear_trump_flaws(k: Knowledge, ts: TrickState, card: int, others: list[int],
                      above: tuple[int, ...]) -> list[str]:
    """A trump that wins the trick where a cheaper card did the same for the side."""
    strength = k.strength
    cheaper = [c for c in others if strength[c] < strength[card] and _trumps_between(k, c, card)]
    if FIRST_TRUMP in cheaper and count(k.hand) > 1 and petit_au_bout_sound(k):
        cheaper.remove(FIRST_TRUMP)  # the Petit kept for the last trick, where it is sure to win
    partner_sure = ts.best_seat != k.seat and k.p_ally(ts.best_seat) >= SURE_ALLY \
        and sure_for(k, ts, ts.best_card, True, above)
    if partner_sure and any(not ts.wins_over(c) or sure_for(k, ts, c, True, above) for c in cheaper):
        return ["overtrump_partner"]
    if sure_for(k, ts, card, True, above) and any(ts.wins_over(c) and sure_for(k, ts, c, True, above)
                                                  for c in cheaper):
        return ["dearer_winner"]
    return []


def _points_flaws(k: Knowledge, card: int, others: list[int], winner: int) -> list[str]:
    """Points (a jack or more) given to a trick the other side surely wins, while less was allowed."""
    if card >= FIRST_TRUMP or HALF_POINTS[card] < 3:
        return []
    if not any(HALF_POINTS[c] < HALF_POINTS[card] for c in others):
        return []
    out = ["points_to_opponents"]
    if winner == k.taker and not k.i_attack and (KINGS >> card & 1 or RANK_OF[card] == 13):
        out.append("honour_to_taker")
    return out


def petit_saved(k: Knowledge, legal: int) -> bool:
    """Playing the Petit now surely keeps it on this seat's side (it wins for sure, or the
    trick is surely its side's)."""
    ts = TrickState(k)
    above = above_table(k.rules)
    winner, wcard = _winner_after(ts, k, FIRST_TRUMP)
    return k.p_ally(winner) >= SURE_ALLY and sure_for(k, ts, wcard, True, above)


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def clean_cards(k: Knowledge, legal: int, cards: list[int] | None = None) -> list[int]:
    """The cards of ``cards`` (by default every legal card) without a flaw; all of them
    when none is clean."""
    pool = cards if cards is not None else _cards(legal)
    clean = [c for c in pool if not card_flaws(k, c, legal)]
    return clean or list(pool)


def book_card(k: Knowledge, legal: int) -> int:
    """The card the book plays (:func:`~tarot.bots.play.choose_card`), chosen among the clean
    cards when its own choice has a flaw: the rules of thumb, played on every hand, now and
    then land on a card a club player would laugh at (a dearer trump than needed, the Petit
    under a trump that beats it)."""
    return book_play(k, legal)[0]


def book_play(k: Knowledge, legal: int) -> Choice:
    """:func:`book_card` and the rule that chose it (:func:`~tarot.bots.play.book_choice`)."""
    choice = book_choice(k, legal)
    if not card_flaws(k, choice[0], legal):
        return choice
    return book_choice(k, mask_of(clean_cards(k, legal)))


__all__ = ["FLAWS", "book_card", "book_play", "card_flaws", "clean_cards", "false_signal", "may_beat", "petit_saved", "sure_for"]
