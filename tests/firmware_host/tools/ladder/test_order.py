"""Adjacent levels of Robot Duel are ordered: level N+1 scores at least 60% against
level N, with the calibration table's parameters, at fixed node counts (no deadline)
and fixed seeds, so the games are the same on every machine (``make test-slow``)."""

from __future__ import annotations

import math
import random

import pytest

from engine.registry import find_game
from engine.search import BuiltinPlayer, Limits
from engine.search.ladder import builtin_level
from engine.search.levels import LEVELS
from firmware_host.tools.ladder.rungs import OPENING_PLIES, ORDERED
from firmware_host.tools.play.match import play_players

DOBUTSU = find_game("dobutsu")
GAMES = 30


@pytest.mark.slow
@pytest.mark.parametrize("lower", [2, 3, 4])
def test_the_level_above_scores_at_least_sixty_percent(lower: int) -> None:
    levels = [
        builtin_level(DOBUTSU.name, LEVELS[lower]),
        builtin_level(DOBUTSU.name, LEVELS[lower - 1]),
    ]
    players = [
        BuiltinPlayer(level, random.Random(f"order:{lower}:{i}")) for i, level in enumerate(levels)
    ]
    result = play_players(
        DOBUTSU,
        players,
        ["upper", "lower"],
        GAMES,
        seed=lower,
        options=DOBUTSU.options(None),
        limits=Limits(deadline=math.inf),
        opening_plies=OPENING_PLIES,
    )
    upper = result.tallies[0]
    score = (upper.wins + upper.draws / 2) / GAMES
    assert score >= ORDERED, f"level {lower + 1} against level {lower}: {upper.line()}"
