"""The perft reference numbers of every game, kept as data beside its tests
(``tests/engine/<game>/perft.json``) and run by one test (``test_contract``), which
finds every game's; a game's own tests read them here to hold its oracles to the
same numbers."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

GAMES = Path(__file__).parent
"""Each game's tests, ``<game>/``: its perft numbers are its ``perft.json``."""


@dataclass(frozen=True)
class PerftCase:
    """Move counts from one position: a game, its options, a start (None: the usual one),
    the count at each depth, the depths left to the slow suite, where the numbers come
    from; the depths the game's own oracle (``tests/engine/<game>/oracle.py``,
    ``oracle_perft``) counts too, and those of them left to the slow suite."""

    game: str
    label: str
    options: tuple[tuple[str, str], ...]
    start: str | None
    counts: tuple[tuple[int, int], ...]
    slow: frozenset[int]
    source: str
    oracle_depths: tuple[int, ...] = ()
    oracle_slow: frozenset[int] = frozenset()

    def count(self, depth: int) -> int:
        return dict(self.counts)[depth]

    def series(self) -> list[int]:
        """The counts from depth 1 on, as far as they are known without a gap."""
        known = dict(self.counts)
        found: list[int] = []
        while len(found) + 1 in known:
            found.append(known[len(found) + 1])
        return found


@dataclass(frozen=True)
class Unchanged:
    """The move(s) to play before counting, the depth to count, and the count when known."""

    game: str
    moves: tuple[str, ...]
    depth: int
    equals: int | None


@cache
def _load(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GAMES / game / "perft.json").read_text(encoding="utf-8"))
    return data


def games_with_data() -> list[str]:
    return sorted(path.parent.name for path in GAMES.glob("*/perft.json"))


def perft_cases(game: str) -> list[PerftCase]:
    return [
        PerftCase(
            game,
            case["label"],
            tuple(sorted(case["options"].items())),
            case["start"],
            tuple(sorted((int(depth), count) for depth, count in case["counts"].items())),
            frozenset(case["slow"]),
            case["source"],
            tuple(case.get("oracle", {}).get("depths", ())),
            frozenset(case.get("oracle", {}).get("slow", ())),
        )
        for case in _load(game)["cases"]
    ]


def perft_case(game: str, label: str) -> PerftCase:
    return next(case for case in perft_cases(game) if case.label == label)


def unchanged(game: str) -> Unchanged:
    found = _load(game)["unchanged"]
    return Unchanged(game, tuple(found["moves"]), found["depth"], found.get("equals"))
