"""Chaturaji position text and move text, read strictly and written canonically.

A position is five fields (see docs/chaturaji.md)::

    gBgb2rKrErHrB/gHgh2rkrerhrb/gEge6/gKgk6/6ykyK/6yeyE/kbkhkekk2yhyH/kBkHkEkK2ybyB k ? 0,0,0,0 -

the board from rank 8 down, each piece as its seat's letter (k g r y) and its
kind (K E H B; a pawn as the lower-case letter of the piece it stood in front
of: b h e k), digits for empty squares; the seat whose turn it is; the dice
(``?`` a roll is due, the faces still to use, ``-`` none); the scores of black,
green, red and yellow; and the team bookkeeping (``-`` when there is none).
"""

from __future__ import annotations

import re

from engine.chaturaji.board import (
    CELL_INDEX,
    CELL_NAMES,
    KIND_OF_LETTER,
    LETTERS,
    PAWN,
    PIECE_KINDS,
    SEAT_LETTERS,
    SIZE,
    kind_of,
    make_piece,
    origin_of,
    owner_of,
    square,
)
from engine.chaturaji.moves import (
    ChaturajiMove,
    Decision,
    Exchange,
    LostTurn,
    RemoveKing,
    ReturnKing,
    Roll,
    Step,
)
from engine.chaturaji.state import State
from engine.errors import NotationError

EXAMPLE = (
    "gBgb2rKrErHrB/gHgh2rkrerhrb/gEge6/gKgk6/6ykyK/6yeyE/kbkhkekk2yhyH/kBkHkEkK2ybyB k ? 0,0,0,0 -"
)
TEAM_LETTERS = ("kr", "gy")
PAWN_LETTERS = {kind: LETTERS[kind].lower() for kind in PIECE_KINDS}
PAWN_ORIGIN = {letter: kind for kind, letter in PAWN_LETTERS.items()}


# --- writing ----------------------------------------------------------------------


def piece_text(piece: int) -> str:
    """``kK`` for black's king, ``gh`` for green's pawn that stood in front of the horse."""
    kind = kind_of(piece)
    letter = PAWN_LETTERS[origin_of(piece)] if kind == PAWN else LETTERS[kind]
    return SEAT_LETTERS[owner_of(piece)] + letter


def _texts() -> tuple[str, ...]:
    texts = [""] * (1 << 8)
    for seat in range(len(SEAT_LETTERS)):
        for kind in LETTERS:
            for origin in PIECE_KINDS if kind == PAWN else (0,):
                piece = make_piece(seat, kind, origin)
                texts[piece] = piece_text(piece)
    return tuple(texts)


_TEXTS = _texts()
"""By piece code: its text (``piece_text``), a record being written at every commit."""


def write_board(board: tuple[int, ...]) -> str:
    ranks = []
    texts = _TEXTS
    for rank in range(SIZE - 1, -1, -1):
        text, gap = "", 0
        for piece in board[square(0, rank) : square(0, rank + 1)]:
            if not piece:
                gap += 1
                continue
            text += (str(gap) if gap else "") + texts[piece]
            gap = 0
        ranks.append(text + (str(gap) if gap else ""))
    return "/".join(ranks)


def write_position(state: State) -> str:
    if state.roll_due:
        dice = "?"
    elif state.dice:
        dice = "".join(str(face) for face in state.dice)
    else:
        dice = "-"
    scores = ",".join(str(score) for score in state.scores)
    extras = ",".join(_tokens(state)) or "-"
    return f"{write_board(state.board)} {SEAT_LETTERS[state.roller]} {dice} {scores} {extras}"


def _tokens(state: State) -> list[str]:
    letter = SEAT_LETTERS.__getitem__
    tokens = [f"command:{letter(seat)}" for seat in state.united if seat >= 0]
    tokens += [f"boats:{letter(seat)}" for seat in state.boat_command if seat >= 0]
    tokens += [f"throne:{letter(a)}{letter(b)}" for a, b in sorted(state.thrones)]
    tokens += [f"empire:{letter(seat)}" for seat in state.empire if seat >= 0]
    for team, fall in enumerate(state.fall):
        if fall is not None:
            by = letter(fall.king_owner) if fall.king_owner >= 0 else "-"
            tokens.append(f"fall:{TEAM_LETTERS[team]}:{by}{'t' if fall.on_throne else ''}")
    tokens += [f"frozen:{letter(seat)}" for seat in sorted(state.frozen)]
    pending = state.pending
    if pending is not None:
        seats = "".join(letter(seat) for seat in (pending.capturer, *pending.kings))
        tokens.append(f"{pending.stage}:{seats}")
    if state.removed >= 0:
        tokens.append(f"removed:{letter(state.removed)}")
    return tokens


def move_text(move: ChaturajiMove) -> str:
    """``b1c3``, ``e7e8=H``, ``e8=H``, ``roll 3``, ``roll 3 5``, ``pass``, ``offer exchange``,
    ``return king to e5``, ``remove king d1``."""
    match move:
        case Step(origin, target, promote):
            suffix = f"={LETTERS[promote]}" if promote else ""
            return f"{CELL_NAMES[origin]}{CELL_NAMES[target]}{suffix}"
        case Exchange(cell, kind):
            return f"{CELL_NAMES[cell]}={LETTERS[kind]}"
        case Roll(dice):
            return "roll " + " ".join(str(face) for face in dice)
        case LostTurn():
            return "pass"
        case Decision():
            return move.value
        case ReturnKing(_, cell):
            return f"return king to {CELL_NAMES[cell]}"
        case RemoveKing(cell):
            return f"remove king {CELL_NAMES[cell]}"
    raise TypeError(f"not a Chaturaji move: {move!r}")  # pragma: no cover


# --- reading moves ------------------------------------------------------------------

_STEP = re.compile(r"^([a-h][1-8])([a-h][1-8])(?:=([BHEK]))?$")
_EXCHANGE = re.compile(r"^([a-h][1-8])=([BHEK])$")
_ROLL = re.compile(r"^roll ([2-5])(?: ([2-5]))?$")
_RETURN = re.compile(r"^return king to ([a-h][1-8])$")
_REMOVE = re.compile(r"^remove king ([a-h][1-8])$")
MOVE_EXAMPLES = "b1c3, e7e8=H, e8=H, roll 3, pass, offer exchange, return king to e5"


def read_move(text: str, state: State) -> ChaturajiMove:
    """Parse move text without judging legality; a returning king is the one due now."""
    body = text.strip()
    if not body:
        raise NotationError(f"the move text is empty; expected e.g. {MOVE_EXAMPLES}")
    if match := _STEP.match(body):
        origin, target = CELL_INDEX[match[1]], CELL_INDEX[match[2]]
        if origin == target:
            raise NotationError(
                f"{text!r} does not move the piece: it starts and ends on {match[1]}"
            )
        return Step(origin, target, KIND_OF_LETTER[match[3]] if match[3] else 0)
    if match := _EXCHANGE.match(body):
        return Exchange(CELL_INDEX[match[1]], KIND_OF_LETTER[match[2]])
    if match := _ROLL.match(body):
        return Roll(tuple(int(face) for face in match.groups() if face is not None))
    if body == "pass":
        return LostTurn()
    for decision in Decision:
        if body == decision.value:
            return decision
    if match := _RETURN.match(body):
        pending = state.pending
        seat = pending.kings[0] if pending is not None and pending.kings else state.roller
        return ReturnKing(seat, CELL_INDEX[match[1]])
    if match := _REMOVE.match(body):
        return RemoveKing(CELL_INDEX[match[1]])
    if body.startswith("roll"):
        raise NotationError(f"{text!r}: a roll is 'roll F' or 'roll F G' with faces 2 to 5")
    raise NotationError(f"{text!r} is not a Chaturaji move; expected e.g. {MOVE_EXAMPLES}")
