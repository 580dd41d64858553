"""The search for the one chain that eats given cells and ends on a given one, against
the chains the legal moves list, and the work it does on the crowded and full boards
(states looked at, counted, never timed)."""

from __future__ import annotations

import random

import pytest

from engine.robotory import ROBOTORY
from engine.robotory.board import CELL_INDEX, CELLS, bits
from engine.robotory.moves import Chain
from engine.robotory.rules import edible
from engine.robotory.walks import connected, walk_to
from tests.engine.robotory.test_lookup import CROWDED, crowded_positions

FULL = "bbbB/wbRbb/wwwbbb/wwwwb/Wwww 0w0b 0w1b 1w1b l"
"""Every free cell holds a token; the red robot may eat all 21 in one chain."""


def _cells(chain: Chain) -> tuple[int, ...]:
    return tuple(CELL_INDEX[spot] for spot in chain.path)


def _eaten(path: tuple[int, ...]) -> int:
    return sum(1 << cell for cell in path[1:])


def test_each_listed_chain_is_the_walk_found_and_no_other_end_has_one() -> None:
    for text in crowded_positions(0)[-3:]:
        position = ROBOTORY.position(text)
        chains = [move for move in position.legal_moves() if isinstance(move, Chain)]
        listed = {(path[0], _eaten(path), path[-1]) for path in map(_cells, chains)}
        for chain in chains:
            path = _cells(chain)
            assert walk_to(path[0], _eaten(path), path[-1]).path == path
            for end in bits(_eaten(path)):  # every other end: found exactly when listed
                found = walk_to(path[0], _eaten(path), end).path
                assert (found is not None) == ((path[0], _eaten(path), end) in listed)


def test_a_long_chain_on_the_crowded_board_looks_at_few_states() -> None:
    position = ROBOTORY.position(CROWDED)
    chain = position.read_move("R:B3-B4-A4-A3-A2-A1-B1-B2-C2-C1-D1-E1-D2-D3-E3-D4-D5-C6-B5")
    assert isinstance(chain, Chain)
    path = _cells(chain)  # 18 tokens, written as the legal moves list it
    found = walk_to(path[0], _eaten(path), path[-1])
    assert found.path == path
    assert found.explored <= 200  # of the 2^18 sets of cells it could have eaten


def test_chains_eating_every_token_of_the_full_board_look_at_few_states() -> None:
    position = ROBOTORY.position(FULL)
    red = CELL_INDEX[position.robot_cell("R")]
    food = edible(position.parts().tokens, 2)
    assert food.bit_count() == 21
    explored = []
    for end in bits(food):
        found = walk_to(red, food, end)
        assert found.path is not None and len(found.path) == 22
        explored.append(found.explored)
    assert max(explored) <= 400 and sum(explored) <= 20 * 21 * 4


@pytest.mark.slow
def test_a_random_sample_of_full_board_chains_is_found_by_the_walk() -> None:
    position = ROBOTORY.position(FULL)
    rng = random.Random(3)
    chains = [m for m in position.legal_moves() if isinstance(m, Chain) and rng.random() < 1e-3]
    assert len(chains) > 300
    for chain in chains:
        path = _cells(chain)
        found = walk_to(path[0], _eaten(path), path[-1])
        assert found.path == path and found.explored <= 40 * len(path)


def test_cells_that_do_not_hold_together_have_no_walk() -> None:
    a1, e4 = CELL_INDEX["A1"], CELL_INDEX["E4"]
    apart = 1 << a1 | 1 << e4
    assert not connected(apart) and connected((1 << CELLS) - 1)
    assert walk_to(CELL_INDEX["A2"], apart, e4).path is None
