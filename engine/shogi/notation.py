"""SFEN positions and USI moves, read strictly and written canonically.

Reading refuses what a shogi set cannot show (a third rook, two sente kings)
and what the rules can never reach (a pawn on the last rank, two unpromoted
pawns of one side on a file, the side not to move in check), each with a
message naming the problem: a mistyped ``--position`` should stop at the
command line, not mislead the referee.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import NotationError
from engine.shogi.moves import ShogiMove, board_move, drop_move
from engine.shogi.tables import (
    CELL_INDEX,
    CELL_NAMES,
    FILES,
    HAND_KINDS,
    KIND_OF_LETTER,
    KING,
    KNIGHT,
    LANCE,
    LAST_RANK,
    LAST_TWO,
    LETTERS,
    MAX_IN_HAND,
    NAMES,
    PAWN,
    PROMOTABLE,
    PROMOTED,
    RANKS,
    SET_SIZE,
    SIZE,
    base,
    column_of,
)

SIDES = ("b", "w")
PLAYERS = ("sente", "gote")
EXAMPLE = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

_HAND_ITEM = re.compile(r"([0-9]*)([A-Za-z])")
_BOARD_MOVE = re.compile(r"^([1-9][a-i])([1-9][a-i])(\+?)$")
_DROP = re.compile(r"^([A-Za-z])\*([1-9][a-i])(\+?)$")


@dataclass(frozen=True, slots=True)
class Parts:
    """A position read from SFEN: 81 piece codes, 16 hand slots, the side to move, the number."""

    board: tuple[int, ...]
    hands: tuple[int, ...]
    turn: int
    number: int


def read_position(text: str) -> Parts:
    """Parse SFEN (``board side hands number``; a leading ``sfen`` is allowed)."""
    fields = text.split()
    if fields[:1] == ["sfen"]:
        fields = fields[1:]
    if len(fields) not in (3, 4):
        raise NotationError(
            f"{text!r} is not SFEN: expected board, side to move, hands and move number, "
            f"e.g. {EXAMPLE!r}"
        )
    board = _read_board(text, fields[0])
    if fields[1] not in SIDES:
        raise NotationError(
            f"{text!r}: the side to move is b (sente) or w (gote), not {fields[1]!r}"
        )
    turn = SIDES.index(fields[1])
    hands = _read_hands(text, fields[2])
    number = 1
    if len(fields) == 4:
        if not (fields[3].isascii() and fields[3].isdigit()) or int(fields[3]) < 1:
            raise NotationError(f"{text!r}: the move number must be 1 or more, not {fields[3]!r}")
        number = int(fields[3])
    _check_material(text, board, hands)
    _check_reachable(text, board)
    return Parts(tuple(board), tuple(hands), turn, number)


def _read_board(text: str, field: str) -> list[int]:
    rows = field.split("/")
    if len(rows) != SIZE:
        raise NotationError(f"{text!r}: the board needs 9 ranks separated by '/', not {len(rows)}")
    board: list[int] = []
    for rank, row in enumerate(rows):
        cells: list[int] = []
        promoted = False
        previous_digit = False
        for char in row:
            if char in "0123456789":
                if promoted:
                    raise NotationError(
                        f"{text!r}: '+' must be followed by a piece in rank {RANKS[rank]}"
                    )
                if char == "0" or previous_digit:
                    raise NotationError(
                        f"{text!r}: rank {RANKS[rank]} writes empty squares as one digit 1-9"
                    )
                cells += [0] * int(char)
                previous_digit = True
                continue
            previous_digit = False
            if char == "+":
                if promoted:
                    raise NotationError(f"{text!r}: '++' in rank {RANKS[rank]}")
                promoted = True
                continue
            kind = KIND_OF_LETTER.get(char.upper())
            if kind is None:
                raise NotationError(
                    f"{text!r}: {char!r} in rank {RANKS[rank]} is not a piece (K R B G S N L P; "
                    "upper case sente, lower case gote)"
                )
            if promoted:
                if kind not in PROMOTABLE:
                    raise NotationError(f"{text!r}: a {NAMES[kind]} cannot be promoted (+{char})")
                kind += PROMOTED
                promoted = False
            seat = 0 if char.isupper() else 1
            cells.append(kind | seat << 4)
        if promoted:
            raise NotationError(f"{text!r}: rank {RANKS[rank]} ends with '+'")
        if len(cells) != SIZE:
            raise NotationError(
                f"{text!r}: rank {RANKS[rank]} ({row!r}) covers {len(cells)} squares, not 9"
            )
        board += cells
    return board


def _read_hands(text: str, field: str) -> list[int]:
    hands = [0] * 16
    if field == "-":
        return hands
    position = 0
    seen: set[str] = set()
    while position < len(field):
        match = _HAND_ITEM.match(field, position)
        if match is None:
            raise NotationError(
                f"{text!r}: cannot read the hands {field!r} from {field[position:]!r} "
                "(write e.g. 2Pb, or - for none)"
            )
        count_text, letter = match.groups()
        position = match.end()
        kind = KIND_OF_LETTER.get(letter.upper())
        if kind is None or kind == KING:
            raise NotationError(
                f"{text!r}: {letter!r} cannot be in a hand (R B G S N L P, upper case for sente)"
            )
        if count_text and (count_text.startswith("0") or not 1 <= int(count_text) <= MAX_IN_HAND):
            raise NotationError(f"{text!r}: {count_text}{letter} is not a count of pieces in hand")
        if letter in seen:
            raise NotationError(f"{text!r}: {letter!r} appears twice in the hands")
        seen.add(letter)
        seat = 0 if letter.isupper() else 1
        hands[seat * 8 + kind] = int(count_text) if count_text else 1
    return hands


def _check_material(text: str, board: list[int], hands: list[int]) -> None:
    counts = dict.fromkeys(SET_SIZE, 0)
    kings = [0, 0]
    for piece in board:
        if piece:
            counts[base(piece & 15)] += 1
            if piece & 15 == KING:
                kings[piece >> 4] += 1
    for slot, count in enumerate(hands):
        if count:
            counts[slot & 7] += count
    for seat in (0, 1):
        if kings[seat] > 1:
            raise NotationError(f"{text!r}: {PLAYERS[seat]} has {kings[seat]} kings")
    for kind, limit in SET_SIZE.items():
        if counts[kind] > limit:
            raise NotationError(
                f"{text!r}: {counts[kind]} {NAMES[kind]}s, but a set has only {limit}"
            )


def _check_reachable(text: str, board: list[int]) -> None:
    pawn_files: set[tuple[int, int]] = set()
    for square, piece in enumerate(board):
        kind, seat = piece & 15, piece >> 4
        if kind in (PAWN, LANCE) and LAST_RANK[seat] >> square & 1:
            raise NotationError(
                f"{text!r}: the {NAMES[kind]} on {CELL_NAMES[square]} could never move"
            )
        if kind == KNIGHT and LAST_TWO[seat] >> square & 1:
            raise NotationError(f"{text!r}: the knight on {CELL_NAMES[square]} could never move")
        if kind == PAWN:
            key = (seat, column_of(square))
            if key in pawn_files:
                raise NotationError(
                    f"{text!r}: {PLAYERS[seat]} has two pawns on file {FILES[key[1]]} (nifu)"
                )
            pawn_files.add(key)


def write_position(board: list[int], hands: list[int], turn: int, number: int) -> str:
    rows = []
    for rank in range(SIZE):
        row, gap = "", 0
        for piece in board[rank * SIZE : rank * SIZE + SIZE]:
            if not piece:
                gap += 1
                continue
            if gap:
                row += str(gap)
                gap = 0
            row += piece_letter(piece)
        rows.append(row + (str(gap) if gap else ""))
    hand = ""
    for seat in (0, 1):
        for kind in HAND_KINDS:
            count = hands[seat * 8 + kind]
            if count:
                letter = LETTERS[kind] if seat == 0 else LETTERS[kind].lower()
                hand += (str(count) if count > 1 else "") + letter
    return f"{'/'.join(rows)} {SIDES[turn]} {hand or '-'} {number}"


def piece_letter(piece: int) -> str:
    """SFEN letters of a piece code: ``P``, ``+p``."""
    kind = piece & 15
    letter = LETTERS[base(kind)]
    if piece >> 4:
        letter = letter.lower()
    return "+" + letter if kind > KING else letter


def read_move(text: str) -> ShogiMove:
    """Parse a USI move (``7g7f``, ``8h2b+``, ``P*5e``) without judging it."""
    body = text.strip()
    match = _BOARD_MOVE.match(body)
    if match:
        origin, target, plus = match.groups()
        if origin == target:
            raise NotationError(f"{text!r} does not move the piece: it starts and ends on {origin}")
        return board_move(CELL_INDEX[origin], CELL_INDEX[target], bool(plus))
    match = _DROP.match(body)
    if match:
        letter, target, plus = match.groups()
        kind = KIND_OF_LETTER.get(letter)
        if kind is None or kind == KING:
            hint = " (drops are written in upper case for both sides)" if letter.islower() else ""
            raise NotationError(
                f"{text!r}: {letter!r} is not a piece that can be dropped (R B G S N L P){hint}"
            )
        return drop_move(kind, CELL_INDEX[target], bool(plus))
    raise NotationError(
        f"{text!r} is not a USI move: write e.g. 7g7f, 8h2b+ (promote) or P*5e (drop); "
        "files 9..1 from sente's left, ranks a..i from the top"
    )
