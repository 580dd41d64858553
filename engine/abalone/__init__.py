"""Abalone: in-line pushes, broadsides and sumito on a hexagonal board of 61 holes."""

from __future__ import annotations

from engine.abalone.board import Direction
from engine.abalone.game import AbaloneGame
from engine.abalone.move import AbaloneMove
from engine.abalone.position import AbalonePosition

ABALONE = AbaloneGame()

__all__ = ["ABALONE", "AbaloneGame", "AbaloneMove", "AbalonePosition", "Direction"]
