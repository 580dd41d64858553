"""Which of the registered games a test takes.

``make test`` registers the toy race as a sixth game (``--toy-game``, tests/conftest.py),
so every test that walks the registry meets a game that declares only what the
contract requires. A test of what every game does takes ``games()``; a test that needs
a game's simulated board takes ``boarded_games()`` (the toy ships no profile, as a
sixth game ships its own); a test that the product's own games each ship their data
(puzzles, perft numbers, bench positions, a win at once, their play's fingerprint)
takes ``product_games()``: the toy race is a double of a game, not one of Kiban's.
"""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.registry import games
from hardware.profile import bundled_profiles

TOY_GAME_LINE = ("race", "tests.firmware_host.toy_race", "RACE")
"""The one line a sixth game adds to ``engine.registry``: the toy race's."""


def product_games() -> tuple[Game[Any], ...]:
    """The registered games that are Kiban's own (every one but the toy race)."""
    return tuple(game for game in games() if game.name != TOY_GAME_LINE[0])


def boarded_games() -> tuple[Game[Any], ...]:
    """The registered games with a bundled simulated board (``sim-<game>``)."""
    bundled = set(bundled_profiles())
    return tuple(game for game in games() if f"sim-{game.name}" in bundled)
