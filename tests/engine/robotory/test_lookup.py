"""The lookups that spare the recognizer from listing every chain, against the full
lists on crowded boards reached by play that places tokens whenever it can."""

from __future__ import annotations

import itertools

import pytest

from engine.physical import EMPTY, Sensing
from engine.recognition.answers import Moving, Pending
from engine.recognition.move_index import MANY, MoveIndex
from engine.recognition.recognizer import Recognizer
from engine.robotory import ROBOTORY
from engine.robotory.board import CELL_INDEX, NEIGHBOURS
from engine.robotory.moves import Chain, RobotoryMove
from firmware_host.testing.positions import check_lookups
from tests.engine.robotory.helpers import random_games

CROWDED = "bbbb/bwRbb/bbWBbw/wwbbw/wwwb 1w0b 0w0b 3w1b l"
"""A board reached by ordinary play with 296,636 legal moves (nearly all the red robot's
chains)."""


def crowded_positions(seed: int) -> list[str]:
    """Positions of one placing-minded game with many chains, but few enough to list."""
    found = []
    for position in random_games(seed, 2, place_bias=0.8):
        count = sum(1 for _ in itertools.islice(position.legal_moves(), 3001))
        chains = sum(1 for move in position.legal_moves() if ":" in position.move_text(move))
        if chains >= 20 and count <= 3000:
            found.append(position.text())
    return found[-6:]


@pytest.mark.parametrize("sensing", list(Sensing), ids=lambda s: s.value)
@pytest.mark.parametrize("seed", range(3))
def test_lookups_miss_no_chain_on_crowded_boards(seed: int, sensing: Sensing) -> None:
    texts = crowded_positions(seed)
    assert texts
    for text in texts:
        check_lookups(ROBOTORY.position(text), sensing)


def test_a_lift_on_the_crowded_board_looks_only_at_the_lifted_robot() -> None:
    position = ROBOTORY.position(CROWDED)
    recognizer: Recognizer[RobotoryMove] = Recognizer(Sensing.OCCUPANCY, frozenset(ROBOTORY.spots))
    recognizer.reset(position)
    index: MoveIndex[RobotoryMove] = recognizer.index
    assert index.footprints_built == 0  # nothing listed before the hands do anything
    red = position.robot_cell("R")
    frame = dict(recognizer.expected)
    frame[red] = EMPTY
    recognizer.observe(frame, 0.1)
    lifted = recognizer.assess(0.2)
    assert isinstance(lifted, Moving)
    (hint,) = lifted.hints
    assert hint.spot == red and len(hint.captures) == 21
    recognizer.assess(3.5)  # settled: the forbidden moves looked up too
    # the red robot's first steps, not its 296,402 chains
    assert index.footprints_built <= 10
    assert set(index.unseen) == set()  # no refill: the stock is full


def test_a_robot_that_ate_two_tokens_is_found_among_its_chains() -> None:
    position = ROBOTORY.position(CROWDED)
    recognizer: Recognizer[RobotoryMove] = Recognizer(Sensing.OCCUPANCY, frozenset(ROBOTORY.spots))
    recognizer.reset(position)
    target = position.copy()
    move = target.read_move("R:B3-A2-A1")
    assert position.is_legal(move)
    target.push(move)
    frame = target.expected_frame(Sensing.OCCUPANCY)
    recognizer.observe(dict(recognizer.expected, B3=EMPTY), 0.1)
    recognizer.observe(dict(frame, A1=EMPTY), 0.2)  # the token eaten, the robot in the air
    recognizer.observe(frame, 0.3)
    pending = recognizer.assess(0.35)
    assert isinstance(pending, Pending) and pending.candidates == (move,)
    # its exact chains, and whether it may go on: at most MANY of the longer ones
    assert recognizer.index.footprints_built <= MANY + 10


def _going_on(chain: Chain, other: Chain) -> bool:
    """``other`` is ``chain`` and one token more, next to where ``chain`` ended."""
    eaten, more = set(chain.path[1:]), set(other.path[1:])
    step = other.path[-1]
    return (
        other.robot == chain.robot
        and other.path[0] == chain.path[0]
        and more == eaten | {step}
        and step not in eaten
        and CELL_INDEX[step] in NEIGHBOURS[CELL_INDEX[chain.path[-1]]]
    )


@pytest.mark.parametrize("seed", range(2))
def test_the_chains_going_on_are_those_one_token_longer_from_the_end(seed: int) -> None:
    for text in crowded_positions(seed)[-3:]:
        position = ROBOTORY.position(text)
        chains = [move for move in position.legal_moves() if isinstance(move, Chain)]
        for chain in chains:
            going_on = position.moves_continuing(chain)
            assert going_on is not None
            assert set(going_on) == {other for other in chains if _going_on(chain, other)}


def test_a_long_chain_shown_at_once_is_found_by_where_the_robot_ended() -> None:
    position = ROBOTORY.position(CROWDED)
    recognizer: Recognizer[RobotoryMove] = Recognizer(Sensing.POLARITY, frozenset(ROBOTORY.spots))
    recognizer.reset(position)
    move = position.read_move("R:B3-B4-A4-A3-A2-A1-B1-B2-C2-C1-D1-E1-D2-D3-E3-D4-D5-C6-B5")
    target = position.copy()
    target.push(move)  # 18 tokens eaten; the red robot reads north on B5's black token
    recognizer.observe(dict(recognizer.expected, B3=EMPTY), 0.1)
    lifted = recognizer.index.footprints_built  # the lift is looked up as every frame is
    recognizer.observe(target.expected_frame(Sensing.POLARITY), 0.2)
    pending = recognizer.assess(0.25)
    assert isinstance(pending, Pending) and pending.candidates == (move,)
    # the chain itself, not its 15 other ends
    assert recognizer.index.footprints_built - lifted <= 2
