"""Built-in computer players: pure-Python searches over the ``Position`` API.

``analyse`` answers for every game at a level 1-10 (alpha-beta for two players,
the sampling search for dice and four seats); ``BuiltinPlayer`` and
``RandomPlayer`` are the seats built on it; ``quality`` and ``is_blunder`` are
what the coach says of a move.

The names are loaded when first asked for: a session imports the small modules of
this package (the levels, the types a move's quality is told with) on every board,
and the search itself only when a computer plays, hints or coaches, so an idle
service without one never holds it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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

_HOMES = {
    "is_blunder": "judge",
    "quality": "judge",
    "LEVELS": "levels",
    "Level": "levels",
    "level": "levels",
    "BuiltinPlayer": "play",
    "RandomPlayer": "play",
    "analyse": "play",
    "beginners_mistake": "play",
    "loses_at_once": "play",
    "WIN": "types",
    "Analysis": "types",
    "Limits": "types",
    "Player": "types",
    "Quality": "types",
    "SearchStyle": "types",
}
"""The module of this package each name comes from."""

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


def __getattr__(name: str) -> object:
    """A name of ``__all__``, from its module (imported now if it was not yet)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
