"""kiban doctor's checks of the Pi itself, on tmp files standing in for /proc, /boot
and /etc: the apt packages the pi extra builds with, config.txt, the user's groups."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from drivers.gpio_lines import GpioChip
from drivers.pin_factory import LGPIO, PinFactoryState
from engine.registry import find_game
from firmware_host.tools.bench.boards import scan_cost
from firmware_host.tools.bench.i2c_clock import bcm2835_rate
from firmware_host.tools.desk.boot_config import model_filters, parse_config, read_model
from firmware_host.tools.desk.doctor import Doctor
from firmware_host.tools.desk.findings import Finding
from firmware_host.tools.desk.pi_setup import (
    APT_NEEDS,
    PiSystem,
    dpkg_installed,
    needed_packages,
    system_findings,
)
from firmware_host.tools.desk.sim_bench import simulated_bench
from hardware.board import EdgeWatching
from hardware.frontends.shift_registers import ShiftRegistersSpec
from hardware.profile import Profile, bundled_profiles, load_profile

PI3 = "Raspberry Pi 3 Model B Plus Rev 1.3"
PI4 = "Raspberry Pi 4 Model B Rev 1.4"
PI5 = "Raspberry Pi 5 Model B Rev 1.0"
EVERY_PACKAGE = frozenset(need.package for need in APT_NEEDS)
ENABLED = "dtparam=i2c_arm=on\ndtparam=spi=on\n"
SHIPPED_UNIT = Path(__file__).resolve().parents[4] / "systemd" / "kiban.service"
ON_LGPIO = PinFactoryState(LGPIO)
ON_THE_HEADER_CHIP = EdgeWatching(GpioChip("/dev/gpiochip0", "pinctrl-bcm2711", 58))


def reference() -> Profile:
    """I2C bus 1, buttons, and a WS2812 strip on SPI0's MOSI (GPIO 10), Kiban's spi backend."""
    return load_profile("dobutsu-reference")


def with_leds(profile: Profile, **changes: Any) -> Profile:
    return dataclasses.replace(profile, leds=dataclasses.replace(profile.leds, **changes))


def pi(
    tmp: Path,
    model: str | None = PI4,
    config: str | None = ENABLED,
    *,
    release: str = "bookworm",
    installed: frozenset[str] = EVERY_PACKAGE,
    groups: frozenset[str] = frozenset({"i2c", "spi", "gpio", "dialout"}),
    root: bool = False,
    asked: list[tuple[str, ...]] | None = None,
    pin_factory: PinFactoryState = ON_LGPIO,
    unit: Path = SHIPPED_UNIT,
    watching: EdgeWatching = ON_THE_HEADER_CHIP,
) -> PiSystem:
    """A Pi whose gpiozero runs on lgpio, whose lines are watched on its header chip and
    whose installed unit is the shipped one, unless told otherwise."""
    if model is not None:
        (tmp / "model").write_bytes(model.encode() + b"\x00")  # as the device tree has it
    firmware = tmp / "firmware-config.txt"
    if config is not None:
        firmware.write_text(config)
    (tmp / "os-release").write_text(f'PRETTY_NAME="Debian"\nVERSION_CODENAME={release}\n')

    def query(packages: Sequence[str]) -> frozenset[str]:
        if asked is not None:
            asked.append(tuple(packages))
        return installed & frozenset(packages)

    return PiSystem(
        model_file=tmp / "model",
        config_files=(firmware, tmp / "boot-config.txt"),
        os_release=tmp / "os-release",
        installed=query,
        groups=lambda: groups,
        user=lambda: "ada",
        is_root=lambda: root,
        i2c_adapters=tmp / "i2c-adapter",
        pin_factory=lambda: pin_factory,
        service_unit=unit,
        edge_watching=lambda: watching,
    )


def problems(findings: list[Finding]) -> list[str]:
    return [finding.line for finding in findings if finding.problem]


def lines(findings: list[Finding]) -> list[str]:
    return [finding.line for finding in findings]


# --- apt packages -------------------------------------------------------------------------


def test_a_pi_set_up_as_the_readme_says_has_no_problems(tmp_path: Path) -> None:
    asked: list[tuple[str, ...]] = []
    config = ENABLED + "core_freq=500\ncore_freq_min=500\n"
    findings = system_findings(reference(), pi(tmp_path, config=config, asked=asked))
    assert problems(findings) == []
    assert lines(findings)[0] == f"system: {PI4}"
    assert asked == [needed_packages("bookworm")]
    assert f"{tmp_path / 'firmware-config.txt'}: dtparam=spi=on" in lines(findings)


def test_missing_packages_are_named_with_the_apt_command_that_installs_them(
    tmp_path: Path,
) -> None:
    system = pi(tmp_path, installed=EVERY_PACKAGE - {"swig", "python3-dev"})
    assert problems(system_findings(reference(), system))[0] == (
        "apt packages (bookworm): python3-dev, swig missing (pip install '.[pi]' builds with "
        "them): install them with `sudo apt install -y python3-dev swig`"
    )


def test_the_packages_are_the_readmes_for_both_releases() -> None:
    readme = (Path(__file__).parents[4] / "README.md").read_text()
    for release in ("bookworm", "trixie"):
        packages = needed_packages(release)
        assert {"python3-dev", "gcc", "swig", "liblgpio-dev"} <= set(packages)
        assert f"sudo apt install -y {' '.join(packages)}" in readme
    assert needed_packages("sid") == tuple(need.package for need in APT_NEEDS)


def test_dpkg_is_asked_which_packages_are_installed() -> None:
    # this machine is Debian, as CI's is: dpkg itself is installed, a made-up name is not
    assert dpkg_installed(["dpkg", "kiban-no-such-package"]) == {"dpkg"}


# --- config.txt ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "missing"),
    [
        ("", ["I2C", "SPI"]),
        ("#dtparam=i2c_arm=on\n#dtparam=spi=on\n", ["I2C", "SPI"]),
        ("dtparam=i2c_arm=on\n", ["SPI"]),
        ("dtparam=spi=on\ndtparam=i2c_arm=off\n", ["I2C"]),
        ("dtparam=i2c_arm=on,spi=on\n", []),
        ("dtparam=i2c=on\ndtparam=spi\n", []),
        ("[pi3]\ndtparam=spi=on\n[all]\ndtparam=i2c_arm=on\n", ["SPI"]),
        ("[pi4]\ndtparam=spi=on\n[none]\ndtparam=i2c_arm=on\n", ["I2C"]),
    ],
)
def test_config_txt_enables_what_the_profile_uses(
    tmp_path: Path, config: str, missing: list[str]
) -> None:
    config = "core_freq_min=500\n" + config
    found = problems(system_findings(reference(), pi(tmp_path, PI4, config)))
    named = [what for what in ("I2C", "SPI") if any(f": {what} is not enabled" in p for p in found)]
    assert named == missing
    assert len(found) == len(missing)
    if "SPI" in missing:
        assert any("`sudo raspi-config nonint do_spi 0`, then reboot" in p for p in found)


def test_a_board_without_i2c_or_spi_needs_neither(tmp_path: Path) -> None:
    profile = with_leds(load_profile("sim-dobutsu-serial"), backend="ws281x", gpio=18)
    findings = system_findings(profile, pi(tmp_path, config=""))
    assert not any("dtparam" in line or "not enabled" in line for line in lines(findings))


def test_an_spi1_chain_needs_its_overlay(tmp_path: Path) -> None:
    profile = load_profile("sim-dobutsu-165")
    part = profile.part(ShiftRegistersSpec)
    assert part is not None
    chains = tuple(dataclasses.replace(chain, spi_bus=1) for chain in part.chains)
    moved = profile.with_part(dataclasses.replace(part, chains=chains))
    overlay = "SPI1 has no overlay: add `dtoverlay=spi1-1cs`"
    found = problems(system_findings(moved, pi(tmp_path, config=ENABLED)))
    assert any(overlay in line for line in found)
    fixed = ENABLED + "dtoverlay=spi1-1cs,cs0_pin=18\n"
    assert not any(
        overlay in line for line in problems(system_findings(moved, pi(tmp_path, config=fixed)))
    )


def test_the_older_boot_config_is_read_when_the_firmware_folder_has_none(tmp_path: Path) -> None:
    system = pi(tmp_path, config=None)
    (tmp_path / "boot-config.txt").write_text(ENABLED + "core_freq_min=500\n")
    assert problems(system_findings(reference(), system)) == []
    (tmp_path / "boot-config.txt").unlink()
    assert problems(system_findings(reference(), system)) == [
        f"system: no {tmp_path / 'firmware-config.txt'} or {tmp_path / 'boot-config.txt'} to check"
    ]


# --- the core clock of an SPI LED strip ----------------------------------------------------


@pytest.mark.parametrize(
    ("model", "extra", "fix"),
    [
        (PI3, "", "add `core_freq=250`"),
        (PI3, "core_freq=250\n", None),
        (PI3, "[pi4]\ncore_freq=250\n", "add `core_freq=250`"),
        ("Raspberry Pi Zero 2 W Rev 1.0", "", "add `core_freq=250`"),
        (PI4, "", "add `core_freq=500` and `core_freq_min=500`"),
        (PI4, "core_freq_min=500\n", None),
        (PI4, "core_freq=500\ncore_freq_min=500\n", None),
        (PI4, "core_freq=250\n", "add `core_freq=500` and `core_freq_min=500`"),
        ("Raspberry Pi 400 Rev 1.0", "[pi4]\ncore_freq_min=500\n", None),
        ("Raspberry Pi Compute Module 4 Rev 1.0", "", "add `core_freq=500`"),
        (PI5, "", None),
        ("Raspberry Pi Model B Rev 2", "", None),
        ("Raspberry Pi 2 Model B Rev 1.1", "", None),
        # the overclocking page's "Pi 0/W" column: core_freq 400, core_freq_min 250
        ("Raspberry Pi Zero W Rev 1.1", "", "add `core_freq=250`"),
        ("Raspberry Pi Zero W Rev 1.1", "core_freq=250\n", None),
        (PI3, "enable_uart=1\n", None),  # the mini UART pins the core at 250 MHz
        (PI4, "force_turbo=1\n", None),
    ],
)
def test_an_spi_strip_needs_a_fixed_core_clock_where_it_scales(
    tmp_path: Path, model: str, extra: str, fix: str | None
) -> None:
    found = problems(system_findings(reference(), pi(tmp_path, model, ENABLED + extra)))
    if fix is None:
        assert found == []
    else:
        assert len(found) == 1
        assert "the SPI clock follows the core clock" in found[0]
        assert fix in found[0]


def test_the_spi_backend_needs_the_fixed_clock_and_a_pwm_strip_does_not(tmp_path: Path) -> None:
    spi = with_leds(reference(), backend="spi")
    pwm = with_leds(reference(), backend="ws281x", gpio=18)
    assert len(problems(system_findings(spi, pi(tmp_path, PI3)))) == 1
    assert problems(system_findings(pwm, pi(tmp_path, PI3, "dtparam=i2c_arm=on\n"))) == []


@pytest.mark.parametrize(
    ("model", "filters"),
    [
        (PI3, {"pi3", "pi3+"}),
        ("Raspberry Pi 3 Model B Rev 1.2", {"pi3"}),
        (PI4, {"pi4"}),
        ("Raspberry Pi 400 Rev 1.0", {"pi4", "pi400"}),
        ("Raspberry Pi Compute Module 4 Rev 1.0", {"pi4", "cm4"}),
        ("Raspberry Pi Compute Module 4S Rev 1.0", {"pi4", "cm4", "cm4s"}),
        ("Raspberry Pi Zero 2 W Rev 1.0", {"pi0", "pi02"}),
        ("Raspberry Pi Zero W Rev 1.1", {"pi0", "pi0w"}),
        (PI5, {"pi5"}),
        ("Raspberry Pi 500 Rev 1.0", {"pi5", "pi500"}),
        ("Raspberry Pi Model B Plus Rev 1.2", {"pi1"}),  # the first Pi names no number
        ("Raspberry Pi Compute Module Rev 1.0", {"pi1", "cm1"}),
        ("Raspberry Pi 2 Model B Rev 1.1", {"pi2"}),
    ],
)
def test_model_strings_select_their_config_sections(model: str, filters: set[str]) -> None:
    assert model_filters(model) == filters


def test_the_model_is_read_from_the_device_tree(tmp_path: Path) -> None:
    path = tmp_path / "model"
    path.write_bytes(PI4.encode() + b"\x00")
    assert read_model(path) == PI4
    path.write_bytes(b"QEMU Virtual Machine\x00")
    assert read_model(path) is None
    assert read_model(tmp_path / "absent") is None


def test_off_a_pi_there_is_nothing_to_check(tmp_path: Path) -> None:
    assert system_findings(reference(), pi(tmp_path, model=None)) == []


def test_dtparams_and_overlays_parse_as_the_firmware_reads_them() -> None:
    config = parse_config(
        Path("config.txt"),
        "dtparam=audio=on,spi # comment\n[cm4]\ndtparam=spi=off\n[all]\ndtoverlay=spi1-2cs,x=1\n",
        model_filters(PI4),
    )
    assert config.enabled("spi")
    assert config.enabled("audio")
    assert not config.enabled("i2c_arm")
    assert config.overlays == ("spi1-2cs",)
    assert config.overlay_uses("spi1-2cs") == ({"x": "1"},)
    assert config.overlay_uses("i2c-gpio") == ()


# --- groups -------------------------------------------------------------------------------


def test_a_missing_group_is_named_with_the_usermod_command(tmp_path: Path) -> None:
    config = ENABLED + "core_freq_min=500\n"
    system = pi(tmp_path, config=config, groups=frozenset({"i2c", "gpio"}))
    assert problems(system_findings(reference(), system)) == [
        "groups: ada is not in spi (the SPI devices): add it with "
        "`sudo usermod -aG spi ada`, then log out and in again"
    ]


def test_the_groups_follow_the_profile(tmp_path: Path) -> None:
    nothing = frozenset[str]()
    serial = load_profile("sim-dobutsu-serial")
    found = problems(system_findings(serial, pi(tmp_path, config="", groups=nothing)))
    named = sorted(line.split(" is not in ")[1].split(" ")[0] for line in found)
    assert named == ["dialout", "gpio"]
    assert (
        problems(system_findings(serial, pi(tmp_path, config="", root=True, groups=nothing))) == []
    )


# --- in the doctor ------------------------------------------------------------------------


def test_the_doctor_reports_the_pi_first_and_counts_its_problems(tmp_path: Path) -> None:
    profile = load_profile("sim-dobutsu")
    game = find_game("dobutsu")
    sim = simulated_bench(profile, game)
    system = pi(tmp_path, PI4, "dtparam=i2c_arm=on\n", installed=EVERY_PACKAGE - {"swig"})
    report = Doctor(sim.bench, sim.hardware.buses, system=system).run(("system", "bus"))
    assert report.lines[0] == f"system: {PI4}"
    assert "swig missing" in report.lines[1]
    assert "i2c-1 0x20: MCP23017 found" in report.lines
    assert report.problems == 1
    assert report.lines[-1] == "doctor: 1 problem found"


def test_the_simulated_doctor_checks_no_pi(tmp_path: Path) -> None:
    sim = simulated_bench(load_profile("sim-dobutsu"), find_game("dobutsu"))
    report = Doctor(sim.bench, sim.hardware.buses).run(("system", "bus"))
    assert not any(line.startswith(("system", "apt", "groups")) for line in report.lines)


# --- the I2C clock -------------------------------------------------------------------------

ANALOG = "sim-shogi-ads7830"  # 81 ADS7830 conversions a scan on a Pi 1-4: 3,159 bits


def analog() -> Profile:
    return load_profile(ANALOG, find_game("shogi"))


def test_the_kernels_divider_gives_the_rates_people_measured() -> None:
    # i2c-bcm2835: the core clock over an even divider, set at start
    assert bcm2835_rate(100_000, 250_000_000) == 100_000
    assert bcm2835_rate(400_000, 250_000_000) == 399_362  # 626, not 625: the low bit
    assert bcm2835_rate(400_000, 500_000_000) == 400_000
    # raspberrypi/firmware#1281: a Pi 3 asked for 100 kHz ran 62.5 kHz, its core at 250 MHz
    assert bcm2835_rate(100_000, 400_000_000, 250_000_000) == 62_500


def test_an_analog_board_at_the_default_rate_is_told_the_rate_it_needs(tmp_path: Path) -> None:
    config = ENABLED + "core_freq=500\ncore_freq_min=500\n"
    found = problems(system_findings(analog(), pi(tmp_path, PI4, config)))
    assert found == [
        f"{tmp_path / 'firmware-config.txt'}: I2C bus 1 at 100 kHz asked: a scan of this board "
        "keeps it 31.6 ms busy of its 20 ms period, more than half: add "
        "`dtparam=i2c_arm_baudrate=400000`, then reboot"
    ]
    fast = config + "dtparam=i2c_arm_baudrate=400000\n"
    assert problems(system_findings(analog(), pi(tmp_path, PI4, fast))) == []
    assert (
        f"{tmp_path / 'firmware-config.txt'}: I2C bus 1 at 400 kHz asked: a scan of this "
        "board keeps it 7.9 ms busy of its 20 ms period"
    ) in lines(system_findings(analog(), pi(tmp_path, PI4, fast)))


def test_a_core_clock_left_to_scale_slows_the_bus_and_is_named(tmp_path: Path) -> None:
    config = ENABLED + "dtparam=i2c_arm_baudrate=400000\n"
    found = problems(system_findings(analog(), pi(tmp_path, PI3, config)))
    assert found == [
        f"{tmp_path / 'firmware-config.txt'}: I2C bus 1 at 400 kHz asked, 250 kHz when the "
        "core clock idles at 250 MHz: a scan of this board keeps it 12.6 ms busy of its 20 ms "
        "period, more than half: add `core_freq=250` (the core clock pinned at 250 MHz: the "
        "bus runs 399 kHz at any load), then reboot"
    ]
    fixed = config + "core_freq=250\n"
    assert problems(system_findings(analog(), pi(tmp_path, PI3, fixed))) == []


def test_the_rate_the_running_kernel_has_is_the_one_read(tmp_path: Path) -> None:
    # config.txt already asks 400 kHz, but the kernel started with 100 kHz: until a
    # reboot the bus runs 100 kHz, which the doctor says rather than trust the file
    node = tmp_path / "i2c-adapter" / "i2c-1" / "of_node"
    node.mkdir(parents=True)
    (node / "clock-frequency").write_bytes((100_000).to_bytes(4, "big"))
    config = ENABLED + "core_freq=500\ncore_freq_min=500\ndtparam=i2c_arm_baudrate=400000\n"
    found = problems(system_findings(analog(), pi(tmp_path, PI4, config)))
    assert found == [
        f"{tmp_path / 'firmware-config.txt'}: I2C bus 1 at 100 kHz the kernel's until a reboot "
        "sets 400 kHz: a scan of this board keeps it 31.6 ms busy of its 20 ms period, more "
        "than half: reboot: firmware-config.txt already asks 400 kHz"
    ]


def test_a_board_too_slow_for_any_rate_is_told_to_scan_more_slowly(tmp_path: Path) -> None:
    quick = dataclasses.replace(analog(), scan_hz=100.0)
    config = ENABLED + "core_freq=500\ncore_freq_min=500\ndtparam=i2c_arm_baudrate=400000\n"
    found = problems(system_findings(quick, pi(tmp_path, PI4, config)))
    assert found and found[0].endswith("scan this board more slowly ([scan] hz at most 63)")


def test_every_bundled_reference_board_fits_the_rate_the_setup_writes() -> None:
    for name in bundled_profiles():
        profile = load_profile(name)
        if not profile.bus_numbers:
            continue
        plan = scan_cost(name, "pi4", scans=4).plan
        rate = plan.needed_rate()
        assert rate is not None, name
        assert plan.fits(bcm2835_rate(rate, 500_000_000)), name


def test_a_scan_too_slow_for_the_confirming_pace_is_told_the_faster_rate(tmp_path: Path) -> None:
    # six MCP23017 at 100 kHz: 1.75 ms a scan fits a 10 ms period, but the scans that
    # confirm a change come 2 ms apart and would wait on the bus
    shogi = load_profile("sim-shogi", find_game("shogi"))
    config = ENABLED + "core_freq=500\ncore_freq_min=500\n"
    found = problems(system_findings(shogi, pi(tmp_path, PI4, config)))
    assert found == [
        f"{tmp_path / 'firmware-config.txt'}: I2C bus 1 at 100 kHz asked: a scan of this board "
        "keeps it 1.7 ms busy of its 10 ms period, too long to confirm a change in 4 ms: add "
        "`dtparam=i2c_arm_baudrate=400000`, then reboot"
    ]
    fast = config + "dtparam=i2c_arm_baudrate=400000\n"
    assert problems(system_findings(shogi, pi(tmp_path, PI4, fast))) == []
