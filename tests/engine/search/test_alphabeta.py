"""The alpha-beta search: it finds forced wins, plays only legal moves, keeps to its
budget, judges every move when asked, and its table changes the work, not the answer."""

from __future__ import annotations

import math
from typing import Any

import pytest

from engine.dobutsu import DOBUTSU
from engine.errors import GameOverError
from engine.game import Game, Position
from engine.registry import find_game
from engine.search.alphabeta import search
from engine.search.scores import EVAL_BOUND, is_proven
from engine.search.types import Limits
from engine.shogi import SHOGI
from tests.engine.search.helpers import random_positions, wins_within

DOBUTSU_MATES_IN_ONE = (
    "1l1/1G1/3/1L1 b - 1",  # the giraffe takes the lion
    "1e1/2L/l2/3 b - 1",  # the lion steps onto the far row unattacked (a try)
)
SHOGI_MATE_IN_ONE = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"  # the gold dropped on the king's head
DOBUTSU_MATE_IN_TWO = "g1e/lC1/1CG/E1L w - 8"
SHOGI_MATE_IN_TWO = "4k4/9/7P1/5S3/9/9/9/9/4K4 b GN 1"  # a quiet first move: 4d5c+


def _wins_now(position: Position[Any], move: Any) -> bool:
    seat = position.turn
    position.push(move)
    try:
        outcome = position.outcome()
        return outcome is not None and outcome.winners == frozenset({seat})
    finally:
        position.pop()


@pytest.mark.parametrize(
    ("game", "text"),
    [(DOBUTSU, text) for text in DOBUTSU_MATES_IN_ONE] + [(SHOGI, SHOGI_MATE_IN_ONE)],
)
def test_a_win_in_one_is_found_and_named(game: Game[Any], text: str) -> None:
    position = game.position(text)
    assert position.outcome() is None
    found = search(position, Limits(max_depth=3))
    assert _wins_now(position, found.best)
    assert found.mate_in == 1
    assert found.value > EVAL_BOUND


@pytest.mark.parametrize(
    ("game", "text"), [(DOBUTSU, DOBUTSU_MATE_IN_TWO), (SHOGI, SHOGI_MATE_IN_TWO)]
)
def test_a_win_in_two_is_found(game: Game[Any], text: str) -> None:
    position = game.position(text)
    mover = position.turn
    # The reference solver proves the position is what it is said to be.
    assert not any(_wins_now(position, move) for move in position.legal_moves())
    assert wins_within(position, 3, mover)
    found = search(position, Limits(max_depth=4))
    assert found.mate_in == 3
    position.push(found.best)
    assert wins_within(position, 2, mover)


def test_a_lost_position_counts_the_plies_to_its_end() -> None:
    position = DOBUTSU.position(DOBUTSU_MATE_IN_TWO)
    position.push(search(position, Limits(max_depth=4)).best)
    defence = search(position, Limits(max_depth=4))
    assert defence.mate_in == -2  # its move, then the winning one
    assert defence.value < -EVAL_BOUND


@pytest.mark.parametrize("name", ["dobutsu", "shogi", "abalone"])
def test_only_legal_moves_are_returned(name: str) -> None:
    game = find_game(name)
    for position in random_positions(game, 6, seed=3):
        legal = set(position.legal_moves())
        text = position.text()
        for depth in (1, 2):
            found = search(position, Limits(max_depth=depth))
            assert found.best in legal
            assert found.depth == depth or found.mate_in is not None  # a proven end stops it
        assert position.text() == text  # the search worked on a copy


@pytest.mark.parametrize("name", ["dobutsu", "shogi", "abalone"])
def test_the_node_budget_is_kept(name: str) -> None:
    game = find_game(name)
    position = random_positions(game, 1, seed=5)[0]
    legal = set(position.legal_moves())
    for budget in (1, 10, 100, 1000):
        found = search(position, Limits(max_nodes=budget))
        assert found.nodes <= budget
        assert found.best in legal
    unbounded = search(position, Limits(max_depth=3))
    capped = search(position, Limits(max_depth=3, max_nodes=unbounded.nodes // 2))
    assert capped.nodes <= unbounded.nodes // 2
    assert capped.depth < 3
    assert "stopped" in capped.note


def test_a_passed_deadline_still_gives_a_legal_move() -> None:
    position = SHOGI.position()
    found = search(position, Limits(max_depth=6, deadline=0.0))
    assert found.best in set(position.legal_moves())
    assert found.depth < 6


def test_the_note_says_whether_the_deadline_or_the_player_stopped_the_search() -> None:
    position = SHOGI.position()
    late = search(position, Limits(max_depth=6, deadline=0.0))
    assert "deadline reached" in late.note and "move now" not in late.note
    hurried = search(position, Limits(max_depth=6, deadline=math.inf, stop=lambda: True))
    assert "asked to move now" in hurried.note and "deadline" not in hurried.note


@pytest.mark.parametrize("name", ["dobutsu", "shogi", "abalone"])
def test_judging_all_values_every_legal_move_as_its_own_search_does(name: str) -> None:
    game = find_game(name)
    for position in random_positions(game, 2, seed=7):
        found = search(position, Limits(max_depth=2), judge_all=True)
        legal = list(position.legal_moves())
        assert set(found.values) == set(legal)
        assert found.value == max(found.values.values())
        assert found.values[found.best] == found.value
        for move in legal[:: max(1, len(legal) // 6)]:
            position.push(move)
            if position.outcome() is None:
                reply = search(position, Limits(max_depth=1))
                if not is_proven(reply.value):
                    assert found.values[move] == pytest.approx(-reply.value)
            position.pop()


@pytest.mark.parametrize(("name", "depth"), [("dobutsu", 5), ("shogi", 3), ("abalone", 3)])
def test_the_table_changes_the_work_not_the_value(name: str, depth: int) -> None:
    game = find_game(name)
    work = [0, 0]
    for position in random_positions(game, 4, seed=11):
        with_table = search(position, Limits(max_depth=depth))
        without = search(position, Limits(max_depth=depth), use_table=False)
        assert with_table.value == pytest.approx(without.value)
        work[0] += with_table.nodes
        work[1] += without.nodes
    assert work[0] < work[1]


def test_a_finished_game_has_no_move_to_find() -> None:
    position = DOBUTSU.position("1l1/1G1/3/1L1 b - 1")
    position.push(position.parse_move("2b2a"))
    assert position.outcome() is not None
    with pytest.raises(GameOverError):
        search(position, Limits(max_depth=2))
