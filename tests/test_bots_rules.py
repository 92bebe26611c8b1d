"""Every bot plays by the rules, from its own seat's view only, the same way for the same seed."""
import gc
import sys

import pytest

from tarot.actions import Play
from tarot.bots import LEVEL_NAMES, make_bot
from tarot.bots.levels import LEVELS
from tarot.bots.expert import ExpertBot
from tarot.cards import SUIT_MASKS, cards_of, mask_of
from tarot.rules import Rules
from tarot.state import Deal, Phase
from tarot.view import SeatView

FAST_LEVELS = ("random", "debutant", "standard")
OPTIONS = ({}, {"petit_au_bout_within": True}, {"red_pips_reversed": True}, {"misere": True})


def _bot(level, seed):
    if level == "expert":
        return ExpertBot(seed, samples=1, setup_samples=1)
    return make_bot(level, seed)


def play_deal(players, seed, levels, options=None):
    """Play one deal with the given levels in turn around the table; the engine refuses
    any illegal action (``apply`` raises), so a finished deal means every action was legal."""
    rules = Rules(players=players, **(options or {}))
    deal = Deal.new(rules, dealer=seed % players, seed=seed)
    bots = [_bot(levels[s % len(levels)], seed * 10 + s) for s in range(players)]
    while not deal.is_over:
        seat = deal.to_act
        view = deal.view(seat)
        action = bots[seat].choose(view)
        assert deal.why_not(action, seat) is None, (levels, action, deal.why_not(action, seat))
        deal.apply(action, seat=seat)
    return deal


def test_the_levels_are_registered():
    assert {"random", "debutant", "standard", "expert"} <= set(LEVELS)
    assert tuple(LEVELS) == LEVEL_NAMES  # the names the page and the tools read, without the bots' modules
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grand-maitre", 1)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("level", ["debutant", "standard"])
def test_a_level_plays_only_legal_actions(level, players):
    played = 0
    for seed in range(40):
        deal = play_deal(players, 1000 * players + seed, [level], OPTIONS[seed % len(OPTIONS)])
        assert deal.phase is Phase.DONE
        played += deal.result.redeal is None
    assert played >= 20  # most deals are played to the end, not redealt


@pytest.mark.parametrize("players", [3, 4, 5])
def test_mixed_tables_play_only_legal_actions(players):
    for seed in range(12):
        play_deal(players, 5000 + seed, ["random", "debutant", "standard"], OPTIONS[seed % len(OPTIONS)])


@pytest.mark.skipif(sys.platform == "emscripten", reason="thousands of deals: run under CPython only")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_thousands_of_seeded_deals_hold_no_illegal_action(players):
    """1,000 deals at this player count (Débutant and Standard in turn, every rule option),
    then 60 with the Expert at the table too (a small search budget, its own écarts)."""
    finished = 0
    for seed in range(1000):
        levels = ["debutant", "standard"] if seed % 2 else ["standard", "debutant"]
        deal = play_deal(players, 100_000 * players + seed, levels, OPTIONS[seed % len(OPTIONS)])
        finished += deal.result.redeal is None
    for seed in range(60):
        levels = ["expert", "standard", "debutant"][seed % 3:] + ["expert", "standard", "debutant"][:seed % 3]
        deal = play_deal(players, 200_000 * players + seed, levels, OPTIONS[seed % len(OPTIONS)])
        finished += deal.result.redeal is None
    assert finished >= 600  # most deals are played to the end, not redealt


@pytest.mark.parametrize("level", FAST_LEVELS)
def test_a_bot_is_deterministic_for_a_seed(level):
    first = play_deal(4, 77, [level]).to_record()
    again = play_deal(4, 77, [level]).to_record()
    assert first == again


# ----------------------------------------------------------------- hidden cards
def _deep_objects(obj, seen=None):
    """Everything reachable from ``obj`` through containers, dataclasses and referents."""
    seen = seen if seen is not None else set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if id(x) in seen or isinstance(x, (type, type(len))):
            continue
        seen.add(id(x))
        yield x
        if isinstance(x, (str, bytes, int, float, bool)) or x is None:
            continue
        stack.extend(gc.get_referents(x))


def deal_in_play(seed, players=4, actions=25):
    """The first deal from ``seed`` on that Standard bots take and bring ``actions`` actions
    into the play."""
    while True:
        deal = Deal.new(players, dealer=0, seed=seed)
        bots = [make_bot("standard", s) for s in range(players)]
        for _ in range(actions):
            if deal.is_over:
                break
            seat = deal.to_act
            deal.apply(bots[seat].choose(deal.view(seat)), seat=seat)
        if deal.phase is Phase.PLAY:
            return deal
        seed += 1000


def test_a_seat_view_holds_no_reference_to_the_deal_or_other_hands():
    deal = deal_in_play(5)
    view = deal.view(deal.to_act)
    reachable = list(_deep_objects(view))
    assert not any(isinstance(x, Deal) for x in reachable)
    assert not any(x is h for x in reachable for h in (deal.hands,))
    hidden = 0
    for s in range(4):
        if s != view.seat:
            hidden |= deal.hands[s]
    shown = mask_of(view.chien) | mask_of(c for _, _, cards in view.poignees for c in cards)
    assert hidden & ~shown  # the others do hold cards this seat never saw...
    assert view.visible_cards() & hidden & ~shown == 0  # ...and none of them shows


def _twins(seed, players=4, actions=25):
    """A deal some way into the play, and its twin where two other seats exchanged two
    unplayed cards of one suit; both saw the same actions.  Returns (deal, twin)."""
    deal = deal_in_play(seed, players, actions)
    watcher = deal.to_act
    others = [s for s in range(players) if s != watcher]
    hands = [list(h) for h in deal.dealt_hands]
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            for suit in range(4):
                xs = cards_of(deal.hands[a] & SUIT_MASKS[suit])
                ys = cards_of(deal.hands[b] & SUIT_MASKS[suit])
                if xs and ys:
                    x, y = xs[0], ys[0]
                    hands[a][hands[a].index(x)] = y
                    hands[b][hands[b].index(y)] = x
                    twin = Deal(deal.rules, deal.dealer, hands, list(deal.dealt_chien))
                    for seat, action in deal.history:
                        twin.apply(action, seat=seat)
                    assert twin.hands[a] != deal.hands[a] and twin.hands[watcher] == deal.hands[watcher]
                    return deal, twin
    raise AssertionError("no two seats to exchange cards")


@pytest.mark.parametrize("level", ["debutant", "standard", "expert"])
def test_hidden_cards_change_neither_the_view_nor_the_decision(level):
    for seed in (3, 8, 21):
        deal, twin = _twins(seed)
        seat = deal.to_act
        view, twin_view = deal.view(seat), twin.view(seat)
        assert view == twin_view
        assert _bot(level, 9).choose(view) == _bot(level, 9).choose(twin_view)


def test_a_bot_only_ever_receives_a_view():
    class Spy:
        def __init__(self, inner):
            self.inner = inner
            self.seen = []

        def choose(self, view):
            self.seen.append(type(view))
            return self.inner.choose(view)

    from tarot.match import play_out

    spies = [Spy(make_bot("standard", s)) for s in range(4)]
    play_out(Deal.new(4, dealer=1, seed=12), spies)
    assert {t for spy in spies for t in spy.seen} == {SeatView}


def test_every_card_a_bot_plays_was_in_its_view():
    deal = Deal.new(4, dealer=2, seed=31)
    bots = [make_bot("standard", s) for s in range(4)]
    while not deal.is_over:
        seat = deal.to_act
        view = deal.view(seat)
        action = bots[seat].choose(view)
        if isinstance(action, Play):
            assert action.card in view.hand and action in view.legal
        deal.apply(action, seat=seat)
