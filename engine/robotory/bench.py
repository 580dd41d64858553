"""What ``kiban bench`` measures of Robotory besides the common measures
(``Game.bench``), imported when the bench asks: a game played never needs it."""

from __future__ import annotations

from engine.bench import BenchPlan, BenchPosition

BENCH = BenchPlan(
    played=(
        BenchPosition(
            "bbbb/bwRbb/bbWBbw/wwbbw/wwwb 1w0b 0w0b 3w1b l", 296_636, "crowded by ordinary play"
        ),
        BenchPosition(
            "bbbB/wbRbb/wwwbbb/wwwwb/Wwww 0w0b 0w1b 1w1b l",
            576_658,
            "full: the white and black robots pushed to far corners in the four steps the"
            " consumed tokens allow, the red robot able to eat all 21 tokens in one chain",
        ),
    ),
    profile="sim-robotory-polarity",
)
"""The bench plays a hand's moves on a crowded board and a full one, on a board that
sees colours."""
