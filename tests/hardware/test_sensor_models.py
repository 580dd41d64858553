"""Every bundled board declares its build, with the parts its figures come from, and the
default every board without one gets (``WIDEST``) blurs at least as much as every
bundled build: no board Kiban ships blurs the order of changes more than a session
assumes by default."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from engine.recognition.answers import Timing
from engine.recognition.sensors import WIDEST
from hardware.profile import bundled_profiles, load_profile
from tests.registered import boarded_games

DRAWN = Path(__file__).parents[1] / "engine" / "recognition" / "drawn_builds.json"


def sensors_table(name: str) -> list[str]:
    """The lines of a bundled profile's ``[sensors]`` table, its comments included."""
    text = (resources.files("hardware") / "profiles" / f"{name}.toml").read_text("utf-8")
    lines = text.splitlines()
    start = lines.index("[sensors]")
    end = next(n for n in range(start + 1, len(lines)) if lines[n].startswith("[sensors.m"))
    return lines[start:end]


@pytest.mark.parametrize("name", bundled_profiles())
def test_every_bundled_board_declares_its_build_and_cites_it(name: str) -> None:
    profile = load_profile(name)
    assert profile.build is not None, f"{name}: no build"
    comments = " ".join(line for line in sensors_table(name) if line.startswith("#"))
    assert "data sheet" in comments or "Actuation Distances" in comments or "actuation" in comments
    assert "Pitch:" in comments
    # figures that are not from a data sheet say so
    assert "assumption" in comments
    assert profile.sensor_model.order_margin <= Timing().order


def test_the_default_blurs_at_least_as_much_as_every_bundled_build() -> None:
    models = [load_profile(name).sensor_model for name in bundled_profiles()]
    assert all(m.order_margin <= WIDEST.order_margin for m in models)
    assert all(m.departure_s <= WIDEST.departure_s for m in models)
    assert Timing().order == WIDEST.order_margin
    assert Timing().departs == WIDEST.departure_s


def test_every_drawn_build_declares_its_own_figures() -> None:
    """The property tests' builds each bring the figures their check computed: a board
    built so would declare them (some blur longer than the default: a reed lying flat
    off a cell's centre keeps reading a piece past its far lobe)."""
    drawn = json.loads(DRAWN.read_text())
    assert drawn
    for builds in drawn.values():
        for build in builds:
            assert set(build["timing"]) == {"overlap_mm", "gap_mm", "departs_mm"}


def test_a_simulated_board_is_built_as_its_reference_board() -> None:
    for game in [g.name for g in boarded_games()]:  # each game's reference and sim boards
        reference = load_profile(f"{game}-reference")
        simulated = load_profile(f"sim-{game}")
        assert simulated.build == reference.build
        assert simulated.sensor_model == reference.sensor_model
