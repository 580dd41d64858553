"""Fault injection over every bundled simulated front end: noisy hands, transient bus
errors at 1% and 10%, and the front end silent for 0.5-3 s in the middle of moves.
No move other than the one played is ever committed, and none is lost (a capture a
glitch hid is replayed when the board asks for the pieces back, and counted).

The quick run is part of ``make test``; the soak (over 5,000 moves) of ``make test-slow``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.game import Game
from hardware.mock.hands import Noise
from tests.firmware_host.loops.frontend_kit import FRONT_ENDS, IDS, play_through_faults
from tests.firmware_host.simkit import make_sim

RATES = (0.01, 0.10)
SOAK_MOVES = 430  # per front end and rate: 6 x 2 x 430 = 5,160 moves


def run(name: str, game: Game[Any], rate: float, moves: int, seed: int) -> None:
    sim = make_sim(name, game=game, noise=Noise.realistic(), seed=seed)
    sim.hardware.set_error_rate(rate, seed=seed)
    tally = play_through_faults(sim, random.Random(seed), moves, name, silent=0.2)
    assert tally.moves == moves
    assert tally.silences > 0
    # replays are the exception: a glitch must hide a capture's empty moment
    assert tally.replayed <= max(2, moves // 10), tally


@pytest.mark.parametrize("rate", RATES)
@pytest.mark.parametrize(("name", "game"), FRONT_ENDS, ids=IDS)
def test_faults_never_commit_a_wrong_move_nor_lose_one(
    name: str, game: Game[Any], rate: float
) -> None:
    run(name, game, rate, moves=12, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("rate", RATES)
@pytest.mark.parametrize(("name", "game"), FRONT_ENDS, ids=IDS)
def test_soak_faults_over_thousands_of_moves(name: str, game: Game[Any], rate: float) -> None:
    run(name, game, rate, moves=SOAK_MOVES, seed=7)
