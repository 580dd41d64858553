"""Which of the registered games a test takes.

``make test`` installs the toy race as a sixth game (``--toy-game``, tests/conftest.py:
``TOY_SITE`` put on ``sys.path``, where its distribution's entry point in
``kiban.games`` is found as an installed game's is), so every test that walks the
registry meets a game that declares only what the contract requires; ``make test``
also installs the dice race of tests/external/ into the environment by pip, a game from
outside Kiban. A test of what every game does takes ``games()``; a test that needs a
game's simulated board takes ``boarded_games()`` (the toy ships no profile, as a sixth
game ships its own); a test that the product's own games each ship their data (puzzles,
perft numbers, bench positions, a win at once, their play's fingerprint) takes
``product_games()``: the games Kiban's own distribution registers
(``engine.registry.own_games``), not every game but a list of others.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from engine import registry
from engine.game import Game
from engine.registry import games
from firmware_host.telling.language import Language
from hardware.profile import bundled_profiles

TOY_SITE = Path(__file__).resolve().parent / "installed"
"""A folder holding the toy race's distribution metadata (``kiban_toy_race-0.dist-info``,
its entry point ``race = tests.firmware_host.toy_race:RACE``): on ``sys.path``, the
toy race is installed as a sixth game's package would be."""


def install_toy_race() -> None:
    """Install the toy race for the rest of the run (``--toy-game``)."""
    if str(TOY_SITE) not in sys.path:
        sys.path.append(str(TOY_SITE))
    registry.rescan()


@contextmanager
def toy_race_installed() -> Iterator[None]:
    """The toy race installed while the block runs, as it was after (installed already
    under ``--toy-game``: left so)."""
    already = str(TOY_SITE) in sys.path
    if not already:
        sys.path.append(str(TOY_SITE))
    registry.rescan()
    try:
        yield
    finally:
        if not already:
            sys.path.remove(str(TOY_SITE))
        registry.rescan()


def product_games() -> tuple[Game[Any], ...]:
    """The registered games that are Kiban's own: those its distribution registers."""
    return registry.own_games()


def boarded_games() -> tuple[Game[Any], ...]:
    """The registered games with a bundled simulated board (``sim-<game>``)."""
    bundled = set(bundled_profiles())
    return tuple(game for game in games() if f"sim-{game.name}" in bundled)


def in_their_languages(languages: Iterable[Language]) -> list[tuple[Game[Any], Language]]:
    """Each registered game with each of ``languages`` it is told in without English
    left: all of them for Kiban's own games, those it ships a catalogue for for a game
    from outside (the kit's words check holds each catalogue it ships to the same)."""
    own = set(product_games())
    return [
        (game, language)
        for game in games()
        for language in languages
        if game in own or game.catalogue(language.value) is not None
    ]
