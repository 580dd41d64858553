"""Each game's test data kept beside its tests (``tests/engine/<game>/<kind>.json``),
found there by the tests that use it and checked whole by the contract test: a game's
perft numbers (perft_data.py reads them), a position where its mover wins at once
(``win_at_once``), and the fingerprint of its computer's play at its version
(``played_by``). A new game brings its own; nothing lists the games."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

GAMES = Path(__file__).parent
"""Each game's tests, ``<game>/``, with its data files."""

KINDS = ("perft", "win_at_once", "played_by")
"""The data every one of Kiban's own games ships beside its tests."""


@cache
def game_data(game: str, kind: str) -> Any | None:
    """``game``'s data of ``kind`` (its ``<kind>.json``); None when it ships none."""
    path = GAMES / game / f"{kind}.json"
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def games_with(kind: str) -> tuple[str, ...]:
    """The games that ship data of ``kind``, by name."""
    return tuple(sorted(path.parent.name for path in GAMES.glob(f"*/{kind}.json")))
