"""The moves that change given spots, found from the pieces on them rather than from
the full list of legal moves (a crowded board has hundreds of thousands of chains;
the hands change a few cells, and only the chains of one robot can explain them).

A chain changes the robot's cell (it leaves) and every cell it eats (the token goes;
the last one then holds the robot, which may read as the token did). Placements
change the cell they fill; refills and a pass change no cell of the board.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.physical import EMPTY, Reading, Spot
from engine.robotory.board import (
    CELL_INDEX,
    CELL_NAMES,
    NEIGHBOUR_MASKS,
    NEIGHBOURS,
    ROBOT_LETTERS,
    bits,
)
from engine.robotory.moves import Chain, Pass, RobotoryMove
from engine.robotory.rules import (
    PLACES,
    edible,
    free_cells,
    generate,
    placements,
    refills,
)
from engine.robotory.walks import walk_to

Counts = Sequence[int]


def _chain(robot: int, path: Sequence[int]) -> Chain:
    return Chain(ROBOT_LETTERS[robot], tuple(CELL_NAMES[cell] for cell in path))


def exact_chains(origin: int, robot: int, need: int, ends: int, further: int) -> Iterator[Chain]:
    """The chains of ``robot`` from ``origin`` that eat every cell of ``need`` and no
    other, ending on one of ``ends`` (cells of ``need`` where the robot reads unlike
    the token it ate), or that eat one cell of ``further`` more and end there (the
    robot reads as the token did). Each is one search over those cells
    (``walks.walk_to``), never a listing."""
    if not need:  # a single step
        for step in NEIGHBOURS[origin]:
            if further >> step & 1:
                yield _chain(robot, (origin, step))
        return
    for end in bits(ends & need):
        path = walk_to(origin, need, end).path
        if path is not None:
            yield _chain(robot, path)
    around = 0
    for cell in bits(need):
        around |= NEIGHBOUR_MASKS[cell]
    for end in bits(around & further & ~need & ~(1 << origin)):
        path = walk_to(origin, need | 1 << end, end).path
        if path is not None:
            yield _chain(robot, path)


def moves_showing(
    tokens: Sequence[int],
    robots: Sequence[int],
    stock: Counts,
    lid: Counts,
    changes: Sequence[tuple[Spot, Reading]],
) -> Iterator[RobotoryMove]:
    """The legal moves that may change exactly what ``changes`` shows. A chain empties
    every cell it changes but its end, where the robot stands (read only when it reads
    unlike the token it ate): so a long chain shown at once names the cells it ate and
    where it ended, and one search finds it."""
    spots = frozenset(spot for spot, _ in changes)
    if any(spot not in CELL_INDEX for spot in spots):
        yield from moves_changing(tokens, robots, stock, lid, spots, exactly=True)
        return
    cells = arrived = 0
    for spot, reading in changes:
        cells |= 1 << CELL_INDEX[spot]
        if reading != EMPTY:
            arrived |= 1 << CELL_INDEX[spot]
    moved = [robot for robot, cell in enumerate(robots) if cells >> cell & 1]
    if not moved:
        yield from moves_changing(tokens, robots, stock, lid, spots, exactly=True)
        return
    if len(moved) > 1 or arrived & (arrived - 1):
        return  # one move moves one robot, to one end
    robot = moved[0]
    origin = robots[robot]
    need = cells & ~(1 << origin)
    food = edible(tokens, robot)
    if need & ~food or arrived >> origin & 1:
        return
    if arrived:
        yield from exact_chains(origin, robot, need, arrived, 0)
    else:
        yield from exact_chains(origin, robot, need, 0, food)


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
        if exactly:  # the end not read: any cell of ``need``, or one more
            yield from exact_chains(origin, robot, need, need, food)
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


def chains_going_on(tokens: Sequence[int], robots: Sequence[int], chain: Chain) -> Iterator[Chain]:
    """The chains that eat what ``chain`` eats and then one token more, next to where it
    ended: what a hand does by going on. Each is one search over the cells it eats
    (``chain`` one step longer is such a walk, so it is found quickly)."""
    robot = ROBOT_LETTERS.index(chain.robot)
    cells = [CELL_INDEX[spot] for spot in chain.path]
    origin, end = cells[0], cells[-1]
    if robots[robot] != origin:
        return
    eaten = 0
    for cell in cells[1:]:
        eaten |= 1 << cell
    for step in bits(NEIGHBOUR_MASKS[end] & edible(tokens, robot) & ~eaten):
        path = walk_to(origin, eaten | 1 << step, step).path
        if path is not None:
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
