"""Built-in computer players: pure-Python searches over the ``Position`` API.

``analyse`` answers for every game at a level 1-10 (alpha-beta for two players,
the sampling search for dice and four seats); ``BuiltinPlayer`` and
``RandomPlayer`` are the seats built on it; ``quality`` and ``is_blunder`` are
what the coach says of a move.
"""

from engine.search.judge import is_blunder, quality
from engine.search.levels import LEVELS, Level, level
from engine.search.play import (
    BuiltinPlayer,
    RandomPlayer,
    analyse,
    beginners_mistake,
    loses_at_once,
)
from engine.search.types import WIN, Analysis, Limits, Player, Quality, SearchStyle

__all__ = [
    "LEVELS",
    "WIN",
    "Analysis",
    "BuiltinPlayer",
    "Level",
    "Limits",
    "Player",
    "Quality",
    "RandomPlayer",
    "SearchStyle",
    "analyse",
    "beginners_mistake",
    "is_blunder",
    "level",
    "loses_at_once",
    "quality",
]
