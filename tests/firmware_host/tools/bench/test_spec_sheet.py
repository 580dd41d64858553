"""The recognition spec sheet (``make bench-hands``): one row per game, bundled build and
pace, counted as the heavy soak counts."""

from __future__ import annotations

import pytest

from engine.registry import find_game, games
from firmware_host.tools.bench.spec_sheet import HEADER, geometries, main, paces
from hardware.profile import bundled_profiles


def test_every_game_has_its_bundled_builds_widest_first() -> None:
    simulated = [game for game in games() if f"sim-{game.name}" in bundled_profiles()]
    assert len(simulated) >= 5  # the five games; a game with no simulated board has no row
    for game in simulated:
        found = geometries(game)
        assert found, game.name
        margins = [geometry.model.order_margin for geometry in found]
        assert margins == sorted(margins, reverse=True)
        assert len({g.profile for g in found}) == len(found)


def test_each_row_names_its_builds_placement_tolerance() -> None:
    """A board maker quotes a row with the tolerance its build reads pieces within."""
    for geometry in geometries(find_game("abalone")):
        assert geometry.tolerance_mm == 2.0
        assert "pieces within 2 mm" in geometry.label()
    assert {g.tolerance_mm for g in geometries(find_game("shogi"))} == {5.0}


def test_the_paces_run_from_clean_to_blitz() -> None:
    assert [pace.name for pace in paces()] == ["clean", "brisk", "blitz"]
    clean = paces()[0]
    assert clean.tempo.eager == 0.0 and clean.tempo.drawn == 1.0


def test_a_short_sheet_prints_a_markdown_row_per_geometry_and_pace(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["dobutsu", "--moves", "6", "--check"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("|")]
    assert lines[0] == "| " + " | ".join(HEADER) + " |"
    rows = lines[2:]
    assert len(rows) == len(geometries(find_game("dobutsu"))) * len(paces())
    assert all(row.count("|") == len(HEADER) + 1 for row in rows)
