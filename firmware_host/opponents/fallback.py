"""Who plays a seat when its outside engine cannot: the built-in search, or at
worst a random legal move, so a game against the computer never stalls."""

from __future__ import annotations

import importlib
import random
from typing import Any

from engine.errors import GameOverError
from engine.game import Position
from engine.search.levels import Level
from engine.search.types import Analysis, Limits, Player


class RandomMover:
    """A seat that plays a random legal move: the fallback of last resort."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    @property
    def name(self) -> str:
        return "random"

    def analyse(
        self, position: Position[Any], *, limits: Limits | None = None, judge_all: bool = False
    ) -> Analysis[Any]:
        moves = list(position.legal_moves())
        if not moves or position.outcome() is not None:
            raise GameOverError(f"no move to play in {position.text()}")
        values = dict.fromkeys(moves, 0.0) if judge_all else {}
        return Analysis(self._rng.choice(moves), 0.0, 0, len(moves), values)

    def close(self) -> None:
        """Nothing runs."""


def default_fallback(level: Level) -> Player:
    """The built-in search at ``level`` (``engine.search.BuiltinPlayer``) when it is
    there, else a random mover."""
    factory = getattr(importlib.import_module("engine.search"), "BuiltinPlayer", None)
    if factory is None:
        return RandomMover(random.Random())
    player: Player = factory(level, random.Random())
    return player
