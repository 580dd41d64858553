"""``kiban sim`` and ``kiban run`` refuse a bad option value in one line naming the
option and what is wrong, with exit status 2 and no usage (``cli/arguments.py``), as a
person typing them sees it: a real process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def kiban(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware_host.cli", *words],
        capture_output=True,
        text=True,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("words", "line"),
    [
        (
            ["--clock", "-5m"],
            "kiban sim: argument --clock: time control '-5m': a time cannot be negative",
        ),
        (["--clock=abc"], "kiban sim: argument --clock: time control 'abc' is not like 10m"),
        (["--seed", "-3"], "kiban sim: argument --seed: -3: must be 0 or more"),
        (["--port", "x"], "kiban sim: argument --port: invalid int value: 'x'"),
        (["--from-move", "-2"], "kiban sim: argument --from-move: -2: must be 0 or more"),
        (["--puzzle", "-1"], "kiban sim: argument --puzzle: -1: must be 0 or more"),
        (["--setting", "seed=-1"], "kiban: seed must be 0 or more, not -1"),
        (["--setting", "clock=-5m"], "kiban: time control '-5m': a time cannot be negative"),
    ],
)
def test_a_bad_value_of_kiban_sim_is_one_line_naming_it_and_exit_2(
    tmp_path: Path, words: list[str], line: str
) -> None:
    done = kiban("sim", "dobutsu", "--new", "--state-dir", str(tmp_path), *words)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(line)
    assert done.stderr.count("\n") == 1
    assert "usage" not in done.stderr


def test_kiban_run_refuses_a_negative_clock_the_same_way(tmp_path: Path) -> None:
    done = kiban("run", "--profile", "sim", "--clock", "-10m", "--state-dir", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.startswith("kiban run: argument --clock: time control '-10m'")
    assert done.stderr.count("\n") == 1


def test_a_dashed_word_that_is_an_option_is_still_an_option(tmp_path: Path) -> None:
    """``--clock --new``: the value is missing, said in one line."""
    done = kiban("sim", "dobutsu", "--clock", "--new", "--state-dir", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr == (
        "kiban sim: argument --clock: expected one argument (see kiban sim --help)\n"
    )


@pytest.mark.parametrize(
    ("words", "line"),
    [
        (["--from-move", "3"], "kiban: --from-move chooses a move of a --record\n"),
        (["--join", "K7QM2-XRDP9"], "kiban: --host-game, --join, --watch and --seat need --remote"),
    ],
)
def test_options_refused_together_are_one_line_and_exit_2(
    tmp_path: Path, words: list[str], line: str
) -> None:
    done = kiban("sim", "dobutsu", "--new", "--state-dir", str(tmp_path), *words)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(line)
    assert done.stderr.count("\n") == 1
