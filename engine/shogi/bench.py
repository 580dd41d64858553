"""Shogi's part of ``kiban bench``, as data: the start, the richest position known and
one with every piece in hand, and the two libraries Kiban is compared with (test
oracles, never part of the product)."""

from __future__ import annotations

from engine.bench import BenchPlan, BenchPosition, BenchReference
from engine.shogi.handicaps import START_TEXT

RICHEST = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"
"""The position with the most legal moves known: 593."""
ALL_IN_HAND = "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L9P9p 1"
"""The two kings on the board and every other piece in hand: 525 moves, nearly all drops."""

BENCH = BenchPlan(
    positions=(
        BenchPosition(START_TEXT, 30, "the start"),
        BenchPosition(RICHEST, 593, "budget: a few ms on a laptop"),
        BenchPosition(ALL_IN_HAND, 525, "every piece in hand"),
    ),
    references=(
        BenchReference("cshogi", "cshogi", "Board", perft_depth=3),
        # python-shogi is slow enough that depth 2 says all there is to say.
        BenchReference("python-shogi", "shogi", "Board", perft_depth=2),
    ),
    perft_depth=3,
    played=(
        BenchPosition(RICHEST, 593, "the most moves"),
        BenchPosition(
            "4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1", 525, "every piece in hand"
        ),
    ),
    # Every tenth ply of the corpus's whole games (tests/engine/shogi/whole_games.py).
    whole_games="whole_games.sfen",
)
