"""Robotory position text and move text, read strictly and written canonically.

Position text has five fields (docs/robotory.md)::

    4/2R2/3B2/2W2/4 2w2b 2w2b 10w10b l

the board column by column (A to E, each from its lowest cell: ``w``/``b`` a
white/black token, ``W``/``B``/``R`` the white/black/red robot, a digit a run of
empty cells), the light (first) player's stock, the dark player's stock, the lid,
and the seat to move (``l`` or ``d``). Moves: ``w@C2`` (place a token),
``R:B3-B4-C5`` (a robot's chain of steps), ``refill 2w1b``, ``pass``.

Reading refuses what no set can show (two red robots, a stock of five, more than
fourteen tokens of a colour), so a mistyped ``--position`` stops at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import NotationError
from engine.robotory.board import (
    CELL_INDEX,
    CELL_NAMES,
    COLUMN_HEIGHTS,
    COLUMNS,
    ROBOT_LETTERS,
    SEAT_LETTERS,
    START_LID,
    STOCK_SIZE,
    TOKEN_LETTERS,
    TOKENS_PER_COLOUR,
)
from engine.robotory.moves import Chain, Pass, PlaceToken, Refill, RobotoryMove

EXAMPLE = "4/2R2/3B2/2W2/4 2w2b 2w2b 10w10b l"
_COUNTS = re.compile(r"^(\d+)w(\d+)b$")
_REFILL = re.compile(r"^refill\s+(?:(\d+)w)?(?:(\d+)b)?$")


@dataclass(frozen=True, slots=True)
class PositionParts:
    """What position text holds: token masks (white, black), robot cells (W, B, R),
    the stocks (light, dark) and the lid as (white, black) counts, the seat to move."""

    tokens: tuple[int, int]
    robots: tuple[int, int, int]
    stocks: tuple[tuple[int, int], tuple[int, int]]
    lid: tuple[int, int]
    turn: int


def read_position(text: str) -> PositionParts:
    fields = text.split()
    if len(fields) != 5:
        raise NotationError(
            f"the position text has {len(fields)} field(s); expected 5 (board, light's stock, "
            f"dark's stock, lid, seat to move), e.g. {EXAMPLE!r}"
        )
    tokens, robots = _read_board(fields[0])
    stocks = (
        _read_counts(fields[1], "light's stock"),
        _read_counts(fields[2], "dark's stock"),
    )
    for seat, (white, black) in zip(SEAT_LETTERS, stocks, strict=True):
        if white + black > STOCK_SIZE:
            raise NotationError(
                f"the stock of {seat} holds {white + black} tokens; a stock holds at most "
                f"{STOCK_SIZE}"
            )
    lid = _read_counts(fields[3], "the lid")
    for colour, (count, most) in enumerate(zip(lid, START_LID, strict=True)):
        if count > most:
            raise NotationError(
                f"the lid holds {count} {_COLOUR_WORDS[colour]} tokens; it starts with {most} "
                "and is never refilled"
            )
    for colour in (0, 1):
        on_board = tokens[colour].bit_count()
        total = on_board + stocks[0][colour] + stocks[1][colour] + lid[colour]
        if total > TOKENS_PER_COLOUR:
            raise NotationError(
                f"{total} {_COLOUR_WORDS[colour]} tokens are in play ({on_board} on the board, "
                f"{stocks[0][colour]} + {stocks[1][colour]} in the stocks, {lid[colour]} on the "
                f"lid); the set has {TOKENS_PER_COLOUR}"
            )
    side = fields[4]
    if side not in SEAT_LETTERS:
        raise NotationError(
            f"the seat to move is {side!r}; expected l (light, the first player) or d (dark)"
        )
    return PositionParts(tokens, robots, stocks, lid, SEAT_LETTERS.index(side))


_COLOUR_WORDS = ("white", "black")


def _read_board(text: str) -> tuple[tuple[int, int], tuple[int, int, int]]:
    columns = text.split("/")
    if len(columns) != len(COLUMNS):
        raise NotationError(
            f"the board {text!r} has {len(columns)} column(s); it needs 5 (A to E), "
            "separated by '/'"
        )
    masks = [0, 0]
    robots: list[int | None] = [None, None, None]
    first = 0
    for letter, height, column_text in zip(COLUMNS, COLUMN_HEIGHTS, columns, strict=True):
        name = f"column {letter} {column_text!r}"
        if not column_text:
            raise NotationError(
                f"column {letter} is empty; write {height} for {height} empty cells"
            )
        row = 0
        previous_digit = False
        for char in column_text:
            if char.isdigit():
                if previous_digit:
                    raise NotationError(f"{name}: two counts of empty cells in a row")
                if not 1 <= int(char) <= height:
                    raise NotationError(
                        f"{name}: {char!r} is not a count of empty cells (1-{height})"
                    )
                row += int(char)
                previous_digit = True
                if row > height:
                    raise NotationError(f"{name} has more than {height} cells")
                continue
            previous_digit = False
            if row >= height:
                raise NotationError(f"{name} has more than {height} cells")
            cell = first + row
            if char in TOKEN_LETTERS:
                masks[TOKEN_LETTERS.index(char)] |= 1 << cell
            elif char in ROBOT_LETTERS:
                robot = ROBOT_LETTERS.index(char)
                if robots[robot] is not None:
                    raise NotationError(
                        f"the board has two {_ROBOT_WORDS[robot]} robots "
                        f"({CELL_NAMES[robots[robot] or 0]} and {CELL_NAMES[cell]})"
                    )
                robots[robot] = cell
            else:
                raise NotationError(
                    f"{name}: {char!r} is not a piece (w, b: tokens; W, B, R: robots) "
                    "nor a count of empty cells"
                )
            row += 1
        if row != height:
            raise NotationError(f"{name} has {row} cell(s); column {letter} has {height}")
        first += height
    missing = [_ROBOT_WORDS[robot] for robot, cell in enumerate(robots) if cell is None]
    if missing:
        raise NotationError(
            f"the board has no {' and no '.join(missing)} robot; all three robots are always "
            "on the board"
        )
    white, black, red = robots
    assert white is not None and black is not None and red is not None
    return (masks[0], masks[1]), (white, black, red)


_ROBOT_WORDS = ("white", "black", "red")


def _read_counts(text: str, what: str) -> tuple[int, int]:
    match = _COUNTS.match(text)
    if not match:
        raise NotationError(
            f"{what} is {text!r}; write the white and the black count, e.g. 2w2b or 0w3b"
        )
    white, black = int(match.group(1)), int(match.group(2))
    if match.group(0) != f"{white}w{black}b":
        raise NotationError(f"{what} is {text!r}; write counts without leading zeros, e.g. 2w2b")
    return white, black


def write_position(parts: PositionParts) -> str:
    columns = []
    first = 0
    contents: dict[int, str] = {}
    for colour, mask in enumerate(parts.tokens):
        for cell in range(len(CELL_NAMES)):
            if mask >> cell & 1:
                contents[cell] = TOKEN_LETTERS[colour]
    for robot, cell in enumerate(parts.robots):
        contents[cell] = ROBOT_LETTERS[robot]
    for height in COLUMN_HEIGHTS:
        text, gap = "", 0
        for cell in range(first, first + height):
            piece = contents.get(cell)
            if piece is None:
                gap += 1
                continue
            text += (str(gap) if gap else "") + piece
            gap = 0
        columns.append(text + (str(gap) if gap else ""))
        first += height
    stocks = " ".join(f"{white}w{black}b" for white, black in parts.stocks)
    lid = f"{parts.lid[0]}w{parts.lid[1]}b"
    return f"{'/'.join(columns)} {stocks} {lid} {SEAT_LETTERS[parts.turn]}"


# --- moves ------------------------------------------------------------------------------


def write_move(move: RobotoryMove) -> str:
    match move:
        case PlaceToken(colour, cell):
            return f"{colour}@{cell}"
        case Chain(robot, path):
            return f"{robot}:{'-'.join(path)}"
        case Refill(white, black):
            counts = (f"{white}w" if white else "") + (f"{black}b" if black else "")
            return f"refill {counts}"
        case Pass():
            return "pass"
    raise TypeError(f"not a Robotory move: {move!r}")  # pragma: no cover


def read_move(text: str) -> RobotoryMove:
    """Parse move text without judging legality; NotationError says what is wrong."""
    body = text.strip()
    if body == "pass":
        return Pass()
    if body.startswith("refill"):
        return _read_refill(text, body)
    if "@" in body:
        colour, _, cell = body.partition("@")
        if colour not in TOKEN_LETTERS:
            raise NotationError(
                f"{text!r}: {colour!r} is not a token colour; write w@C2 (white) or b@C2 (black)"
            )
        return PlaceToken(colour, _cell(text, cell))
    if ":" in body:
        robot, _, rest = body.partition(":")
        if robot not in ROBOT_LETTERS:
            raise NotationError(
                f"{text!r}: {robot!r} is not a robot; write W, B or R (white, black, red), "
                "e.g. R:B3-B4"
            )
        cells = tuple(_cell(text, cell) for cell in rest.split("-"))
        if len(cells) < 2:
            raise NotationError(
                f"{text!r}: a robot's move names its cell and at least one cell it steps onto, "
                "e.g. R:B3-B4"
            )
        repeated = sorted({cell for cell in cells if cells.count(cell) > 1})
        if repeated:
            raise NotationError(
                f"{text!r}: a robot never enters a cell twice in one move ({', '.join(repeated)})"
            )
        return Chain(robot, cells)
    raise NotationError(
        f"{text!r} is not a move; expected e.g. w@C2, b@C2, R:B3-B4-C5, refill 2w1b or pass"
    )


def _read_refill(text: str, body: str) -> Refill:
    match = _REFILL.match(body)
    if not match or not (match.group(1) or match.group(2)):
        raise NotationError(
            f"{text!r}: a refill names the tokens taken from the lid, e.g. refill 2w1b, "
            "refill 3w or refill 1b"
        )
    white, black = int(match.group(1) or 0), int(match.group(2) or 0)
    if white + black == 0:
        raise NotationError(f"{text!r}: a refill takes at least one token")
    if white + black > STOCK_SIZE:
        raise NotationError(
            f"{text!r}: a refill takes at most {STOCK_SIZE} tokens (a stock holds {STOCK_SIZE})"
        )
    return Refill(white, black)


def _cell(text: str, name: str) -> str:
    if name not in CELL_INDEX:
        raise NotationError(
            f"{text!r}: {name!r} is not a cell (columns A-E: A1-A4, B1-B5, C1-C6, D1-D5, E1-E4)"
        )
    return name
