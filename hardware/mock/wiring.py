"""Boards wired other than their profile says, for the doctor's tests.

A simulated board is built from the wiring as it really is (``physical``) and
opened with the wiring the program believes (the profile). These helpers make
the first from the second: two spots' sensors exchanged, or a spot's sensors
left unconnected (a dead channel).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.physical import Spot
from hardware.profile import Profile


def _respot(item: Any, mapping: dict[Spot, Spot | None]) -> Any:
    """``item`` with every channel's spot moved by ``mapping`` (None: channel cut)."""
    if dataclasses.is_dataclass(item) and not isinstance(item, type):
        changes: dict[str, Any] = {}
        for field in dataclasses.fields(item):
            value = getattr(item, field.name)
            if field.name == "channels" and isinstance(value, tuple):
                kept = []
                for channel in value:
                    spot = getattr(channel, "spot", None)
                    moved = mapping.get(spot, spot) if spot is not None else spot
                    if spot is not None and moved is None:
                        continue
                    kept.append(dataclasses.replace(channel, spot=moved) if spot else channel)
                changes["channels"] = tuple(kept)
            elif isinstance(value, tuple) and value and dataclasses.is_dataclass(value[0]):
                changes[field.name] = tuple(_respot(part, mapping) for part in value)
            elif dataclasses.is_dataclass(value) and field.name not in ("place", "thresholds"):
                changes[field.name] = _respot(value, mapping)
        return dataclasses.replace(item, **changes)
    return item


def _moved(profile: Profile, mapping: dict[Spot, Spot | None]) -> Profile:
    """Every front end's part walked alike: each holds its channels in ``channels``."""
    return dataclasses.replace(
        profile, parts=tuple(_respot(part, mapping) for part in profile.parts)
    )


def swapped(profile: Profile, first: Spot, second: Spot) -> Profile:
    """The sensors of ``first`` and ``second`` exchanged (two wires crossed)."""
    return _moved(profile, {first: second, second: first})


def cut(profile: Profile, spot: Spot) -> Profile:
    """The sensors of ``spot`` connected to nothing (a dead channel)."""
    return _moved(profile, {spot: None})
