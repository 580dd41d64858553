"""What an Abalone position gives the search: its pushes off the board picked out
without generating every move, and where they stand among the legal moves."""

from __future__ import annotations

import random

from engine.abalone.position import AbalonePosition
from engine.registry import find_game
from engine.search.captures import ListsCaptures


def test_the_taking_moves_are_those_that_capture_value_says_take() -> None:
    abalone = find_game("abalone")
    assert isinstance(abalone.position(), ListsCaptures)
    taken = 0
    for seed in range(12):
        rng = random.Random(seed)
        position = abalone.position()
        assert isinstance(position, AbalonePosition)
        for _ in range(200):
            if position.outcome() is not None:
                assert position.taking_moves() == []
                break
            moves = list(position.legal_moves())
            asked = [index for index, move in enumerate(moves) if position.capture_value(move)]
            assert position.taking_moves() == [moves[index] for index in asked]
            assert position.taking_places(moves) == asked
            copies = [type(move)(move.tail, move.direction, move.end) for move in moves]
            assert position.taking_places(copies) == asked  # not the generator's objects
            taken += len(asked)
            pick = [moves[index] for index in asked] if asked and rng.random() < 0.7 else moves
            position.push(rng.choice(pick))
    assert taken > 50
