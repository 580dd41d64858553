"""kiban doctor's advice on the Pi's I2C buses, for every bundled board on every model it
knows: bus 1's clock as i2c-bcm2835 really divides it from a core clock that scales
with load, and the buses besides 1 a board uses (issue 61, item 6).

The models' clocks are restated here from Raspberry Pi's config.txt documentation (the
overclocking page's table of defaults), and the bus rate from Linux's i2c-bcm2835 (the
divider set once from the core clock's top rate, rounded up to even), so the doctor's
own tables are checked against them rather than against themselves.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.registry import find_game
from firmware_host.tools.bench.boards import scan_cost
from firmware_host.tools.bench.i2c_clock import BusPlan
from firmware_host.tools.desk.boot_config import model_filters, parse_config
from firmware_host.tools.desk.findings import Finding
from firmware_host.tools.desk.pi_models import clock_fixed, core_range, pi_model
from firmware_host.tools.desk.pi_setup import PiSystem, system_findings
from hardware.profile import Profile, bundled_profiles, load_profile

README = "dtparam=i2c_arm=on\ndtparam=spi=on\ndtparam=i2c_arm_baudrate=400000\n"
"""config.txt as the README's Pi steps leave it: 400 kHz asked, the core clock free."""
SOFTWARE_BUS_3 = "dtoverlay=i2c-gpio,bus=3,i2c_gpio_sda=23,i2c_gpio_scl=24\n"


@dataclass(frozen=True, slots=True)
class Documented:
    """A model's core clock in MHz by default (the overclocking page), and the lines
    the README pins it with; ``top`` None: the I2C controller has a clock of its own."""

    top: int | None
    floor: int | None
    pin: tuple[str, ...] = ()
    pinned: int | None = None  # the core clock in MHz once pinned
    bus_3: bool = False  # the chip has an i2c3 controller (the overlays' README)


PI3_CLOCK = Documented(400, 250, ("core_freq=250",), 250)
PI4_CLOCK = Documented(500, 200, ("core_freq=500", "core_freq_min=500"), 500, bus_3=True)
MODELS: Mapping[str, Documented] = {
    "Raspberry Pi Model B Rev 2": Documented(250, 250),
    "Raspberry Pi 2 Model B Rev 1.1": Documented(250, 250),
    "Raspberry Pi Zero W Rev 1.1": PI3_CLOCK,  # "Pi 0/W": core_freq 400, core_freq_min 250
    "Raspberry Pi Zero 2 W Rev 1.0": PI3_CLOCK,
    "Raspberry Pi 3 Model B Plus Rev 1.3": PI3_CLOCK,
    "Raspberry Pi 4 Model B Rev 1.4": PI4_CLOCK,
    "Raspberry Pi 400 Rev 1.0": PI4_CLOCK,
    "Raspberry Pi Compute Module 4 Rev 1.0": PI4_CLOCK,
    "Raspberry Pi 5 Model B Rev 1.0": Documented(None, None, bus_3=True),
}
ZERO_2_W = "Raspberry Pi Zero 2 W Rev 1.0"
PI4 = "Raspberry Pi 4 Model B Rev 1.4"
I2C_BOARDS = tuple(name for name in bundled_profiles() if load_profile(name).bus_numbers)
BUS_3_BOARDS = ("sim-abalone-polarity", "sim-shogi-polarity")

# Refused on the README's setup, the core clock left to scale (issue 61, item 6: 7 on a
# Zero 2 W, 11 on a Pi 4). Before the fix 15 of these 18 were told "add nothing: scan
# at most N Hz" at a rate each board already scans below; the others core_freq.
SLOW_AT_IDLE = {
    ZERO_2_W: (
        "sim-abalone-polarity",
        "sim-dobutsu-ads1115",
        "sim-dobutsu-analog",
        "sim-shogi-ads7830",
        "sim-shogi-analog",
        "sim-shogi-mux",
        "sim-shogi-polarity",
    ),
    PI4: (
        "shogi-reference",
        "sim-abalone-gutters",
        "sim-abalone-polarity",
        "sim-dobutsu-ads1115",
        "sim-dobutsu-analog",
        "sim-shogi",
        "sim-shogi-ads7830",
        "sim-shogi-analog",
        "sim-shogi-mux",
        "sim-shogi-polarity",
        "sim-shogi-stands",
    ),
}


@dataclass(frozen=True, slots=True)
class Board:
    profile: Profile
    plans: Mapping[str, BusPlan]  # by the host its scan is planned for: pi4 (Pi 1-4), pi5


@pytest.fixture(scope="module")
def boards() -> Mapping[str, Board]:
    """Each bundled board of I2C, and one scan's cost on each adapter, counted once."""
    loaded = {}
    for name in I2C_BOARDS:
        profile = load_profile(name, find_game(load_profile(name).games[0]))
        plans = {host: scan_cost(profile, host, scans=8).plan for host in ("pi4", "pi5")}
        loaded[name] = Board(profile, plans)
    return loaded


def findings(tmp: Path, board: Board, model: str, config: str) -> list[Finding]:
    (tmp / "model").write_bytes(model.encode() + b"\x00")
    (tmp / "config.txt").write_text(config)
    system = PiSystem(
        model_file=tmp / "model",
        config_files=(tmp / "config.txt",),
        os_release=tmp / "os-release",
        installed=frozenset,
        groups=frozenset,
        i2c_adapters=tmp / "i2c-adapter",
        plan=lambda _profile, host: board.plans[host],
    )
    return system_findings(board.profile, system)


def bus_problems(found: list[Finding], bus: int) -> list[str]:
    return [f.line for f in found if f.problem and f": I2C bus {bus}" in f.line]


def worst_rate(asked: int, model: Documented) -> float:
    """i2c-bcm2835's bus clock with the core clock at its floor: the divider
    ``clk_bcm2835_i2c_calc_divider`` set at the top (rounded up, then up to even)."""
    if model.top is None or model.floor is None:
        return asked
    divider = math.ceil(model.top * 1e6 / asked)
    divider += divider % 2
    return model.floor * 1e6 / divider


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("name", I2C_BOARDS)
def test_bus_1_is_refused_only_where_the_idle_clock_is_too_slow_and_the_fix_clears_it(
    tmp_path: Path, boards: Mapping[str, Board], name: str, model: str
) -> None:
    board, documented = boards[name], MODELS[model]
    plan = board.plans["pi5" if documented.top is None else "pi4"]
    refused = bus_problems(findings(tmp_path, board, model, README), 1)
    if plan.keeps_up(worst_rate(400_000, documented)):
        assert refused == [], f"{name} keeps up at the slowest clock of {model}"
        return
    assert len(refused) == 1
    assert "scan at most" not in refused[0]
    assert "more slowly" not in refused[0]
    fix = " and ".join(f"`{line}`" for line in documented.pin)
    assert f": add {fix} (the core clock pinned at {documented.pinned} MHz" in refused[0]
    pinned = README + "".join(f"{line}\n" for line in documented.pin)
    assert bus_problems(findings(tmp_path, board, model, pinned), 1) == []


@pytest.mark.parametrize("model", [ZERO_2_W, PI4])
def test_the_boards_the_issue_counted_are_refused_with_the_clock_fix(
    tmp_path: Path, boards: Mapping[str, Board], model: str
) -> None:
    refused = {
        name: lines
        for name, board in boards.items()
        if (lines := bus_problems(findings(tmp_path, board, model, README), 1))
    }
    assert tuple(sorted(refused)) == SLOW_AT_IDLE[model]
    assert len(refused) == {ZERO_2_W: 7, PI4: 11}[model]
    for name, (line,) in refused.items():
        assert "add nothing" not in line, name
        assert "core_freq=" in line, name


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("name", BUS_3_BOARDS)
def test_bus_3_is_a_problem_naming_the_bus_and_the_model_until_something_makes_it(
    tmp_path: Path, boards: Mapping[str, Board], name: str, model: str
) -> None:
    board, documented = boards[name], MODELS[model]
    family = pi_model(model)
    assert family is not None
    (line,) = bus_problems(findings(tmp_path, board, model, README), 3)
    if documented.bus_3:
        assert "I2C bus 3 is not set up" in line
        overlay = "i2c3-pi5" if documented.top is None else "i2c3"
        assert f"`dtoverlay={overlay},baudrate=400000`" in line
    else:
        assert f"I2C bus 3: a {family.name} has no I2C bus 3 of its own" in line
    assert f"`{SOFTWARE_BUS_3.strip()}`" in line
    made = findings(tmp_path, board, model, README + SOFTWARE_BUS_3)
    assert bus_problems(made, 3) == []
    assert any(": I2C bus 3: dtoverlay=i2c-gpio,bus=3 (in software" in f.line for f in made)


def test_bus_3_of_the_pi_4s_own_i2c3_is_made_and_a_zero_2_w_has_none(
    tmp_path: Path, boards: Mapping[str, Board]
) -> None:
    board = boards["sim-shogi-polarity"]
    own = README + "dtoverlay=i2c3,baudrate=400000\n"
    assert bus_problems(findings(tmp_path, board, PI4, own), 3) == []
    (line,) = bus_problems(findings(tmp_path, board, ZERO_2_W, own), 3)
    assert line.endswith(
        ": I2C bus 3: a Raspberry Pi Zero 2 W has no I2C bus 3 of its own (its BCM2710A1 "
        "gives a board i2c0 and i2c1; `dtoverlay=i2c3` makes none on it), and the profile "
        "puts chips on it: make it in software with "
        "`dtoverlay=i2c-gpio,bus=3,i2c_gpio_sda=23,i2c_gpio_scl=24`, then reboot"
    )


def test_a_bus_the_running_kernel_has_is_no_problem(
    tmp_path: Path, boards: Mapping[str, Board]
) -> None:
    (tmp_path / "i2c-adapter" / "i2c-3").mkdir(parents=True)
    found = findings(tmp_path, boards["sim-abalone-polarity"], ZERO_2_W, README)
    assert bus_problems(found, 3) == []
    assert any(f.line.endswith(": I2C bus 3: the running kernel has it") for f in found)


# --- the core clock as config.txt leaves it ----------------------------------------------


@pytest.mark.parametrize(
    ("model", "config", "span"),
    [
        (PI4, "", (500, 200)),
        (PI4, "core_freq_min=500\n", (500, 500)),
        (PI4, "force_turbo=1\n", (500, 500)),
        (PI4, "gpu_freq=400\ngpu_freq_min=300\n", (400, 200)),  # gpu_freq sets core_freq
        (PI4, "gpu_freq=400\ncore_freq=450\n", (450, 200)),
        (ZERO_2_W, "", (400, 250)),
        (ZERO_2_W, "core_freq=250\n", (250, 250)),
        # the UART page: enable_uart=1 pins the core at 250 MHz where the mini UART is
        # the primary UART, at the turbo frequency with force_turbo=1
        (ZERO_2_W, "enable_uart=1\n", (250, 250)),
        (ZERO_2_W, "enable_uart=1\nforce_turbo=1\n", (400, 400)),
        (ZERO_2_W, "enable_uart=1\ndtoverlay=disable-bt\n", (400, 250)),
        ("Raspberry Pi Zero Rev 1.3", "enable_uart=1\n", (400, 250)),  # the PL011 is primary
        ("Raspberry Pi Zero W Rev 1.1", "enable_uart=1\n", (250, 250)),
        ("Raspberry Pi Compute Module 3 Rev 1.0", "enable_uart=1\n", (400, 250)),
        ("Raspberry Pi 2 Model B Rev 1.1", "", (250, 250)),
        ("Raspberry Pi Model B Plus Rev 1.2", "", (250, 250)),
    ],
)
def test_the_core_clocks_range_follows_the_documented_settings(
    model: str, config: str, span: tuple[int, int]
) -> None:
    family = pi_model(model)
    assert family is not None
    parsed = parse_config(Path("config.txt"), config, model_filters(model))
    assert core_range(parsed, family) == (span[0] * 1_000_000, span[1] * 1_000_000)
    assert clock_fixed(parsed, family) == (span[0] == span[1])


def test_a_pi_5s_buses_have_a_clock_of_their_own() -> None:
    family = pi_model("Raspberry Pi 5 Model B Rev 1.0")
    assert family is not None
    parsed = parse_config(Path("config.txt"), "", model_filters("Raspberry Pi 5 Model B Rev 1.0"))
    assert core_range(parsed, family) is None
    assert clock_fixed(parsed, family)
