"""Shogi's upper levels each look further than the level below in the middle game
(issue 48): the selective search finishes depth 4 there in 11,000-19,000 nodes and
depth 5 in 28,000-40,000, so a level 9 of 25,000 nodes finished the same depth 4 as
level 8's 20,000 and was no stronger (46% over 36 games). What the depth is worth is
measured by the ladder (docs/levels.md, shogi's built-in search)."""

from __future__ import annotations

import math
import random

from engine.search.ladder import builtin_level
from engine.search.levels import LEVELS
from engine.search.play import analyse
from engine.search.types import Limits
from engine.shogi import SHOGI

MIDDLE_GAME = "ln1gk2nl/3s1sg2/pp2rp3/2ppp1p1p/5P1p1/PPPPP1P2/4R2PP/3S1S3/LN1GKG1NL w Bb 32"
"""Four random moves, then 27 plies of depth-2 searches (seed 1): the selective search
finishes depth 4 in 17,397 nodes and depth 5 in 33,033."""


def _depth_finished(number: int) -> int:
    level = builtin_level(SHOGI.name, LEVELS[number - 1])
    position = SHOGI.position(MIDDLE_GAME)
    # as the ladder plays: the level's nodes, never a deadline
    found = analyse(position, level, rng=random.Random(0), limits=Limits(deadline=math.inf))
    assert found.nodes == level.nodes  # the budget, not the depth cap, ends the search
    return found.depth


def test_level_nine_finishes_a_depth_level_eight_does_not() -> None:
    assert (_depth_finished(8), _depth_finished(9)) == (4, 5)
