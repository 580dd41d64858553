"""The shogi moves that may change given spots, without building every move's footprint:
a move changes the board only on its from and to squares (its stands otherwise)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from engine.physical import Spot
from engine.shogi.moves import ShogiMove
from engine.shogi.tables import CELL_INDEX


def moves_changing(moves: Iterable[ShogiMove], spots: frozenset[Spot]) -> Iterator[ShogiMove]:
    """Those of ``moves`` whose squares include every board cell among ``spots`` (stand
    slots are not looked at: more may be given, never fewer)."""
    squares = [CELL_INDEX[spot] for spot in spots if spot in CELL_INDEX]
    if len(squares) > 2:
        return
    for move in moves:
        if all(
            square == move.to_square or (not move.drop and square == move.from_square)
            for square in squares
        ):
            yield move
