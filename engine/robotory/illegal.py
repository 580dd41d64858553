"""Why a move is not allowed, and the mistakes a hand can make on the board.

``reason`` explains any move (None when it is legal), for ``parse_move`` and the
referee's messages. ``illegal_moves`` lists the forbidden moves a hand can
physically make, so the recognizer can name them when a settled board shows one:
a robot onto a token it may not eat or onto an empty cell (from its cell or from
the end of any legal chain), or two cells away from its cell; a token of a colour
the stock does not hold; a refill that does not bring the stock back to four. A
token put on an occupied cell, or a fifth token in a stock, cannot be made, so
they are not listed. Generation is bounded and never lists the legal moves: at
most ``MAX_CHAIN_STARTS`` chain ends per robot are tried as the place of a wrong
step.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

from engine.robotory.board import (
    CELL_INDEX,
    CELL_NAMES,
    NEIGHBOUR_MASKS,
    NEIGHBOURS,
    ROBOT_LETTERS,
    ROBOT_NAMES,
    ROBOT_OF_LETTER,
    SEAT_NAMES,
    SECOND_RING,
    STOCK_SIZE,
    TOKEN_LETTERS,
    TOKEN_NAMES,
)
from engine.robotory.moves import Chain, Pass, PlaceToken, Refill, RobotoryMove
from engine.robotory.rules import PLACES, chain_paths, edible, free_cells
from engine.said import N_, PieceWord, Said, SeatWord, said

MAX_CHAIN_STARTS = 256

Counts = Sequence[int]


def _robot(robot: int) -> PieceWord:
    return PieceWord(ROBOT_NAMES[robot], "the")


def _occupant(tokens: Sequence[int], robots: Sequence[int], cell: int) -> PieceWord | None:
    """What stands on a cell, or None when it is empty."""
    for robot, at in enumerate(robots):
        if at == cell:
            return _robot(robot)
    for colour, mask in enumerate(tokens):
        if mask >> cell & 1:
            return PieceWord(f"{TOKEN_NAMES[colour]} token", "a")
    return None


EATS_RULES = {
    "red robot": N_("the red robot eats tokens of either colour; {cell} holds {what}"),
    "white robot": N_("the white robot eats only white tokens; {cell} holds {what}"),
    "black robot": N_("the black robot eats only black tokens; {cell} holds {what}"),
}
"""What each robot eats, by its name, said of a cell holding what it cannot eat."""
NO_TOKEN = (N_("{seat} has no white token in stock"), N_("{seat} has no black token in stock"))
LID_HOLDS = (
    N_("the lid holds only {count} white token(s)"),
    N_("the lid holds only {count} black token(s)"),
)


def reason(
    tokens: Sequence[int],
    robots: Sequence[int],
    stock: Counts,
    lid: Counts,
    *,
    turn: int,
    move: RobotoryMove,
    can_act: bool,
) -> Said | None:
    """Why ``move`` is not legal here, or None when it is (the game going on)."""
    seat = SeatWord(turn, SEAT_NAMES[turn])
    match move:
        case PlaceToken(colour, cell):
            index = CELL_INDEX[cell]
            there = _occupant(tokens, robots, index)
            if there is not None:
                return said(
                    N_("a token goes on a free cell; {cell} holds {what}"), cell=cell, what=there
                )
            if stock[0] + stock[1] == 0:
                return said(N_("{seat} has no token in stock: refill first"), seat=seat)
            wanted = TOKEN_LETTERS.index(colour)
            if stock[wanted] == 0:
                return said(NO_TOKEN[wanted], seat=seat)
            return None
        case Chain(letter, path):
            return _chain_reason(tokens, robots, ROBOT_OF_LETTER[letter], path)
        case Refill(white, black):
            return _refill_reason(stock, lid, white, black)
        case Pass():
            return said(N_("a player who can act may not pass")) if can_act else None
    raise TypeError(f"not a Robotory move: {move!r}")  # pragma: no cover


def _chain_reason(
    tokens: Sequence[int], robots: Sequence[int], robot: int, path: Sequence[str]
) -> Said | None:
    origin = CELL_INDEX[path[0]]
    if robots[robot] != origin:
        return said(
            N_("{robot} stands on {cell}, not on {cell2}"),
            robot=_robot(robot),
            cell=CELL_NAMES[robots[robot]],
            cell2=path[0],
        )
    food = edible(tokens, robot)
    here = origin
    for name in path[1:]:
        cell = CELL_INDEX[name]
        if not NEIGHBOUR_MASKS[here] >> cell & 1:
            if cell in SECOND_RING[here]:
                return said(
                    N_(
                        "a robot steps onto a neighbouring cell; {cell} is two cells from "
                        "{cell2} (a robot goes further only by eating a token on each cell on "
                        "its way)"
                    ),
                    cell=name,
                    cell2=CELL_NAMES[here],
                )
            return said(
                N_("a robot steps onto a neighbouring cell; {cell} is not next to {cell2}"),
                cell=name,
                cell2=CELL_NAMES[here],
            )
        there = _occupant(tokens, robots, cell)
        if there is None:
            return said(
                N_("a robot moves only onto a token it can eat; {cell} is empty"), cell=name
            )
        if there.english.endswith("robot"):
            return said(N_("{cell} holds {what}"), cell=name, what=there)
        if not food >> cell & 1:
            return said(EATS_RULES[ROBOT_NAMES[robot]], cell=name, what=there)
        here = cell
    return None


def _refill_reason(stock: Counts, lid: Counts, white: int, black: int) -> Said | None:
    held = stock[0] + stock[1]
    if held >= STOCK_SIZE:
        return said(
            N_("a refill is possible only with fewer than {count} tokens in stock"),
            count=STOCK_SIZE,
        )
    for colour, taken in enumerate((white, black)):
        if taken > lid[colour]:
            return said(LID_HOLDS[colour], count=lid[colour])
    take = min(STOCK_SIZE - held, lid[0] + lid[1])
    if white + black != take:
        if take < STOCK_SIZE - held:
            return said(
                N_("the lid holds only {count} token(s): a refill takes them all"), count=take
            )
        return said(
            N_("a refill brings the stock back to {count}: take {take} token(s)"),
            count=STOCK_SIZE,
            take=take,
        )
    return None


def illegal_moves(
    tokens: Sequence[int],
    robots: Sequence[int],
    stock: Counts,
    lid: Counts,
    *,
    turn: int,
) -> Iterator[tuple[RobotoryMove, Said]]:
    """The forbidden moves a hand can make here, each with its reason (a move is
    listed only when ``reason`` has one, so never a legal move)."""
    for robot, origin in enumerate(robots):
        yield from _wrong_steps(tokens, robots, robot, origin)
    free = free_cells(tokens, robots)
    for colour in (0, 1):
        if stock[colour] > 0:
            continue
        for cell in range(len(CELL_NAMES)):
            if free >> cell & 1:
                place = PLACES[colour][cell]
                why = reason(tokens, robots, stock, lid, turn=turn, move=place, can_act=True)
                if why is not None:
                    yield place, why
    room = STOCK_SIZE - stock[0] - stock[1]  # more cannot be put into the slots
    for white in range(room + 1):
        for black in range(room + 1 - white):
            if white + black == 0:
                continue
            refill = Refill(white, black)
            why = _refill_reason(stock, lid, white, black)
            if why is not None:
                yield refill, why


def illegal_moves_changing(
    tokens: Sequence[int],
    robots: Sequence[int],
    stock: Counts,
    lid: Counts,
    spots: frozenset[str],
    *,
    turn: int,
) -> Iterator[tuple[RobotoryMove, Said]]:
    """The forbidden moves that may change every one of ``spots``: only the wrong steps
    of a robot among them, when one is (more may be given)."""
    moved = [robot for robot, cell in enumerate(robots) if CELL_NAMES[cell] in spots]
    if len(moved) != 1:
        yield from illegal_moves(tokens, robots, stock, lid, turn=turn)
        return
    yield from _wrong_steps(tokens, robots, moved[0], robots[moved[0]])


def _wrong_steps(
    tokens: Sequence[int],
    robots: Sequence[int],
    robot: int,
    origin: int,
) -> Iterator[tuple[RobotoryMove, Said]]:
    """A wrong last step from the robot's cell or from the end of a legal chain."""
    letter = ROBOT_LETTERS[robot]
    food = edible(tokens, robot)
    robot_cells = set(robots)
    starts: list[tuple[int, ...]] = [(origin,)]
    starts += islice(chain_paths(origin, food), MAX_CHAIN_STARTS)
    seen: set[RobotoryMove] = set()
    for path in starts:
        end = path[-1]
        # a jump only from the robot's own cell: a jump from the end of a chain may
        # be another order of a legal chain's steps, the same move
        targets = [*NEIGHBOURS[end], *(SECOND_RING[end] if end == origin else ())]
        for target in targets:
            if target in path or target in robot_cells:
                continue
            move = Chain(letter, tuple(CELL_NAMES[cell] for cell in (*path, target)))
            if move in seen:
                continue
            seen.add(move)
            why = _chain_reason(tokens, robots, robot, move.path)
            if why is not None:
                yield move, why
