"""The two-player evaluations: a position and its mirror image (the board turned half a
circle, the sides swapped) look the same to the side in the same place, and more
material is better."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.abalone import ABALONE
from engine.dobutsu import DOBUTSU
from engine.game import Game
from engine.shogi import SHOGI
from tests.engine.search.helpers import mirrored_abalone, mirrored_sfen, random_positions

MIRRORS: list[tuple[Game[Any], Callable[[str], str]]] = [
    (DOBUTSU, mirrored_sfen),
    (SHOGI, mirrored_sfen),
    (ABALONE, mirrored_abalone),
]


@pytest.mark.parametrize(("game", "mirror"), MIRRORS, ids=lambda item: getattr(item, "name", ""))
def test_the_mirror_image_swaps_the_values(game: Game[Any], mirror: Callable[[str], str]) -> None:
    lopsided = 0
    for position in random_positions(game, 25, seed=31, most=60):
        first, second = position.evaluate()
        assert first == pytest.approx(-second)
        image = game.position(mirror(position.text()))
        assert image.evaluate() == pytest.approx((second, first))
        lopsided += abs(first) > 0.01
    assert lopsided > 0  # the sample is not all even positions


@pytest.mark.parametrize(
    ("game", "ahead", "behind"),
    [
        (DOBUTSU, "1le/1c1/1C1/ELG b G 1", "gle/1c1/1C1/EL1 b g 1"),
        (SHOGI, "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1", None),
        (ABALONE, "www2/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 2", None),
    ],
    ids=["dobutsu", "shogi", "abalone"],
)
def test_more_material_is_better(game: Game[Any], ahead: str, behind: str | None) -> None:
    start = game.position().evaluate()
    assert start[0] == pytest.approx(0.0)  # the start is even
    assert game.position(ahead).evaluate()[0] > 0.1
    if behind is not None:
        assert game.position(behind).evaluate()[0] < 0.0


def test_a_lion_nearer_the_far_row_is_better() -> None:
    home = DOBUTSU.position("1l1/3/3/1L1 b - 1").evaluate()[0]
    advanced = DOBUTSU.position("1l1/3/1L1/3 b - 1").evaluate()[0]
    assert advanced > home


def test_a_sheltered_king_is_better() -> None:
    bare = SHOGI.position("4k4/9/9/9/9/9/9/9/4K4 b G 1").evaluate()[0]
    sheltered = SHOGI.position("4k4/9/9/9/9/9/9/4G4/4K4 b - 1").evaluate()[0]
    assert sheltered > bare - 0.1  # a gold beside the king is worth about the same as in hand
    crowded = SHOGI.position("4k4/9/9/9/9/9/4p4/9/4K4 b P 1").evaluate()[0]
    assert crowded < SHOGI.position("4k4/9/9/9/9/9/9/9/4K4 b - 1").evaluate()[0] + 0.1


def test_centre_and_touching_marbles_are_better_in_abalone() -> None:
    apart = ABALONE.position("w4/6/7/8/9/8/7/6/b1b1b b 0 0").evaluate()[0]
    together = ABALONE.position("w4/6/7/8/9/8/7/6/bbb2 b 0 0").evaluate()[0]
    central = ABALONE.position("w4/6/7/8/3bbb3/8/7/6/5 b 0 0").evaluate()[0]
    assert together > apart
    assert central > together
