"""Move counts from the start (the published reference) and from other positions (cshogi)."""

from __future__ import annotations

import cshogi
import pytest

from engine.bench import board_perft
from engine.shogi import HANDICAPS
from tests.engine.shogi.helpers import RICHEST, position

REFERENCE = [30, 900, 25_470, 719_731, 19_861_490]
"""rules/shogi.md: all legal moves, non-promotions included."""


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_from_the_start_matches_the_reference(depth: int) -> None:
    assert position().perft(depth) == REFERENCE[depth - 1]


@pytest.mark.slow
def test_perft_5_from_the_start_matches_the_reference() -> None:
    assert position().perft(5) == REFERENCE[4]


def test_perft_leaves_the_position_unchanged() -> None:
    pos = position()
    pos.push_text("7g7f")
    before = (pos.text(), pos.repetitions(), len(pos.move_stack))
    assert pos.perft(3) == board_perft(cshogi.Board(pos.text()), 3)
    assert (pos.text(), pos.repetitions(), len(pos.move_stack)) == before


def test_the_richest_position_known_has_593_moves() -> None:
    pos = position(RICHEST)
    assert pos.perft(1) == 593
    assert pos.perft(2) == board_perft(cshogi.Board(RICHEST), 2)


@pytest.mark.parametrize("handicap", sorted(HANDICAPS))
def test_perft_of_every_handicap_opening_agrees_with_cshogi(handicap: str) -> None:
    pos = position(handicap=handicap)
    assert pos.perft(3) == board_perft(cshogi.Board(HANDICAPS[handicap]), 3)
