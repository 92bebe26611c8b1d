"""The review of a deal: every step from the deal to the count, hands face up, and a
running count that ends on the engine's result."""
import pytest

from tarot.teaching.duplicate import Budget, reference
from tarot.errors import RecordError
from tarot.teaching.review import review
from tarot.rules import Rules
from tarot.state import Deal

CHEAP = Budget(samples=2, setup_samples=3)


def _finished(players, number):
    return reference(Rules(players=players), number, "standard", CHEAP)


@pytest.mark.parametrize("players, number", [(3, 4), (4, 5), (5, 3)])
def test_the_count_at_the_end_is_the_engine_s_result(players, number):
    deal = _finished(players, number)
    steps = review(deal.to_record())
    last = steps[-1]
    assert last.result == deal.result
    if deal.result.redeal is None:
        assert last.half_points == deal.result.card_points
        assert last.tricks_won == tuple(deal.side_tricks)
        assert sum(last.tricks_won) == deal.rules.hand_size


def test_one_step_as_dealt_and_one_after_each_action():
    deal = _finished(4, 5)
    record = deal.to_record()
    steps = review(record)
    assert len(steps) == len(record["actions"]) + 1
    assert steps[0].action is None
    assert [set(h) for h in steps[0].hands] == [set(h) for h in deal.dealt_hands]
    assert [s.action for s in steps[1:]] == record["actions"]


def test_while_playing_every_card_is_in_a_hand_or_a_trick():
    deal = _finished(4, 8)
    playing = [step for step in review(deal.to_record()) if step.phase == "play"]
    assert len(playing) > 60
    for step in playing:
        in_trick = 0 if step.trick_winner is not None else len(step.trick)
        assert sum(len(h) for h in step.hands) + 4 * sum(step.tricks_won) + in_trick == 72


def test_the_running_count_only_grows_with_the_tricks():
    deal = _finished(4, 5)
    steps = review(deal.to_record())
    for before, after in zip(steps, steps[1:]):
        if after.result is None:
            assert sum(after.half_points) >= sum(before.half_points)
            if after.trick_winner is None:
                assert after.half_points == before.half_points  # no trick ended: nothing counted


def test_a_trick_ended_is_shown_with_its_winner():
    steps = review(_finished(4, 5).to_record())
    ended = [s for s in steps if s.trick_winner is not None]
    assert len(ended) == 18
    assert all(len(s.trick) == 4 for s in ended)


def test_a_bad_record_is_refused_by_the_engine_s_reason():
    record = _finished(4, 5).to_record()
    record["actions"][0] = {"seat": 3, "type": "bid", "bid": "pass"}  # out of turn
    with pytest.raises(RecordError, match="action 0"):
        review(record)
    with pytest.raises(ValueError):
        review([1, 2])


def test_a_deal_in_progress_can_be_reviewed():
    deal = Deal.new(Rules(players=4), dealer=0, seed=1)
    assert len(review(deal.to_record())) == 1
