"""Shogi's part of ``kiban bench``, as data: the richest position known, and the two
libraries Kiban is compared with (test oracles, never part of the product)."""

from __future__ import annotations

from engine.bench import BenchPlan, BenchPosition, BenchReference

RICHEST = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"
"""The position with the most legal moves known: 593."""

BENCH = BenchPlan(
    positions=(BenchPosition(RICHEST, 593, "budget: a few ms on a laptop"),),
    references=(
        BenchReference("cshogi", "cshogi", "Board", perft_depth=3),
        # python-shogi is slow enough that depth 2 says all there is to say.
        BenchReference("python-shogi", "shogi", "Board", perft_depth=2),
    ),
    perft_depth=3,
)
