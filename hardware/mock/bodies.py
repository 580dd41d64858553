"""The board a simulated hand moves stones over as bodies: a profile's build, or, for a
profile that declares none, the bundled build of its game that blurs most, or, for a
game Kiban ships no build of (one installed from outside), a plain build that reads
every piece: a standing disc over an upright reed (or a pair of Hall switches, on a
polarity board) under each cell."""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.physical import SOUTH, Sensing, Stone
from engine.recognition.sensors import SensorKind, SensorModel
from hardware.magnetics.build import Build, Mount, PieceBuild
from hardware.magnetics.magnets import Magnet, Shape
from hardware.magnetics.parts import HAL504, R5_12_17
from hardware.magnetics.report import timing_figures
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


def plain_build(polar: bool) -> Build:
    """A build that reads every piece of a board of cells 40 mm apart (the Robotory
    reference board's, a pitch its check passes on square and hexagonal boards alike)."""
    piece = PieceBuild(Magnet(Shape.CYLINDER, (10.0, 2.0), name="10 x 2 mm N35 disc"), 1.5)
    if polar:
        mounts = (Mount(axis=(0.0, 0.0, 1.0)), Mount(axis=(0.0, 0.0, -1.0)))
        return Build(40.0, 4.0, piece, HAL504, mounts, polar=True, tolerance_mm=6.0)
    return Build(40.0, 7.0, piece, R5_12_17, (Mount(axis=(0.0, 0.0, 1.0)),), tolerance_mm=6.0)


def board_of(game: Game[Any], profile: Profile, *, seed: int = 0) -> Board:
    """The board ``profile``'s hands move ``game``'s stones over (its switches placed in
    their bands by ``seed``)."""
    if profile.build is not None:
        build, model = profile.build, profile.sensor_model
    else:
        try:
            build, model = widest_build(game)
        except LookupError:
            build = plain_build(profile.sensing is Sensing.POLARITY)
            kind = SensorKind.HALL if build.polar else SensorKind.REED
            figures = timing_figures(build, [game.geometry])
            model = SensorModel(kind, pitch_mm=build.pitch_mm, part=build.describe(), **figures)
    return Board.of(game.geometry, build, model, seed=seed)


def north_of(game: Game[Any]) -> Any:
    """Whether a stone of ``game`` shows its north pole (its reading under polarity)."""

    def north(stone: Stone) -> bool:
        return game.reading(stone, Sensing.POLARITY) != SOUTH

    return north
