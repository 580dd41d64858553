"""What the tree search asks of each game: the moves a node tries, the playout's move,
a value for every legal move, and the knobs that suit the game.

A game with few moves needs nothing of its own (``ListedMoves``: every legal move,
random playouts); a game supplies its own through ``Game.move_source``. Chaturaji
orders captures first and plays them in its playouts (``engine.chaturaji.sampling``);
Robotory never lists a crowded position's chains (``engine.robotory.sampling``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol


class SearchedPosition(Protocol):
    """What a source needs of a ``Position`` (``engine.game`` offers a source through
    ``Game.move_source``, so this module does not import it): a game's own source casts
    to its position class."""

    def legal_moves(self) -> Iterator[Any]: ...


@dataclass(frozen=True, slots=True)
class Tuning:
    """``exploration``: the UCT constant (values span -1..1); ``playout_plies``: how many
    moves (rolls included) a playout plays before the evaluation judges; a node may try
    ``widen_base + widen_rate * sqrt(visits)`` of its candidates (``widen_rate`` 0: all)."""

    exploration: float = 1.0
    playout_plies: int = 4
    widen_base: int = 2
    widen_rate: float = 0.0


class MoveSource(Protocol):
    """The game-specific half of the search."""

    @property
    def tuning(self) -> Tuning: ...

    def candidates(self, position: SearchedPosition, rng: random.Random) -> list[Any]:
        """The legal moves a node may try, the most promising first, never none while the
        game goes on (all of them for most games; a few of very many for Robotory)."""
        ...

    def playout_move(self, position: SearchedPosition, rng: random.Random) -> Any:
        """A quick legal move for a playout (the game goes on, no roll is due)."""
        ...

    def judge_all(
        self,
        position: SearchedPosition,
        judged: Mapping[Any, float],
        one_ply: Callable[[Any], float],
    ) -> dict[Any, float]:
        """A value for every legal move: those in ``judged`` (the searched candidates)
        keep theirs; the others get a cheap one (``one_ply`` plays and evaluates one)."""
        ...


@dataclass(frozen=True, slots=True)
class ListedMoves:
    """Any game: every legal move is a candidate, in the order the game lists them."""

    tuning: Tuning = Tuning()

    def candidates(self, position: SearchedPosition, rng: random.Random) -> list[Any]:
        return list(position.legal_moves())

    def playout_move(self, position: SearchedPosition, rng: random.Random) -> Any:
        moves = list(position.legal_moves())
        return moves[rng.randrange(len(moves))]

    def judge_all(
        self,
        position: SearchedPosition,
        judged: Mapping[Any, float],
        one_ply: Callable[[Any], float],
    ) -> dict[Any, float]:
        return {
            move: judged[move] if move in judged else one_ply(move)
            for move in position.legal_moves()
        }
