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
from engine.robotory.board import CELL_INDEX, CELL_NAMES, NEIGHBOUR_MASKS, NEIGHBOURS, ROBOT_LETTERS
from engine.robotory.moves import Chain, Pass, RobotoryMove
from engine.robotory.rules import (
    PLACES,
    edible,
    free_cells,
    generate,
    placements,
    refills,
)

Counts = Sequence[int]


def _chain(robot: int, path: Sequence[int]) -> Chain:
    return Chain(ROBOT_LETTERS[robot], tuple(CELL_NAMES[cell] for cell in path))


def covering_walks(origin: int, need: int) -> dict[int, tuple[int, ...]]:
    """For each cell a walk from ``origin`` through every cell of ``need`` (each once)
    can end on, the smallest such walk in cell order (the one the legal moves list).
    The cells not yet eaten must stay connected to the robot, which prunes the walks
    that cannot finish, so a long chain shown at once is found quickly."""
    found: dict[int, tuple[int, ...]] = {}
    seen: set[tuple[int, int]] = set()

    def connected(cell: int, rest: int) -> bool:
        reached, frontier = 0, [cell]
        while frontier:
            for step in NEIGHBOURS[frontier.pop()]:
                bit = 1 << step
                if rest & bit and not reached & bit:
                    reached |= bit
                    frontier.append(step)
        return reached == rest

    def dead_ends(cell: int, rest: int) -> int:
        """Uneaten cells with one way in: each must be where the walk ends."""
        open_cells = rest | 1 << cell
        ends = 0
        for other in range(rest.bit_length()):
            if rest >> other & 1 and (open_cells & NEIGHBOUR_MASKS[other]).bit_count() == 1:
                ends += 1
        return ends

    def walk(cell: int, eaten: int, path: tuple[int, ...]) -> None:
        if eaten == need:
            found.setdefault(cell, path)
            return
        rest = need & ~eaten
        if not connected(cell, rest) or dead_ends(cell, rest) > 1:
            return
        for step in NEIGHBOURS[cell]:
            bit = 1 << step
            if rest & bit and (eaten | bit, step) not in seen:
                seen.add((eaten | bit, step))
                walk(step, eaten | bit, (*path, step))

    walk(origin, 0, (origin,))
    return found


def exact_chains(origin: int, robot: int, need: int, food: int) -> Iterator[Chain]:
    """The chains of ``robot`` from ``origin`` that eat every cell of ``need`` and no
    other, except perhaps one last cell where the robot ends (it may read as before)."""
    walks = covering_walks(origin, need)
    for walk in walks.values():
        yield _chain(robot, walk)
    further: dict[int, tuple[int, ...]] = {}
    for end, walk in walks.items():
        for step in NEIGHBOURS[end]:
            if (food & ~need) >> step & 1:
                longer = (*walk, step)
                if step not in further or longer < further[step]:
                    further[step] = longer
    for walk in further.values():
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
    """The chains of ``robot`` that eat every one of ``cells`` (and maybe more), in the
    order and with the paths the legal moves have; a walk that can no longer reach a
    cell it must eat is not followed."""
    seen: set[int] = set()

    def can_reach(cell: int, eaten: int) -> bool:
        rest = cells & ~eaten
        reached, frontier, free = 0, [cell], food & ~eaten
        while rest & ~reached and frontier:
            for step in NEIGHBOURS[frontier.pop()]:
                bit = 1 << step
                if free & bit and not reached & bit:
                    reached |= bit
                    frontier.append(step)
        return rest & ~reached == 0

    def walk(cell: int, eaten: int, path: tuple[int, ...]) -> Iterator[Chain]:
        for step in NEIGHBOURS[cell]:
            bit = 1 << step
            if food & bit and not eaten & bit:
                now = eaten | bit
                state = now << 5 | step
                if state in seen:
                    continue
                seen.add(state)
                if not can_reach(step, now):
                    continue
                longer = (*path, step)
                if cells & ~now == 0:
                    yield _chain(robot, longer)
                yield from walk(step, now, longer)

    return walk(origin, 0, (origin,))


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
