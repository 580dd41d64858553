"""Find a game by name or alias, as python-chess finds a variant; find the games
installed, as pytest finds its plugins.

A game registers itself from its own package: an entry point in the group
``kiban.games`` (``[project.entry-points."kiban.games"]`` in its ``pyproject.toml``),
named by the game's name, pointing at its ``Game`` (``dobutsu =
"engine.dobutsu:DOBUTSU"``). Kiban's own five register the same way, so the core
holds no list of games: a sixth installed beside them is found as they are.

Only the game asked for by its name is imported: a service playing one game keeps
no other game's modules and tables in memory. What needs every game (the menus, an
alias, which only its game knows) loads them all once.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from types import MappingProxyType
from typing import Any

from engine.errors import KibanError, UnknownGameError
from engine.game import Game

GROUP = "kiban.games"
"""The entry-point group a game's package registers its ``Game`` in."""


class GameEntryError(KibanError, TypeError):
    """An installed entry point of ``kiban.games`` that is not the game it names: it
    points at no ``Game``, or at one of another name."""


@cache
def _installed() -> Mapping[str, EntryPoint]:
    """The games' entry points by name, read once: reading every installed
    distribution's metadata took 26 ms a call (the mean of 20 calls timed with
    ``time.perf_counter`` in the development venv of 90 distributions), and a name is
    looked up often."""
    return MappingProxyType({entry.name: entry for entry in entry_points(group=GROUP)})


def rescan() -> None:
    """Read the installed games afresh: a game installed (or a path with one put on
    ``sys.path``) since the first look is found after this."""
    _installed.cache_clear()
    _loaded.cache_clear()
    games.cache_clear()


@cache
def _loaded(name: str) -> Game[Any]:
    entry = _installed()[name]
    game = entry.load()
    if not isinstance(game, Game):
        raise GameEntryError(
            f"the {GROUP} entry point {name!r} ({entry.value}) is {type(game).__name__}, not a Game"
        )
    if game.name != name:
        raise GameEntryError(
            f"the {GROUP} entry point {name!r} ({entry.value}) is the game {game.name!r}: "
            "an entry point is named by its game's name"
        )
    return game


@cache
def games() -> tuple[Game[Any], ...]:
    """Every installed game, in the order the menus show them (``Game.menu_rank``, then
    the name)."""
    return tuple(sorted(map(_loaded, _installed()), key=lambda game: (game.menu_rank, game.name)))


def names() -> tuple[str, ...]:
    """The installed games' names, in the order the menus show them."""
    return tuple(game.name for game in games())


def default_game() -> str:
    """The game played when none is named (``kiban sim``): the first the menus show."""
    known = names()
    if not known:
        raise UnknownGameError(f"no game is installed (no entry point in {GROUP})")
    return known[0]


def find_game(name: str) -> Game[Any]:
    """The game registered under ``name`` or one of its aliases (case-insensitive; an
    underscore or a space is a hyphen: ``robot_duel``). A name that is none of them
    is an error naming the known games, and the nearest name when one is near."""
    wanted = "-".join(name.strip().lower().replace("_", " ").split())
    if wanted in _installed():
        return _loaded(wanted)
    for game in games():
        if wanted in game.aliases:
            return game
    from difflib import get_close_matches  # only for a name no game has

    known = ", ".join(names())
    every = [*names(), *(alias for game in games() for alias in game.aliases)]
    near = get_close_matches(wanted, every, n=1, cutoff=0.6)
    guess = f" (did you mean {near[0]!r}?)" if near else ""
    raise UnknownGameError(f"no game called {name!r}{guess}; known games: {known}")
