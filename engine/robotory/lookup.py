"""The moves that change given spots, found from the pieces on them rather than from
the full list of legal moves (a crowded board has hundreds of thousands of chains;
the hands change a few cells, and only the chains of one robot can explain them).

A chain changes the robot's cell (it leaves) and every cell it eats (the token goes;
the last one then holds the robot, which may read as the token did). Placements
change the cell they fill; refills and a pass change no cell of the board.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.physical import Spot
from engine.robotory.board import CELL_INDEX, CELL_NAMES, NEIGHBOURS, ROBOT_LETTERS
from engine.robotory.moves import Chain, Pass, RobotoryMove
from engine.robotory.rules import (
    PLACES,
    chain_paths,
    edible,
    free_cells,
    generate,
    placements,
    refills,
    walk_of,
)

Counts = Sequence[int]


def _chain(robot: int, path: Sequence[int]) -> Chain:
    return Chain(ROBOT_LETTERS[robot], tuple(CELL_NAMES[cell] for cell in path))


def exact_chains(origin: int, robot: int, need: int, food: int) -> Iterator[Chain]:
    """The chains of ``robot`` from ``origin`` that eat every cell of ``need`` and no
    other, except perhaps one last cell where the robot ends (it may read as before):
    a walk through ``need`` alone, then at most one step more."""
    seen: set[tuple[int, int]] = set()
    for path in chain_paths(origin, need):
        if len(path) - 1 != need.bit_count():
            continue  # the walk has not eaten all of ``need``
        last = path[-1]
        ends = [(need, last)]
        further = food & ~need
        ends += [(need | 1 << step, step) for step in NEIGHBOURS[last] if further >> step & 1]
        for state in ends:
            if state in seen:
                continue
            seen.add(state)
            walk = walk_of(origin, *state)
            if walk is not None:
                yield _chain(robot, walk)


def moves_changing(
    tokens: Sequence[int],
    robots: Sequence[int],
    stock: Counts,
    lid: Counts,
    spots: frozenset[Spot],
    *,
    exactly: bool,
) -> Iterator[RobotoryMove]:
    """The legal moves (of a game still going on) that may change every one of
    ``spots``; with ``exactly``, only those that change nothing else but a cell where
    a robot ends. More may be given, never fewer."""
    cells = 0
    for spot in spots:
        index = CELL_INDEX.get(spot)
        if index is None:  # a stock slot or the lid: few moves, give them all
            yield from generate(tokens, robots, stock, lid)
            return
        cells |= 1 << index
    moved = [robot for robot, cell in enumerate(robots) if cells >> cell & 1]
    if len(moved) > 1:
        return  # one move moves one robot
    if moved:
        robot = moved[0]
        origin = robots[robot]
        need = cells & ~(1 << origin)
        food = edible(tokens, robot)
        if need & ~food:
            return
        if exactly:
            if need:
                yield from exact_chains(origin, robot, need, food)
            else:  # a single step: the robot leaves, its end reads as before
                for step in NEIGHBOURS[origin]:
                    if food >> step & 1:
                        yield _chain(robot, (origin, step))
            return
        yield from chains_through(robot, origin, food, need)
        return
    free = free_cells(tokens, robots)
    if cells & (cells - 1) == 0 and free & cells:  # one free cell: a token placed there
        cell = cells.bit_length() - 1
        for colour in (0, 1):
            if stock[colour] > 0:
                yield PLACES[colour][cell]
    if exactly:
        return  # a chain always empties its robot's cell
    for robot, origin in enumerate(robots):
        food = edible(tokens, robot)
        if not cells & ~food:
            yield from chains_through(robot, origin, food, cells)


def chains_through(robot: int, origin: int, food: int, cells: int) -> Iterator[Chain]:
    """The chains of ``robot`` that eat every one of ``cells`` (and maybe more)."""
    for path in chain_paths(origin, food):
        eaten = 0
        for cell in path[1:]:
            eaten |= 1 << cell
        if cells & ~eaten == 0:
            yield _chain(robot, path)


def moves_off_board(
    tokens: Sequence[int], robots: Sequence[int], stock: Counts, lid: Counts
) -> Iterator[RobotoryMove]:
    """The legal moves that change no cell: refills, or the pass when nothing else is
    possible."""
    some_refill = False
    for refill in refills(stock, lid):
        some_refill = True
        yield refill
    if some_refill or any(True for _ in placements(tokens, robots, stock)):
        return
    if any(edible(tokens, robot) & _around(cell) for robot, cell in enumerate(robots)):
        return
    yield Pass()


def _around(cell: int) -> int:
    mask = 0
    for step in NEIGHBOURS[cell]:
        mask |= 1 << step
    return mask
