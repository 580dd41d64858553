"""Timings from the board, not constants: every session built from a profile (the live
board's runtime, the simulator the web page, the terminal and the benches play on)
trusts the order of changes exactly as far as that board's sensors allow."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.recognition.answers import Timing
from engine.recognition.sensors import BOUNCE, WIDEST
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.store.storage import GameStore
from hardware.profile import Profile, load_profile, parse_profile
from tests.firmware_host.loops.runtimekit import PROFILES, runtime_on

DOBUTSU = find_game("dobutsu")
NARROW = """
[sensors]
kind = "reed"
pitch_mm = 50
depth_mm = 4
operate_mm = 7.5
release_mm = 8
part = "a narrow test geometry"
"""


def narrow() -> Profile:
    """The simulated Robot Duel board with sensors that never read a piece on two cells."""
    text = _without_sensors().replace("\n[leds]", NARROW + "\n[leds]", 1)
    profile = parse_profile(text, "narrow.toml", DOBUTSU)
    assert profile.sensor_model.order_margin == BOUNCE
    return profile


def test_the_simulator_takes_the_order_margin_from_the_board() -> None:
    sim = Simulation(DOBUTSU, narrow(), GameStore(":memory:"), resume=False)
    assert sim.controller.timing.order == BOUNCE
    assert sim.controller.recognizer.timing.order == BOUNCE


def test_a_timing_given_keeps_its_other_times_and_takes_the_boards_margin() -> None:
    given = Timing(settle=0.05, grace=9.0)
    sim = Simulation(DOBUTSU, narrow(), GameStore(":memory:"), resume=False, timing=given)
    timing = sim.controller.timing
    assert (timing.settle, timing.grace, timing.order) == (0.05, 9.0, BOUNCE)


def test_a_board_without_a_sensor_model_blurs_as_the_widest() -> None:
    bare = parse_profile(_without_sensors(), "bare.toml", DOBUTSU)
    sim = Simulation(DOBUTSU, bare, GameStore(":memory:"), resume=False)
    assert sim.controller.timing.order == WIDEST.order_margin == Timing().order


def _without_sensors() -> str:
    """sim-dobutsu.toml without its ``[sensors]`` table (up to the next table)."""
    lines = (PROFILES / "sim-dobutsu.toml").read_text(encoding="utf-8").splitlines()
    kept: list[str] = []
    inside = False
    for line in lines:
        if line.startswith("["):
            inside = line.strip().startswith("[sensors")
        if not inside:
            kept.append(line)
    return "\n".join(kept) + "\n"


def test_the_live_boards_runtime_takes_the_order_margin_from_the_board(tmp_path: Path) -> None:
    runtime, _, _ = runtime_on(narrow(), tmp_path, DOBUTSU)
    assert runtime.controller.timing.order == BOUNCE
    assert runtime.controller.recognizer.timing.order == BOUNCE


@pytest.mark.parametrize("name", ["sim-abalone", "sim-shogi", "dobutsu-reference"])
def test_each_bundled_board_gives_its_own_margin(name: str) -> None:
    profile = load_profile(name)
    game = find_game(profile.games[0])
    sim = Simulation(game, load_profile(name, game), GameStore(":memory:"), resume=False)
    assert sim.controller.timing.order == profile.sensor_model.order_margin
