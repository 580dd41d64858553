"""The build check (hardware/magnetics/check.py, ``kiban build-check``): every bundled
build reads every piece within its stated tolerance, every way it stands, and reads no
phantom; the figures its profile states are the ones the check computes; and the builds
issue 78 found wanting each fail it, for the reason found."""

from __future__ import annotations

import pytest

from engine.registry import find_game
from hardware.magnetics.build import Body, Build, Mount, PieceBuild
from hardware.magnetics.magnets import CATALOGUE, Magnet, Shape
from hardware.magnetics.parts import HAL504, R5_12_17
from hardware.magnetics.report import check, timing_figures
from hardware.profile import bundled_profiles, load_profile

DISTINCT: dict[tuple[str, str], str] = {}
for _name in bundled_profiles():
    _profile = load_profile(_name)
    DISTINCT.setdefault((_profile.games[0], repr(_profile.build)), _name)
BUILDS = sorted(DISTINCT.values())
"""One bundled profile of each distinct build and game."""


@pytest.mark.parametrize("name", BUILDS)
def test_every_bundled_build_passes_the_check(name: str) -> None:
    profile = load_profile(name)
    assert profile.build is not None
    found = check(profile.build, find_game(profile.games[0]).geometry)
    assert found.passes, (found.tolerance_mm, found.dead, found.phantoms)
    assert found.tolerance_mm >= profile.build.tolerance_mm


@pytest.mark.parametrize("name", BUILDS)
def test_a_profiles_timing_figures_are_its_builds(name: str) -> None:
    profile = load_profile(name)
    assert profile.build is not None
    geometry = find_game(profile.games[0]).geometry
    figures = timing_figures(profile.build, [geometry])
    model = profile.sensor_model
    assert (model.overlap_mm, model.gap_mm, model.departs_mm) == (
        figures["overlap_mm"],
        figures["gap_mm"],
        figures["departs_mm"],
    )


def shogi(piece: PieceBuild, mounts: tuple[Mount, ...], *, depth: float = 2.0) -> Build:
    return Build(33.0, depth, piece, R5_12_17, mounts, tolerance_mm=5.0)


def test_a_block_over_a_reed_lying_under_the_centre_has_nulls_within_the_tolerance() -> None:
    """The old shogi reference board: an NDR-S block lying along a flat reed under the
    cell's centre reads at the centre and not 4-6 mm off it along the reed (the lobes'
    nulls)."""
    build = shogi(
        PieceBuild(CATALOGUE["NDR-S"], 1.5, axis=(1.0, 0.0, 0.0)), (Mount(axis=(1.0, 0.0, 0.0)),)
    )
    found = check(build, find_game("shogi").geometry, fine=False)
    assert not found.passes
    assert 3.0 <= found.tolerance_mm < 5.0
    assert found.dead


def test_a_block_set_down_at_any_angle_over_a_flat_reed_is_dead_across_it() -> None:
    """A Robotory token with a block magnet, set down at any rotation: lying across the
    reed it is not read at all."""
    piece = PieceBuild(CATALOGUE["NDR-S"], 1.5, axis=(1.0, 0.0, 0.0), yaws=(0.0,), yaw_slack=180.0)
    build = Build(40.0, 2.0, piece, R5_12_17, (Mount(axis=(1.0, 0.0, 0.0)),), tolerance_mm=5.0)
    found = check(build, find_game("robotory").geometry, fine=False)
    assert found.tolerance_mm == 0.0
    assert found.dead


def test_an_upright_rod_over_a_flat_reeds_centre_is_a_null() -> None:
    """Chaturaji's old build: the rod standing over the middle of a reed lying flat."""
    piece = PieceBuild(CATALOGUE["NDC-M"], 6.0)
    build = Build(50.0, 2.0, piece, R5_12_17, (Mount(axis=(1.0, 0.0, 0.0)),), tolerance_mm=8.0)
    found = check(build, find_game("chaturaji").geometry, fine=False)
    assert found.tolerance_mm == 0.0


def test_a_free_marble_with_a_rod_is_dead_in_some_orientations_and_reads_phantoms() -> None:
    """Abalone's old reed board: a rod magnet in a marble that rolls freely rests however
    its roll left it; lying square to the reed it is not read, and the fields of six
    neighbours read under an empty hole."""
    piece = PieceBuild(CATALOGUE["NDC-L"], 9.0, body=Body.BALL, radius_mm=12.5)
    build = Build(30.0, 3.0, piece, R5_12_17, (Mount(axis=(1.0, 0.0, 0.0)),), tolerance_mm=1.5)
    found = check(build, find_game("abalone").geometry, fine=False)
    assert found.dead
    assert found.phantoms


def test_discs_too_strong_for_their_pitch_read_phantoms() -> None:
    """Wide discs over a 33 mm pitch: a ring of neighbours adds up under an empty cell."""
    piece = PieceBuild(Magnet(Shape.CYLINDER, (20.0, 3.0), "N52"), 2.0)
    mounts = (Mount(axis=(0.0, 0.0, 1.0)), Mount(axis=(0.0, 0.0, -1.0)))
    build = Build(33.0, 4.0, piece, HAL504, mounts, polar=True, tolerance_mm=5.0)
    found = check(build, find_game("shogi").geometry, fine=False)
    assert found.phantoms


def test_a_sensor_that_pokes_through_the_board_is_refused() -> None:
    piece = PieceBuild(Magnet(Shape.CYLINDER, (8.0, 2.0)), 1.5)
    with pytest.raises(ValueError, match="pokes through"):
        Build(33.0, 3.0, piece, R5_12_17, (Mount(axis=(0.0, 0.0, 1.0)),))
