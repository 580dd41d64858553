"""Robotory's move source for the sampling search (``engine.robotory.sampling``): it wins
and saves games as the rules say, judges every chain by where it ends, and never lists a
crowded board's chains more than once."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.robotory import ROBOTORY, Chain, Refill, RobotoryPosition
from engine.search.levels import level
from engine.search.sampling import analyse_sampled
from engine.search.types import WIN, Limits
from tests.engine.robotory import helpers as robotory
from tests.engine.robotory.helpers import CROWDED, CROWDED_DARK, CROWDED_MOVES, MEDIUM, counted


def _robotory_refill_position(turn: str) -> RobotoryPosition:
    """Two robots in light's camp (the red one on B3, the white one on C2), the black one
    in dark's; one white token on the lid, and room for one token in each stock: the
    refill of that white token ends the game, light winning."""
    pieces = {"B3": "R", "C2": "W", "C5": "B", "A4": "b", "D4": "w", "E2": "b"}
    text = robotory.text(pieces, light="2w1b", dark="2w1b", lid="1w5b", turn=turn)
    return ROBOTORY.position(text)


@pytest.mark.parametrize("number", range(1, 11))
def test_robotory_takes_the_refill_that_ends_the_game_won(number: int) -> None:
    position = _robotory_refill_position("l")
    analysis = analyse_sampled(position, level(number), rng=random.Random(number))
    assert analysis.best == Refill(1, 0)
    assert analysis.value == WIN
    assert analysis.mate_in == 1


@pytest.mark.parametrize("number", [8, 9, 10])
def test_robotory_never_ends_the_game_lost(number: int) -> None:
    position = _robotory_refill_position("d")
    analysis = analyse_sampled(position, level(number), rng=random.Random(number))
    assert analysis.best != Refill(1, 0)
    assert analysis.values[Refill(1, 0)] == -WIN
    assert analysis.mate_in is None


@pytest.mark.parametrize("number", range(1, 11))
def test_robotory_answers_the_threat_to_end_the_game(number: int) -> None:
    """Light holds two robots and its next refill can take the last white token; dark,
    to move with a full stock, is saved only by walking the white robot home to D3
    (then light's refill would hand dark the game). Every level values that chain best;
    the levels that never blunder play it."""
    pieces = {"B3": "R", "C2": "W", "C5": "B", "D2": "w", "D3": "w"}
    position = ROBOTORY.position(
        robotory.text(pieces, light="2w1b", dark="4w0b", lid="1w5b", turn="d")
    )
    saving = Chain("W", ("C2", "D2", "D3"))
    analysis = analyse_sampled(position, level(number), rng=random.Random(number))
    assert max(analysis.values, key=lambda move: analysis.values[move]) == saving
    assert (
        analysis.values[saving]
        > 0
        > max(value for move, value in analysis.values.items() if move != saving)
    )
    if level(number).blunder == 0:
        assert analysis.best == saving


def _assert_chains_judged_by_their_end(values: dict[Any, float]) -> None:
    """A chain that was not searched is worth the best searched chain of its robot that
    ends on the same cell: in each such group, most chains hold the group's best value."""
    groups: dict[tuple[str, str], list[float]] = {}
    for move, value in values.items():
        if isinstance(move, Chain):
            groups.setdefault((move.robot, move.target), []).append(value)
    assert groups
    for group in groups.values():
        if len(group) > 10:
            assert max(set(group), key=group.count) == max(group)


def test_judge_all_with_thousands_of_chains_lists_the_moves_once() -> None:
    position = counted(MEDIUM)
    analysis = analyse_sampled(
        position, level(10), rng=random.Random(5), limits=Limits(max_nodes=100), judge_all=True
    )
    assert position.counts["listings"] == 1
    assert position.counts["listed"] == len(analysis.values) == len(set(analysis.values))
    assert len(analysis.values) == 7057
    assert analysis.nodes == 100
    _assert_chains_judged_by_their_end(dict(analysis.values))


@pytest.mark.slow
def test_judge_all_on_the_crowded_board_lists_the_moves_once() -> None:
    position = counted(CROWDED_DARK)
    analysis = analyse_sampled(
        position, level(10), rng=random.Random(5), limits=Limits(max_nodes=100), judge_all=True
    )
    assert position.counts["listings"] == 1
    assert position.counts["listed"] == len(analysis.values) == CROWDED_MOVES - 1
    assert analysis.nodes == 100
    _assert_chains_judged_by_their_end(dict(analysis.values))


@pytest.mark.slow
def test_judge_all_on_the_crowded_board_with_a_win_on_the_spot() -> None:
    position = counted(CROWDED)
    analysis = analyse_sampled(position, level(10), rng=random.Random(5), judge_all=True)
    assert len(analysis.values) == CROWDED_MOVES
    assert position.counts["listings"] == 1
    assert analysis.best == Refill(3, 0)
    assert analysis.nodes == 0


def test_blunders_are_legal_moves_of_the_crowded_board() -> None:
    position = counted(CROWDED_DARK)
    for seed in range(6):
        analysis = analyse_sampled(
            position, level(1), rng=random.Random(seed), limits=Limits(max_nodes=10)
        )
        assert position.counts["listings"] == 0
        # legal by the rules' own check (which does not list the chains)
        assert position.parse_move(position.move_text(analysis.best)) == analysis.best
        position.counts["listings"] = 0
