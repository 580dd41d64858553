"""What ``kiban bench`` measures of Robot Duel besides the common measures
(``Game.bench``), imported when the bench asks: a game played never needs it."""

from __future__ import annotations

from engine.bench import BenchPlan, BenchPosition

BENCH = BenchPlan(
    played=(BenchPosition("1l1/3/3/1L1 b CEGceg 1", 35, "every piece in hand"),),
)
"""The bench plays a hand's moves where the most drops are."""
