"""How strong the sampling search plays (make test-slow): the strongest level against a
random mover and against the weakest level, in Chaturaji (teams: two searching
partners against two others) and in Robotory, each side moving first in turn.

The strongest level's own budget (4,000 playouts a move) takes seconds a move in
pure Python; these tests play dozens of whole games on two shared cores, so the
strongest level plays with fewer playouts here (``LIGHT``), which only makes it
weaker: what it wins this way, it wins at full strength too.
"""

from __future__ import annotations

import pytest

from engine.chaturaji import CHATURAJI
from engine.robotory import ROBOTORY
from engine.search.levels import level
from engine.search.types import Limits
from tests.engine.search.arena import Seat, play_game, random_mover, searcher

pytestmark = pytest.mark.slow

GAMES = 20
CHATURAJI_LIGHT = Limits(max_nodes=30)
ROBOTORY_LIGHT = Limits(max_nodes=800)
CHATURAJI_PLIES = 600
"""A game still going after this many plies (300 turns) is ended from the controls and
counted on points, as players would."""


def chaturaji_wins(strong: Seat, weak: Seat) -> int:
    """Games the strong team wins outright (a shared win does not count)."""
    wins = 0
    for game in range(GAMES):
        team = game % 2  # black (team 0) moves first: each team starts half the games
        seats = {seat: strong if seat % 2 == team else weak for seat in range(4)}
        result = play_game(
            CHATURAJI, seats, seed=game, options={"mode": "teams"}, max_plies=CHATURAJI_PLIES
        )
        wins += result.outcome.winners == frozenset({team, team + 2})
    return wins


def robotory_wins(strong: Seat, weak: Seat) -> int:
    wins = 0
    for game in range(GAMES):
        first = game % 2
        result = play_game(ROBOTORY, {first: strong, 1 - first: weak}, seed=game)
        wins += result.outcome.winners == frozenset({first})
    return wins


def test_chaturaji_strongest_beats_a_random_mover() -> None:
    assert chaturaji_wins(searcher(level(10), CHATURAJI_LIGHT), random_mover) >= 0.95 * GAMES


def test_chaturaji_strongest_beats_the_weakest_level() -> None:
    assert chaturaji_wins(searcher(level(10), CHATURAJI_LIGHT), searcher(level(1))) >= 0.8 * GAMES


def test_robotory_strongest_beats_a_random_mover() -> None:
    assert robotory_wins(searcher(level(10), ROBOTORY_LIGHT), random_mover) >= 0.95 * GAMES


def test_robotory_strongest_beats_the_weakest_level() -> None:
    assert robotory_wins(searcher(level(10), ROBOTORY_LIGHT), searcher(level(1))) >= 0.8 * GAMES
