"""The conformance kit: what every game must do for the rest of Kiban to play it, as
checks a game's own test suite runs with its game.

Each check is a plain function of a ``Game`` that raises ``AssertionError`` naming what
failed and where (the position, the move, the language); it needs no test runner, so a
game's package runs them under its own. ``conformance_checks()`` gives them by name.
``sims``, the size of a run, is how many seeded random games a check plays for each
setting of the game's options (1 by default; OpenSpiel's ``RandomSimTest(game,
num_sims)`` has the same knob).

A game's package takes them from ``kiban.testing`` (its public name, with the pytest
plugin that runs them: docs/games.md); Kiban runs the same checks on every installed
game (tests/engine/test_contract.py). The list in docs/games.md ("The kit") names each
check.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.game import Game
from firmware_host.testing.contract import (
    claims,
    copies,
    defaults,
    footprints,
    lookups,
    outcomes,
    push_and_pop,
    scores_teams_and_dice,
    texts,
)
from firmware_host.testing.glyphs import glyphs
from firmware_host.testing.hands import hands
from firmware_host.testing.lines import SIMS
from firmware_host.testing.options import options
from firmware_host.testing.recognition import recognition, ships_simulated_board
from firmware_host.testing.records import records
from firmware_host.testing.search import search
from firmware_host.testing.words import words


class Check(Protocol):
    """One check of the kit: it returns when the game does what it must, else raises
    ``AssertionError`` saying what it does not; ``sims`` random games are played for
    each setting of the game's options (a check that plays none takes it all the same)."""

    def __call__(self, game: Game[Any], /, *, sims: int = SIMS) -> None: ...


CHECKS: tuple[tuple[str, Check], ...] = (
    ("push-and-pop", push_and_pop),
    ("copy", copies),
    ("footprints", footprints),
    ("lookups", lookups),
    ("texts", texts),
    ("outcome", outcomes),
    ("scores-teams-dice", scores_teams_and_dice),
    ("claims", claims),
    ("defaults", defaults),
    ("options", options),
    ("words", words),
    ("glyphs", glyphs),
    ("records", records),
    ("search", search),
    ("hands", hands),
    ("recognition", recognition),
)
"""Every check by its name: the game contract on random positions (its first nine), the
option contract, the words, the glyphs the page draws them with, the plain-text records,
the search, the simulated hands' moves and gestures, the recognition of moves made on
the simulated board."""

NEEDS_BOARD = frozenset({"recognition"})
"""The checks that play on the simulated board the game ships (``BenchPlan.profile``)."""


def conformance_checks(game: Game[Any] | None = None) -> tuple[tuple[str, Check], ...]:
    """The kit's checks as (name, check) pairs; with ``game``, those that apply to it:
    every one, but recognition only for a game that ships a simulated board (a game
    whose board is still to be built has its rules, words and records checked)."""
    if game is None or ships_simulated_board(game):
        return CHECKS
    return tuple((name, check) for name, check in CHECKS if name not in NEEDS_BOARD)


__all__ = ["CHECKS", "SIMS", "Check", "conformance_checks"]
