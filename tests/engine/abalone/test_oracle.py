"""The engine against an independent implementation (abalone-boai) over seeded random games.

In every position both must give the same set of resulting positions, one per
legal move; the game then follows a random move (pushes preferred half the time,
so that sumito, push-offs and wins come up) in both.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.abalone import AbalonePosition
from engine.abalone.move import AbaloneMove
from tests.engine.abalone.helpers import is_push, key, position
from tests.engine.abalone.oracle import Oracle


def play(seed: int, layout: str, games: int, plies: int) -> Counter[str]:
    """Random games checked move by move; returns what they went through."""
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for _ in range(games):
        pos = position(None, layout=layout)
        oracle = Oracle.start(layout)
        for _ in range(plies):
            seen["positions"] += 1
            assert key(pos) == oracle.key() and pos.turn == oracle.turn
            assert pos.lost(0) == 14 - oracle.key().count("b")
            assert pos.lost(1) == 14 - oracle.key().count("w")
            outcome = pos.outcome()
            if outcome is not None:
                seen[f"won by {outcome.winners}"] += 1
                break
            expected = oracle.successors()
            results = successors(pos)
            assert set(results) == set(expected), pos.text()
            assert len(results) == len(list(pos.legal_moves())), "two moves, one result"
            seen["moves"] += len(results)
            pushes = [m for m in results.values() if is_push(pos, m)]
            seen["pushes"] += len(pushes)
            moves = pushes if pushes and rng.random() < 0.5 else list(results.values())
            pos.push(rng.choice(moves))
            oracle = expected[key(pos)]
    return seen


def successors(pos: AbalonePosition) -> dict[str, AbaloneMove]:
    found = {}
    for move in pos.legal_moves():
        pos.push(move)
        found[key(pos)] = move
        pos.pop()
    return found


@pytest.mark.parametrize(("layout", "seed"), [("standard", 1), ("belgian", 2), ("german", 3)])
def test_random_games_agree_with_the_oracle(layout: str, seed: int) -> None:
    seen = play(seed, layout, games=2, plies=80)
    assert seen["positions"] > 100
    assert seen["pushes"] > 50


@pytest.mark.slow
@pytest.mark.parametrize(("layout", "seed"), [("standard", 11), ("belgian", 12), ("german", 13)])
def test_many_random_games_agree_with_the_oracle(layout: str, seed: int) -> None:
    seen = play(seed, layout, games=40, plies=1000)
    assert seen["positions"] > 3000
    # every game was played to its end, six marbles pushed off, won by both colours
    assert seen["won by frozenset({0})"] > 0 and seen["won by frozenset({1})"] > 0
    assert seen["won by frozenset({0})"] + seen["won by frozenset({1})"] == 40
