"""Late-move reductions: a player's shogi move reaches deeper in the same nodes, the
coach's values stay those of a plain alpha-beta, and a selective search still finds
what a plain one finds on the spot (node counts, not timings)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from engine.registry import find_game
from engine.search import play
from engine.search.alphabeta import search
from engine.search.levels import level
from engine.search.types import Limits
from engine.shogi import SHOGI

NODES = 40_000
"""Level 10's budget a move in shogi before the calibration table (its Pi seconds)."""

OPENINGS = (
    "",  # the start
    "7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 3i4h 8b4b 5i6h 5a6b 6h7h 6b7b",  # ranging rook
    "7g7f 8c8d 2g2f 8d8e 6i7h 4a3b 2f2e 8e8f 8g8f 8b8f 2e2d 2c2d 2h2d P*2c 2d2f 8f8d",
)


def _after(moves: str) -> Any:
    position = SHOGI.position()
    for move in moves.split():
        position.push_text(move)
    return position


@pytest.mark.parametrize("moves", [pytest.param(OPENINGS[0], marks=pytest.mark.slow), OPENINGS[1]])
def test_the_same_nodes_reach_a_ply_deeper(moves: str) -> None:
    position = _after(moves)
    plain = search(position, Limits(max_depth=10, max_nodes=NODES))
    selective = search(position, Limits(max_depth=10, max_nodes=NODES, selective=True))
    assert selective.depth >= plain.depth + 1
    assert selective.depth >= 6


@pytest.mark.slow
def test_a_middle_game_full_of_captures_goes_a_ply_deeper() -> None:
    position = _after(OPENINGS[2])
    plain = search(position, Limits(max_depth=10, max_nodes=NODES))
    selective = search(position, Limits(max_depth=10, max_nodes=NODES, selective=True))
    assert selective.depth == plain.depth + 1


def test_judging_every_move_stays_plain() -> None:
    """The coach's values do not depend on reductions: asked to judge all, a selective
    search values every move as the plain one does."""
    position = _after(OPENINGS[1])
    limits = Limits(max_depth=3, max_nodes=None)
    plain = search(position, limits, judge_all=True)
    asked = search(position, Limits(max_depth=3, selective=True), judge_all=True)
    assert asked.values == plain.values


def test_a_mate_in_one_is_found_however_late_it_is_ordered() -> None:
    # a gold drop in front of the king, guarded by the pawn: mate at once
    position = SHOGI.position("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    found = search(position, Limits(max_depth=6, max_nodes=NODES, selective=True))
    assert position.move_text(found.best) == "G*5b"
    assert found.mate_in == 1


def test_a_player_s_shogi_move_asks_for_reductions_and_the_coach_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[bool, bool]] = []
    real = search

    def spy(position: Any, limits: Limits, *, judge_all: bool = False) -> Any:
        asked.append((limits.selective, judge_all))
        return real(position, limits, judge_all=judge_all)

    monkeypatch.setattr(play, "search", spy)
    quick = Limits(max_depth=2, max_nodes=2000)
    top = level(10)
    play.analyse(SHOGI.position(), top, rng=random.Random(1), limits=quick)
    play.analyse(SHOGI.position(), top, rng=random.Random(1), limits=quick, judge_all=True)
    dobutsu = find_game("dobutsu").position()
    play.analyse(dobutsu, top, rng=random.Random(1), limits=quick)
    assert asked == [(True, False), (False, True), (False, False)]

    # a level may say otherwise than its game (the calibration table's ``selective``)
    asked.clear()
    play.analyse(dobutsu, replace(top, selective=True), rng=random.Random(1), limits=quick)
    play.analyse(
        SHOGI.position(), replace(top, selective=False), rng=random.Random(1), limits=quick
    )
    assert asked == [(True, False), (False, False)]
