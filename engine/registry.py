"""Find a game by name or alias, as python-chess finds a variant.

Only the game asked for by its name is imported: a service playing one game keeps
no other game's modules and tables in memory. An alias, which only its game
knows, loads every game to find it.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from engine.errors import UnknownGameError
from engine.game import Game

# Each game by its name, in the order the menus show them: its package, its Game there.
_PACKAGES: tuple[tuple[str, str, str], ...] = (
    ("dobutsu", "engine.dobutsu", "DOBUTSU"),
    ("shogi", "engine.shogi", "SHOGI"),
    ("abalone", "engine.abalone", "ABALONE"),
    ("chaturaji", "engine.chaturaji", "CHATURAJI"),
    ("robotory", "engine.robotory", "ROBOTORY"),
)

DEFAULT_GAME: str = _PACKAGES[0][0]
"""The game played when none is named (``kiban sim``): the first the menus show."""


def _load(package: str, attribute: str) -> Game[Any]:
    game: Game[Any] = getattr(import_module(package), attribute)
    return game


def names() -> tuple[str, ...]:
    """The registered games' names, in the order the menus show them (nothing imported)."""
    return tuple(name for name, _, _ in _PACKAGES)


def games() -> tuple[Game[Any], ...]:
    """Every registered game, in the order the menus show them."""
    return tuple(_load(package, attribute) for _, package, attribute in _PACKAGES)


def find_game(name: str) -> Game[Any]:
    """The game registered under ``name`` or one of its aliases (case-insensitive; an
    underscore or a space is a hyphen: ``robot_duel``). A name that is none of them
    is an error naming the known games, and the nearest name when one is near."""
    wanted = "-".join(name.strip().lower().replace("_", " ").split())
    for game_name, package, attribute in _PACKAGES:
        if wanted == game_name:
            return _load(package, attribute)
    for game in games():
        if wanted in game.aliases:
            return game
    from difflib import get_close_matches  # only for a name no game has

    known = ", ".join(names())
    every = [*names(), *(alias for game in games() for alias in game.aliases)]
    near = get_close_matches(wanted, every, n=1, cutoff=0.6)
    guess = f" (did you mean {near[0]!r}?)" if near else ""
    raise UnknownGameError(f"no game called {name!r}{guess}; known games: {known}")
