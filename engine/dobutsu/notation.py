"""SFEN-style position text and USI-style move text, read strictly and written canonically.

Reading refuses anything a physical set cannot show (three chicks, two lions of
one side, a lion in hand) with a message naming the problem, because a mistyped
``--position`` should stop at the command line, not mislead the referee.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dobutsu.board import (
    CELL_INDEX,
    CELL_NAMES,
    CHICK,
    EMPTY,
    HAND_KINDS,
    HEN,
    KIND_OF_LETTER,
    LETTERS,
    LION,
    NAMES,
    RANKS,
    SET_SIZE,
    WIDTH,
    DobutsuMove,
    hand_index,
    owner,
)
from engine.errors import NotationError

PLAYERS = ("A", "B")
"""Short seat names for messages: the seed calls the players A and B."""

SIDE_LETTERS = ("b", "w")

EXAMPLE = "gle/1c1/1C1/ELG b - 1"


@dataclass(frozen=True, slots=True)
class PositionParts:
    """A position read from text: board squares, hand counts, side to move, move number."""

    board: tuple[int, ...]
    hands: tuple[int, ...]
    turn: int
    number: int


def read_position(text: str) -> PositionParts:
    """Parse ``board side hand [number]``; NotationError says what is wrong."""
    fields = text.split()
    if not fields:
        raise NotationError(f"the position text is empty; expected e.g. {EXAMPLE!r}")
    if len(fields) not in (3, 4):
        raise NotationError(
            f"the position text has {len(fields)} field(s); expected 4 (board, side to move, "
            f"hand, move number), e.g. {EXAMPLE!r}"
        )
    board = _read_board(fields[0])
    turn = _read_side(fields[1])
    hands = _read_hands(fields[2])
    number = _read_number(fields[3]) if len(fields) == 4 else 1
    _check_lions(board, turn)
    _check_material(board, hands)
    return PositionParts(board, hands, turn, number)


def _read_board(text: str) -> tuple[int, ...]:
    ranks = text.split("/")
    if len(ranks) != len(RANKS):
        raise NotationError(
            f"the board {text!r} has {len(ranks)} rank(s); Robot Duel has {len(RANKS)}, "
            "separated by '/'"
        )
    board: list[int] = []
    for rank_name, rank in zip(RANKS, ranks, strict=True):
        board.extend(_read_rank(rank_name, rank))
    return tuple(board)


def _read_rank(name: str, text: str) -> list[int]:
    squares: list[int] = []
    index = 0
    previous_digit = False
    while index < len(text):
        char = text[index]
        if char.isdigit():
            if previous_digit:
                raise NotationError(f"rank {name} {text!r}: two counts of empty squares in a row")
            count = int(char)
            if not 1 <= count <= WIDTH:
                raise NotationError(
                    f"rank {name} {text!r}: {char!r} is not a count of empty squares (1-{WIDTH})"
                )
            squares.extend([EMPTY] * count)
            previous_digit = True
            index += 1
        else:
            piece, index = _read_piece(name, text, index)
            squares.append(piece)
            previous_digit = False
        if len(squares) > WIDTH:
            raise NotationError(f"rank {name} {text!r} has more than {WIDTH} squares")
    if len(squares) < WIDTH:
        raise NotationError(f"rank {name} {text!r} has {len(squares)} square(s); each has {WIDTH}")
    return squares


def _read_piece(rank: str, text: str, index: int) -> tuple[int, int]:
    char = text[index]
    if char == "+":
        following = text[index + 1 : index + 2]
        if following not in ("C", "c"):
            shown = following or "the end of the rank"
            raise NotationError(
                f"rank {rank} {text!r}: '+' must come before a chick (C or c), not {shown!r}; "
                "only a chick promotes"
            )
        return (HEN if following == "C" else -HEN), index + 2
    kind = KIND_OF_LETTER.get(char.upper())
    if kind is None:
        raise NotationError(
            f"rank {rank} {text!r}: {char!r} is not a piece letter "
            "(L, E, G, C or +C for A; l, e, g, c or +c for B)"
        )
    return (kind if char.isupper() else -kind), index + 1


def _read_side(text: str) -> int:
    if text not in SIDE_LETTERS:
        raise NotationError(f"the side to move must be 'b' (A) or 'w' (B), not {text!r}")
    return SIDE_LETTERS.index(text)


def _read_hands(text: str) -> tuple[int, ...]:
    hands = [0] * (2 * len(HAND_KINDS))
    if text == "-":
        return tuple(hands)
    seen: set[str] = set()
    index = 0
    while index < len(text):
        start = index
        while index < len(text) and text[index].isdigit():
            index += 1
        digits = text[start:index]
        if index == len(text):
            raise NotationError(f"the hand {text!r} ends with a count and no piece")
        letter = text[index]
        index += 1
        if letter == "+":
            raise NotationError(f"the hand {text!r}: a piece in hand is never promoted")
        if letter in ("L", "l"):
            raise NotationError(f"the hand {text!r}: a lion is never held in hand")
        kind = KIND_OF_LETTER.get(letter.upper())
        if kind is None:
            raise NotationError(
                f"the hand {text!r}: {letter!r} is not a piece that can be held "
                "(C, E, G for A; c, e, g for B), and an empty hand is '-'"
            )
        if letter in seen:
            raise NotationError(f"the hand {text!r} lists {letter!r} twice")
        seen.add(letter)
        count = int(digits) if digits else 1
        if count < 1:
            raise NotationError(f"the hand {text!r}: a count of {digits} is not written")
        hands[hand_index(0 if letter.isupper() else 1, kind)] = count
    return tuple(hands)


def _read_number(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise NotationError(f"the move number must be a whole number from 1, not {text!r}")
    return int(text)


def _check_lions(board: tuple[int, ...], turn: int) -> None:
    lions: tuple[list[str], list[str]] = ([], [])
    for square, piece in enumerate(board):
        if abs(piece) == LION:
            lions[owner(piece)].append(CELL_NAMES[square])
    for seat in (0, 1):
        if len(lions[seat]) > 1:
            raise NotationError(
                f"{PLAYERS[seat]} has {len(lions[seat])} lions ({', '.join(lions[seat])}); "
                "each side has one"
            )
    if not lions[0] and not lions[1]:
        raise NotationError("neither side has a lion on the board")
    for seat in (0, 1):
        if not lions[seat] and turn != seat:
            raise NotationError(
                f"{PLAYERS[seat]} has no lion, so {PLAYERS[1 - seat]} has just taken it and "
                f"it must be {PLAYERS[seat]}'s turn ('{SIDE_LETTERS[seat]}')"
            )


def _check_material(board: tuple[int, ...], hands: tuple[int, ...]) -> None:
    for kind in HAND_KINDS:
        faces = (CHICK, HEN) if kind == CHICK else (kind,)
        on_board = sum(1 for piece in board if abs(piece) in faces)
        in_hand = hands[hand_index(0, kind)] + hands[hand_index(1, kind)]
        if on_board + in_hand > SET_SIZE:
            noun = "chicks (hens included)" if kind == CHICK else f"{NAMES[kind]}s"
            raise NotationError(
                f"{on_board + in_hand} {noun} on the board and in hand; the set has {SET_SIZE}"
            )


def write_position(board: list[int], hands: list[int], turn: int, number: int) -> str:
    """Canonical text: ranks a..d, hands in the order G, E, C (A's first), counts above one."""
    ranks = []
    for row in range(len(RANKS)):
        out = ""
        empty = 0
        for piece in board[row * WIDTH : (row + 1) * WIDTH]:
            if piece == EMPTY:
                empty += 1
                continue
            if empty:
                out += str(empty)
                empty = 0
            out += piece_letters(piece)
        if empty:
            out += str(empty)
        ranks.append(out)
    hand = ""
    for seat in (0, 1):
        for kind in reversed(HAND_KINDS):
            count = hands[hand_index(seat, kind)]
            if count:
                letter = LETTERS[kind] if seat == 0 else LETTERS[kind].lower()
                hand += (str(count) if count > 1 else "") + letter
    return f"{'/'.join(ranks)} {SIDE_LETTERS[turn]} {hand or '-'} {number}"


def piece_letters(piece: int) -> str:
    """A board piece as text: ``L``, ``+C`` for A; ``l``, ``+c`` for B."""
    kind = abs(piece)
    letter = LETTERS[kind] if piece > 0 else LETTERS[kind].lower()
    return "+" + letter if kind == HEN else letter


def read_move(text: str) -> DobutsuMove:
    """Parse ``2c2b``, ``2b2a+`` or ``C*2b`` without judging legality."""
    body = text.strip()
    if not body:
        raise NotationError("the move text is empty; expected e.g. 2c2b, 2b2a+ or C*2b")
    promote = body.endswith("+")
    if promote:
        body = body[:-1]
    if "*" in body:
        letter, _, cell = body.partition("*")
        if letter in ("c", "e", "g"):
            raise NotationError(
                f"{text!r}: a drop letter is upper case for both sides ({letter.upper()}*{cell})"
            )
        if letter in ("L", "l"):
            raise NotationError(f"{text!r}: a lion is never dropped")
        if letter not in ("C", "E", "G"):
            raise NotationError(
                f"{text!r}: {letter!r} is not a piece that can be dropped (C, E, G)"
            )
        return DobutsuMove.put(letter, _cell(text, cell), promote)
    if len(body) != 4:
        raise NotationError(f"{text!r} is not a move; expected e.g. 2c2b, 2b2a+ or C*2b")
    origin, target = _cell(text, body[:2]), _cell(text, body[2:])
    if origin == target:
        raise NotationError(f"{text!r} does not move the piece: it starts and ends on {origin}")
    return DobutsuMove.step(origin, target, promote)


def _cell(text: str, name: str) -> str:
    if name not in CELL_INDEX:
        raise NotationError(
            f"{text!r}: {name!r} is not a square (files 3, 2, 1 and ranks a to d, e.g. 2c)"
        )
    return name
