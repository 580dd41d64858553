"""Ratings from match results: a maximum-likelihood Bradley-Terry fit on the Elo scale.

The chance that A scores against B is ``1 / (1 + 10 ** (-(Ra - Rb) / 400))``, a draw
counting half. The ratings that make the results most likely are found by Newton's
method with one player (the anchor) held at 0, and each rating's 95% interval comes
from the curvature of the likelihood there. ``prior`` adds that many won and as many
lost games to every pairing played, so that a clean sweep (random against level 1)
gives a large finite gap, not an infinite one.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.errors import KibanError

ELO = 400 / math.log(10)
"""Elo points per unit of natural log-odds."""

Z95 = 1.96


class FitError(KibanError, ValueError):
    """Results from which no rating can be fitted (a player not linked to the anchor)."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """The games between two players, counted from ``first``'s side."""

    first: str
    second: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """``first``'s share of the points (0.5 when no game was played)."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.5


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's fitted rating, the half-width of its 95% interval, and its games."""

    name: str
    rating: float
    margin: float
    games: int


def expected(difference: float) -> float:
    """The score expected of a player ``difference`` Elo points above the other."""
    return 1 / (1 + 10 ** (-difference / 400))


def fit(
    pairings: Iterable[Pairing], anchor: str, *, prior: float = 1.0, rounds: int = 100
) -> dict[str, Rating]:
    """The rating of every player in ``pairings``, ``anchor`` held at 0."""
    played = [pairing for pairing in pairings if pairing.games]
    names = list(dict.fromkeys(name for p in played for name in (p.first, p.second)))
    if anchor not in names:
        raise FitError(f"the anchor {anchor!r} played no game")
    _check_linked(played, names, anchor)
    free = [name for name in names if name != anchor]
    index = {name: i for i, name in enumerate(free)}
    x = [0.0] * len(free)

    def value(name: str) -> float:
        return 0.0 if name == anchor else x[index[name]]

    information: list[list[float]] = []
    for _ in range(rounds):
        gradient = [0.0] * len(free)
        information = [[0.0] * len(free) for _ in free]
        for pairing in played:
            games = pairing.games + 2 * prior
            points = pairing.wins + pairing.draws / 2 + prior
            chance = 1 / (1 + math.exp(value(pairing.second) - value(pairing.first)))
            slope = points - games * chance
            curve = games * chance * (1 - chance)
            for name, sign in ((pairing.first, 1.0), (pairing.second, -1.0)):
                if name in index:
                    gradient[index[name]] += sign * slope
            for a, sa in ((pairing.first, 1.0), (pairing.second, -1.0)):
                for b, sb in ((pairing.first, 1.0), (pairing.second, -1.0)):
                    if a in index and b in index:
                        information[index[a]][index[b]] += sa * sb * curve
        step = _solve(information, gradient)
        x = [xi + si for xi, si in zip(x, step, strict=True)]
        if max((abs(s) for s in step), default=0.0) < 1e-10:
            break
    covariance = _inverse(information) if free else []
    played_by = {
        name: sum(p.games for p in played if name in (p.first, p.second)) for name in names
    }
    ratings = {anchor: Rating(anchor, 0.0, 0.0, played_by[anchor])}
    for name, i in index.items():
        spread = math.sqrt(max(covariance[i][i], 0.0))
        ratings[name] = Rating(name, x[i] * ELO, Z95 * spread * ELO, played_by[name])
    return ratings


def linked(pairings: Iterable[Pairing], anchor: str) -> set[str]:
    """The players joined to ``anchor`` by games played: the only ones a fit can rate."""
    played = [pairing for pairing in pairings if pairing.games]
    joined = {anchor}
    grown = True
    while grown:
        grown = False
        for pairing in played:
            if (pairing.first in joined) != (pairing.second in joined):
                joined |= {pairing.first, pairing.second}
                grown = True
    return joined


def _check_linked(played: Sequence[Pairing], names: Sequence[str], anchor: str) -> None:
    joined = linked(played, anchor)
    apart = [name for name in names if name not in joined]
    if apart:
        raise FitError(f"{', '.join(apart)} played no one linked to {anchor!r}")


def _solve(matrix: Sequence[Sequence[float]], vector: Sequence[float]) -> list[float]:
    """``matrix`` x = ``vector`` by Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        if abs(rows[pivot][column]) < 1e-12:
            raise FitError("the results do not fix every rating")
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for row in range(size):
            if row != column:
                factor = rows[row][column] / rows[column][column]
                rows[row] = [a - factor * b for a, b in zip(rows[row], rows[column], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def _inverse(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    size = len(matrix)
    columns = [_solve(matrix, [1.0 if r == c else 0.0 for r in range(size)]) for c in range(size)]
    return [[columns[c][r] for c in range(size)] for r in range(size)]
