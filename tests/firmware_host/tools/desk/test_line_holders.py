"""The doctor beside a running service: the lines it cannot claim, who holds them, and
what to do (issue 80: errno 16 alone was all it said)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from drivers.buttons import ButtonPanel, ButtonRole
from drivers.errors import ButtonError, LineHolder
from drivers.gpio_lines import find_header_chip
from engine.registry import find_game
from firmware_host.tools.desk import line_holders
from firmware_host.tools.desk.doctor import Doctor
from firmware_host.tools.desk.line_holders import (
    command_of,
    holder_advice,
    refused_holders,
    taken_by_kiban,
    unit_of,
)
from firmware_host.tools.desk.sim_bench import simulated_bench
from hardware.profile import load_profile
from tests.drivers.gpio_kernel import FakeKernel

PINS = {ButtonRole.OK: 5, ButtonRole.NEXT: 6, ButtonRole.BACK: 13}


def process(proc: Path, pid: int, cgroup: str, command: list[str]) -> None:
    """A process as /proc shows it: its control group and its command line."""
    folder = proc / str(pid)
    folder.mkdir(parents=True)
    (folder / "cgroup").write_text(cgroup, encoding="utf-8")
    (folder / "cmdline").write_bytes(b"\0".join(word.encode() for word in command) + b"\0")


@pytest.fixture
def proc(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(line_holders, "PROC", tmp_path)
    command = ["/opt/kiban/.venv/bin/python3", "/opt/kiban/.venv/bin/kiban", "run"]
    process(tmp_path, 812, "0::/system.slice/kiban.service\n", command)
    process(tmp_path, 901, "0::/user.slice/user-1000.slice/session-3.scope\n", ["gpiomon", "5"])
    return tmp_path


def refusal(kernel: FakeKernel) -> ButtonError:
    """What the buttons' claim raises while others hold the lines."""
    with pytest.raises(ButtonError) as caught:
        ButtonPanel(PINS, print, chip=find_header_chip(calls=kernel.calls()))
    return caught.value


def test_the_service_holding_the_buttons_is_named_with_what_to_do(proc: Path) -> None:
    kernel = FakeKernel()
    kernel.busy |= {5, 6, 13}
    kernel.held_by |= dict.fromkeys((5, 6, 13), "kiban-buttons[812]")
    error = refusal(kernel)
    assert [(h.offset, h.pid) for h in refused_holders(error)] == [(5, 812), (6, 812), (13, 812)]
    assert holder_advice(refused_holders(error)) == (
        "kiban.service holds them (pid 812): stop it while the board is checked, "
        "`sudo systemctl stop kiban`, and start it again after, `sudo systemctl start kiban`"
    )


def test_a_process_outside_a_service_and_one_gone(proc: Path) -> None:
    holders = (LineHolder(5, "gpiomon[901]"), LineHolder(6, "kiban-int[977]"), LineHolder(7, "lg"))
    assert unit_of(901) is None and command_of(901) == "gpiomon 5"
    assert holder_advice(holders) == (
        "process 901 holds them (gpiomon 5): stop it while the board is checked; "
        "process 977 held them and has gone: try again"
    )
    assert holder_advice((LineHolder(7, "lg"),)) is None  # no process named: the error alone


def test_the_doctor_says_which_service_holds_the_board(proc: Path) -> None:
    """The doctor's line, as it opens the board and the buttons are refused."""
    dobutsu = find_game("dobutsu")
    sim = simulated_bench(load_profile("sim-dobutsu", dobutsu), dobutsu)
    kernel = FakeKernel()
    kernel.busy |= {5, 6, 13}
    kernel.held_by |= dict.fromkeys((5, 6, 13), "kiban-buttons[812]")

    def held_board(on_button: object) -> object:
        raise refusal(kernel)

    sim.bench.open_board = held_board  # type: ignore[assignment]
    report = Doctor(sim.bench, sim.hardware.buses).run(("walk",))
    (line,) = [line for line in report.lines if line.startswith("the board could not be opened")]
    assert "(errno 16, Device or resource busy): GPIO 5, 6, 13 held by kiban-buttons[812]" in line
    assert line.endswith(
        "; kiban.service holds them (pid 812): stop it while the board is checked, "
        "`sudo systemctl stop kiban`, and start it again after, `sudo systemctl start kiban`"
    )
    assert report.problems == 1


def test_the_lines_another_kiban_holds_are_found_before_the_board_is_opened(
    proc: Path,
) -> None:
    """Asked of the kernel line by line, without requesting any: the doctor touches
    nothing of a board the service is running (its expander would be configured again
    before its buttons were refused). A kernel driver's lines (no process named) and
    this process's own are not another Kiban's."""
    kernel = FakeKernel()
    kernel.busy |= {4, 5, 8, 9}
    kernel.held_by |= {4: "kiban-int[812]", 5: "kiban-buttons[812]", 8: "spi0 CS0"}
    kernel.held_by[9] = f"kiban-buttons[{os.getpid()}]"
    taken = taken_by_kiban(find_header_chip(calls=kernel.calls()))
    assert [(h.offset, h.consumer) for h in taken] == [
        (4, "kiban-int[812]"),
        (5, "kiban-buttons[812]"),
    ]
    assert taken_by_kiban(None) == ()
    dobutsu = find_game("dobutsu")
    sim = simulated_bench(load_profile("sim-dobutsu", dobutsu), dobutsu)
    sim.bench.taken = taken
    report = Doctor(sim.bench, sim.hardware.buses).run(("walk", "leds", "buttons"))
    assert report.lines == [
        "the board is in use: GPIO 4 held by kiban-int[812]; GPIO 5 held by kiban-buttons[812]; "
        "kiban.service holds them (pid 812): stop it while the board is checked, "
        "`sudo systemctl stop kiban`, and start it again after, `sudo systemctl start kiban`",
        "walk, leds, buttons: skipped while another program holds the board",
        "doctor: 1 problem found",
    ]
    assert sim.hand.asks == []  # nothing asked, nothing opened
