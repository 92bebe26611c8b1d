"""The benchmark harness measures what its figures say (no timing is asserted here)."""
from __future__ import annotations

from tarot.tools import bench
from tarot.rng import Rng
from tarot.rules import Rules
from tarot.state import Deal, Phase


def test_legal_move_positions_are_different_play_positions_not_yet_queried():
    positions = bench.play_positions(120)
    assert len(positions) == 120
    assert all(p.phase is Phase.PLAY for p in positions)
    assert all(p._legal == -1 for p in positions)  # the first query computes
    keys = {(tuple(p.hands), tuple(p.trick), len(p.tricks), p.dealt_chien) for p in positions}
    assert len(keys) == 120


def test_a_fresh_copy_of_a_position_computes_its_legal_moves_again():
    position = bench.play_positions(1)[0]
    expected = position.legal_actions()  # fills the cache of this one
    fresh = bench._cold(position.copy())
    assert fresh._legal == -1
    assert fresh.legal_actions() == expected


def test_random_deals_of_the_benchmark_are_finished_and_replay_to_their_result():
    for seed in range(5):
        deal = bench.play_random_deal(Deal.new(Rules(players=4), dealer=seed % 4, seed=seed), Rng(seed))
        assert deal.is_over
        assert Deal.from_record(deal.to_record()).result == deal.result


def test_a_registered_benchmark_is_run_with_its_description():
    @bench.benchmark("example", about={"example_figure": "what it measures"})
    def example(budget: bench.Budget) -> dict:
        return {"example_figure": budget.repeats}

    try:
        figures = bench.run(quick=True, repeats=2, only=["example"])
    finally:
        del bench.BENCHMARKS["example"]
        del bench.ABOUT["example_figure"]
    assert figures["example_figure"] == 2
    assert figures["about"]["example_figure"] == "what it measures"
    assert "deals_per_second_4p_random" not in figures


def test_seat_view_positions_are_play_positions_whose_legal_moves_are_not_yet_asked():
    positions = bench.view_positions(40)
    assert len(positions) == 40 and all(p.phase is Phase.PLAY and p._legal == -1 for p in positions)
    fresh = bench._fresh(positions[-1].copy())
    assert not [k for k in vars(fresh) if k.startswith("_view_")]
    assert fresh.view(fresh.to_act) == positions[-1].view(positions[-1].to_act)


def test_a_self_play_deal_of_the_benchmark_ends_with_a_result():
    from tarot.bots import make_bot

    deal = bench.play_bots_deal(Deal.new(Rules(players=4), dealer=0, seed=5), [make_bot("debutant", s) for s in range(4)])
    assert deal.is_over and deal.result is not None
