"""The ladder's rating fit on synthetic results: it finds the ratings that made them."""

from __future__ import annotations

import math

import pytest

from firmware_host.tools.ladder.fit import FitError, Pairing, expected, fit


def exact(first: str, second: str, difference: float, games: int) -> Pairing:
    """The results two players ``difference`` apart make on average (no draws)."""
    wins = round(expected(difference) * games)
    return Pairing(first, second, wins, 0, games - wins)


def test_the_fit_recovers_the_ratings_behind_exact_results() -> None:
    truth = {"random": 0.0, "a": 200.0, "b": 350.0, "c": 600.0}
    pairings = [
        exact("a", "random", 200, 100_000),
        exact("b", "a", 150, 100_000),
        exact("c", "b", 250, 100_000),
        exact("c", "a", 400, 100_000),
    ]
    ratings = fit(pairings, "random", prior=0.0)
    for name, rating in truth.items():
        assert ratings[name].rating == pytest.approx(rating, abs=1.0)
    assert ratings["random"].margin == 0.0
    assert ratings["a"].margin < ratings["c"].margin < 10  # further from the anchor: wider
    assert ratings["b"].games == 200_000


def test_even_results_give_even_ratings_and_more_games_a_narrower_interval() -> None:
    few = fit([Pairing("a", "random", 5, 2, 5)], "random")
    many = fit([Pairing("a", "random", 50, 20, 50)], "random")
    assert few["a"].rating == pytest.approx(0.0, abs=1e-6)
    assert many["a"].margin < few["a"].margin


def test_a_clean_sweep_gives_a_large_finite_gap_with_the_prior() -> None:
    ratings = fit([Pairing("a", "random", 20, 0, 0)], "random")
    # 21 wins of 22 (the prior adds a win and a loss): odds of 21 to 1, about 529 points
    assert ratings["a"].rating == pytest.approx(400 * math.log10(21), rel=1e-6)


def test_a_player_cut_off_from_the_anchor_cannot_be_rated() -> None:
    with pytest.raises(FitError):
        fit([Pairing("a", "random", 3, 0, 1), Pairing("b", "c", 2, 0, 2)], "random")
    with pytest.raises(FitError):
        fit([Pairing("a", "b", 3, 0, 1)], "random")
