"""Position text and Aba-Pro move text, read strictly and written canonically.

Position: ``wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0`` — the rows from I
(top) down to A, each from its lowest diagonal, ``b`` and ``w`` for marbles and a
digit for a run of empty holes; the side to move; then how many black and how
many white marbles have been pushed off. See docs/abalone.md.

Moves (Aba-Pro): ``A1B2`` moves the marble on A1 to B2 and pushes along whatever
stands in line ahead of it; ``C3C5D4`` moves the line C3-C5 sideways, C3 to D4.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.abalone.board import (
    BLACK,
    CELL_INDEX,
    CELL_NAMES,
    COLOUR_LETTERS,
    DIRECTIONS,
    EMPTY,
    MARBLES,
    NEIGHBOURS,
    ROW_LETTERS,
    ROWS,
    SPAN,
    TO_WIN,
    WHITE,
    line_between,
)
from engine.abalone.move import LONGEST_LINE, AbaloneMove
from engine.abalone.rules import PLAYER_NAMES
from engine.errors import NotationError

EXAMPLE = "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0"
MOVE_EXAMPLES = "e.g. A1B2 (in-line: the rear marble and where it goes) or C3C5D4 (broadside)"


@dataclass(frozen=True, slots=True)
class PositionParts:
    """A position read from text: the 61 holes, the colour to move, marbles lost per colour."""

    board: tuple[int, ...]
    turn: int  # the seat: 0 black, 1 white
    lost: tuple[int, int]  # black's and white's marbles pushed off


def read_position(text: str) -> PositionParts:
    """Parse ``rows side black-lost white-lost``; NotationError says what is wrong."""
    fields = text.split()
    if not fields:
        raise NotationError(f"the position text is empty; expected e.g. {EXAMPLE!r}")
    if len(fields) != 4:
        raise NotationError(
            f"the position text has {len(fields)} field(s); expected 4 (the rows I to A, "
            f"the side to move, black's and white's marbles pushed off), e.g. {EXAMPLE!r}"
        )
    board = _read_board(fields[0])
    turn = _read_side(fields[1])
    lost = (_read_lost(BLACK, fields[2]), _read_lost(WHITE, fields[3]))
    for colour in (BLACK, WHITE):
        on_board = board.count(colour)
        total = on_board + lost[colour - 1]
        if total > MARBLES:
            raise NotationError(
                f"{PLAYER_NAMES[colour]} has {on_board} marble(s) on the board and "
                f"{lost[colour - 1]} pushed off, {total} in all; the set has {MARBLES}"
            )
    if lost[0] >= TO_WIN and lost[1] >= TO_WIN:
        raise NotationError(
            f"both sides have lost {TO_WIN} marbles; the game ends when the first side has"
        )
    return PositionParts(tuple(board), turn, lost)


def _read_board(text: str) -> list[int]:
    rows = text.split("/")
    if len(rows) != SPAN:
        raise NotationError(
            f"the board {text!r} has {len(rows)} row(s); Abalone has {SPAN}, "
            "I (top) to A, separated by '/'"
        )
    board = [EMPTY] * len(CELL_NAMES)
    for row_text, row in zip(rows, reversed(range(SPAN)), strict=True):
        holes = ROWS[row]
        contents = _read_row(ROW_LETTERS[row], row_text, len(holes))
        for hole, colour in zip(holes, contents, strict=True):
            board[hole] = colour
    return board


def _read_row(letter: str, text: str, size: int) -> list[int]:
    contents: list[int] = []
    first, last = _row_range(letter)
    span = f"row {letter} has {size} holes, {first} to {last}"
    previous_digit = False
    for char in text:
        if char.isdigit():
            if previous_digit:
                raise NotationError(
                    f"row {letter} {text!r}: two counts of empty holes in a row; write one"
                )
            count = int(char)
            if count < 1:
                raise NotationError(f"row {letter} {text!r}: a count of empty holes is 1 to 9")
            contents.extend([EMPTY] * count)
            previous_digit = True
        elif char in ("b", "w"):
            contents.append(COLOUR_LETTERS.index(char))
            previous_digit = False
        else:
            raise NotationError(
                f"row {letter} {text!r}: {char!r} is not a marble (b black, w white) "
                "or a count of empty holes"
            )
        if len(contents) > size:
            raise NotationError(f"row {letter} {text!r} has more than {size} holes; {span}")
    if len(contents) < size:
        raise NotationError(f"row {letter} {text!r} has {len(contents)} hole(s); {span}")
    return contents


def _row_range(letter: str) -> tuple[str, str]:
    holes = ROWS[ROW_LETTERS.index(letter)]
    return CELL_NAMES[holes[0]], CELL_NAMES[holes[-1]]


def _read_side(text: str) -> int:
    if text not in ("b", "w"):
        raise NotationError(f"the side to move must be 'b' (black) or 'w' (white), not {text!r}")
    return 0 if text == "b" else 1


def _read_lost(colour: int, text: str) -> int:
    name = PLAYER_NAMES[colour]
    if not text.isdigit() or not 0 <= int(text) <= TO_WIN:
        raise NotationError(
            f"the count of {name} marbles pushed off must be a whole number 0 to {TO_WIN}, "
            f"not {text!r}"
        )
    return int(text)


def write_position(board: list[int], turn: int, lost: list[int]) -> str:
    """Canonical text: rows I to A, runs of empty holes as one digit."""
    rows = []
    for row in reversed(range(SPAN)):
        out = ""
        gap = 0
        for hole in ROWS[row]:
            colour = board[hole]
            if colour == EMPTY:
                gap += 1
                continue
            if gap:
                out += str(gap)
                gap = 0
            out += COLOUR_LETTERS[colour]
        rows.append(out + (str(gap) if gap else ""))
    return f"{'/'.join(rows)} {'bw'[turn]} {lost[0]} {lost[1]}"


# --- moves -------------------------------------------------------------------------------


def read_move(text: str) -> AbaloneMove:
    """Parse Aba-Pro move text without judging legality."""
    body = text.strip()
    if not body:
        raise NotationError(f"the move text is empty; {MOVE_EXAMPLES}")
    holes = _holes(text, body)
    if len(holes) == 2:
        tail, destination = holes
        for direction in DIRECTIONS:
            if NEIGHBOURS[CELL_INDEX[tail]][direction] == CELL_INDEX[destination]:
                return AbaloneMove.inline(tail, direction)
        hint = ""
        if line_between(CELL_INDEX[tail], CELL_INDEX[destination]) is not None:
            hint = (
                "; Kiban writes Aba-Pro notation, where an in-line move names the rear "
                "marble and the next hole (this looks like Nacre notation, which names "
                "where the front marble arrives)"
            )
        raise NotationError(
            f"{text!r}: {destination} is not next to {tail}; an in-line move names the rear "
            f"marble and the hole it moves to{hint}"
        )
    first, last, destination = holes
    found = line_between(CELL_INDEX[first], CELL_INDEX[last])
    if found is None:
        raise NotationError(
            f"{text!r}: {first} and {last} are not on one line; a broadside move names the "
            "two end marbles of a straight line of two or three"
        )
    line, along = found
    if len(line) > LONGEST_LINE:
        raise NotationError(
            f"{text!r}: {first} to {last} is a line of {len(line)} holes; a broadside move "
            "names the ends of a line of two or three marbles"
        )
    for direction in DIRECTIONS:
        if NEIGHBOURS[CELL_INDEX[first]][direction] != CELL_INDEX[destination]:
            continue
        if direction.axis == along.axis:
            raise NotationError(
                f"{text!r}: {destination} lies along the line {first}-{last}, which makes it "
                f"an in-line move; write it as the rear marble and its next hole "
                f"(e.g. {first}{destination})"
            )
        try:
            return AbaloneMove.broadside(first, last, direction)
        except ValueError as error:
            raise NotationError(f"{text!r}: {error}") from None
    raise NotationError(
        f"{text!r}: {destination} is not next to {first}; a broadside move names the two "
        "end marbles, then the hole the first-named one moves to"
    )


def _holes(text: str, body: str) -> list[str]:
    """The hole names in ``body`` (letters A-I then a digit, either case)."""
    compact = body.upper()
    if len(compact) not in (4, 6) or not all(
        compact[i].isalpha() and compact[i + 1].isdigit() for i in range(0, len(compact), 2)
    ):
        raise NotationError(f"{text!r} is not an Abalone move; {MOVE_EXAMPLES}")
    holes = [compact[i : i + 2] for i in range(0, len(compact), 2)]
    for hole in holes:
        if hole in CELL_INDEX:
            continue
        if hole[0] in ROW_LETTERS:
            first, last = _row_range(hole[0])
            raise NotationError(
                f"{text!r}: {hole} is not a hole; row {hole[0]} runs from {first} to {last}"
            )
        raise NotationError(f"{text!r}: {hole} is not a hole; the rows are A to I")
    if len(set(holes)) != len(holes):
        raise NotationError(f"{text!r} names one hole twice; {MOVE_EXAMPLES}")
    return holes


def write_move(move: AbaloneMove) -> str:
    return move.aba_pro()
