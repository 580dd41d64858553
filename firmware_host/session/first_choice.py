"""Which choice a prompt selects first: the one the sensors agree with best, else the
one the game favours. A decision of the session, not a way of telling it."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from engine.game import Position
from engine.physical import Reading, Sensing, Spot
from firmware_host.session.state import NamedChoice


def initial_choice(
    position: Position[Any],
    choices: Sequence[Hashable],
    frame: Mapping[Spot, Reading],
    sensing: Sensing,
) -> int:
    """The choice a prompt selects first: the one move the sensors agree with best
    (a Robotory stock slot left empty names the token's colour), else the one the
    game favours (``Position.favoured``), else the first."""
    if len(choices) < 2 or any(isinstance(c, NamedChoice) for c in choices):
        return 0

    def agreement(choice: Hashable) -> int:
        changes = position.footprint(choice, sensing).changes
        return sum(1 for spot, reading in changes if frame.get(spot) == reading)

    seen = [agreement(choice) for choice in choices]
    if max(seen) > min(seen) and seen.count(max(seen)) == 1:
        return seen.index(max(seen))
    favoured = position.favoured(choices)
    return 0 if favoured is None else favoured
