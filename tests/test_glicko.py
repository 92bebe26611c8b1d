"""Glicko-2 ratings: Glickman's worked example ("Example of the Glicko-2 system") and one try of a puzzle."""
from __future__ import annotations

import pytest

from tarot.puzzles.glicko import Rating, Result, expected, g, improvement_sum, new_volatility, puzzle_try, update, variance

PLAYER = Rating(1500, 200, 0.06)
GAMES = [Result(Rating(1400, 30), 1.0), Result(Rating(1550, 100), 0.0), Result(Rating(1700, 300), 0.0)]


def test_the_papers_example_moves_the_player_to_its_published_rating_deviation_and_volatility():
    after = update(PLAYER, GAMES, tau=0.5)
    # The paper prints r' = 1464.06, RD' = 151.52, σ' = 0.05999 (from intermediates it rounds to four decimals).
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_papers_intermediate_figures():
    assert (PLAYER.mu, round(PLAYER.phi, 4)) == (0.0, 1.1513)
    assert [round(g(r.opponent.phi), 4) for r in GAMES] == [0.9955, 0.9531, 0.7242]
    assert [round(expected(PLAYER.mu, r.opponent), 3) for r in GAMES] == [0.639, 0.432, 0.303]
    v = variance(PLAYER, GAMES)
    assert v == pytest.approx(1.7785, abs=0.001)
    assert v * improvement_sum(PLAYER, GAMES) == pytest.approx(-0.4834, abs=0.001)


def test_the_illinois_algorithm_finds_the_papers_volatility_from_its_own_figures():
    assert new_volatility(PLAYER, -0.4834, 1.7785, tau=0.5) == pytest.approx(0.05999, abs=0.00001)  # the paper prints 0.05999 for 0.059996


def test_a_period_without_games_only_widens_the_deviation():
    after = update(PLAYER, [])
    assert after.rating == PLAYER.rating and after.volatility == PLAYER.volatility
    assert after.rd == pytest.approx(200.2714, abs=0.001)  # √(φ² + σ²) on the Glicko-2 scale


def test_a_solved_puzzle_raises_the_player_and_lowers_the_puzzle():
    player, puzzle = Rating(1500, 100), Rating(1600, 300)
    player_after, puzzle_after = puzzle_try(player, puzzle, solved=True)
    assert player_after.rating > 1500 and puzzle_after.rating < 1600
    assert player_after.rd < 100 and puzzle_after.rd < 300
    assert player_after == update(player, [Result(puzzle, 1.0)])  # each against the other as it stood
    assert puzzle_after == update(puzzle, [Result(player, 0.0)])


def test_a_failed_try_lowers_the_player_and_raises_the_puzzle():
    player_after, puzzle_after = puzzle_try(Rating(1500, 100), Rating(1600, 300), solved=False)
    assert player_after.rating < 1500 and puzzle_after.rating > 1600
