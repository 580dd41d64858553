"""The kit's size knob, as a game's own suite meets it: the pytest plugin Kiban installs
(``pytest11``) reads ``--kiban-sims`` or the ini file's ``kiban_sims``, and the kit
plays that many random games a setting (OpenSpiel's ``num_sims``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_host.testing.lines import cases, sample_positions
from kiban.testing import SIMS, check_names, conformance_checks, kit
from tests.firmware_host.toy_race import RACE

ASKS = "def test_sims(kiban_sims: int) -> None:\n    assert kiban_sims == {wanted}\n"


def pytest_in(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """pytest run on ``folder`` as a game's package runs it: its own root, Kiban installed."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST")}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *arguments, str(folder)],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
        env=environment,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("arguments", "ini", "wanted"),
    [((), "", SIMS), (("--kiban-sims", "3"), "", 3), ((), "kiban_sims = 4\n", 4)],
    ids=["default", "option", "ini"],
)
def test_the_plugin_reads_the_knob(
    tmp_path: Path, arguments: tuple[str, ...], ini: str, wanted: int
) -> None:
    (tmp_path / "pytest.ini").write_text(f"[pytest]\n{ini}", encoding="utf-8")
    (tmp_path / "test_knob.py").write_text(ASKS.format(wanted=wanted), encoding="utf-8")
    done = pytest_in(tmp_path, *arguments)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout


def test_a_knob_of_no_games_is_refused(tmp_path: Path) -> None:
    (tmp_path / "test_knob.py").write_text(ASKS.format(wanted=0), encoding="utf-8")
    done = pytest_in(tmp_path, "--kiban-sims", "0")
    assert done.returncode == 4  # pytest's usage error
    assert "'0' is not a number of random games (1 or more)" in done.stderr


def test_an_ini_knob_of_no_number_is_refused_naming_its_file(tmp_path: Path) -> None:
    """It stopped the first check that read it with a ValueError naming neither."""
    (tmp_path / "pytest.ini").write_text("[pytest]\nkiban_sims = many\n", encoding="utf-8")
    (tmp_path / "test_knob.py").write_text(ASKS.format(wanted=1), encoding="utf-8")
    done = pytest_in(tmp_path)
    assert done.returncode == 4, done.stdout + done.stderr  # pytest's usage error
    ini = tmp_path / "pytest.ini"
    assert f"{ini}: kiban_sims: 'many' is not a number of random games" in done.stderr


def test_more_sims_walk_more_positions_of_other_games() -> None:
    one, three = cases(RACE, 1), cases(RACE, 3)
    assert set(one) < set(three)
    assert {case.seed for case in three} == {0, 1, 2}
    assert [str(case) for case in three].count("race:start") == 1  # every game starts there
    assert len(sample_positions(RACE, 3)) > len(sample_positions(RACE, 1))


def test_kit_makes_one_test_a_check_named_by_it() -> None:
    test = kit(RACE)
    (mark,) = [mark for mark in getattr(test, "pytestmark", []) if mark.name == "parametrize"]
    ids = [param.id for param in mark.args[1]]
    assert ids == [name for name, _ in conformance_checks(RACE)]
    assert set(ids) == set(check_names()) - {"recognition"}  # the race ships no board
