"""Robotory (Susumu Kawasaki, 2009): two camps, three shared robots, energy tokens."""

from __future__ import annotations

from engine.robotory.game import RobotoryGame
from engine.robotory.moves import Chain, Pass, PlaceToken, Refill, RobotoryMove
from engine.robotory.position import RobotoryPosition

ROBOTORY = RobotoryGame()

__all__ = [
    "ROBOTORY",
    "Chain",
    "Pass",
    "PlaceToken",
    "Refill",
    "RobotoryGame",
    "RobotoryMove",
    "RobotoryPosition",
]
