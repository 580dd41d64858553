"""What a move does to the stones a hand and a sensor meet, computed without the rules.

The board shows tokens and robots on cells; each stock is four slots beside the
board (``stock:l:1`` .. ``stock:d:4``): whites fill from slot 1 upwards, blacks
from slot 4 downwards (``board.stock_slots``), so the slot a placed token leaves
names its colour and a refill fills the empty ones. The lid is no spot: tokens
taken from it appear, consumed tokens vanish into the box.

The result is physical: a robot put on a token it may not eat, or on an empty
cell, still has a footprint, so that the recognizer can match the mistaken
board and name the mistake.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.game import Game
from engine.physical import Footprint, Reading, Sensing, Spot, Stone
from engine.robotory.board import (
    CELL_INDEX,
    CELL_NAMES,
    CELLS,
    COLOUR_OF_LETTER,
    ROBOT_LETTERS,
    STOCK_SPOTS,
    TOKEN_LETTERS,
    stock_slots,
)
from engine.robotory.moves import Chain, PlaceToken, Refill, RobotoryMove

TOKEN_STONES = tuple(Stone(letter, None) for letter in TOKEN_LETTERS)
ROBOT_STONES = tuple(Stone(letter, None) for letter in ROBOT_LETTERS)

Contents = dict[Spot, Stone | None]


def board_contents(tokens: Sequence[int], robots: Sequence[int]) -> list[Stone | None]:
    """The stone on each cell, in cell order."""
    cells: list[Stone | None] = [None] * CELLS
    for colour, mask in enumerate(tokens):
        for cell in range(CELLS):
            if mask >> cell & 1:
                cells[cell] = TOKEN_STONES[colour]
    for robot, cell in enumerate(robots):
        cells[cell] = ROBOT_STONES[robot]
    return cells


def stock_contents(seat: int, stock: Sequence[int]) -> Contents:
    return {
        spot: None if colour is None else TOKEN_STONES[colour]
        for spot, colour in zip(STOCK_SPOTS[seat], stock_slots(stock[0], stock[1]), strict=True)
    }


def layout(
    tokens: Sequence[int], robots: Sequence[int], stocks: Sequence[Sequence[int]]
) -> dict[Spot, tuple[Stone, ...]]:
    result: dict[Spot, tuple[Stone, ...]] = {}
    for cell, stone in enumerate(board_contents(tokens, robots)):
        if stone is not None:
            result[CELL_NAMES[cell]] = (stone,)
    for seat in (0, 1):
        for spot, stone in stock_contents(seat, stocks[seat]).items():
            if stone is not None:
                result[spot] = (stone,)
    return result


def changed_contents(
    cells: Sequence[Stone | None],
    stock: Sequence[int],
    turn: int,
    move: RobotoryMove,
) -> tuple[Contents, Contents]:
    """The stones before and after ``move`` on every spot it may change, as a hand
    would make it (legal or not); ``cells`` is ``board_contents`` of the position."""
    before: Contents = {}
    after: Contents = {}
    match move:
        case PlaceToken(colour, cell):
            before[cell] = cells[CELL_INDEX[cell]]
            after[cell] = TOKEN_STONES[COLOUR_OF_LETTER[colour]]
            white, black = stock[0], stock[1]
            if colour == "w" and white > 0:
                white -= 1
            elif colour == "b" and black > 0:
                black -= 1
            before.update(stock_contents(turn, stock))
            after.update(stock_contents(turn, (white, black)))
        case Chain(_, path):
            robot = cells[CELL_INDEX[path[0]]]
            for spot in path:
                before[spot] = cells[CELL_INDEX[spot]]
                after[spot] = None
            after[path[-1]] = robot
        case Refill(white, black):
            before.update(stock_contents(turn, stock))
            after.update(stock_contents(turn, (stock[0] + white, stock[1] + black)))
    return before, after


def footprint(
    game: Game[Any],
    cells: Sequence[Stone | None],
    stock: Sequence[int],
    *,
    turn: int,
    move: RobotoryMove,
    sensing: Sensing,
) -> Footprint:
    """The readings the move changes; a cell whose stone changes but reads the same
    (a robot onto a token, under occupancy) is hidden and must be touched.
    ``cells`` is ``board_contents`` of the position, computed once for all its moves."""
    before, after = changed_contents(cells, stock, turn, move)
    changes: list[tuple[Spot, Reading]] = []
    hidden: set[Spot] = set()
    for spot, old in before.items():
        new = after[spot]
        if old == new:
            continue
        old_reading = game.stack_reading((old,) if old else (), sensing)
        new_reading = game.stack_reading((new,) if new else (), sensing)
        if old_reading != new_reading:
            changes.append((spot, new_reading))
        else:
            hidden.add(spot)
    touched = frozenset(hidden)
    on_board = frozenset(spot for spot in touched if spot in CELL_INDEX)
    origins = frozenset(move.path[:1]) if isinstance(move, Chain) else frozenset()
    return Footprint(tuple(sorted(changes)), touched, on_board, origins=origins)
