"""What ``kiban bench`` measures of Chaturaji besides the common measures
(``Game.bench``), imported when the bench asks: a game played never needs it."""

from __future__ import annotations

from engine.bench import BenchPlan, BenchPosition

BENCH = BenchPlan(
    played=(
        BenchPosition(
            "gB1gb2rErHrB/gH1ghrKrkrerhrb/gEge1kH4/gKgk6/6ykyK/5yeyHyE/kbkhkekk2yh1/kBkE1kK2ybyB "
            "r 5 0,0,0,0 -",
            12,
            "a middle game with captures",
        ),
    ),
)
"""The bench plays a hand's moves in a middle game with captures."""
