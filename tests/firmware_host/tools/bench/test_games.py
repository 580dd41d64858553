"""A game's own part of ``kiban bench``: shogi's budget line and its comparison with
cshogi and python-shogi, run from the data the game declares."""

from __future__ import annotations

import re
import sys
from typing import Any

import pytest

from engine.game import Position
from engine.registry import find_game
from engine.shogi.position import ShogiPosition
from firmware_host.tools.bench.speed import (
    bench_game,
    game_lines,
    late_positions,
    sample_positions,
)

SHOGI = find_game("shogi")


def test_the_shogi_bench_reports_the_budget_and_both_libraries() -> None:
    lines = game_lines(SHOGI, sample_positions(SHOGI, 3, 1), minimum=0.001)
    text = "\n".join(lines)
    assert re.search(r"index 593 moves \(moves\+fp\+reset\)\s+[\d.]+ (ms|µs)/position", text)
    for label in ("cshogi", "python-shogi"):
        assert re.search(rf"legal moves, late games: {label}\s+[\d.]+ (ms|µs)/position", text)
        assert re.search(rf"legal moves: {label}\s+[\d.]+ (ms|µs)/position\s+[\d.]+ x kiban", text)
        assert re.search(
            rf"perft \d per node: {label}\s+[\d.]+ (ms|µs)/node\s+[\d.]+ x kiban", text
        )


def test_the_shogi_bench_times_the_whole_games_against_cshogi_interleaved() -> None:
    lines = game_lines(SHOGI, sample_positions(SHOGI, 2, 1), minimum=0.001)
    pattern = (
        r"legal moves, whole games \(252\): kiban [\d.]+ µs, cshogi [\d.]+ µs a position: "
        r"([\d.]+) x cshogi's time best over best, rounds' median ([\d.]+) "
        r"\(([\d.]+)-([\d.]+) over 21 rounds\)"
    )
    found = [match for line in lines if (match := re.search(pattern, line))]
    assert len(found) == 1
    best, median, low, high = map(float, found[0].groups())
    assert best > 0 and low <= median <= high


def test_a_missing_library_is_skipped_with_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cshogi", None)  # import cshogi now fails
    lines = game_lines(SHOGI, sample_positions(SHOGI, 2, 1), minimum=0.001)
    assert any("cshogi is not installed: comparison skipped" in line for line in lines)
    assert any("python-shogi" in line and "x kiban" in line for line in lines)


def test_the_generic_bench_runs_for_shogi() -> None:
    measures = bench_game(SHOGI, positions=2, seed=1, minimum=0.001)
    names = [m.name for m in measures]
    assert "legal moves (copy+generate)" in names and "recognizer index" in names
    assert all(m.seconds > 0 for m in measures)


def test_a_game_that_declares_nothing_adds_no_lines() -> None:
    dobutsu = find_game("dobutsu")
    assert game_lines(dobutsu, sample_positions(dobutsu, 2, 1), minimum=0.001) == []


def test_late_middle_games_are_deep_seeded_and_full_of_captures() -> None:
    late = late_positions(SHOGI, 6, 1)
    assert [p.text() for p in late] == [p.text() for p in late_positions(SHOGI, 6, 1)]
    assert all(40 <= len(p.move_stack) <= 120 and p.outcome() is None for p in late)
    early = sample_positions(SHOGI, 6, 1)
    assert _in_hand(late) > 2 * _in_hand(early)


def _in_hand(positions: list[Position[Any]]) -> int:
    return sum(sum(p.hands) for p in positions if isinstance(p, ShogiPosition))
