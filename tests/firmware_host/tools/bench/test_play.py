"""``kiban bench``'s frame changes and commits in each game's worst positions: the
positions are what they say, and the lines report every game's spreads."""

from __future__ import annotations

import itertools
import re

import pytest

from engine.registry import find_game, games
from firmware_host.tools.bench.play import Spread, play_costs, play_lines
from tests.registered import product_games


@pytest.mark.parametrize(
    ("game", "text", "moves"),
    [
        pytest.param(
            game.name,
            notable.text,
            notable.moves,
            marks=[pytest.mark.slow] if notable.moves > 300_000 else [],
        )
        for game in games()
        for notable in game.bench().played
    ],
)
def test_the_worst_positions_have_the_moves_they_claim(game: str, text: str, moves: int) -> None:
    position = find_game(game).position(text)
    assert sum(1 for _ in position.legal_moves()) == moves


def test_every_game_names_its_worst_positions() -> None:
    assert all(game.bench().played for game in product_games())  # the toy's: the default


def test_the_boards_that_see_colours_are_the_games_own_choice() -> None:
    profiles = {game.name: game.bench().profile for game in product_games()}
    assert profiles == {
        "dobutsu": "sim",
        "shogi": "sim",
        "abalone": "sim-abalone-polarity",
        "chaturaji": "sim",
        "robotory": "sim-robotory-polarity",
    }


def test_the_spread_is_read_from_the_sorted_times() -> None:
    spread = Spread.of([0.004, 0.001, 0.002, 0.003] * 25 + [0.5])
    assert (spread.p50, spread.p99, spread.worst) == (0.003, 0.004, 0.5)  # one in 101 is no p99


def test_moves_are_played_committed_and_taken_back_in_a_worst_position() -> None:
    shogi = find_game("shogi")
    text = shogi.bench().played[0].text
    changes, commits, _ = play_costs(shogi, text, moves=4, seed=2)
    assert len(changes) >= 8  # lifted (and what it takes), then shown, for each move
    assert len(commits) == 4  # each committed (and then taken back)


def test_the_lines_give_each_position_its_spreads() -> None:
    dobutsu = find_game("dobutsu")
    lines = play_lines(dobutsu, reference=0.001, moves=2)
    labels = [line.split("  ")[0] for line in lines]
    assert len(lines) == 3 * (1 + len(dobutsu.bench().played))
    for line in itertools.islice(lines, 0, None, 3):
        assert re.search(r"frame change, .*ms\s+p99\s+[\d.]+ ref", line), labels
