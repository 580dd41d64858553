"""Shogi: the rules engine, SFEN/USI notation, KIF and CSA game records."""

from __future__ import annotations

from engine.shogi.game import ShogiGame
from engine.shogi.handicaps import HANDICAPS, START_TEXT
from engine.shogi.impasse import ImpasseError
from engine.shogi.moves import ShogiMove
from engine.shogi.position import ShogiPosition

SHOGI = ShogiGame()

__all__ = [
    "HANDICAPS",
    "SHOGI",
    "START_TEXT",
    "ImpasseError",
    "ShogiGame",
    "ShogiMove",
    "ShogiPosition",
]
