"""Robot Duel (Dobutsu shogi), the seed game of Kiban."""

from __future__ import annotations

from engine.dobutsu.board import DobutsuMove
from engine.dobutsu.game import DobutsuGame
from engine.dobutsu.position import DobutsuPosition

DOBUTSU = DobutsuGame()

__all__ = ["DOBUTSU", "DobutsuGame", "DobutsuMove", "DobutsuPosition"]
