"""Moves of the shogi family said in words, for the games whose moves step, drop
and promote (Robot Duel, shogi)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.game import Position
from engine.physical import Spot, Stone


def piece_move_words(
    position: Position[Any],
    move: Any,
    source: Spot | None,
    target: Spot,
    *,
    drop: str | None,
) -> str:
    """A drop, a promotion, a piece kept as it is (when it might have promoted), or a
    step; ``move`` is a frozen dataclass or a named tuple with a ``promote`` field."""
    game = position.game
    if drop is not None or source is None:
        return f"drop the {game.piece_name(Stone(drop or '?', position.turn))}"
    stones = position.layout().get(source, ())
    stone = stones[-1] if stones else Stone("?", position.turn)
    name = game.piece_name(stone)
    if move.promote:
        return f"promote the {name}"
    if not stone.flipped and position.is_legal(_promoting(move)):
        return f"keep it a {name}"
    return f"move the {name} to {target}"


def _promoting(move: Any) -> Any:
    """The same move ending turned over: a named tuple's ``_replace`` (shogi's moves,
    tuples for the search's sake), else a dataclass's ``replace``."""
    if isinstance(move, tuple):
        return move._replace(promote=True)  # type: ignore[attr-defined]
    return replace(move, promote=True)
