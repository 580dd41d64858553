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

An installed game is outside code, and none can break Kiban (as pluggy and gpiozero's
pin factories keep a broken plug-in to itself): a game whose entry point fails to load
or is no game is left out of the menus, and said so by ``skipped()`` naming its entry
point and package (``kiban games`` and ``kiban doctor`` tell it); a name two packages
register is refused, naming both, rather than one shadowing the other (Kiban's own game
keeps its name); and a game may be blocked by its name (``KIBAN_BLOCK_GAMES``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from types import MappingProxyType
from typing import Any

from engine.errors import KibanError, UnknownGameError
from engine.game import Game

GROUP = "kiban.games"
"""The entry-point group a game's package registers its ``Game`` in."""
KIBAN = "kiban"
"""Kiban's own distribution: the games it registers are Kiban's own."""
BLOCKED = "KIBAN_BLOCK_GAMES"
"""The environment variable naming the installed games to leave out (commas or spaces
between), as ``-p no:NAME`` leaves out a pytest plugin."""


class GameEntryError(KibanError, TypeError):
    """An installed game that cannot be played: its entry point in ``kiban.games``
    fails to load or is not the game it names, its name is registered twice, or it is
    blocked."""


@dataclass(frozen=True, slots=True)
class Registration:
    """One entry point in ``kiban.games`` and the package that installed it."""

    name: str
    value: str
    """Where it points: ``module:attribute``."""
    package: str
    """The distribution's name (``kiban-dice-race``); empty when unknown."""
    version: str

    @classmethod
    def of(cls, entry: EntryPoint) -> Registration:
        dist = getattr(entry, "dist", None)  # a bare EntryPoint (one made by hand) has none
        if dist is None:
            return cls(entry.name, entry.value, "", "")
        return cls(entry.name, entry.value, dist.metadata["Name"] or "", dist.version or "")

    @property
    def own(self) -> bool:
        """Whether Kiban's own distribution registers it."""
        return re.sub(r"[-_.]+", "-", self.package).lower() == KIBAN

    @property
    def where(self) -> str:
        """The package, as a person installed it: its name and version."""
        return f"{self.package} {self.version}".strip() or "a package of unknown name"

    def __str__(self) -> str:
        return f"the entry point {self.name} = {self.value} (in {self.where})"


@dataclass(frozen=True, slots=True)
class Skipped:
    """An installed game left out of the menus, or an entry point refused, and why
    (``str``: the warning, naming its entry points and their packages)."""

    name: str
    registrations: tuple[Registration, ...]
    """Its entry points: one, or each of the packages that register its name."""
    warning: str

    def __str__(self) -> str:
        return self.warning


@dataclass(frozen=True, slots=True)
class _Scan:
    """What the installed metadata says, read once: the entry point of each name to
    load, and what is refused without loading anything (a name registered twice, a
    game blocked)."""

    entries: Mapping[str, EntryPoint]
    refused: tuple[Skipped, ...]


def blocked_names() -> frozenset[str]:
    """The game names ``KIBAN_BLOCK_GAMES`` leaves out."""
    return frozenset(re.split(r"[\s,]+", os.environ.get(BLOCKED, "").strip())) - {""}


@cache
def _scan() -> _Scan:
    """The games' entry points by name, read once: reading every installed
    distribution's metadata took 26 ms a call (the mean of 20 calls timed with
    ``time.perf_counter`` in the development venv of 90 distributions), and a name is
    looked up often."""
    by_name: dict[str, list[EntryPoint]] = {}
    for entry in entry_points(group=GROUP):
        by_name.setdefault(entry.name, []).append(entry)
    entries: dict[str, EntryPoint] = {}
    refused: list[Skipped] = []
    blocked = blocked_names()
    for name, found in by_name.items():
        chosen: EntryPoint | None = found[0]
        if len(found) > 1:
            chosen, refusal = _registered_twice(name, found)
            refused.append(refusal)
        if chosen is None:
            continue
        if name in blocked:
            registration = Registration.of(chosen)
            warning = f"the game {name!r} is left out: {registration} is blocked by {BLOCKED}"
            refused.append(Skipped(name, (registration,), warning))
            continue
        entries[name] = chosen
    return _Scan(MappingProxyType(entries), tuple(refused))


def _registered_twice(name: str, found: list[EntryPoint]) -> tuple[EntryPoint | None, Skipped]:
    """A name several packages register: Kiban's own game keeps it, the others are
    refused; when none is Kiban's, all are (none shadows the others unseen)."""
    registrations = tuple(map(Registration.of, found))
    own = [entry for entry, each in zip(found, registrations, strict=True) if each.own]
    if len(own) == 1:
        others = " and ".join(str(each) for each in registrations if not each.own)
        kept = Registration.of(own[0])
        warning = f"{others} is refused: it takes the name {name!r} of Kiban's own game ({kept})"
        return own[0], Skipped(name, registrations, warning)
    listed = " and ".join(str(each) for each in registrations)
    warning = (
        f"the game {name!r} is refused: {len(found)} packages register it, {listed}; "
        "uninstall all but one"
    )
    return None, Skipped(name, registrations, warning)


def rescan() -> None:
    """Read the installed games afresh: a game installed (or a path with one put on
    ``sys.path``, or one blocked) since the first look is found after this."""
    _scan.cache_clear()
    _loaded.cache_clear()
    games.cache_clear()


@cache
def _loaded(name: str) -> Game[Any] | Skipped:
    """The game an entry point names, or why it cannot be played: whatever its package
    raises while loading is its own failure, told, never Kiban's."""
    entry = _scan().entries[name]
    registration = Registration.of(entry)
    try:
        game = entry.load()
    except Exception as error:  # outside code: any failure of its import is its own
        reason = f"fails to load: {type(error).__name__}: {error}"
    else:
        if isinstance(game, Game) and game.name == name:
            return game
        reason = (
            f"is {type(game).__name__}, not a Game"
            if not isinstance(game, Game)
            else f"is the game {game.name!r}: an entry point is named by its game's name"
        )
    warning = f"the game {name!r} is left out: {registration} {reason}"
    return Skipped(name, (registration,), warning)


@cache
def games() -> tuple[Game[Any], ...]:
    """Every installed game that can be played, in the order the menus show them
    (``Game.menu_rank``, then the name)."""
    found = [game for game in map(_loaded, _scan().entries) if isinstance(game, Game)]
    return tuple(sorted(found, key=lambda game: (game.menu_rank, game.name)))


def skipped() -> tuple[Skipped, ...]:
    """Every installed game left out, by name, with why: it failed to load or is no
    game (each is loaded to know), its name is registered twice, or it is blocked."""
    failed = [result for result in map(_loaded, _scan().entries) if isinstance(result, Skipped)]
    return tuple(sorted([*failed, *_scan().refused], key=lambda each: each.name))


def registration(name: str) -> Registration:
    """The entry point an installed game's name is played from, and its package."""
    try:
        return Registration.of(_scan().entries[name])
    except KeyError:
        raise UnknownGameError(f"no game is installed as {name!r}") from None


def own_games() -> tuple[Game[Any], ...]:
    """The games Kiban's own distribution registers, in the menus' order."""
    return tuple(game for game in games() if registration(game.name).own)


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
    is an error naming the known games, and the nearest name when one is near; a game
    installed but left out is an error saying why."""
    wanted = "-".join(name.strip().lower().replace("_", " ").split())
    if wanted in _scan().entries:
        found = _loaded(wanted)
        if isinstance(found, Skipped):
            raise GameEntryError(str(found))
        return found
    for refusal in _scan().refused:
        if refusal.name == wanted:
            raise GameEntryError(str(refusal))
    for game in games():
        if wanted in game.aliases:
            return game
    from difflib import get_close_matches  # only for a name no game has

    known = ", ".join(names())
    every = [*names(), *(alias for game in games() for alias in game.aliases)]
    near = get_close_matches(wanted, every, n=1, cutoff=0.6)
    guess = f" (did you mean {near[0]!r}?)" if near else ""
    raise UnknownGameError(f"no game called {name!r}{guess}; known games: {known}")
