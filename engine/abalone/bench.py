"""What ``kiban bench`` measures of Abalone besides the common measures
(``Game.bench``), imported when the bench asks: a game played never needs it."""

from __future__ import annotations

from engine.bench import BenchPlan, BenchPosition

BENCH = BenchPlan(
    played=(
        BenchPosition(
            "5/ww2bb/www1bbb/1ww2bb1/9/1bb2ww1/bbb1www/bb2ww/5 b 0 0", 80, "German daisy"
        ),
    ),
    profile="sim-abalone-polarity",
)
"""The bench plays a hand's moves in German daisy, on a board that sees colours."""
