"""The recognition spec sheet (``make bench-hands``): one row per game, bundled sensor
geometry and pace, counted as the heavy soak counts."""

from __future__ import annotations

import pytest

from engine.registry import find_game, games
from firmware_host.tools.bench.spec_sheet import HEADER, geometries, main, paces
from hardware.profile import bundled_profiles


def test_every_game_has_its_bundled_geometries_widest_first() -> None:
    simulated = [game for game in games() if f"sim-{game.name}" in bundled_profiles()]
    assert len(simulated) >= 5  # the five games; a game with no simulated board has no row
    for game in simulated:
        found = geometries(game)
        assert found, game.name
        margins = [geometry.model.order_margin for geometry in found]
        assert margins == sorted(margins, reverse=True)
        assert len({(g.model.kind, g.model.pitch_mm, g.model.order_margin) for g in found}) == len(
            found
        )


def test_the_abalone_sheet_includes_a_board_that_reads_a_rolled_marble_on_two_holes() -> None:
    widest = geometries(find_game("abalone"))[0]
    assert widest.model.overlap_s > 0.1
    assert "overlap" in widest.label()


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
