"""The contract every game keeps with the rest of Kiban, checked the same way for each:
the conformance kit (``firmware_host.testing``) run on every registered game, each check
a test of its own; and each game's perft reference numbers, kept as data
(``tests/engine/<game>/perft.json``), also counted by the game's own oracle where it has
one.

A new game is checked here as soon as the registry lists it, with the checks its own
package runs; its own tests keep what is particular to it (hand counts, its oracles).
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from engine.game import Game
from engine.physical import Sensing
from engine.registry import find_game, games
from firmware_host.testing import Check, conformance_checks
from firmware_host.testing.lines import MIDDLE, about, cases, random_line, settings
from firmware_host.testing.positions import (
    check_copy,
    check_footprints,
    check_outcome,
    check_push_and_pop,
    check_texts,
    snapshot,
)
from tests.engine.game_data import KINDS, game_data, games_with
from tests.engine.perft_data import games_with_data, perft_cases, unchanged
from tests.registered import product_games

KIT = [
    pytest.param(game, check, id=f"{game.name}-{name}")
    for game in games()
    for name, check in conformance_checks(game)
]


@pytest.mark.parametrize(("game", "check"), KIT)
def test_the_game_passes_the_kit(game: Game[Any], check: Check) -> None:
    check(game)


def test_the_random_games_reach_the_middle_game_and_most_reach_the_end() -> None:
    """The kit's positions are worth checking: every game's random game under its default
    rules starts, each of Kiban's own reaches the middle game (a game as small as
    Hexapawn ends before), and all but one at most reach the end."""
    every = [case for game in games() for case in cases(game) if not case.options]
    starts = {case.game.name for case in every if case.label == "start"}
    middles = {case.game.name for case in every if case.label == f"ply{MIDDLE[0]}"}
    assert starts == {game.name for game in games()}
    assert middles >= {game.name for game in product_games()}
    ended = {case.game.name for case in every if case.label == "end"}
    assert len(ended) >= len(games()) - 1, ended


@pytest.mark.slow
@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_the_contract_holds_all_along_many_random_games(game: Game[Any]) -> None:
    """The kit's checks of a position on every tenth position of a few more random games:
    four under the default rules, one under each other setting."""
    for index, options in enumerate(settings(game)):
        for seed in range(1, 5 if index == 0 else 2):
            position = game.position(None, dict(options))
            for ply, move in enumerate(random_line(game, options, seed)):
                if ply % 10 == 0:
                    with about(f"{game.name} {dict(options)} seed {seed} ply {ply}"):
                        check_push_and_pop(position)
                        check_copy(position)
                        for sensing in Sensing:
                            check_footprints(position, sensing)
                        check_texts(position)
                        check_outcome(position)
                position.push_text(move)
            check_outcome(position)


# --- perft: every game's reference numbers, as data ------------------------------------


def test_every_game_has_its_perft_numbers() -> None:
    assert set(games_with_data()) == {game.name for game in product_games()}


@pytest.mark.parametrize("kind", KINDS)
def test_every_game_ships_its_test_data_beside_its_tests(kind: str) -> None:
    """Each of Kiban's games keeps its test data in tests/engine/<game>/ (its perft
    numbers, a win at once, its play's fingerprint), and no data names another game."""
    assert set(games_with(kind)) == {game.name for game in product_games()}, kind
    for name in games_with(kind):
        find_game(name)  # a folder of data is a registered game's
        assert game_data(name, kind), (name, kind)


@pytest.mark.parametrize(
    ("case", "depth"),
    [
        pytest.param(
            case,
            depth,
            id=f"{case.game}-{case.label}-{depth}",
            marks=[pytest.mark.slow] if depth in case.slow else [],
        )
        for name in games_with_data()
        for case in perft_cases(name)
        for depth, _ in case.counts
    ],
)
def test_perft_matches_the_reference_numbers(case: Any, depth: int) -> None:
    position = find_game(case.game).position(case.start, dict(case.options))
    assert position.perft(depth) == case.count(depth), case.source


@pytest.mark.parametrize(
    ("case", "depth"),
    [
        pytest.param(
            case,
            depth,
            id=f"{case.game}-{case.label}-{depth}",
            marks=[pytest.mark.slow] if depth in case.oracle_slow else [],
        )
        for name in games_with_data()
        for case in perft_cases(name)
        for depth in case.oracle_depths
    ],
)
def test_the_games_own_oracle_counts_the_same(case: Any, depth: int) -> None:
    """An implementation of the rules written apart from the engine (a naive referee, an
    outside library) agrees with the reference numbers."""
    oracle = importlib.import_module(f"tests.engine.{case.game}.oracle")
    assert oracle.oracle_perft(dict(case.options), case.start, depth) == case.count(depth)


@pytest.mark.parametrize("name", games_with_data())
def test_perft_leaves_the_position_unchanged_and_is_stable(name: str) -> None:
    plan = unchanged(name)
    position = find_game(name).position()
    for move in plan.moves:
        position.push_text(move)
    before = snapshot(position)
    first = position.perft(plan.depth)
    assert first > 0
    assert snapshot(position) == before
    assert len(position.move_stack) == len(plan.moves)
    assert position.perft(plan.depth) == first
    if plan.equals is not None:
        assert first == plan.equals
