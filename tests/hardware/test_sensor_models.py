"""Every bundled board declares its sensors, with the parts its figures come from, and the
default every board without a model gets (``WIDEST``) is the widest of them: no bundled
board blurs the order of changes more than a session assumes by default."""

from __future__ import annotations

from importlib import resources

import pytest

from engine.assessments import Timing
from engine.sensors import WIDEST
from hardware.profile import bundled_profiles, load_profile
from tests.registered import boarded_games


def sensors_table(name: str) -> list[str]:
    """The lines of a bundled profile's ``[sensors]`` table, its comments included."""
    text = (resources.files("hardware") / "profiles" / f"{name}.toml").read_text("utf-8")
    lines = text.splitlines()
    start = lines.index("[sensors]")
    end = next(n for n in range(start + 1, len(lines)) if lines[n].startswith("["))
    return lines[start:end]


@pytest.mark.parametrize("name", bundled_profiles())
def test_every_bundled_board_declares_its_sensors_and_cites_them(name: str) -> None:
    model = load_profile(name).sensor_model
    table = sensors_table(name)
    comments = " ".join(line for line in table if line.startswith("#"))
    assert model.part, f"{name}: no part named"
    assert "data sheet" in comments or "Actuation Distances" in comments
    assert "Pitch:" in comments
    # figures that are not from a data sheet say so
    assert "assumption" in comments
    assert model.order_margin <= Timing().order


def test_the_default_is_the_widest_bundled_board() -> None:
    models = {name: load_profile(name).sensor_model for name in bundled_profiles()}
    widest = max(models.values(), key=lambda model: model.order_margin)
    assert WIDEST.order_margin == widest.order_margin == Timing().order
    assert models["abalone-reference"] == WIDEST
    assert WIDEST.overlap_s > 0.15  # a rolled marble reads on two holes for a while


def test_a_simulated_board_senses_as_its_reference_board_does() -> None:
    for game in [g.name for g in boarded_games()]:  # each game's reference and sim boards
        reference = load_profile(f"{game}-reference").sensor_model
        assert load_profile(f"sim-{game}").sensor_model == reference
