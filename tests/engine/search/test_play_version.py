"""How the built-in computer plays each game, pinned to the version the calibration
table's results record (``engine.search.ladder.PlayVersion``).

A change to an evaluation or a search that makes a level play otherwise must raise
``Game.play_version`` (or ``SEARCH_VERSION`` for every game), so that the results
played before stop counting and the ladder is measured again (docs/levels.md). This
test is what notices such a change: a short seeded game per game in which a level
that plays by feel (overlooking some moves), a plain search, a selective one and a
level that sometimes plays by feel take turns, each searching to a fixed depth. Every
move, its value and the nodes it took are hashed: the nodes change with any change to
pruning or move order, the values with any change to an evaluation.
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import replace
from typing import Any

import pytest

from engine.game import Game
from engine.search import Limits
from engine.search.ladder import play_version
from engine.search.levels import LEVELS, Level
from engine.search.play import analyse
from tests.engine.game_data import game_data
from tests.registered import product_games

PLIES = 16
PLAYOUTS = 30
"""The sampling searches' playouts a move (the dice games)."""
NODES_AT_MOST = 200_000
"""A bound the fixed depths stay far below: the search stops at its depth."""


def _players() -> tuple[Level, ...]:
    feel = replace(LEVELS[2], overlook=0.3)
    plain = replace(LEVELS[7], depth=3, selective=False)
    sharp = replace(LEVELS[9], depth=5, selective=True)
    return tuple(replace(level, playouts=PLAYOUTS) for level in (feel, plain, sharp, LEVELS[4]))


def fingerprint(game: Game[Any]) -> str:
    """The short game's moves, values and nodes, hashed."""
    position = game.position()
    rng = random.Random(f"{game.name}:fingerprint")
    limits = Limits(deadline=math.inf, max_nodes=NODES_AT_MOST)
    players = _players()
    seen = []
    for ply in range(PLIES):
        if position.outcome() is not None:
            break
        rolls = position.chance_moves()
        if rolls is not None:
            move = rng.choice(rolls)
            seen.append(position.move_text(move))
        else:
            found = analyse(position, players[ply % len(players)], rng=rng, limits=limits)
            move = found.best
            seen.append(f"{position.move_text(move)} {found.value:.4f} {found.nodes}")
        position.push(move)
    return hashlib.sha256("\n".join(seen).encode()).hexdigest()[:16]


@pytest.mark.parametrize("game", product_games(), ids=lambda game: game.name)
def test_a_game_plays_as_its_version_says(game: Game[Any]) -> None:
    version = play_version(game).text()
    now = fingerprint(game)
    played_by = game_data(game.name, "played_by")
    record = {"version": version, "fingerprint": now}
    where = f"tests/engine/{game.name}/played_by.json"
    assert played_by is not None, f"a new game: record {record} in {where}"
    recorded_version, recorded = played_by["version"], played_by["fingerprint"]
    assert version == recorded_version, (
        f"{game.title} is played by version {version}: once its ladder is measured again "
        f"(kiban ladder {game.name}), record {record} in {where}"
    )
    assert now == recorded, (
        f"{game.title}'s computer plays otherwise than version {version} did: raise "
        f"{type(game).__name__}.play_version (or SEARCH_VERSION if every game changed), "
        f"measure its ladder again (docs/levels.md) and record the new fingerprint {now!r}"
    )


def test_the_fingerprint_sees_a_change_to_an_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.abalone import evaluation
    from engine.registry import find_game

    abalone = find_game("abalone")
    before = fingerprint(abalone)
    monkeypatch.setattr(evaluation, "TOUCH_POINTS", evaluation.TOUCH_POINTS + 1)
    assert fingerprint(abalone) != before


def test_the_fingerprint_sees_a_change_to_the_selective_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine.registry import find_game
    from engine.search import alphabeta

    abalone = find_game("abalone")
    before = fingerprint(abalone)
    monkeypatch.setattr(alphabeta, "PASS_REDUCTION", alphabeta.PASS_REDUCTION + 1)
    assert fingerprint(abalone) != before
