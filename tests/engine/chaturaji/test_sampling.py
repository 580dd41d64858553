"""Chaturaji's move source for the sampling search (``engine.chaturaji.sampling``): the
richest captures first, so the search takes what wins and what is worth most."""

from __future__ import annotations

import random

import pytest

from engine.chaturaji import Step
from engine.search.levels import level
from engine.search.sampling import analyse_sampled
from engine.search.types import WIN, Limits
from tests.engine.chaturaji import helpers as chaturaji


@pytest.mark.parametrize("number", range(1, 11))
def test_chaturaji_takes_the_last_piece_when_that_wins(number: int) -> None:
    """Black's horse may take green's last piece (b1c3): at most one army is left and
    black leads on points, so black wins; the horse's other moves do not."""
    pieces = {"d1": "kK", "b1": "kH", "a2": "kb", "c3": "gE"}
    position = chaturaji.rolled(pieces, "3", seats="black,green")
    analysis = analyse_sampled(position, level(number), rng=random.Random(number))
    assert analysis.best == Step.of("b1", "c3")
    assert analysis.value == WIN


@pytest.mark.parametrize("seed", range(4))
def test_chaturaji_takes_a_king_worth_five(seed: int) -> None:
    """The horse can take green's king (5 points) or a pawn (1); the game goes on."""
    pieces = {
        "d1": "kK",
        "b1": "kH",
        "a2": "kb",
        "c3": "gK",
        "d2": "gb",
        "h8": "rK",
        "h7": "rb",
        "a8": "yK",
        "a7": "yb",
    }
    position = chaturaji.rolled(pieces, "3")
    assert Step.of("b1", "d2") in set(position.legal_moves())
    analysis = analyse_sampled(
        position, level(8), rng=random.Random(seed), limits=Limits(max_nodes=300)
    )
    assert analysis.best == Step.of("b1", "c3")
