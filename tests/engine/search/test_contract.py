"""Every game alpha-beta plays (``search_style`` ALPHA_BETA) keeps the contract the
search relies on; the sampled games' contract lives with the sampling search."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.game import Game
from engine.registry import games
from engine.search import Limits, SearchStyle, analyse, level
from tests.engine.search.helpers import random_positions

ALPHA_BETA_GAMES = [
    game for game in games() if game.search_style(game.options()) is SearchStyle.ALPHA_BETA
]


def test_the_two_player_games_are_searched_by_alpha_beta() -> None:
    names = {game.name for game in ALPHA_BETA_GAMES}
    assert {"dobutsu", "shogi", "abalone"} <= names


@pytest.mark.parametrize("game", ALPHA_BETA_GAMES, ids=lambda game: game.name)
def test_every_level_plays_a_legal_move_and_judges_all(game: Game[Any]) -> None:
    for index, position in enumerate(random_positions(game, 3, seed=21, most=20)):
        legal = set(position.legal_moves())
        for number in (1, 5, 10):
            found = analyse(
                position, level(number), rng=random.Random(index), limits=Limits(max_nodes=300)
            )
            assert found.best in legal
            assert found.nodes <= 300
        judged = analyse(
            position,
            level(10),
            rng=random.Random(index),
            limits=Limits(max_depth=1),
            judge_all=True,
        )
        assert set(judged.values) == legal


@pytest.mark.parametrize("game", ALPHA_BETA_GAMES, ids=lambda game: game.name)
def test_the_evaluation_values_each_seat_within_the_bounds(game: Game[Any]) -> None:
    for position in random_positions(game, 10, seed=22):
        values = position.evaluate()
        assert len(values) == len(game.seats)
        assert all(-1.0 < value < 1.0 for value in values)
        assert sum(values) == pytest.approx(0.0)  # two players: one's gain is the other's loss
        assert hash(position.search_key()) == hash(position.copy().search_key())


@pytest.mark.parametrize("game", ALPHA_BETA_GAMES, ids=lambda game: game.name)
def test_the_search_key_forgets_the_path_not_the_position(game: Game[Any]) -> None:
    position = game.position()
    start = position.search_key()
    moves = list(position.legal_moves())
    position.push(moves[0])
    assert position.search_key() != start
    position.pop()
    assert position.search_key() == start
