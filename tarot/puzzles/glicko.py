"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system"): a rating, its
deviation (RD) and its volatility, updated once per rating period from the games of the
period; the new volatility found by the Illinois algorithm, as the paper does it.

:func:`update` is the paper's step: one rating and the results of its period.
:func:`puzzle_try` is one try of a puzzle, as lichess rates them: the player and the
puzzle are two players of one game, the player winning when the puzzle is solved; both
are updated, each against the other's rating before the try.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # the Glicko-2 scale: 400 / ln 10
CENTRE = 1500.0  # the rating of the Glicko scale that is 0 on the Glicko-2 scale
START_RD = 350.0  # an unrated player's deviation
START_VOLATILITY = 0.06  # an unrated player's volatility
TAU = 0.5  # the system constant: how much the volatility may change (the paper's 0.3 to 1.2; its example 0.5)
EPSILON = 0.000001  # the convergence tolerance of the Illinois algorithm (the paper's)


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating``, its deviation ``rd`` and ``volatility``."""

    rating: float = CENTRE
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    @property
    def mu(self) -> float:
        return (self.rating - CENTRE) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE

    def to_json(self) -> dict[str, float]:
        return {"rating": round(self.rating, 2), "rd": round(self.rd, 2), "volatility": round(self.volatility, 6)}


@dataclass(frozen=True)
class Result:
    """One game of the period: the opponent's rating before it and the score (1 win, 0.5 draw, 0 loss)."""

    opponent: Rating
    score: float


def g(phi: float) -> float:
    """How much an opponent's deviation ``phi`` damps the game's weight."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(mu: float, opponent: Rating) -> float:
    """The expected score against ``opponent`` of a player at ``mu`` (Glicko-2 scale)."""
    return 1.0 / (1.0 + math.exp(-g(opponent.phi) * (mu - opponent.mu)))


def variance(player: Rating, results: Sequence[Result]) -> float:
    """``v``: the estimated variance of the rating from the games' outcomes alone."""
    total = 0.0
    for r in results:
        e = expected(player.mu, r.opponent)
        total += g(r.opponent.phi) ** 2 * e * (1.0 - e)
    return 1.0 / total


def improvement_sum(player: Rating, results: Sequence[Result]) -> float:
    """``Σ g(φj)(sj − Ej)``: the games' outcomes against their expectation."""
    return sum(g(r.opponent.phi) * (r.score - expected(player.mu, r.opponent)) for r in results)


def new_volatility(player: Rating, delta: float, v: float, tau: float = TAU) -> float:
    """``σ'`` by the Illinois algorithm (the paper's step 5)."""
    phi2 = player.phi ** 2
    a = math.log(player.volatility ** 2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi2 + v:
        big_b = math.log(delta * delta - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Sequence[Result], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with ``results`` (none: only the deviation grows)."""
    if not results:
        return Rating(player.rating, SCALE * math.sqrt(player.phi ** 2 + player.volatility ** 2), player.volatility)
    v = variance(player, results)
    total = improvement_sum(player, results)
    sigma = new_volatility(player, v * total, v, tau)
    phi_star = math.sqrt(player.phi ** 2 + sigma ** 2)
    phi = 1.0 / math.sqrt(1.0 / phi_star ** 2 + 1.0 / v)
    mu = player.mu + phi * phi * total
    return Rating(SCALE * mu + CENTRE, SCALE * phi, sigma)


def puzzle_try(player: Rating, puzzle: Rating, solved: bool, tau: float = TAU) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one try: a game the player wins when the
    puzzle is solved and the puzzle wins otherwise, each rated against the other as it stood."""
    score = 1.0 if solved else 0.0
    return (update(player, [Result(puzzle, score)], tau),
            update(puzzle, [Result(player, 1.0 - score)], tau))


__all__ = ["CENTRE", "EPSILON", "SCALE", "START_RD", "START_VOLATILITY", "TAU", "Rating", "Result", "expected", "g",
           "improvement_sum", "new_volatility", "puzzle_try", "update", "variance"]
