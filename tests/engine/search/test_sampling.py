"""The sampling search (Chaturaji, Robotory): legal, replayable, bounded, and it wins
when a win is on the board."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from engine.chaturaji import CHATURAJI, Roll
from engine.errors import GameOverError
from engine.game import Position
from engine.outcome import Outcome, Termination
from engine.robotory import ROBOTORY
from engine.search.levels import LEVELS, level
from engine.search.sampling import RollDueError, analyse_sampled, outcome_values
from engine.search.types import WIN, Limits, SearchStyle
from tests.engine.chaturaji import helpers as chaturaji
from tests.engine.robotory.helpers import CROWDED_DARK, counted


def _random_positions(game: Any, seed: int, plies: int, **options: str) -> Iterator[Position[Any]]:
    """Positions along a random game, each with a player to move."""
    rng = random.Random(seed)
    position = game.position(options=options or None)
    for _ in range(plies):
        if position.outcome() is not None:
            return
        chances = position.chance_moves()
        if chances is not None:
            position.push(chances[rng.randrange(len(chances))])
            continue
        yield position.copy()
        moves = list(position.legal_moves())
        position.push(moves[rng.randrange(len(moves))])


def _sample_positions() -> list[Position[Any]]:
    found: list[Position[Any]] = []
    for game, options in (
        (CHATURAJI, {}),
        (CHATURAJI, {"mode": "teams"}),
        (CHATURAJI, {"dice": "2"}),
        (ROBOTORY, {}),
    ):
        found.extend(list(_random_positions(game, 7, 60, **options))[::6])
    return found


# --- legal and replayable ---------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 4, 10])
def test_every_move_played_is_legal_and_never_a_roll(number: int) -> None:
    for index, position in enumerate(_sample_positions()):
        before = position.text()
        analysis = analyse_sampled(
            position, level(number), rng=random.Random(index), limits=Limits(max_nodes=60)
        )
        assert not isinstance(analysis.best, Roll)
        assert position.is_legal(analysis.best), position.move_text(analysis.best)
        assert all(position.is_legal(move) for move in analysis.values)
        assert position.text() == before  # the caller's position is left as it was
        assert -WIN <= analysis.value <= WIN


def test_a_seed_replays_the_search() -> None:
    for position in _sample_positions()[::3]:
        runs = [
            analyse_sampled(position, level(6), rng=random.Random(11), limits=Limits(max_nodes=80))
            for _ in range(2)
        ]
        assert runs[0] == runs[1]
        assert list(runs[0].values) == list(runs[1].values)


REPLAY = f"""
import random
from engine.robotory import ROBOTORY
from engine.search.levels import level
from engine.search.sampling import analyse_sampled
position = ROBOTORY.position("{CROWDED_DARK}")
analysis = analyse_sampled(position, level(4), rng=random.Random(3))
print(position.move_text(analysis.best), analysis.value, analysis.nodes, analysis.depth)
"""


def test_a_seed_replays_the_search_in_another_process() -> None:
    """Nothing depends on the order of a set of strings, which changes between runs."""
    printed = {
        subprocess.run(
            [sys.executable, "-c", REPLAY],
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in (1, 2)
    }
    assert len(printed) == 1


def test_different_seeds_may_play_differently_at_a_blundering_level() -> None:
    """Level 1 makes a beginner's mistakes: over many seeds it plays more than one move."""
    start = ROBOTORY.position()
    played = {analyse_sampled(start, level(1), rng=random.Random(seed)).best for seed in range(12)}
    assert len(played) > 1


def test_the_search_refuses_a_roll_or_a_finished_game() -> None:
    with pytest.raises(RollDueError):
        analyse_sampled(CHATURAJI.position(), level(5), rng=random.Random(1))
    over = ROBOTORY.position("4/2R2/3B2/2W2/4 2w2b 2w2b 0w10b l")
    with pytest.raises(GameOverError):
        analyse_sampled(over, level(5), rng=random.Random(1))


def test_the_games_ask_for_the_sampling_search() -> None:
    for game in (CHATURAJI, ROBOTORY):
        assert game.search_style(game.options()) is SearchStyle.SAMPLING


def test_a_finished_game_is_worth_win_to_its_winners() -> None:
    assert outcome_values(Outcome.win(Termination.LAST_TOKEN, 1), 2, None) == [-WIN, WIN]
    team_win = Outcome(Termination.ARMIES_GONE, frozenset({0, 2}))
    assert outcome_values(team_win, 4, (0, 1, 0, 1)) == [WIN, -WIN, WIN, -WIN]
    shared = Outcome(Termination.ONLY_KINGS, frozenset({0, 1}))
    assert outcome_values(shared, 4, None) == [WIN / 2, WIN / 2, -WIN, -WIN]
    assert outcome_values(Outcome.draw(Termination.ONLY_KINGS), 4, (0, 1, 0, 1)) == [0.0] * 4


# --- it wins when it can -------------------------------------------------------------------


# --- it spends what it is given ----------------------------------------------------------


def test_max_nodes_bounds_the_playouts() -> None:
    position = counted(CROWDED_DARK)
    analysis = analyse_sampled(
        position, level(10), rng=random.Random(2), limits=Limits(max_nodes=150)
    )
    assert analysis.nodes == 150
    # one evaluation a playout, and one for each root move tried one move deep
    assert position.counts["evaluations"] <= 150 + len(analysis.values)
    assert position.counts["listings"] == 0  # the crowded board's chains are never listed


def test_the_level_sets_the_playouts_when_nothing_limits_them() -> None:
    position = ROBOTORY.position()
    for number in (1, 3):
        analysis = analyse_sampled(position, level(number), rng=random.Random(0))
        assert analysis.nodes == LEVELS[number - 1].playouts
        assert analysis.depth >= 1


def test_a_forced_move_is_played_without_searching() -> None:
    pieces = {"d1": "kK", "b1": "kH", "h8": "gK", "h7": "gb"}
    position = chaturaji.rolled(pieces, "4", seats="black,green")  # no elephant: a lost turn
    analysis = analyse_sampled(position, level(10), rng=random.Random(0))
    assert analysis.nodes == 0
    assert position.is_legal(analysis.best)


# --- judging every move -----------------------------------------------------------------


def test_judge_all_values_every_legal_move() -> None:
    for index, position in enumerate(_sample_positions()):
        analysis = analyse_sampled(
            position,
            level(3),
            rng=random.Random(index),
            limits=Limits(max_nodes=40),
            judge_all=True,
        )
        legal = list(position.legal_moves())
        assert set(analysis.values) == set(legal)
        assert all(-WIN <= value <= WIN for value in analysis.values.values())
