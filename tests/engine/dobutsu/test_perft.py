"""The engine against an independent naive generator over random games (the move counts
from the start are data, ``tests/engine/dobutsu/perft.json``, which ``tests/engine/
test_contract.py`` holds both the engine and the naive generator to)."""

from __future__ import annotations

import random

import pytest

from tests.engine.dobutsu.helpers import position, usi
from tests.engine.dobutsu.oracle import Naive

START = "gle/1c1/1C1/ELG b - 1"


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({"promotion": "optional"}, 1),
        ({"promotion": "mandatory"}, 2),
        ({"promotion": "optional", "repetition": "2"}, 3),
        ({"promotion": "mandatory", "repetition": "3"}, 4),
    ],
)
def test_engine_agrees_with_naive_oracle_over_random_games(
    options: dict[str, str], seed: int
) -> None:
    agree_with_oracle(options, seed, games=60)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "seed"),
    [({"promotion": "optional"}, 11), ({"promotion": "mandatory", "repetition": "3"}, 12)],
)
def test_engine_agrees_with_naive_oracle_over_many_random_games(
    options: dict[str, str], seed: int
) -> None:
    agree_with_oracle(options, seed, games=1000)


def agree_with_oracle(options: dict[str, str], seed: int, games: int) -> None:
    rng = random.Random(seed)
    mandatory = options["promotion"] == "mandatory"
    repetition = int(options.get("repetition", "4"))
    positions = 0
    endings: set[str] = set()
    for _ in range(games):
        pos = position(None, **options)
        oracle = Naive.from_sfen(START, mandatory=mandatory, repetition=repetition)
        played: list[str] = []
        for _ in range(80):
            positions += 1
            assert " ".join(pos.text().split()[:3]) == oracle.key()
            assert usi(pos) == set(oracle.legal_moves()), pos.text()
            expected = oracle.outcome()
            outcome = pos.outcome()
            if expected is None:
                assert outcome is None, pos.text()
                legal = sorted(usi(pos))
                move = rng.choice(legal)
                # Half the time step back where the same piece came from, so that
                # positions repeat and the repetition rule is exercised too.
                if len(played) >= 2 and rng.random() < 0.5:
                    back = played[-2][2:4] + played[-2][0:2]
                    move = back if back in legal else move
                played.append(move)
                pos.push_text(move)
                oracle = oracle.play(move)
                continue
            assert outcome is not None, pos.text()
            winner = next(iter(outcome.winners)) if outcome.winners else None
            assert (outcome.termination.value, winner) == expected
            endings.add(expected[0])
            break
    assert positions > games * 5
    # Random play must have reached the interesting ends, or the check proved little.
    assert {"king captured", "try"} <= endings
    assert "repetition" in endings
