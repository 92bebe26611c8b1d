"""*Reprendre mon coup* (``Session.undo``): the deal goes back to just before the person's
last decision, everything the engine dealt with it kept (the pots on the table included),
and the same decision taken again gives the table that never took it back."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tarot.rng import Rng
from tarot.rules import Rules
from tarot.state import Deal
from web.match.session import HUMAN, Session, Settings

from .test_properties import choose

TRADITIONAL = {"traditional_scoring": True}


def decide_once(session: Session, rng: Rng) -> None:
    """The person takes a random legal decision; the bots then play up to the person's next one."""
    assert session.act(HUMAN, choose(session.deal, rng)) is None
    bots_play(session)


def bots_play(session: Session) -> None:
    while session.bot_to_act() is not None:
        session.bot_step()


def table_state(session: Session) -> tuple[dict[str, Any], Any]:
    """What the table holds and shows, all but the mark of a decision taken back."""
    save = session.to_save()
    del save["undone"]
    return save, replace(session.screen(), undone=frozenset(), ui=None, can_undo=None)


def take_back_and_again(session: Session) -> None:
    """Reprendre mon coup, then the same decision again (the bots answer it as before)."""
    keep = session.undo_point()
    assert keep is not None
    seat, action = session.deal.history[keep]
    assert session.undo() and len(session.deal.history) == keep and seat == HUMAN
    assert session.act(HUMAN, action) is None
    bots_play(session)


def test_taking_a_move_back_keeps_the_pots_on_the_table():
    session = Session(Settings(players=4, first_deal=1, options=TRADITIONAL))
    session.deal = Deal.new(Rules(players=4, **TRADITIONAL), dealer=3, seed=1, pots=(50, 120),
                            pots_doubled=(False, True))
    assert session.bid("pass")
    assert session.undo()
    assert (session.deal.pots, session.deal.pots_doubled) == ((50, 120), (False, True))
    assert session.deal.to_record()["pots"] == [50, 120]


def _second_deal_under_way(rng_seed: int) -> tuple[Session, Rng]:
    """A match under pots and tokens at its second deal (pots on the table), the person's decision taken."""
    session = Session(Settings(players=4, level="random", first_deal=11, options=TRADITIONAL))
    rng = Rng(rng_seed)
    bots_play(session)
    while not session.finished:
        decide_once(session, rng)
    session.next_deal()
    bots_play(session)
    decide_once(session, rng)
    assert session.deal.pots and session.undo_point() is not None
    return session, rng


def test_a_move_taken_back_and_made_again_counts_the_same_tokens_and_pots():
    kept, kept_rng = _second_deal_under_way(7)
    undone, undone_rng = _second_deal_under_way(7)
    take_back_and_again(undone)
    for session, rng in ((kept, kept_rng), (undone, undone_rng)):
        while not session.finished:
            decide_once(session, rng)
    ends = [session.match.records[-1]["result"] for session in (kept, undone)]
    assert ends[0] == ends[1] and "tokens" in ends[0]
    assert (kept.match.pots, kept.match.token_totals) == (undone.match.pots, undone.match.token_totals)


@st.composite
def tables(draw: Any) -> tuple[Settings, int]:
    """A table of any size under any rule options, its first deal number, and the seed of the choices."""
    players = draw(st.sampled_from([3, 4, 5]))
    options = {name: True for name in Rules.options_for(players) if draw(st.booleans())}
    first = draw(st.integers(0, 10**6))
    return Settings(players=players, level="random", options=options, first_deal=first), draw(st.integers(0, 2**32 - 1))


@settings(max_examples=30)
@given(tables())
def test_a_move_taken_back_and_made_again_leaves_the_table_as_if_never_taken_back(table):
    """Two deals of a match, every rule option: wherever the person may take a move back
    (one in three, at random), doing so and making it again changes nothing but the mark."""
    settings_, seed = table
    session = Session(settings_)
    rng = Rng(seed)
    bots_play(session)
    for _ in range(2):
        while not session.finished:
            decide_once(session, rng)
            if session.undo_point() is not None and rng.below(3) == 0:
                before = table_state(session)
                take_back_and_again(session)
                assert table_state(session) == before
                assert session.deal_number in session.undone
        session.next_deal()
        bots_play(session)

