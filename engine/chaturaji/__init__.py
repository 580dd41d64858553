"""Chaturaji, the four-player dice chess of the seed article (rules/chaturaji.md)."""

from __future__ import annotations

from engine.chaturaji.game import ChaturajiGame
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
from engine.chaturaji.position import ChaturajiPosition

CHATURAJI = ChaturajiGame()

__all__ = [
    "CHATURAJI",
    "ChaturajiGame",
    "ChaturajiMove",
    "ChaturajiPosition",
    "Decision",
    "Exchange",
    "LostTurn",
    "RemoveKing",
    "ReturnKing",
    "Roll",
    "Step",
]
