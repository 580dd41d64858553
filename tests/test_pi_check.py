"""``make pi-check`` (tools/pi_check.sh, in ``make test-slow``) runs the README's
Raspberry Pi blocks as written on an emulated arm64 Debian. Its quick part runs here:
the blocks are where it reads them, both install ways make the environment the service
starts from, and every step that meets one of its stand-ins for Raspberry Pi OS is a
step that stand-in knows (a new one fails here, not twenty minutes into the check)."""

from __future__ import annotations

import errno
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from drivers import device_files
from drivers.device_files import i2c_unavailable, spi_unavailable
from drivers.gpio_lines import GpioCalls, find_header_chip
from drivers.pin_factory import PinFactoryState
from firmware_host.tools.desk.gpio_setup import edge_findings, pin_factory_findings
from hardware.board import edge_watching

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tools" / "pi_check.sh"
RASPI_CONFIG = ROOT / "tools" / "pi_os" / "raspi-config"  # make pi-check's and make pi-vm's
BLOCKS = ("setup", "archive", "git", "service")


def steps(readme: Path | None = None) -> subprocess.CompletedProcess[str]:
    extra = {} if readme is None else {"KIBAN_PI_README": str(readme)}
    return subprocess.run(
        ["bash", str(SCRIPT), "--steps"],
        capture_output=True,
        text=True,
        check=False,
        env={"PATH": "/usr/bin:/bin", **extra},
    )


def blocks() -> dict[str, list[str]]:
    """The steps the check runs, by block, as ``--steps`` prints them."""
    done = steps()
    assert done.returncode == 0, done.stderr
    found: dict[str, list[str]] = {}
    lines: list[str] = []
    for line in done.stdout.splitlines():
        header = re.match(r"# pi-check: (\S+) ", line)
        if header:
            lines = found.setdefault(header.group(1), [])
        else:
            lines.append(line)
    return found


def commands(lines: list[str]) -> list[list[str]]:
    """Each line's words without its comment (the README's blocks are one command a line)."""
    return [words for line in lines if (words := shlex.split(line, comments=True))]


def test_the_check_reads_every_block_of_the_readme_it_runs() -> None:
    found = blocks()
    assert set(found) == {*BLOCKS, "core-clock"}
    assert all(commands(lines) for lines in found.values())
    assert found["core-clock"] == ["echo core_freq=250 | sudo tee -a /boot/firmware/config.txt"]


def test_a_block_without_its_marker_fails_with_the_marker_named(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    readme.write_text(text.replace("<!-- pi-check: git -->\n", ""), encoding="utf-8")
    done = steps(readme)
    assert done.returncode == 1
    assert "<!-- pi-check: git -->" in done.stderr


def test_both_ways_install_the_pi_extra_where_the_service_starts_it() -> None:
    unit = (ROOT / "systemd" / "kiban.service").read_text(encoding="utf-8")
    start = re.search(r"^ExecStart=(\S+)/bin/kiban ", unit, re.MULTILINE)
    assert start is not None
    venv = start.group(1)
    found = blocks()
    for way in ("archive", "git"):
        lines = found[way]
        assert any(f"python3 -m venv {venv}" in line for line in lines), way
        assert any("pip install" in line and "[pi]" in line for line in lines), way


def test_every_step_that_meets_a_stand_in_is_one_it_knows() -> None:
    stand_in = RASPI_CONFIG.read_text(encoding="utf-8")
    known = set(re.findall(r'^  "(nonint [^"]+)"\)', stand_in, re.MULTILINE))
    assert known == {"nonint do_i2c 0", "nonint do_spi 0"}
    for lines in blocks().values():
        for words in commands(lines):
            if "raspi-config" in words:
                asked = " ".join(words[words.index("raspi-config") + 1 :])
                assert asked in known, f"the stand-in raspi-config does not know {asked!r}"
            if "systemctl" in words:
                verb = words[words.index("systemctl") + 1]
                assert verb in {"daemon-reload", "enable"}, f"systemctl {verb} under pi-check"


def doctor_problems() -> list[str]:
    """The lines of ``doctor_problems=( ... )`` in the script, as bash reads them."""
    found = re.search(
        r"^doctor_problems=\(\n(.*?)^\)$", SCRIPT.read_text(encoding="utf-8"), re.M | re.S
    )
    assert found is not None, "pi_check.sh has no doctor_problems"
    return shlex.split(found.group(1))


def test_the_problems_the_check_expects_of_the_doctor_are_in_its_own_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The emulated Zero 2 W has no /dev/i2c-1 nor /dev/spidev0.0, and no GPIO chip for
    lgpio to open, with no other pin factory of gpiozero loading, nor a header chip to
    watch the buttons and INT lines on (/dev has no gpiochip): the check wants exactly
    these, said as the doctor says them (a new wording fails here, not at the end of the
    check)."""
    monkeypatch.setattr(device_files, "pi_model", lambda: "Raspberry Pi Zero 2 W Rev 1.0")
    missing = i2c_unavailable(1, FileNotFoundError(errno.ENOENT, "No such file or directory"))
    # the reference board's strip on SPI0 (its spi backend, issue 80)
    no_spi = spi_unavailable(0, 0, FileNotFoundError(errno.ENOENT, "No such file or directory"))
    no_chip = PinFactoryState(
        None,
        fallbacks=(
            "Falling back from lgpio: 'can not open gpiochip'",
            "Falling back from rpigpio: No module named 'RPi'",
            "Falling back from pigpio: No module named 'pigpio'",
            "Falling back from native: unable to open /dev/gpiomem or /dev/mem",
        ),
        error="BadPinFactory: Unable to load any default pin factory!",
    )
    (gpio,) = pin_factory_findings(no_chip)
    assert gpio.problem
    no_header_chip = edge_watching(lambda: find_header_chip(calls=GpioCalls(listdir=lambda d: [])))
    (edges,) = edge_findings(no_header_chip)
    assert edges.problem
    assert doctor_problems() == [str(missing), str(no_spi), gpio.line, edges.line]
