"""Abalone's moves said aloud: how many marbles, which way, what they push."""

from __future__ import annotations

from tests.engine.spoken_moves import said


def test_abalone_counts_the_marbles_and_says_the_direction() -> None:
    assert said(["A1B2", "I5H5", "A5B6", "F5G5F4"], "abalone") == [
        "black pushes three marbles north-east",
        "white pushes three marbles south-east",
        "black pushes two marbles north-east",
        "white moves two marbles sideways, west",
    ]


def test_abalone_says_the_marbles_pushed_and_pushed_off() -> None:
    middle = "5/6/7/8/3bbw3/8/7/6/5 b 0 0"
    assert said(["E4E5"], "abalone", middle) == [
        "black pushes two marbles east, pushing one white marble"
    ]
    edge = "5/6/7/8/5bbbw/8/7/6/5 b 0 0"
    assert said(["E6E7"], "abalone", edge) == [
        "black pushes three marbles east, pushing one white marble, off the board"
    ]


def test_a_single_marble_moves_in_each_language() -> None:
    assert said(["C3D3"], "abalone") == ["black moves one marble north-west"]
    assert said(["C3D3"], "abalone", japanese=True) == ["くろ、1こ、ほくせい"]
    assert said(["C3D3"], "abalone", language="pl") == [  # seeds/004: ruch po linii, kule
        "czarne: ruch po linii, kule: 1, na północny zachód"
    ]
    edge = "5/6/7/8/5bbbw/8/7/6/5 b 0 0"
    assert said(["E6E7"], "abalone", edge, language="pl") == [
        "czarne: sumito, kule: 3, na wschód, przepchnięte kule (białe): 1, wypchnięcie poza planszę"
    ]
