"""Chaturaji moves in words, as values: the dice, a lost turn, a king returned or
removed, a pawn exchanged, a piece's step and what it takes ("black: horse c3 to b5,
takes green's pawn").

The phrases are msgids the game declares (``MOVE_MSGIDS``) and its catalogue
translates in the ``move`` context, beside its pieces' and seats' words. The Polish
terms are the Polish rules' (seeds/002, "Szaturadżi – zasady gry"): pion, okręt, koń,
słoń, radża (the rules also say król); rzut kością, traci ruch, bije, przemiana; the
seats by the colours of their pieces (czarny, zielony, czerwony, żółty). There is no
Czech, French or Japanese rule book: their names are the usual ones (the Czech and
French of chess, the Japanese in kana). A taken piece follows a colon ("bije:
zielony, pion") so that no name needs a case of its own. A move is said by its seat
in one of two ways, as each sentence puts it: "black: horse c3 to b5" (``BY_SEAT``)
or "black rolls 3" (``SEAT_DOES``); a king's return names its owner instead.
"""

from __future__ import annotations

from typing import Any

from engine.chaturaji.board import BOAT, CELL_NAMES, ELEPHANT, HORSE, KING, LETTERS, PAWN
from engine.chaturaji.moves import (
    Decision,
    Exchange,
    LostTurn,
    RemoveKing,
    ReturnKing,
    Roll,
    Step,
)
from engine.errors import NotationError
from engine.game import Position
from engine.physical import Stone
from engine.said import (
    BY_SEAT,
    MoveSaid,
    PieceWord,
    Said,
    SeatWord,
    Value,
    by_seat,
    move_phrase,
    verbatim,
)
from engine.spoken import seat_name, top

SEAT_DOES = "{seat} {move}"
"""A move said by its seat as the subject ("black rolls 3"; Japanese "くろ、..."),
where ``BY_SEAT`` puts a colon ("black: horse c3 to b5")."""
ROLLS = "rolls {dice}"
TWO_DICE = "{first} and {second}"
LOST = "cannot move: the die is lost"
RETURNS = "{owner}'s king returns to {cell}"
REMOVES = "takes the king off {cell}"
EXCHANGES = "the pawn on {cell} becomes a {piece}"
STEPS = "{piece} {origin} to {target}"
TAKES = "{piece} {origin} to {target}, takes {victim}'s {taken}"
BECOMES = "{piece} {origin} to {target}, becomes a {promoted}"
TAKES_BECOMES = "{piece} {origin} to {target}, takes {victim}'s {taken}, becomes a {promoted}"
PIECE = "piece"
"""A piece the board does not show (none on the step's origin)."""
CHOICE = "{notation}"
"""A prompt's choice: its notation in English; the other languages say the ``{move}``
as spoken beside it."""

MOVE_MSGIDS = (
    BY_SEAT,
    SEAT_DOES,
    ROLLS,
    TWO_DICE,
    LOST,
    RETURNS,
    REMOVES,
    EXCHANGES,
    STEPS,
    TAKES,
    BECOMES,
    TAKES_BECOMES,
    PIECE,
    CHOICE,
)
"""The msgids of its moves' words, which the game's catalogue translates (``msgctxt "move"``)."""

_STEPS = {  # (takes, becomes) to the phrase
    (False, False): STEPS,
    (True, False): TAKES,
    (False, True): BECOMES,
    (True, True): TAKES_BECOMES,
}
KINDS = (PAWN, BOAT, HORSE, ELEPHANT, KING)
PIECE_NAMES = ("pawn", "boat", "horse", "elephant", "king")
"""The pieces' English words by kind (as ``KINDS``), which the catalogue translates."""


def _name(kind: int) -> PieceWord:
    return PieceWord(PIECE_NAMES[KINDS.index(kind)])


def _piece(stone: Stone) -> Value:
    kinds = {LETTERS[kind]: kind for kind in KINDS}
    return _name(kinds[stone.kind]) if stone.kind in kinds else stone.kind


def _seat(position: Position[Any], seat: int) -> SeatWord:
    return SeatWord(seat, seat_name(position, seat))


def move_said(position: Position[Any], text: str) -> MoveSaid:
    """``text``, a move of ``position``, in the game's words."""
    move = position.read_move(text)
    seat = _seat(position, position.turn)
    match move:
        case Roll(dice):
            faces: Value = (
                dice[0] if len(dice) == 1 else move_phrase(TWO_DICE, first=dice[0], second=dice[1])
            )
            return _said(seat, move_phrase(ROLLS, dice=faces), text, SEAT_DOES)
        case LostTurn():
            return _said(seat, move_phrase(LOST), text, SEAT_DOES)
        case Decision():  # named by its notation in every language, as it is said
            return MoveSaid(
                by_seat(seat, verbatim(move.value)), verbatim(move.value), verbatim(text)
            )
        case ReturnKing(owner, cell):  # its owner's, not the seat's
            returns = move_phrase(RETURNS, owner=_seat(position, owner), cell=CELL_NAMES[cell])
            return MoveSaid(returns, returns, move_phrase(CHOICE, notation=text, move=returns))
        case RemoveKing(cell):
            return _said(seat, move_phrase(REMOVES, cell=CELL_NAMES[cell]), text, SEAT_DOES)
        case Exchange(cell, kind):
            return _said(
                seat, move_phrase(EXCHANGES, cell=CELL_NAMES[cell], piece=_name(kind)), text
            )
        case Step(origin, target, promote):
            origin_name, target_name = CELL_NAMES[origin], CELL_NAMES[target]
            piece, taken = top(position, origin_name), top(position, target_name)
            values: dict[str, Value] = {"origin": origin_name, "target": target_name}
            values["piece"] = move_phrase(PIECE) if piece is None else _piece(piece)
            takes = taken is not None and taken.owner is not None
            if taken is not None and taken.owner is not None:
                values |= {"victim": _seat(position, taken.owner), "taken": _piece(taken)}
            if promote:
                values["promoted"] = _name(promote)
            return _said(seat, move_phrase(_STEPS[takes, bool(promote)], **values), text)
    raise NotationError(f"not a Chaturaji move: {text!r}")


def _said(seat: SeatWord, alone: Said, text: str, msgid: str = BY_SEAT) -> MoveSaid:
    """A move its seat makes, said by ``msgid``, named at a prompt by its notation."""
    return MoveSaid(
        by_seat(seat, alone, msgid), alone, move_phrase(CHOICE, notation=text, move=alone)
    )
