"""kiban doctor's look at the GPIO library: the pin factory gpiozero runs on (a fallback
replayed with gpiozero's MockFactory, tests/drivers/pin_fallback.py), and whether the
installed unit lets lgpio load under systemd."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from drivers.gpio_lines import GpioChip
from drivers.pin_factory import LGPIO, PinFactoryState, pin_factory_in_use
from engine.registry import find_game
from firmware_host.tools.desk.doctor import Doctor
from firmware_host.tools.desk.findings import Finding
from firmware_host.tools.desk.gpio_setup import (
    SHIPPED,
    edge_findings,
    gpio_findings,
    pin_factory_findings,
    unit_findings,
)
from firmware_host.tools.desk.sim_bench import simulated_bench
from hardware.board import EdgeWatching
from hardware.profile import load_profile
from tests.drivers.pin_fallback import NoNativeFactory, replay_fallback
from tests.firmware_host.tools.desk.test_pi_setup import SHIPPED_UNIT, pi

FIFO = "[Errno 2] No such file or directory: '.lgd-nfy-3'"
LINES_OF_ISSUE_61 = ("WorkingDirectory=/run/kiban\n", "Environment=LG_WD=/run/kiban\n")


def problems(findings: list[Finding]) -> list[str]:
    return [finding.line for finding in findings if finding.problem]


def unit_before_issue_61(tmp_path: Path) -> Path:
    """The shipped unit without the lines that give lgpio its directory."""
    text = SHIPPED_UNIT.read_text()
    for line in LINES_OF_ISSUE_61:
        assert line in text
        text = text.replace(line, "")
    path = tmp_path / "kiban.service"
    path.write_text(text)
    return path


# --- the pin factory ------------------------------------------------------------------


def test_lgpio_in_use_is_no_problem() -> None:
    assert pin_factory_findings(PinFactoryState(LGPIO)) == [
        Finding("GPIO: gpiozero runs on lgpio (LGPIOFactory)")
    ]


def test_a_fallback_for_want_of_a_writable_directory_names_the_fix() -> None:
    state = PinFactoryState("NativeFactory", (f"Falling back from lgpio: {FIFO}",))
    [line] = problems(pin_factory_findings(state))
    assert line.startswith("GPIO: gpiozero fell back to NativeFactory: the buttons and INT")
    assert f"lgpio did not load ({FIFO})" in line
    assert "set LG_WD" in line and "WorkingDirectory=/run/kiban and LG_WD=/run/kiban" in line


def test_no_factory_at_all_says_the_lines_cannot_be_claimed() -> None:
    state = PinFactoryState(
        None,
        (f"Falling back from lgpio: {FIFO}",),
        error="BadPinFactory: Unable to load any default pin factory!",
    )
    [line] = problems(pin_factory_findings(state))
    assert "no pin factory of gpiozero loaded (BadPinFactory" in line
    assert "cannot be claimed" in line and ".lgd-nfy-3" in line


def test_lgpio_missing_and_a_factory_chosen_by_hand_say_their_own_fixes() -> None:
    missing = PinFactoryState(
        "NativeFactory", ("Falling back from lgpio: No module named 'lgpio'",)
    )
    [line] = problems(pin_factory_findings(missing))
    assert f"`sudo {Path(sys.prefix) / 'bin' / 'pip'} install lgpio`" in line
    chosen = PinFactoryState("PiGPIOFactory", chosen="pigpio")
    [line] = problems(pin_factory_findings(chosen))
    assert "GPIOZERO_PIN_FACTORY=pigpio chose it: unset it" in line


# --- the installed unit ------------------------------------------------------------------


def test_the_shipped_unit_gives_lgpio_its_runtime_directory() -> None:
    assert unit_findings(SHIPPED_UNIT) == [
        Finding(f"service: {SHIPPED_UNIT} gives lgpio /run/kiban (RuntimeDirectory=kiban)")
    ]


def test_the_unit_before_issue_61_is_a_problem_with_the_command_that_replaces_it(
    tmp_path: Path,
) -> None:
    path = unit_before_issue_61(tmp_path)
    [line] = problems(unit_findings(path))
    assert f"under {path} lgpio would make its notification FIFO in /," in line
    assert f"`sudo install -m 644 {SHIPPED} {path} && sudo systemctl daemon-reload" in line


def test_no_installed_unit_is_said_but_no_problem(tmp_path: Path) -> None:
    path = tmp_path / "kiban.service"
    assert unit_findings(path) == [Finding(f"service: {path} is not installed (nothing to check)")]


# --- in the doctor ------------------------------------------------------------------------


def test_off_a_pi_nothing_is_checked(tmp_path: Path) -> None:
    assert gpio_findings(pi(tmp_path, model=None)) == []


def test_the_doctor_reports_the_fallback_gpiozero_really_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real ``pin_factory_in_use`` on a Pi whose lgpio fails on its FIFO (replayed),
    under the unit as it was before issue 61: two problems, each with its fix."""
    replay_fallback(monkeypatch)
    system = dataclasses.replace(
        pi(tmp_path, "Raspberry Pi 5 Model B Rev 1.0", unit=unit_before_issue_61(tmp_path)),
        pin_factory=pin_factory_in_use,
    )
    sim = simulated_bench(load_profile("sim-dobutsu"), find_game("dobutsu"))
    report = Doctor(sim.bench, sim.hardware.buses, system=system).run(("system",))
    gpio = [line for line in report.lines if line.startswith(("GPIO", "service"))]
    assert gpio[0].startswith("GPIO: gpiozero fell back to NativeFactory")
    assert FIFO in gpio[0]
    assert "lgpio would make its notification FIFO in /," in gpio[1]
    assert gpio[2].startswith("GPIO edges: the buttons and INT/ALERT lines are watched on")
    assert report.problems == 2


def test_the_doctor_with_no_factory_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    replay_fallback(monkeypatch, native=NoNativeFactory)
    system = dataclasses.replace(pi(tmp_path), pin_factory=pin_factory_in_use)
    sim = simulated_bench(load_profile("sim-dobutsu"), find_game("dobutsu"))
    report = Doctor(sim.bench, sim.hardware.buses, system=system).run(("system",))
    assert any("no pin factory of gpiozero loaded" in line for line in report.lines)
    assert f"service: {SHIPPED_UNIT} gives lgpio /run/kiban (RuntimeDirectory=kiban)" in (
        report.lines
    )


# --- what watches the edges ---------------------------------------------------------------

ON_CHIP = EdgeWatching(GpioChip("/dev/gpiochip0", "pinctrl-rp1", 54))
NO_CHIP = EdgeWatching(None, "/dev/gpiochip0 could not be opened (errno 13, Permission denied)")


def test_edges_on_the_header_chip_are_said_and_no_problem() -> None:
    assert edge_findings(ON_CHIP) == [
        Finding(
            "GPIO edges: the buttons and INT/ALERT lines are watched on the kernel's GPIO "
            "character device, /dev/gpiochip0 (pinctrl-rp1): its thread sleeps in the kernel "
            "until an edge (no wake-ups at rest)"
        )
    ]


def test_edges_left_to_gpiozero_are_a_problem_saying_why_and_what_it_costs() -> None:
    [line] = problems(edge_findings(NO_CHIP))
    assert line.startswith(
        "GPIO edges: the buttons and INT/ALERT lines are watched through gpiozero "
        "(/dev/gpiochip0 could not be opened (errno 13, Permission denied))"
    )
    assert "2,000 times a second" in line and "sudo usermod -aG gpio $USER" in line


def test_with_the_edges_on_the_chip_a_fallback_factory_is_said_of_the_outputs() -> None:
    state = PinFactoryState("NativeFactory", (f"Falling back from lgpio: {FIFO}",))
    [line] = problems(pin_factory_findings(state, edges_on_chip=True))
    assert line.startswith(
        "GPIO: gpiozero fell back to NativeFactory: the GPIO outputs (multiplexer selects, "
        "a shift register's load) run on it"
    )


def test_the_doctor_says_what_watches_the_edges(tmp_path: Path) -> None:
    sim = simulated_bench(load_profile("sim-dobutsu"), find_game("dobutsu"))
    on_chip = Doctor(sim.bench, sim.hardware.buses, system=pi(tmp_path)).run(("system",))
    [edges] = [line for line in on_chip.lines if line.startswith("GPIO edges")]
    assert "/dev/gpiochip0 (pinctrl-bcm2711)" in edges
    assert on_chip.problems == 0
    fallen = dataclasses.replace(pi(tmp_path), edge_watching=lambda: NO_CHIP)
    report = Doctor(sim.bench, sim.hardware.buses, system=fallen).run(("system",))
    [edges] = [line for line in report.lines if line.startswith("GPIO edges")]
    assert "through gpiozero (/dev/gpiochip0 could not be opened" in edges
    assert report.problems == 1
