"""How a shogi position looks to sensors, and what a move changes, computed directly.

The recognizer needs the footprint of every legal move of every position (593
in the richest one known), so this module works from the few squares and
stand slots a move touches instead of playing the move and comparing layouts.
It is physical, not legal: a piece put down turned over when it should not be
shows here too, so the recognizer can match the mistake and name it. The tests
check it against the base class's layout comparison over random positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from engine.errors import IllegalMoveError
from engine.physical import EMPTY, PRESENT, SOUTH, Footprint, Reading, Sensing, Spot, Stone
from engine.shogi.moves import ShogiMove
from engine.shogi.tables import CELL_NAMES, HAND_KINDS, KING, LETTERS, PROMOTABLE, base

HAND_SPOTS: tuple[Spot, ...] = tuple(
    f"hand:{'bw'[slot >> 3]}:{LETTERS[slot & 7]}" if slot & 7 else "" for slot in range(16)
)
"""HAND_SPOTS[seat * 8 + kind]: the stand slot of one kind in one seat's hand."""

STAND_SPOTS: tuple[Spot, ...] = tuple(
    HAND_SPOTS[seat * 8 + kind] for seat in (0, 1) for kind in HAND_KINDS
)

STONES: tuple[Stone | None, ...] = tuple(
    Stone(LETTERS[base(piece & 15)], piece >> 4, piece & 15 > KING)
    if piece & 15 and piece & 15 != 13
    else None
    for piece in range(32)
)
"""STONES[code]: the stone a piece code shows (promoted pieces turned over)."""

_STACKS = tuple((stone,) if stone is not None else () for stone in STONES)
_HAND_STACKS = tuple(
    tuple((Stone(LETTERS[slot & 7], slot >> 3),) * count for count in range(19)) if slot & 7 else ()
    for slot in range(16)
)

_READINGS = MappingProxyType(
    {
        Sensing.OCCUPANCY: tuple(PRESENT for _ in range(32)),
        Sensing.POLARITY: tuple(
            SOUTH if stone is not None and stone.flipped else PRESENT for stone in STONES
        ),
    }
)
_EMPTY_FRAME = MappingProxyType(dict.fromkeys(CELL_NAMES + STAND_SPOTS, EMPTY))
_NOTHING: frozenset[Spot] = frozenset()
_ONE = MappingProxyType({spot: frozenset({spot}) for spot in CELL_NAMES + STAND_SPOTS})
# by unpromoted kind: does the piece have a promoted face? (all but king and gold)
_TURNS = tuple(kind in PROMOTABLE for kind in range(16))


def layout(board: Sequence[int], hands: Sequence[int]) -> dict[Spot, tuple[Stone, ...]]:
    result: dict[Spot, tuple[Stone, ...]] = {}
    for square, piece in enumerate(board):
        if piece:
            result[CELL_NAMES[square]] = _STACKS[piece]
    for slot, count in enumerate(hands):
        if count:
            result[HAND_SPOTS[slot]] = _HAND_STACKS[slot][count]
    return result


def expected_frame(
    board: Sequence[int], hands: Sequence[int], sensing: Sensing
) -> dict[Spot, Reading]:
    frame = dict(_EMPTY_FRAME)
    readings = _READINGS[sensing]
    for square, piece in enumerate(board):
        if piece:
            frame[CELL_NAMES[square]] = readings[piece]
    for slot, count in enumerate(hands):
        if count:
            frame[HAND_SPOTS[slot]] = PRESENT
    return frame


def footprint(
    board: Sequence[int], hands: Sequence[int], turn: int, move: ShogiMove, sensing: Sensing
) -> Footprint:
    """The change ``move`` makes to the sensed world, by the base class's reckoning.

    A captured piece goes to the stand of the capturing piece's owner, face
    down; a captured king leaves the board (the game is over with it).
    """
    target = move.to_square
    to_cell = CELL_NAMES[target]
    polarity = sensing is Sensing.POLARITY
    if move.drop:
        slot = turn * 8 + move.drop
        count = hands[slot]
        if count <= 0:
            raise IllegalMoveError(f"{move.usi()}: there is no such piece in hand")
        if board[target]:
            raise IllegalMoveError(f"{move.usi()}: {to_cell} is not empty")
        reading = SOUTH if polarity and move.promote else PRESENT
        turnable = _ONE[to_cell] if _TURNS[move.drop] else _NOTHING
        if count == 1:
            return Footprint(
                ((to_cell, reading), (HAND_SPOTS[slot], EMPTY)), _NOTHING, _NOTHING, turnable
            )
        return Footprint(((to_cell, reading),), _ONE[HAND_SPOTS[slot]], _NOTHING, turnable)
    origin = move.from_square
    piece = board[origin]
    if not piece:
        raise IllegalMoveError(f"{move.usi()}: there is no piece on {CELL_NAMES[origin]}")
    from_cell = CELL_NAMES[origin]
    flipped = (piece & 15 > KING) != move.promote
    reading = SOUTH if polarity and flipped else PRESENT
    captured = board[target]
    turns = _TURNS[base(piece & 15)]
    if not captured:
        turnable = _ONE[to_cell] if turns else _NOTHING
        if from_cell < to_cell:
            return Footprint(((from_cell, EMPTY), (to_cell, reading)), _NOTHING, _NOTHING, turnable)
        return Footprint(((to_cell, reading), (from_cell, EMPTY)), _NOTHING, _NOTHING, turnable)
    changes: list[tuple[Spot, Reading]] = [(from_cell, EMPTY)]
    hidden: set[Spot] = set()
    stone = STONES[captured]
    mover = piece >> 4
    if stone == Stone(STONES[piece].kind, mover, flipped):  # type: ignore[union-attr]
        pass  # the same stone again: nothing changes on that square
    elif _READINGS[sensing][captured] != reading:
        changes.append((to_cell, reading))
    else:
        hidden.add(to_cell)
    kind = captured & 15
    if kind != KING:
        slot = mover * 8 + base(kind)
        if hands[slot]:
            hidden.add(HAND_SPOTS[slot])
        else:
            changes.append((HAND_SPOTS[slot], PRESENT))
    changes.sort()
    turnable = _ONE[to_cell] if turns and (to_cell, reading) in changes else _NOTHING
    if not hidden:
        return Footprint(tuple(changes), _NOTHING, _NOTHING, turnable)
    hidden_set = frozenset(hidden)
    touch = _ONE[to_cell] if to_cell in hidden else _NOTHING
    return Footprint(tuple(changes), hidden_set, touch, turnable)
