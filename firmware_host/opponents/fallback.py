"""Who plays a seat when its outside engine cannot: the built-in search at the seat's
level, so a game against the computer never stalls."""

from __future__ import annotations

import random

from engine.search import BuiltinPlayer
from engine.search.levels import Level
from engine.search.types import Player


def default_fallback(level: Level) -> Player:
    """The built-in search at ``level``."""
    return BuiltinPlayer(level, random.Random())
