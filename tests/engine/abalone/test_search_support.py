"""What an Abalone position gives the search: its pushes off the board picked out
without generating every move, and where they stand among the legal moves."""

from __future__ import annotations

from engine.registry import find_game
from engine.search.captures import ListsCaptures
from tests.engine.abalone.helpers import random_games


def test_the_taking_moves_are_those_that_capture_value_says_take() -> None:
    assert isinstance(find_game("abalone").position(), ListsCaptures)
    taken = 0
    for position in random_games(48, 12, 200, pushes=0.8):
        if position.outcome() is not None:
            assert position.taking_moves() == []
            continue
        moves = list(position.legal_moves())
        asked = [index for index, move in enumerate(moves) if position.capture_value(move)]
        assert position.taking_moves() == [moves[index] for index in asked]
        assert position.taking_places(moves) == asked
        copies = [type(move)(move.tail, move.direction, move.end) for move in moves]
        assert position.taking_places(copies) == asked  # not the generator's objects
        taken += len(asked)
    assert taken > 50
