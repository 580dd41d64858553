"""Chaturaji's half of the tree search: captures first, and greedy playouts.

After a roll a seat has a handful of moves, so every one is a candidate; the
order only decides which are tried first. Points decide the game, so a playout
takes the richest capture most of the time (a random mover there would hand the
evaluation positions no player would reach).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from engine.chaturaji.board import PIECE_KINDS, VALUES, kind_of
from engine.chaturaji.moves import ChaturajiMove, Exchange, Step
from engine.search.sampling_sources import ListedMoves, SearchedPosition, Tuning

if TYPE_CHECKING:
    from engine.chaturaji.position import ChaturajiPosition

GREEDY = 0.8
"""How often a playout takes the richest capture there is."""

TUNING = Tuning(exploration=0.8, playout_plies=4)
"""Four plies (two turns of a roll and a move), then the evaluation: a ply costs a new
immutable state, so longer playouts would buy fewer of them in the same time."""

_PROMOTION = {kind: VALUES[kind] - VALUES[1] for kind in PIECE_KINDS}


def gain(board: tuple[int, ...], move: ChaturajiMove) -> int:
    """The points a move takes at once, plus what a promotion adds to the army."""
    if isinstance(move, Step):
        victim = board[move.target]
        taken = VALUES[kind_of(victim)] if victim else 0
        return taken + (_PROMOTION[move.promote] if move.promote else 0)
    if isinstance(move, Exchange):
        return _PROMOTION.get(move.kind, 0)
    return 0


@dataclass(frozen=True, slots=True)
class ChaturajiMoves:
    """Every legal move, the richest captures first."""

    tuning: Tuning = TUNING

    def candidates(self, position: SearchedPosition, rng: random.Random) -> list[Any]:
        board = _board(position)
        moves = list(position.legal_moves())
        moves.sort(key=lambda move: -gain(board, move))
        return moves

    def playout_move(self, position: SearchedPosition, rng: random.Random) -> Any:
        moves = list(position.legal_moves())
        if len(moves) > 1 and rng.random() < GREEDY:
            board = _board(position)
            richest = max(moves, key=lambda move: gain(board, move))
            if gain(board, richest) > 0:
                return richest
        return moves[rng.randrange(len(moves))]

    def judge_all(
        self,
        position: SearchedPosition,
        judged: Mapping[Any, float],
        one_ply: Callable[[Any], float],
    ) -> dict[Any, float]:
        """Every legal move is a candidate, so all are judged already."""
        return ListedMoves().judge_all(position, judged, one_ply)


def _board(position: SearchedPosition) -> tuple[int, ...]:
    return cast("ChaturajiPosition", position).state.board
