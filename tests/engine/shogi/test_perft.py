"""Move counts against cshogi (the reference numbers from the start are data, run by
``tests/engine/test_contract.py``: ``tests/engine/shogi/perft.json``)."""

from __future__ import annotations

import cshogi
import pytest

from engine.bench import board_perft
from engine.shogi import HANDICAPS
from tests.engine.shogi.helpers import RICHEST, position


def test_perft_after_a_move_agrees_with_cshogi_and_keeps_the_repetitions() -> None:
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
