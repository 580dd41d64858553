"""Find a game by name or alias, as python-chess finds a variant."""

from __future__ import annotations

from typing import Any

from engine.errors import UnknownGameError
from engine.game import Game


def _all_games() -> tuple[Game[Any], ...]:
    # Imported here so that importing the registry does not load every game.
    from engine.abalone import ABALONE
    from engine.chaturaji import CHATURAJI
    from engine.dobutsu import DOBUTSU
    from engine.robotory import ROBOTORY
    from engine.shogi import SHOGI

    return (DOBUTSU, SHOGI, ABALONE, CHATURAJI, ROBOTORY)


def games() -> tuple[Game[Any], ...]:
    """Every registered game, in the order the menus show them."""
    return _all_games()


def find_game(name: str) -> Game[Any]:
    """The game registered under ``name`` or one of its aliases (case-insensitive)."""
    wanted = name.strip().lower()
    for game in _all_games():
        if wanted == game.name or wanted in game.aliases:
            return game
    known = ", ".join(game.name for game in _all_games())
    raise UnknownGameError(f"no game called {name!r}; known games: {known}")
