"""Move generation and the end of the game, on plain ints (see ``engine.robotory.board``).

A position is two token masks (white, black), the three robot cells (W, B, R),
each seat's stock and the lid as (white, black) counts. Everything here is a
pure function of those, so the naive reasoning in the tests can check it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.outcome import Outcome, Termination
from engine.physical import Spot
from engine.robotory.board import (
    ALL_CELLS,
    CELL_INDEX,
    CELL_NAMES,
    CELLS,
    EATS,
    NEIGHBOURS,
    ROBOT_LETTERS,
    STOCK_SIZE,
    TOKEN_LETTERS,
    robots_in_camp,
)
from engine.robotory.moves import Chain, Pass, PlaceToken, Refill, RobotoryMove

Neighbours = Sequence[Sequence[int]]
Counts = Sequence[int]

PLACES: tuple[tuple[PlaceToken, ...], ...] = tuple(
    tuple(PlaceToken(letter, name) for name in CELL_NAMES) for letter in TOKEN_LETTERS
)
"""PLACES[colour][cell], built once."""


def edible(tokens: Sequence[int], robot: int) -> int:
    """The cells holding a token ``robot`` may consume."""
    mask = 0
    for colour in EATS[robot]:
        mask |= tokens[colour]
    return mask


def free_cells(tokens: Sequence[int], robots: Sequence[int]) -> int:
    """Cells with neither a robot nor a token."""
    taken = tokens[0] | tokens[1]
    for cell in robots:
        taken |= 1 << cell
    return ALL_CELLS & ~taken


def placements(tokens: Sequence[int], robots: Sequence[int], stock: Counts) -> Iterator[PlaceToken]:
    free = free_cells(tokens, robots)
    for colour in (0, 1):
        if stock[colour] > 0:
            moves = PLACES[colour]
            for cell in range(CELLS):
                if free >> cell & 1:
                    yield moves[cell]


def chain_paths(
    origin: int, food: int, neighbours: Neighbours = NEIGHBOURS
) -> Iterator[tuple[int, ...]]:
    """Every distinct chain from ``origin`` through cells of ``food``, each once.

    Chains that eat the same cells and end on the same one are the same move; the
    walk keeps the first it meets, which (neighbours being in cell order) is the
    lexicographically smallest path.
    """
    seen: set[int] = set()

    def walk(cell: int, eaten: int, path: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for step in neighbours[cell]:
            bit = 1 << step
            if food & bit and not eaten & bit:
                now = eaten | bit
                state = now << 5 | step
                if state in seen:
                    continue
                seen.add(state)
                longer = (*path, step)
                yield longer
                yield from walk(step, now, longer)

    return walk(origin, 0, (origin,))


def walk_of(origin: int, eaten: int, end: int) -> tuple[int, ...] | None:
    """The smallest path (in cell order) from ``origin`` that eats exactly the cells of
    ``eaten`` and ends on ``end``, stepping only onto them; None when there is none."""
    full = eaten.bit_count()
    for path in chain_paths(origin, eaten):
        if path[-1] == end and len(path) == full + 1:
            return path
    return None


def canonical_path(path: Sequence[Spot]) -> tuple[Spot, ...]:
    """The order in which the legal moves write a chain eating the cells of ``path``
    and ending where it ends (``path`` must be walkable)."""
    cells = [CELL_INDEX[name] for name in path]
    eaten = 0
    for cell in cells[1:]:
        eaten |= 1 << cell
    walk = walk_of(cells[0], eaten, cells[-1])
    if walk is None:
        raise ValueError(f"{'-'.join(path)} cannot be walked")
    return tuple(CELL_NAMES[cell] for cell in walk)


def chains(
    tokens: Sequence[int], robots: Sequence[int], neighbours: Neighbours = NEIGHBOURS
) -> Iterator[Chain]:
    for robot, origin in enumerate(robots):
        letter = ROBOT_LETTERS[robot]
        for path in chain_paths(origin, edible(tokens, robot), neighbours):
            yield Chain(letter, tuple(CELL_NAMES[cell] for cell in path))


def reachable(origin: int, food: int, neighbours: Neighbours = NEIGHBOURS) -> int:
    """The cells a robot on ``origin`` can end its move on: every cell of ``food``
    connected to it through cells of ``food`` (a shortest way there is a chain)."""
    found = 0
    frontier = [origin]
    while frontier:
        cell = frontier.pop()
        for step in neighbours[cell]:
            bit = 1 << step
            if food & bit and not found & bit:
                found |= bit
                frontier.append(step)
    return found


def refills(stock: Counts, lid: Counts) -> Iterator[Refill]:
    """Every colour combination that brings the stock back to four (or empties the lid)."""
    held = stock[0] + stock[1]
    if held >= STOCK_SIZE:
        return
    take = min(STOCK_SIZE - held, lid[0] + lid[1])
    for white in range(min(take, lid[0]), max(0, take - lid[1]) - 1, -1):
        yield Refill(white, take - white)


def generate(
    tokens: Sequence[int],
    robots: Sequence[int],
    stock: Counts,
    lid: Counts,
    neighbours: Neighbours = NEIGHBOURS,
) -> Iterator[RobotoryMove]:
    """The legal moves of a game still going on: placements, chains, refills, or a pass
    when none of them is possible."""
    any_move = False
    for move in placements(tokens, robots, stock):
        any_move = True
        yield move
    for chain in chains(tokens, robots, neighbours):
        any_move = True
        yield chain
    for refill in refills(stock, lid):
        any_move = True
        yield refill
    if not any_move:
        yield Pass()


def outcome(robots: Sequence[int], lid: Counts) -> Outcome | None:
    """The game ends when a refill has taken the last token of a colour from the lid;
    the seat with two or three robots in its own camp wins."""
    if lid[0] and lid[1]:
        return None
    winner = 0 if robots_in_camp(robots, 0) >= 2 else 1
    return Outcome.win(Termination.LAST_TOKEN, winner)
