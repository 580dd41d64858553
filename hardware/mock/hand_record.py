"""The hands' actions as JSON: how a recorded stream (a soak's failure captured by the
bench, a shrunk failure kept in the tests) writes each step, and reads it back. One
codec, so that what the bench writes is what the tests replay."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.physical import Stone
from hardware.magnetics.vectors import Rotation
from hardware.mock.hands import (
    Force,
    HandAction,
    LiftStone,
    PutStone,
    Quiet,
    Remove,
    Sense,
    Supply,
)
from hardware.mock.world import Rest


def action_record(action: HandAction) -> list[Any]:
    """``action`` as a JSON list: its kind, its spot, and what it needs (a stone put
    down with how it lies: its offset and its magnet's turn)."""
    if isinstance(action, LiftStone):
        return ["lift", action.spot]
    if isinstance(action, Remove):
        return ["remove", action.spot]
    if isinstance(action, PutStone):
        rest = action.rest
        turn = None if rest.rotation is None else [list(row) for row in rest.rotation]
        return [
            "put",
            action.spot,
            _stone_record(action.held),
            _stone_record(action.stone),
            [list(rest.offset_mm), turn],
        ]
    if isinstance(action, Supply):
        return ["supply", action.spot, _stone_record(action.stone)]
    if isinstance(action, Force):
        return ["force", action.spot, action.reading]
    if isinstance(action, Sense):
        return ["sense", action.spot, action.reading]
    return ["quiet", action.spot, action.reading]


def action_of(data: Sequence[Any]) -> HandAction:
    """The action ``action_record`` wrote (a put without how it lies: centred, upright,
    as streams recorded before pieces turned)."""
    kind, spot = data[0], data[1]
    if kind == "lift":
        return LiftStone(spot)
    if kind == "remove":
        return Remove(spot)
    if kind == "put":
        if len(data) > 4:
            offset, turn = data[4]
            rotation: Rotation | None = None
            if turn is not None:
                x, y, z = (tuple(row) for row in turn)
                rotation = (x, y, z)
            rest = Rest((offset[0], offset[1]), rotation)
            return PutStone(spot, _stone(data[2]), _stone(data[3]), rest)
        return PutStone(spot, _stone(data[2]), _stone(data[3]))
    if kind == "supply":
        return Supply(spot, _stone(data[2]))
    if kind == "force":
        return Force(spot, data[2])
    if kind == "sense":
        return Sense(spot, data[2])
    if kind == "quiet":
        return Quiet(spot, data[2])
    raise ValueError(f"{kind!r} is no hand action")


def _stone_record(stone: Stone) -> list[Any]:
    return [stone.kind, stone.owner, stone.flipped]


def _stone(data: Sequence[Any]) -> Stone:
    return Stone(data[0], data[1], data[2])
