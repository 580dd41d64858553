"""The board a simulated hand moves stones over as bodies: a profile's build, or, for a
profile that declares none, the bundled build of its game that blurs most."""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.physical import SOUTH, Sensing, Stone
from engine.sensors import SensorModel
from hardware.magnetics.build import Build
from hardware.mock.physics import Board
from hardware.profile import Profile, bundled_profiles, load_profile


def widest_build(game: Game[Any]) -> tuple[Build, SensorModel]:
    """Of the bundled profiles of ``game`` that declare a build, the one whose sensors
    blur most (the longest order margin, then the longest departure)."""
    found: list[tuple[float, float, str, Build, SensorModel]] = []
    for name in bundled_profiles():
        profile = load_profile(name)
        if game.name not in profile.games or profile.build is None:
            continue
        model = profile.sensor_model
        found.append((model.order_margin, model.departure_s, name, profile.build, model))
    if not found:
        raise LookupError(f"no bundled profile of {game.name} declares a build")
    _, _, _, build, model = max(found)
    return build, model


def board_of(game: Game[Any], profile: Profile, *, seed: int = 0) -> Board:
    """The board ``profile``'s hands move ``game``'s stones over (its switches placed in
    their bands by ``seed``)."""
    if profile.build is not None:
        build, model = profile.build, profile.sensor_model
    else:
        build, model = widest_build(game)
    return Board.of(game.geometry, build, model, seed=seed)


def north_of(game: Game[Any]) -> Any:
    """Whether a stone of ``game`` shows its north pole (its reading under polarity)."""

    def north(stone: Stone) -> bool:
        return game.reading(stone, Sensing.POLARITY) != SOUTH

    return north
