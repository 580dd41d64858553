"""Robot Duel's moves said aloud with its animals, in English and in Japanese."""

from __future__ import annotations

from tests.engine.spoken_moves import said


def test_robot_duel_names_its_animals() -> None:
    assert said(["2c2b", "2a2b", "C*2c", "3a3b"], "dobutsu") == [
        "A: chick to 2 b, takes chick",
        "B: lion to 2 b, takes chick",
        "A: drops chick on 2 c",
        "B: giraffe to 3 b",
    ]
    assert said(["2c2b", "2a2b", "C*2c"], "dobutsu", japanese=True) == [
        "A: hiyoko, ni-ni",
        "B: raion, ni-ni",
        "A: hiyoko, ni-san, uchi",
    ]
